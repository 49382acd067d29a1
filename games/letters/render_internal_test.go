package letters

import (
	"bytes"
	"compress/gzip"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates"
)

// wantHeaders fails the test on each header of want that out has not
// (a value "" wants the header absent).
func wantHeaders(t *testing.T, what string, out mail.Outgoing, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got, ok := out.Headers[k]; got != v || v == "" && ok {
			t.Errorf("%s: header %s = %q, want %q", what, k, got, v)
		}
	}
}

// TestRenderPrompt: the invitation of the seat to move is its prompt, with
// its turn, an example move (the middle one of the turn: Atacama has no
// choice of its own), the board's picture and the seat's own reply
// address; the other seat's invitation asks nothing of it. Both are dated
// at the game's creation and unsubscribe by mail.
func TestRenderPrompt(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	ns := p.notices()
	evs, err := p.s.History(p.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	g := p.game(id)
	legal := g.state.Legal(0)
	for _, c := range []struct {
		seat int
		want map[string]string
	}{
		{0, map[string]string{HeaderKind: "invitation", HeaderGame: id, HeaderSeq: "1", "Content-Language": "en",
			HeaderTurn: "yours", HeaderExample: legal[len(legal)/2].String(), HeaderInvited: "", HeaderJoin: "", HeaderAsked: ""}},
		{1, map[string]string{HeaderKind: "invitation", HeaderGame: id, HeaderSeq: "1", "Content-Language": "en",
			HeaderTurn: "", HeaderExample: "", HeaderInvited: ""}},
	} {
		n := find(t, ns, notice.KindInvitation, c.seat)
		out := p.render(n)
		what := "invitation to seat " + string(rune('0'+c.seat))
		wantHeaders(t, what, out, c.want)
		wantHeaders(t, what, out, map[string]string{
			"List-Unsubscribe":      "<mailto:" + p.lh.Tokens.ConfirmTo(p.lh.Mailbox, mail.ConfirmStop, "", n.To) + "?subject=STOP&body=STOP>",
			"List-Unsubscribe-Post": "",
			"List-Id":               mail.ListHeaders(p.lh.Service, p.lh.Mailbox, id, "")["List-Id"],
		})
		if out.MessageID != n.ID || out.To != n.To || !out.Date.Equal(evs[0].Time) {
			t.Errorf("%s: Message-ID %q, to %q, date %v; want %q, %q, %v", what, out.MessageID, out.To, out.Date, n.ID, n.To, evs[0].Time)
		}
		if want := p.lh.Tokens.ReplyTo(p.lh.Mailbox, id, c.seat); out.ReplyTo != want {
			t.Errorf("%s: Reply-To %q, want %q", what, out.ReplyTo, want)
		}
		if want := "[pbem " + id + "] Atacama: Ana vs Bea"; out.Subject != want {
			t.Errorf("%s: subject %q, want %q", what, out.Subject, want)
		}
		if len(out.Inline) != 1 || out.Inline[0].ContentID != "board."+n.ID || out.Inline[0].Name != id+"-board.png" ||
			!bytes.HasPrefix(out.Inline[0].Data, []byte("\x89PNG")) || !shows(out.HTML, out.Inline[0].ContentID) {
			t.Errorf("%s: inline parts %d, want the board's PNG that the HTML shows", what, len(out.Inline))
		}
		if strings.Contains(out.Text, "http") {
			t.Errorf("%s: a link in the text, and the service serves no pages:\n%s", what, out.Text)
		}
		you, other := []string{"Ana", "Bea"}[c.seat]+" (you)", []string{"Bea", "Ana"}[c.seat]+" (you)"
		if !strings.Contains(out.Text, you) || strings.Contains(out.Text, other) {
			t.Errorf("%s: the players' list should mark %q alone:\n%s", what, you, out.Text)
		}
		if c.seat == 0 && (!strings.Contains(out.Text, "I9") || regexp.MustCompile(`and \d+ more`).MatchString(out.Text)) {
			t.Errorf("%s: want all 81 legal moves listed, none left out:\n%s", what, out.Text)
		}
		if strings.Contains(out.Text, "The game starts once") || strings.Contains(out.Text, "seat is open") || strings.Contains(out.Text, "replaces the plan") {
			t.Errorf("%s: a note of a seat awaited or a plan replaced, and there is none:\n%s", what, out.Text)
		}
	}
}

// TestRenderAfterAMove: the mover hears the move is recorded, the other
// seat gets its prompt, numbered as after the move; a mail dated by its
// notice keeps that date.
func TestRenderAfterAMove(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	p.notices()
	p.game(id).play(0)
	ns := p.notices()
	moved := p.render(find(t, ns, notice.KindAccepted, 0))
	wantHeaders(t, "accepted", moved, map[string]string{HeaderKind: "accepted", HeaderSeq: "2", HeaderTurn: "", HeaderExample: ""})
	prompt := find(t, ns, notice.KindYourTurn, 1)
	prompt.Time = time.Date(2026, 12, 24, 8, 0, 0, 0, time.UTC)
	out := p.render(prompt)
	wantHeaders(t, "your-turn", out, map[string]string{HeaderKind: "your-turn", HeaderSeq: "2", HeaderTurn: "yours"})
	if !out.Date.Equal(prompt.Time) {
		t.Errorf("your-turn dated %v, want the notice's %v", out.Date, prompt.Time)
	}
	// The seed's commitment comes with the game's first mails, not after.
	if strings.Contains(out.Text, "Seed commitment") || strings.Contains(moved.Text, "Seed commitment") {
		t.Errorf("mails after the first move repeat the seed commitment:\n%s", out.Text)
	}
	if ex := out.Headers[HeaderExample]; ex == "" || !slices.ContainsFunc(p.game(id).state.Legal(1), func(m rules.Move) bool { return m.String() == ex }) {
		t.Errorf("your-turn example %q, want a legal move of seat 1", ex)
	}
}

// TestRenderWeb: where the service serves pages, each mail links the
// reader's page and the rules' page, and unsubscribes with one click
// (RFC 8058) before the mail; an observer's links the public page.
func TestRenderWeb(t *testing.T) {
	p := newPost(t)
	p.lh.WebURL = "https://pbem.test/"
	id := p.create("atacama", 3, anaBea()...)
	ns := p.notices()
	n := find(t, ns, notice.KindInvitation, 1)
	out := p.render(n)
	if board := p.render(p.answer(notice.KindBoard, id, 1, "")); !strings.Contains(board.Text, "Seed commitment") {
		t.Errorf("BOARD before the first move: no seed commitment:\n%s", board.Text)
	}
	g, _, err := p.s.Load(p.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	page := pageLink(p.lh, g, 1, 0)
	if ana := pageLink(p.lh, g, 0, 0); ana == "" || ana == page || !strings.Contains(p.render(find(t, ns, notice.KindInvitation, 0)).Text, ana) {
		t.Errorf("seat 0's invitation: want their own page %q", ana)
	}
	unsubscribe := "https://pbem.test" + p.lh.Tokens.UnsubscribePath(n.To)
	wantHeaders(t, "invitation", out, map[string]string{
		"List-Unsubscribe":      "<" + unsubscribe + ">, <mailto:" + p.lh.Tokens.ConfirmTo(p.lh.Mailbox, mail.ConfirmStop, "", n.To) + "?subject=STOP&body=STOP>",
		"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		"List-Archive":          mail.ListHeaders(p.lh.Service, p.lh.Mailbox, id, page)["List-Archive"],
	})
	if page == "" || !strings.Contains(out.Text, page) || !strings.Contains(out.Text, "https://pbem.test/rules/atacama") {
		t.Errorf("invitation with pages: want %q and the rules' page in the text:\n%s", page, out.Text)
	}
	if _, err := p.s.Watch(p.ctx, id, games.Operator, "dan@example.org", true, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	p.notices()
	obs := p.answer(notice.KindBoard, id, int(rules.Observer), "dan@example.org")
	out = p.render(obs)
	if public := pageLink(p.lh, g, int(rules.Observer), 0); !strings.Contains(out.Text, public) || strings.Contains(out.Text, page) {
		t.Errorf("observer's board: want the public page %q, not seat 1's:\n%s", public, out.Text)
	}
	// A new public link: the observer's next mail gives it, a player's
	// still their own.
	if _, err := mail.RotatePublic(p.ctx, p.s.Store, id); err != nil {
		t.Fatal(err)
	}
	if public := pageLink(p.lh, g, int(rules.Observer), 1); !strings.Contains(p.render(obs).Text, public) {
		t.Errorf("observer's board after a new public link: want %q:\n%s", public, p.render(obs).Text)
	}
	if !strings.Contains(p.render(n).Text, page) {
		t.Errorf("seat 1's mail after a new public link: want their page %q", page)
	}
}

// TestRenderGameOver: a player's game-over mail attaches the history,
// signed with the service's key, and says how to verify it; an
// observer's attaches nothing.
func TestRenderGameOver(t *testing.T) {
	p := newPost(t)
	key, err := events.NewSigningKey(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	p.lh.Key = &key
	p.lh.WebURL = "https://pbem.test"
	id := p.create("atacama", 3, anaBea()...)
	if _, err := p.s.Watch(p.ctx, id, games.Operator, "dan@example.org", true, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	p.game(id).play(0)
	if _, err := p.s.Resign(p.ctx, id, 1, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	ns := p.notices()
	for _, seat := range []int{0, 1} {
		out := p.render(find(t, ns, notice.KindGameOver, seat))
		if len(out.Attachments) != 1 || out.Attachments[0].Name != id+".jsonl.gz" {
			t.Fatalf("game over to seat %d: attachments %v, want the history", seat, out.Attachments)
		}
		z, err := gzip.NewReader(bytes.NewReader(out.Attachments[0].Data))
		if err != nil {
			t.Fatal(err)
		}
		export, _ := io.ReadAll(z)
		if !bytes.Contains(export, []byte(`"GameEnded"`)) || !strings.Contains(out.Text, key.Public().String()) || !strings.Contains(out.Text, "pbem verify --file "+id+".jsonl.gz") {
			t.Errorf("game over to seat %d: want the history to its end, the key and how to verify:\n%s", seat, out.Text)
		}
	}
	var watched []mail.Notice
	for _, n := range ns {
		if n.Kind == notice.KindGameOver && n.Seat == int(rules.Observer) {
			watched = append(watched, n)
		}
	}
	if len(watched) != 1 {
		t.Fatalf("game over: %d mails to the observer, want 1", len(watched))
	}
	if out := p.render(watched[0]); len(out.Attachments) != 0 || strings.Contains(out.Text, "pbem verify") {
		t.Errorf("observer's game over: attachments %v, want none and no hint:\n%s", out.Attachments, out.Text)
	}
}

// TestRenderLegal: a LEGAL answer to the seat to move lists every legal
// move, in the order people count, and attaches them a line each; it
// repeats the prompt, so it does not say it is the reader's turn.
func TestRenderLegal(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	p.notices()
	out := p.render(p.answer(notice.KindLegal, id, 0, ""))
	wantHeaders(t, "legal", out, map[string]string{HeaderKind: "legal", HeaderTurn: "", HeaderExample: ""})
	if len(out.Attachments) != 1 || out.Attachments[0].Name != id+"-legal.txt" {
		t.Fatalf("legal: attachments %v, want the moves", out.Attachments)
	}
	lines := strings.Split(strings.TrimSuffix(string(out.Attachments[0].Data), "\n"), "\n")
	if len(lines) != 81 || lines[0] != "A1" || lines[1] != "A2" || lines[80] != "I9" {
		t.Errorf("legal: %d moves %q…, want A1 to I9", len(lines), lines[:min(3, len(lines))])
	}
	out = p.render(p.answer(notice.KindLegal, id, 1, ""))
	if len(out.Attachments) != 0 {
		t.Errorf("legal to the seat not to move: attachments %v, want none", out.Attachments)
	}
}

// TestRenderRefusals: a refusal about no game is an error mail.
func TestRenderRefusals(t *testing.T) {
	p := newPost(t)
	r := p.answer(notice.KindRejected, "", int(rules.Observer), "eve@example.org")
	r.Fields = map[string]string{"reason": "no such command"}
	out := p.render(r)
	wantHeaders(t, "rejected", out, map[string]string{HeaderKind: "error", HeaderGame: "", "List-Id": ""})
	if !strings.Contains(out.Text, "no such command") {
		t.Errorf("rejected: the reason is missing:\n%s", out.Text)
	}
}

// TestRenderConfirm: a mail that asks its reader to confirm gives the
// address only they were mailed; STOP offers the web page too.
func TestRenderConfirm(t *testing.T) {
	p := newPost(t)
	p.lh.WebURL = "https://pbem.test"
	n := p.answer(notice.KindHelp, "", int(rules.Observer), "eve@example.org")
	n.Fields = map[string]string{"confirm": mail.ConfirmStop}
	out := p.render(n)
	wantHeaders(t, "confirm", out, map[string]string{HeaderConfirm: mail.ConfirmStop})
	if want := p.lh.Tokens.ConfirmTo(p.lh.Mailbox, mail.ConfirmStop, "", "eve@example.org"); out.ReplyTo != want {
		t.Errorf("confirm: Reply-To %q, want %q", out.ReplyTo, want)
	}
	if !strings.Contains(out.Text, "https://pbem.test"+p.lh.Tokens.UnsubscribePath("eve@example.org")) {
		t.Errorf("confirm STOP: no link to the page:\n%s", out.Text)
	}
	out = p.render(p.answer(notice.KindHelp, "", int(rules.Observer), "eve@example.org"))
	wantHeaders(t, "help", out, map[string]string{HeaderConfirm: "", HeaderKind: "help"})
	if out.ReplyTo != "" || len(out.Inline) != 0 {
		t.Errorf("help: Reply-To %q, %d inline parts; want neither", out.ReplyTo, len(out.Inline))
	}
}

// TestRenderLanguage: a reader who set Chinese after the game began gets
// the mail in Chinese, under the subject of its thread as it began, in
// English; a stamped language is the mail's whatever the settings say.
func TestRenderLanguage(t *testing.T) {
	p := newPost(t)
	prefs, err := p.s.Prefs(p.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prefs.Set(p.ctx, "bea@example.net", mail.Pref{Lang: "zh", At: p.clock.Add(-time.Hour)}, false); err != nil {
		t.Fatal(err)
	}
	id := p.create("atacama", 3, anaBea()...)
	first := p.render(find(t, p.notices(), notice.KindInvitation, 0))
	if _, err := prefs.Set(p.ctx, "ana@example.org", mail.Pref{Lang: "zh", Zone: "Asia/Shanghai", At: p.clock.Add(time.Minute)}, false); err != nil {
		t.Fatal(err)
	}
	n := p.answer(notice.KindBoard, id, 0, "")
	n.Time = p.clock.Add(time.Hour)
	out := p.render(n)
	wantHeaders(t, "board after LANG", out, map[string]string{"Content-Language": "zh"})
	if out.Subject != first.Subject {
		t.Errorf("board after LANG: subject %q, want the thread's %q", out.Subject, first.Subject)
	}
	n.Fields = map[string]string{"lang": "en"}
	wantHeaders(t, "board stamped en", p.render(n), map[string]string{"Content-Language": "en"})
	// Bea read Chinese from before the game: her thread is Chinese, and
	// a mail stamped English keeps it.
	bea := p.answer(notice.KindBoard, id, 1, "")
	zh := p.render(bea)
	bea.Fields = map[string]string{"lang": "en"}
	if en := p.render(bea); zh.Subject == first.Subject || en.Subject != zh.Subject || en.Headers["Content-Language"] != "en" {
		t.Errorf("Bea's board: subject %q, stamped en %q (%s); want her Chinese thread's", zh.Subject, en.Subject, en.Headers["Content-Language"])
	}
}

// TestRenderWaiting: while seats wait, the host's mail names who was
// invited and gives the line that takes an open seat (to programs in a
// header); the invited player is asked to JOIN and hears of nothing
// else; nobody is told to move.
func TestRenderWaiting(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3,
		events.Player{Name: "Ana", Address: "ana@example.org"},
		events.Player{Name: "Bea", Address: "bea@example.net", Invited: true},
		events.Player{Name: "", Open: true})
	ns := p.notices()
	code := p.lh.Tokens.Invitation(id)
	host := p.render(find(t, ns, notice.KindInvitation, 0))
	wantHeaders(t, "host", host, map[string]string{HeaderJoin: "JOIN " + id + " " + code, HeaderInvited: "", HeaderTurn: ""})
	text := strings.Join(strings.Fields(host.Text), " ")
	for _, want := range []string{"The game starts once Bea said they play", "1 seat is open.", "JOIN " + id + " " + code} {
		if !strings.Contains(text, want) {
			t.Errorf("host's mail: no %q in\n%s", want, host.Text)
		}
	}
	bea := p.render(find(t, ns, notice.KindInvitation, 1))
	wantHeaders(t, "invited", bea, map[string]string{HeaderInvited: "yes", HeaderJoin: "", HeaderTurn: ""})
	if text := strings.Join(strings.Fields(bea.Text), " "); !strings.Contains(text, "Reply JOIN to this mail to play, or DECLINE") || strings.Contains(text, code) {
		t.Errorf("invited player's mail:\n%s", bea.Text)
	}
}

// TestRenderWatch: an address the host asked to follow the game is asked
// to accept, replying to an address only it was mailed.
func TestRenderWatch(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	p.notices()
	if _, err := p.s.Watch(p.ctx, id, 0, "dan@example.org", true, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	var asked []mail.Notice
	for _, n := range p.notices() {
		if n.To == "dan@example.org" {
			asked = append(asked, n)
		}
	}
	if len(asked) != 1 || asked[0].Kind != notice.KindInvitation {
		t.Fatalf("notices to the address asked to watch: %v, want an invitation", asked)
	}
	out := p.render(asked[0])
	wantHeaders(t, "asked to watch", out, map[string]string{HeaderInvited: "yes", HeaderTurn: ""})
	if want := p.lh.Tokens.ConfirmTo(p.lh.Mailbox, mail.ConfirmWatch, id, "dan@example.org"); out.ReplyTo != want {
		t.Errorf("asked to watch: Reply-To %q, want %q", out.ReplyTo, want)
	}
	if text := strings.Join(strings.Fields(out.Text), " "); !strings.Contains(text, "Ana asks you to follow this game") {
		t.Errorf("asked to watch:\n%s", out.Text)
	}
}

// TestRenderUndoAsked: the other player is asked to answer an undo; the
// player who asked is not.
func TestRenderUndoAsked(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	g := p.game(id)
	g.play(0)
	g = p.game(id)
	g.play(1)
	p.notices()
	if _, err := p.s.Undo(p.ctx, id, 1, 1, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	ns := p.notices()
	asked := 0
	for _, n := range ns {
		want := ""
		if n.Seat == 0 {
			want, asked = "undo", asked+1
		}
		wantHeaders(t, n.Kind+" to seat "+string(rune('0'+n.Seat)), p.render(n), map[string]string{HeaderAsked: want})
	}
	if asked == 0 {
		t.Errorf("an undo asked told Ana nothing: %v", ns)
	}
}

// TestRenderAnswers: HISTORY tells every event, a stale reply what
// changed since the mail it answers, SAY the words said, and GAMES the
// reader's games, each with its state.
func TestRenderAnswers(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	g := p.game(id)
	g.play(0)
	if _, err := p.s.Say(p.ctx, id, 1, "nice opening", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	said := find(t, p.notices(), notice.KindSaid, 0)
	if text := p.render(said).Text; !strings.Contains(text, "nice opening") || !strings.Contains(text, "Bea") {
		t.Errorf("SAY's mail:\n%s", text)
	}
	history := p.render(p.answer(notice.KindHistory, id, 1, ""))
	if text := history.Text; !strings.Contains(text, "placed a rig on A1") || !strings.Contains(text, "nice opening") {
		t.Errorf("HISTORY:\n%s", text)
	}
	stale := p.answer(notice.KindStale, id, 1, "")
	stale.Fields = map[string]string{"since": "1"}
	if text := p.render(stale).Text; !strings.Contains(text, "placed a rig on A1") {
		t.Errorf("stale since event 1:\n%s", text)
	}
	stale.Fields = map[string]string{"since": "9"}
	if text := p.render(stale).Text; !strings.Contains(text, "The game moved on since that mail.") || strings.Contains(text, "placed a rig on A1") {
		t.Errorf("stale since the last event:\n%s", text)
	}
	// GAMES: Ana's turn in one, over in another, running in a third; a
	// seat given to someone else is no longer hers.
	over := p.create("atacama", 4, anaBea()...)
	if _, err := p.s.Resign(p.ctx, over, 1, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	waits := p.create("atacama", 5, events.Player{Name: "Bea", Address: "bea@example.net"}, events.Player{Name: "Ana", Address: "ana@example.org"})
	seed := rules.SeedFromInt(7)
	enhanced, err := p.s.Create(p.ctx, games.NewGame{Game: "atacama", Variants: []string{"enhanced"}, Seed: &seed, Host: "ana@example.org", Players: anaBea()})
	if err != nil {
		t.Fatal(err)
	}
	gone := p.create("atacama", 6, anaBea()...)
	if _, err := p.s.Replace(p.ctx, gone, games.Operator, 0, events.Player{Name: "Cai", Address: "cai@example.org"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	index, err := projections.NewProjector(p.ctx, p.s.Store, p.s.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	if err := index.CatchUp(p.ctx); err != nil {
		t.Fatal(err)
	}
	p.lh.Index = index
	text := p.render(p.answer(notice.KindGames, "", int(rules.Observer), "ana@example.org")).Text
	for _, c := range []struct {
		id, state string
		listed    bool
	}{{id, "Atacama · ", true}, {over, "over", true}, {waits, "running", true}, {enhanced, "Atacama (enhanced)", true}, {gone, "", false}} {
		line := ""
		for _, l := range strings.Split(text, "\n") {
			if strings.Contains(l, c.id) {
				line = l
			}
		}
		if c.listed != (line != "") || c.listed && (!strings.Contains(line, c.state) || !strings.Contains(line, "Atacama")) {
			t.Errorf("GAMES: the line of %s is %q, want it %s (listed %v)", c.id, line, c.state, c.listed)
		}
	}
	g = p.game(id)
	g.play(1)
	if err := index.CatchUp(p.ctx); err != nil {
		t.Fatal(err)
	}
	text = p.render(p.answer(notice.KindGames, "", int(rules.Observer), "ana@example.org")).Text
	if !strings.Contains(text, "your turn") {
		t.Errorf("GAMES with Ana to move:\n%s", text)
	}
}

// TestLocaleAt: how an address reads a mail dated at a time is its
// settings as they stood then.
func TestLocaleAt(t *testing.T) {
	p := newPost(t)
	prefs, err := p.s.Prefs(p.ctx)
	if err != nil {
		t.Fatal(err)
	}
	set := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	if _, err := prefs.Set(p.ctx, "ana@example.org", mail.Pref{Lang: "zh", Zone: "Asia/Shanghai", At: set}, false); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		at         time.Time
		lang, zone string
	}{{set.Add(-time.Hour), "en", ""}, {set.Add(time.Hour), "zh", "Asia/Shanghai"}} {
		loc, pref, err := p.s.LocaleAt(p.ctx, "ana@example.org", c.at)
		if err != nil || loc.Lang() != c.lang || pref.Zone != c.zone || loc.ZoneName != c.zone {
			t.Errorf("LocaleAt(%v) = %s, %+v, %v; want %s in %q", c.at, loc.Lang(), pref, err, c.lang, c.zone)
		}
	}
}

// TestRenderCommands: the commands under a mail are those its reader may
// send: a game's observer the brief list of one who watches, a player
// and anyone writing about no game the list of one who plays.
func TestRenderCommands(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	if _, err := p.s.Watch(p.ctx, id, games.Operator, "dan@example.org", true, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	p.notices()
	stranger := p.answer(notice.KindError, "", int(rules.Observer), "eve@example.org")
	stranger.Fields = map[string]string{"reason": "no such command"}
	loc := english(t)
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, c := range []struct {
		what     string
		n        mail.Notice
		observer bool
	}{
		{"a player's board", p.answer(notice.KindBoard, id, 1, ""), false},
		{"an observer's board", p.answer(notice.KindBoard, id, int(rules.Observer), "dan@example.org"), true},
		{"an error to a stranger", stranger, false},
	} {
		text := flat(p.render(c.n).Text)
		want, other := p.s.cmds.Help(templates.Kind(c.n.Kind), c.observer, loc), p.s.cmds.Help(templates.Kind(c.n.Kind), !c.observer, loc)
		shown := 0
		for _, h := range want {
			if strings.Contains(text, flat(h.Syntax)) {
				shown++
			}
		}
		extra := 0
		for _, h := range other {
			if !slices.ContainsFunc(want, func(w templates.CommandHelp) bool { return w.Syntax == h.Syntax }) && strings.Contains(text, flat(h.Syntax)) {
				extra++
			}
		}
		if shown != len(want) || extra > 0 || len(want) == len(other) {
			t.Errorf("%s: %d of its %d commands shown, %d of the other list's (%d); text:\n%s", c.what, shown, len(want), extra, len(other), text)
		}
	}
}

// TestRenderInvitedSeatZero: a player invited to seat 0 is asked to JOIN
// like any other.
func TestRenderInvitedSeatZero(t *testing.T) {
	p := newPost(t)
	p.createHosted("op@example.org", "atacama", 3,
		events.Player{Name: "Ana", Address: "ana@example.org", Invited: true},
		events.Player{Name: "Bea", Address: "bea@example.net"})
	out := p.render(find(t, p.notices(), notice.KindInvitation, 0))
	wantHeaders(t, "invitation to seat 0", out, map[string]string{HeaderInvited: "yes", HeaderTurn: ""})
}

// TestRenderInternationalMailbox: a club whose mailbox and pages are under
// an international domain sends every List-* field in ASCII, as a header
// field's URL must be (the domain's A-labels, other letters
// percent-encoded), List-Unsubscribe as much as the others.
func TestRenderInternationalMailbox(t *testing.T) {
	p := newPost(t)
	p.lh.Mailbox, p.lh.WebURL = "棋社@例子.中国", "https://对局.例子.中国/"
	p.create("atacama", 3, anaBea()...)
	out := p.render(find(t, p.notices(), notice.KindInvitation, 1))
	for _, k := range []string{"List-Unsubscribe", "List-Id", "List-Help", "List-Archive"} {
		v := out.Headers[k]
		if v == "" || strings.ContainsFunc(v, func(r rune) bool { return r > 0x7e }) {
			t.Errorf("%s = %q, want it present and in ASCII", k, v)
		}
	}
	if u := out.Headers["List-Unsubscribe"]; !strings.Contains(u, "<https://xn--") || !strings.Contains(u, "@xn--fsqu00a.xn--fiqs8s?subject=STOP&body=STOP>") {
		t.Errorf("List-Unsubscribe = %q, want the page and the STOP address with the domain's A-labels", u)
	}
}
