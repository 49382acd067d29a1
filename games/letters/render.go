package letters

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates"
	"github.com/pbem-games/pbem/templates/words"
)

// Letterhead is what every mail the service sends says about the service.
type Letterhead struct {
	Service string      // display name, e.g. "pbem games"
	Mailbox string      // the game mailbox, e.g. games@pbem.example.org
	Tokens  mail.Tokens // for each player's reply address
	// Key signs the history a game-over mail attaches, so that it proves
	// where it comes from; nil leaves it unsigned.
	Key *events.SigningKey
	// Index answers GAMES; nil leaves the list empty.
	Index *projections.Projector
	// WebURL is where the service's web pages are reached (web_url),
	// "" for none: each mail about a game then links the recipient's page,
	// and List-Unsubscribe offers the one-click link (RFC 8058) beside STOP.
	WebURL string
}

// maxLegal is how many legal moves a prompt lists: grouped a line per
// kind, a whole board of them still reads at a glance.
const maxLegal = 100

// Headers that tell programs what a mail is, so that bots, tests and
// filters read these and never a subject or a sentence.
const (
	HeaderKind = "X-Pbem-Kind" // the notice kind: your-turn, accepted, invitation…
	HeaderGame = "X-Pbem-Game" // the game's id; absent on mail about no game
	HeaderSeq  = "X-Pbem-Seq"  // the event the mail shows the game as after, numbered as its reader counts events (notice.VisibleSeq)
	// HeaderTurn is "yours" on a mail that tells its recipient it is their
	// turn (a prompt, a reminder, or an invitation, news or a newcomer's
	// history with the prompt), as opposed to one that only repeats the
	// prompt.
	HeaderTurn = "X-Pbem-Turn"
	// HeaderExample is, on a mail that asks for a move, a legal move of
	// the recipient's, as the prompt gives it for an example.
	HeaderExample = "X-Pbem-Example"
	// HeaderInvited is "yes" on an invitation its recipient answers with
	// JOIN (or DECLINE) before anything else comes.
	HeaderInvited = "X-Pbem-Invited"
	// HeaderJoin is, on a host's mail while their game has open seats,
	// the line that takes one (JOIN, the game, its invitation code), for
	// the host to pass on: a program reads it here, a person in the text.
	HeaderJoin = "X-Pbem-Join"
	// HeaderAsked is "undo" on the mail that asks its recipient to answer
	// the undo another player asked for, with AGREE or DECLINE.
	HeaderAsked = "X-Pbem-Asked"
)

// Render turns a notice into the mail to send, from the game as it was
// after the notice's event: the same notice always gives the same mail.
func (s *Service) Render(ctx context.Context, lh Letterhead, n mail.Notice) (mail.Outgoing, error) {
	if bymail.Owns(n.Kind) {
		return s.campaignLetters(lh).Render(ctx, n) // a campaign's mail
	}
	m := templates.Mail{
		Kind: templates.Kind(n.Kind), Service: lh.Service, Mailbox: lh.Mailbox,
		To:     templates.Recipient{Name: cmp.Or(n.Name, n.To), Address: n.To, Seat: n.Seat},
		Reason: n.Fields["reason"], Attempt: n.Fields["attempt"], Notice: n.Fields["notice"],
	}
	invited := false // the recipient is asked to join, and hears nothing else until they answer
	asked := ""      // what the recipient is asked to answer
	join := ""       // the line that takes an open seat, on the host's mail
	history := false // the mail attaches the game's history
	out := mail.Outgoing{MessageID: n.ID, To: n.To, ToName: n.Name, InReplyTo: n.InReplyTo, References: n.References, Date: n.Time}
	var g *projections.Game
	var evs []events.Event
	if n.Game != "" {
		var err error
		g, evs, _, err = s.LoadAt(ctx, n.Game, int(n.Seq))
		if errors.Is(err, events.ErrNotFound) {
			return out, fmt.Errorf("games: render %s: %w: %w", n.ID, mail.ErrUnrenderable, err)
		}
		if err != nil {
			return out, err // the store's trouble: trying again may mend it
		}
		if out.Date.IsZero() {
			out.Date = evs[min(int(n.Seq), len(evs))-1].Time
		}
	}
	loc, start, err := s.readerLocales(ctx, n, out.Date, evs)
	if err != nil {
		return out, err
	}
	m.Lang = loc.Lang()
	m.Commands = s.help(templates.Kind(n.Kind), n.Game != "" && n.Seat == int(rules.Observer), loc)
	localize(&m, loc, n, out.Date)
	if g != nil {
		s.describeGame(&m, g, evs, n, loc, lh.WebURL)
		if m.Board != "" && m.Kind.ShowsBoard() && !s.NoPictures {
			if pic, part, ok := s.boardPicture(g.Created.Game, g.State.View(rules.Seat(n.Seat)), n.ID, g.ID+"-board.png", loc.Phrase); ok {
				m.Picture, out.Inline = pic, []mail.Attachment{part}
			}
		}
		watch := n.Seat == int(rules.Observer) && g.Asked[strings.ToLower(n.To)]
		invited = watch || n.Seat >= 0 && n.Seat < len(g.Created.Players) && g.Created.Players[n.Seat].Invited
		if u := g.Undo; u != nil && evs[g.Seq-1].Type == events.TypeUndoProposed && n.Seat >= 0 && n.Seat != u.Seat {
			asked = "undo"
		}
		switch {
		case m.Notice != "":
		case watch:
			m.Notice = loc.Tidy(loc.S("note.watch", loc.S("who.other", games.HostName(g)), lh.Mailbox, g.ID))
		case invited:
			m.Notice = loc.S("note.invited", lh.Mailbox)
		case m.To.Host && !m.Over:
			var waits []string
			if awaited := g.Invited(); len(awaited) > 0 {
				waits = append(waits, loc.Tidy(loc.S("note.awaited", nameSeats(g, awaited, loc))))
			}
			if open := g.Open(); len(open) > 0 {
				// Only the host learns the invitation code, to pass on.
				join = "JOIN " + g.ID + " " + lh.Tokens.Invitation(g.ID)
				waits = append(waits, loc.S("note.open", len(open)), loc.S("note.open.join", lh.Mailbox, g.ID, lh.Tokens.Invitation(g.ID)))
			}
			m.Notice = strings.Join(waits, " ")
		}
		if taken := replaced(g, evs, n.Seat); len(taken) > 0 {
			m.Notice = strings.TrimSpace(m.Notice + " " + loc.S("note.replaced", loc.List(taken, ", ")))
		}
		if n.Seat >= 0 && n.Seat < len(g.Created.Players) {
			out.ReplyTo = lh.Tokens.ReplyTo(lh.Mailbox, g.ID, n.Seat)
		}
		if watch && m.Kind == templates.Invitation {
			// Only she was mailed this address: her reply to it is hers.
			out.ReplyTo = lh.Tokens.ConfirmTo(lh.Mailbox, mail.ConfirmWatch, g.ID, n.To)
		}
		if lh.WebURL != "" && !invited {
			gen := 0 // the public link's generation: an observer's mail links the current one
			if n.Seat == int(rules.Observer) {
				if gen, err = mail.PublicGen(ctx, s.Store, g.ID); err != nil {
					return out, err
				}
			}
			m.Page = pageLink(lh, g, n.Seat, gen)
		}
		if m.Kind == templates.Legal && m.YourTurn {
			m.Legal, m.LegalMore = allLegal(g, rules.Seat(n.Seat), loc), 0
			out.Attachments = []mail.Attachment{{Name: g.ID + "-legal.txt", ContentType: "text/plain; charset=utf-8", Data: legalText(m.Legal)}}
		}
		// The history holds every player's address and their plans never
		// played: the players get it, an observer does not.
		if g.Ended != nil && m.Kind == templates.GameOver && n.Seat >= 0 {
			history = true
			out.Attachments = []mail.Attachment{historyFile(g.ID, games.SignedExportLeaving(evs[:g.Seq], lh.Key, func(e events.Event) bool { return notice.LeftOut(e, n.Seat) }))}
			if lh.Key != nil {
				m.SigningKey = lh.Key.Public().String()
			}
		}
	}
	if m.Kind == templates.Games && lh.Index != nil {
		if err := s.listGames(ctx, &m, lh.Index, n.To, loc); err != nil {
			return out, err
		}
	}
	confirm := n.Fields["confirm"]
	if confirm != "" {
		out.ReplyTo = lh.Tokens.ConfirmTo(lh.Mailbox, confirm, n.Fields["confirm.game"], n.To)
		if confirm == mail.ConfirmStop && lh.WebURL != "" {
			m.Notice += " " + loc.S("confirm.stop.url", strings.TrimRight(lh.WebURL, "/")+lh.Tokens.UnsubscribePath(n.To))
		}
	}
	if m.Kind == templates.Rejected && m.Game.ID == "" {
		m.Kind = templates.Error
	}
	r, err := s.games.Mails().Render(m)
	if err != nil {
		return out, fmt.Errorf("games: render %s: %w: %w", n.ID, mail.ErrUnrenderable, err)
	}
	out.Subject, out.Text, out.HTML = r.Subject, r.Text, r.HTML
	if history && m.Page != "" && weight(out) > maxMail {
		// Too heavy with the history: the player's page offers it instead.
		out.Attachments = nil
		m.VerifyHint = loc.S("verify.hint.link", "pbem verify --file "+g.ID+".jsonl", m.Page+"/export")
		if r, err = s.games.Mails().Render(m); err != nil {
			return out, fmt.Errorf("games: render %s: %w: %w", n.ID, mail.ErrUnrenderable, err)
		}
		out.Subject, out.Text, out.HTML = r.Subject, r.Text, r.HTML
	}
	if g != nil && m.Game.ID != "" {
		th, err := threadSubject(m, evs, start, loc, g.Rules.Info().Title)
		if err != nil {
			return out, err
		}
		out.Subject = cmp.Or(th, out.Subject)
	}
	if m.Picture.CID != "" && !shows(out.HTML, m.Picture.CID) {
		out.Inline = nil // templates (a translation) that leave the board out
	}
	id, _ := notice.ParseMessageID(n.ID)
	out.Headers = headers(m, id.Answers == "")
	if invited {
		out.Headers[HeaderInvited] = "yes"
	}
	if asked != "" {
		out.Headers[HeaderAsked] = asked
	}
	if join != "" {
		out.Headers[HeaderJoin] = join
	}
	if confirm != "" {
		out.Headers[HeaderConfirm] = confirm
	}
	if lh.Mailbox != "" {
		// RFC 2369: a mail client's "unsubscribe" sends STOP (see STOP), to
		// the address only this recipient was mailed, so it needs no
		// confirmation.
		out.Headers["List-Unsubscribe"] = "<" + mail.MailtoURL(lh.Tokens.ConfirmTo(lh.Mailbox, mail.ConfirmStop, "", n.To), "subject=STOP&body=STOP") + ">"
		if lh.WebURL != "" {
			// RFC 8058: a mail client's one-click unsubscribe posts here.
			out.Headers["List-Unsubscribe"] = "<" + mail.ASCIIURL(strings.TrimRight(lh.WebURL, "/")+lh.Tokens.UnsubscribePath(n.To)) + ">, " + out.Headers["List-Unsubscribe"]
			out.Headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
		}
		maps.Copy(out.Headers, mail.ListHeaders(lh.Service, lh.Mailbox, m.Game.ID, m.Page))
	}
	return out, nil
}

// headers are the structural headers of mail m; notice says it is about
// a game's event, not an answer to a mail.
func headers(m templates.Mail, notice bool) map[string]string {
	// RFC 3282: the language the mail is written in, as its HTML part's
	// lang says too.
	h := map[string]string{HeaderKind: string(m.Kind), "Content-Language": m.Lang}
	if m.Game.ID != "" {
		h[HeaderGame], h[HeaderSeq] = m.Game.ID, strconv.Itoa(m.Game.Seq)
	}
	// A mail about the game's event that carries the prompt tells its
	// reader it is their turn (the newcomer's history as they take a seat
	// to move, too); an answer to a mail (BOARD, HISTORY, a refusal) only
	// repeats the prompt.
	if notice && m.YourTurn {
		h[HeaderTurn] = "yours"
		if m.ExampleMove != "" {
			h[HeaderExample] = m.ExampleMove
		}
	}
	return h
}

// unprompted are the kinds of mail about an event that never carry the
// prompt: the notice policy makes a seat's mail a prompt when its turn is
// due, so a seat to move that gets one of these is one whose turn a later
// event of the same batch settles (pbem plays a move it wrote in advance)
// or the prompt it already has still stands.
var unprompted = map[templates.Kind]bool{templates.News: true, templates.Moved: true, templates.Accepted: true, templates.Said: true,
	templates.Undelivered: true}

// describeGame fills in what the mail shows of game g as after its event
// n.Seq; evs is the whole history, loc the reader's language and zone,
// webURL where the service serves its pages ("" for nowhere).
func (s *Service) describeGame(m *templates.Mail, g *projections.Game, evs []events.Event, n mail.Notice, loc locale.Locale, webURL string) {
	seat := rules.Seat(n.Seat)
	info := g.Rules.Info()
	host, _ := notice.HostName(g, loc)
	m.Game = templates.Game{ID: g.ID, Title: loc.Text(info.Title), Names: names(evs[0], loc), Variants: g.Created.Variants,
		HouseRules: loc.Text(info.HouseRules), RulesDoc: rulesDoc(info, loc, webURL),
		Seq: int(notice.VisibleSeq(evs, g.Seq, n.Seat)), Move: notice.Ply(g, g.Seq), Stage: loc.Stage(g.State), Host: host}
	m.Paused = g.PausedAt != nil
	waiting := g.Waiting() // moves wait until every player is in
	scores, over := g.State.Result()
	m.Over = over || g.Ended != nil // a game resigned or ended by agreement: the rules may still name a seat to act
	for _, p := range g.Created.Players {
		m.Players = append(m.Players, templates.PlayerLine{Seat: p.Seat, Name: p.Name,
			Score: fmt.Sprintf("%+d", scores[p.Seat]), ToAct: !m.Over && !waiting && games.IsToAct(g.State, p.Seat), You: p.Seat == n.Seat})
	}
	m.To.Host = strings.EqualFold(g.Created.Host, n.To)
	m.Board = boardText(g.State.View(seat), loc)
	m.Actor, m.OnBehalfOf = notice.ActorNames(g, evs[g.Seq-1])
	m.Happened = notice.Happened(g, evs[:g.Seq], n.Seat, loc)
	if _, pbemPlays := g.Abandoned[n.Seat]; games.IsToAct(g.State, n.Seat) && !m.Over && !pbemPlays && !m.Paused && !waiting && !unprompted[m.Kind] {
		m.YourTurn = true
		legal := g.State.Legal(seat)
		all := allLegal(g, seat, loc)
		m.Legal = all[:min(len(all), maxLegal)]
		m.LegalMore = len(all) - len(m.Legal)
		var example rules.Move // the game's own choice, one that goes forward, else the middle legal move of the turn
		if d, ok := g.State.(rules.Defaulter); ok {
			example = d.Default(seat)
		}
		if example == nil {
			// A deal offered out of turn is no example of the turn's move.
			turn := slices.DeleteFunc(slices.Clone(legal), func(mv rules.Move) bool {
				o, ok := g.State.(rules.OutOfTurn)
				return ok && o.OutOfTurn(mv)
			})
			if len(turn) == 0 {
				turn = legal
			}
			if len(turn) > 0 {
				example = turn[len(turn)/2]
			}
		}
		if example != nil {
			m.Example, m.ExampleMove = rules.MoveIn(g.State, loc.Lang(), example), example.String()
		}
		if guide, ok := g.State.(rules.PhrasedGuide); ok {
			m.MoveSyntax = loc.Tidy(loc.Phrase(guide.MoveSyntaxPhrase(seat)))
		} else if guide, ok := g.State.(rules.Guide); ok {
			m.MoveSyntax = guide.MoveSyntax(seat)
		}
	}
	if g.Seq == 1 || m.Kind == templates.Invitation {
		m.Commitment = g.Created.Commitment
	}
	if g.Ended != nil {
		m.Seed = g.Ended.Seed
		m.Result = notice.Result(g, loc)
		if n.Seat >= 0 {
			m.VerifyHint = loc.S("verify.hint", "pbem verify --file "+g.ID+".jsonl.gz")
		}
	}
	switch held := g.Says[n.Seat].Held; {
	case m.Kind == templates.Said:
		tellSays(m, g, notice.SaysFor(g, evs[g.Seq-1], n.Seat))
	case m.Kind == templates.GameOver && held != 0: // no mail will gather them now
		tellSays(m, g, notice.SaidSince(g, held, g.Seq, n.Seat))
	}
	if d, ok := g.Deadline(n.Seat); ok && m.YourTurn {
		m.Deadline = deadline(g, d, loc)
	}
	switch m.Kind {
	case templates.News:
		m.Happened = []string{cmp.Or(notice.DescribeEachIn(g, evs[:g.Seq], n.Seat, loc)[g.Seq-1], loc.S("table.changed"))}
	case templates.Digest:
		m.History = notice.DescribeAll(g, evs[:g.Seq-1], lastDigest(evs[:g.Seq-1], n.Seat), n.Seat, loc)
		if len(m.History) == 0 {
			m.History = []string{loc.S("nothing.happened")}
		}
	case templates.History:
		m.History = notice.DescribeAll(g, evs[:g.Seq], 0, n.Seat, loc)
	case templates.Stale:
		since, _ := strconv.ParseUint(n.Fields["since"], 10, 64)
		m.Changed = notice.DescribeAll(g, evs[:g.Seq], int(min(since, g.Seq)), n.Seat, loc)
		if len(m.Changed) == 0 {
			m.Changed = []string{loc.S("moved.on")}
		}
	}
}

// BoardIn is a view's text board in lang, as a player who reads lang gets
// it by mail.
func (s *Service) BoardIn(v rules.View, lang string) string {
	return boardText(v, locale.Locale{Printer: s.games.Words().For(lang)})
}

// boardText is a view's text board as the reader reads it: a game that
// gives its text in phrases has its lines written in the reader's
// language under its drawing.
func boardText(v rules.View, loc locale.Locale) string {
	pv, ok := v.(rules.PhrasedView)
	if !ok || loc.Lang() == words.Fallback {
		return v.Text()
	}
	tl := pv.TextLines()
	var b strings.Builder
	b.WriteString(tl.Drawing)
	for _, p := range tl.Lines {
		line := loc.Phrase(p)
		body := strings.TrimLeft(line, " ")
		b.WriteString(line[:len(line)-len(body)] + loc.TidyMarks(body) + "\n")
	}
	return b.String()
}

// allLegal returns seat's legal moves in g, sorted as people read them.
func allLegal(g *projections.Game, seat rules.Seat, loc locale.Locale) []string {
	legal := slices.Clone(g.State.Legal(seat))
	slices.SortStableFunc(legal, func(a, b rules.Move) int { return naturalCompare(a.String(), b.String()) })
	all := make([]string, len(legal))
	for i, mv := range legal {
		all[i] = rules.MoveIn(g.State, loc.Lang(), mv)
	}
	return all
}

// lastDigest returns how many of evs the seat's previous digest (or its
// choice of digests) already covered.
func lastDigest(evs []events.Event, seat int) int {
	for i := len(evs) - 1; i >= 0; i-- {
		e := evs[i]
		if e.Type != events.TypeDigestSent && e.Type != events.TypeDigestChanged {
			continue
		}
		var p struct{ Seat int }
		if e.Unmarshal(&p) == nil && p.Seat == seat {
			return i + 1
		}
	}
	return 0
}

func (s *Service) listGames(ctx context.Context, m *templates.Mail, index *projections.Projector, who string, loc locale.Locale) error {
	pg, err := index.PlayerGames(ctx, who)
	if err != nil {
		return err
	}
	for _, ps := range pg.Games {
		sum, err := index.Summary(ctx, ps.Game)
		if err != nil {
			continue // not projected yet
		}
		if ps.Seat < len(sum.Players) && !strings.EqualFold(sum.Players[ps.Seat].Address, who) {
			continue // the host gave the seat to someone else
		}
		var names []string
		for _, p := range sum.Players {
			names = append(names, p.Name)
		}
		state := loc.S("state.running")
		switch {
		case sum.Over:
			state = loc.S("state.over")
		case isSeatIn(sum.ToAct, ps.Seat):
			state = loc.S("state.your.turn")
		}
		title := organiser.GameTitle(s.Catalog, sum.Game, loc.Printer)
		if len(sum.Variants) > 0 {
			title += loc.S("variants", loc.List(sum.Variants, ", "))
		}
		m.Games = append(m.Games, templates.GameLine{ID: sum.ID, Title: title, Players: loc.List(names, ", "), State: state})
	}
	return nil
}

func isSeatIn(seats []rules.Seat, seat int) bool {
	for _, s := range seats {
		if int(s) == seat {
			return true
		}
	}
	return false
}

// legalText is the attachment of a LEGAL answer: one move a line.
func legalText(moves []string) []byte {
	return []byte(strings.Join(moves, "\n") + "\n")
}

// names are the players of a game as it was created, for the subject of
// every mail of it: "Ana vs Bea", "Ana, Bea and Cai". A replacement later
// does not change them, so the thread keeps its subject.
func names(created events.Event, loc locale.Locale) string {
	var gc events.GameCreated
	if created.Unmarshal(&gc) != nil {
		return ""
	}
	var ns []string
	for _, p := range gc.Players {
		ns = append(ns, p.Name)
	}
	switch len(ns) {
	case 0:
		return ""
	case 2:
		return loc.S("vs", ns[0], ns[1])
	}
	return loc.And(ns)
}

// deadline says when a seat must move by, and when its grace ends and
// pbem plays for it.
func deadline(g *projections.Game, d time.Time, loc locale.Locale) string {
	s := loc.When(d)
	if grace, err := projections.ParseSpan(g.Settings.Grace); err == nil && grace > 0 {
		s = loc.S("deadline.grace", s, g.Settings.Grace, loc.When(d.Add(grace)))
	}
	return s
}

// naturalCompare orders moves as people count: the numbers in them by
// value, so CONTRACT 2 comes before CONTRACT 10 and E9 before E10.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if c := len(na) - len(nb); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

// digits is how many ASCII digits s starts with.
func digits(s string) int {
	return len(s) - len(strings.TrimLeftFunc(s, func(r rune) bool { return r < unicode.MaxASCII && unicode.IsDigit(r) }))
}

// nameSeats names the players of seats, e.g. "Bea and Cai".
func nameSeats(g *projections.Game, seats []int, loc locale.Locale) string {
	var names []string
	for _, s := range seats {
		names = append(names, cmp.Or(g.Created.Players[s].Name, loc.S("seat.n.lower", s)))
	}
	return loc.And(names)
}

// pageLink is the address of g's page for seat (rules.Observer: the
// public page), as the web listener serves it (web.Pages).
func pageLink(lh Letterhead, g *projections.Game, seat, gen int) string {
	addr := ""
	if seat >= 0 && seat < len(g.Created.Players) {
		addr = g.Created.Players[seat].Address
	}
	return lh.Tokens.PageLink(lh.WebURL, g.ID, seat, addr, gen)
}

// rulesDoc names the document of game's rules as pbem plays them: its
// page on the service's web listener, where it serves pages, else its
// place in pbem's source, in the reader's words.
func rulesDoc(info rules.Info, loc locale.Locale, webURL string) string {
	if webURL != "" {
		return mail.RulesLink(webURL, info.Name)
	}
	return loc.S("rules.doc", info.Name)
}

// tellSays puts says in mail m: the first as Said, the rest as SaidMore,
// naming who said each where the speaker changes.
func tellSays(m *templates.Mail, g *projections.Game, says []projections.Said) {
	prev := ""
	for i, s := range says {
		by := g.Created.Players[s.Seat].Name
		switch {
		case i == 0:
			m.Said, m.SaidBy = s.Text, by
		case by == prev:
			m.SaidMore = append(m.SaidMore, templates.Saying{Said: s.Text})
		default:
			m.SaidMore = append(m.SaidMore, templates.Saying{By: by, Said: s.Text})
		}
		prev = by
	}
}
