package mailroom

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates"
	"github.com/pbem-games/pbem/web"
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
// kind, a whole Atacama board of them still reads at a glance.
const maxLegal = 100

// Headers that tell programs what a mail is, so that bots, tests and
// filters read these and never a subject or a sentence.
const (
	HeaderKind = "X-Pbem-Kind" // the notice kind: your-turn, accepted, invitation…
	HeaderGame = "X-Pbem-Game" // the game's id; absent on mail about no game
	HeaderSeq  = "X-Pbem-Seq"  // the event the mail shows the game as after, numbered as its reader counts events (VisibleSeq)
	// HeaderTurn is "yours" on a mail that tells its recipient it is their
	// turn (a prompt, a reminder, or an invitation or news with the
	// prompt), as opposed to one that only repeats the prompt.
	HeaderTurn = "X-Pbem-Turn"
	// HeaderExample is, on a mail that asks for a move, a legal move of
	// the recipient's, as the prompt gives it for an example.
	HeaderExample = "X-Pbem-Example"
	// HeaderInvited is "yes" on an invitation its recipient answers with
	// JOIN (or DECLINE) before anything else comes.
	HeaderInvited = "X-Pbem-Invited"
	// HeaderAsked is "undo" on the mail that asks its recipient to answer
	// the undo another player asked for, with AGREE or DECLINE.
	HeaderAsked = "X-Pbem-Asked"
)

// Render turns a notice into the mail to send, from the game as it was
// after the notice's event: the same notice always gives the same mail.
func (s *Service) Render(ctx context.Context, lh Letterhead, n mail.Notice) (mail.Outgoing, error) {
	m := templates.Mail{
		Kind: templates.Kind(n.Kind), Service: lh.Service, Mailbox: lh.Mailbox,
		To:       templates.Recipient{Name: cmp.Or(n.Name, n.To), Address: n.To, Seat: n.Seat},
		Commands: commandHelp(templates.Kind(n.Kind)),
		Reason:   n.Fields["reason"], Attempt: n.Fields["attempt"], Notice: n.Fields["notice"],
	}
	invited := false // the recipient is asked to join, and hears nothing else until they answer
	asked := ""      // what the recipient is asked to answer
	out := mail.Outgoing{MessageID: n.ID, To: n.To, ToName: n.Name, InReplyTo: n.InReplyTo, References: n.References, Date: n.Time}
	if n.Game != "" {
		g, evs, _, err := s.LoadAt(ctx, n.Game, int(n.Seq))
		if errors.Is(err, events.ErrNotFound) {
			return out, fmt.Errorf("games: render %s: %w: %w", n.ID, mail.ErrUnrenderable, err)
		}
		if err != nil {
			return out, err // the store's trouble: trying again may mend it
		}
		s.describeGame(&m, g, evs, n)
		if m.Board != "" && m.Kind.ShowsBoard() {
			if pic, part, ok := boardPicture(g.State.View(rules.Seat(n.Seat)), n.ID, g.ID+"-board.png"); ok {
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
			m.Notice = fmt.Sprintf("%s asks you to follow this game: the board as everyone sees it after every move, and the result. To accept, send this line to %s: JOIN %s. Until you do, pbem mails you nothing more about it; to get no mail from pbem at all, send STOP to %s.",
				games.HostName(g), lh.Mailbox, g.ID, lh.Mailbox)
		case invited:
			m.Notice = fmt.Sprintf("Reply JOIN to this mail to play, or DECLINE if you do not want to: until you answer, pbem mails you nothing else about this game. To get no mail from pbem at all, send STOP to %s.", lh.Mailbox)
		case m.To.Host && !m.Over:
			var waits []string
			if awaited := g.Invited(); len(awaited) > 0 {
				waits = append(waits, fmt.Sprintf("The game starts once %s said they play; pbem asked each of them.", nameSeats(g, awaited)))
			}
			if open := g.Open(); len(open) > 0 {
				// Only the host learns the invitation code, to pass on.
				waits = append(waits, fmt.Sprintf("%d seat(s) are open. Whoever you invite takes one by sending this line to %s: JOIN %s %s",
					len(open), lh.Mailbox, g.ID, lh.Tokens.Invitation(g.ID)))
			}
			m.Notice = strings.Join(waits, " ")
		}
		if n.Seat >= 0 && n.Seat < len(g.Created.Players) {
			out.ReplyTo = lh.Tokens.ReplyTo(lh.Mailbox, g.ID, n.Seat)
		}
		if lh.WebURL != "" && !invited {
			m.Page = web.Link(lh.WebURL, lh.Tokens, g, rules.Seat(n.Seat))
		}
		if out.Date.IsZero() {
			out.Date = evs[min(int(n.Seq), len(evs))-1].Time
		}
		if m.Kind == templates.Legal && m.YourTurn {
			m.Legal, m.LegalMore = allLegal(g, rules.Seat(n.Seat)), 0
			out.Attachments = []mail.Attachment{{Name: g.ID + "-legal.txt", ContentType: "text/plain; charset=utf-8", Data: legalText(m.Legal)}}
		}
		// The history holds every player's address and their plans never
		// played: the players get it, an observer does not.
		if g.Ended != nil && m.Kind == templates.GameOver && n.Seat >= 0 {
			out.Attachments = []mail.Attachment{{Name: g.ID + ".jsonl", ContentType: "application/jsonl", Data: games.SignedExportLeaving(evs[:g.Seq], lh.Key, func(e events.Event) bool { return LeftOut(e, n.Seat) })}}
			if lh.Key != nil {
				m.SigningKey = lh.Key.Public().String()
			}
		}
	}
	if m.Kind == templates.Games && lh.Index != nil {
		if err := s.listGames(ctx, &m, lh.Index, n.To); err != nil {
			return out, err
		}
	}
	if m.Kind == templates.Rejected && m.Game.ID == "" {
		m.Kind = templates.Error
	}
	r, err := templates.Render(m)
	if err != nil {
		return out, fmt.Errorf("games: render %s: %w: %w", n.ID, mail.ErrUnrenderable, err)
	}
	out.Subject, out.Text, out.HTML = r.Subject, r.Text, r.HTML
	if m.Picture.CID != "" && !shows(out.HTML, m.Picture.CID) {
		out.Inline = nil // templates (a translation) that leave the board out
	}
	out.Headers = headers(m)
	if invited {
		out.Headers[HeaderInvited] = "yes"
	}
	if asked != "" {
		out.Headers[HeaderAsked] = asked
	}
	if lh.Mailbox != "" {
		// RFC 2369: a mail client's "unsubscribe" sends STOP (see STOP).
		out.Headers["List-Unsubscribe"] = "<mailto:" + lh.Mailbox + "?subject=STOP&body=STOP>"
		if lh.WebURL != "" {
			// RFC 8058: a mail client's one-click unsubscribe posts here.
			out.Headers["List-Unsubscribe"] = "<" + strings.TrimRight(lh.WebURL, "/") + lh.Tokens.UnsubscribePath(n.To) + ">, " + out.Headers["List-Unsubscribe"]
			out.Headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
		}
	}
	return out, nil
}

// headers are the structural headers of mail m.
func headers(m templates.Mail) map[string]string {
	h := map[string]string{HeaderKind: string(m.Kind)}
	if m.Game.ID != "" {
		h[HeaderGame], h[HeaderSeq] = m.Game.ID, strconv.Itoa(m.Game.Seq)
	}
	switch m.Kind {
	case templates.YourTurn, templates.Reminder, templates.Invitation, templates.News, templates.Digest:
		if m.YourTurn {
			h[HeaderTurn] = "yours"
			if m.Example != "" {
				h[HeaderExample] = m.Example
			}
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
// n.Seq; evs is the whole history.
func (s *Service) describeGame(m *templates.Mail, g *projections.Game, evs []events.Event, n mail.Notice) {
	seat := rules.Seat(n.Seat)
	info := g.Rules.Info()
	m.Game = templates.Game{ID: g.ID, Title: info.Title, Names: names(evs[0]), Variants: g.Created.Variants,
		HouseRules: info.HouseRules, RulesDoc: rulesDoc(info),
		Seq: int(VisibleSeq(evs, g.Seq, n.Seat)), Move: ply(g, g.Seq), Stage: projections.Stage(g.State), Host: games.HostName(g)}
	m.Paused = g.PausedAt != nil
	waiting := g.Waiting() // moves wait until every player is in
	scores, over := g.State.Result()
	m.Over = over || g.Ended != nil // a game resigned or ended by agreement: the rules may still name a seat to act
	for _, p := range g.Created.Players {
		m.Players = append(m.Players, templates.PlayerLine{Seat: p.Seat, Name: p.Name,
			Score: fmt.Sprintf("%+d", scores[p.Seat]), ToAct: !m.Over && games.IsToAct(g.State, p.Seat), You: p.Seat == n.Seat})
	}
	m.To.Host = strings.EqualFold(g.Created.Host, n.To)
	m.Board = g.State.View(seat).Text()
	m.Actor, m.OnBehalfOf = actorNames(g, evs[g.Seq-1])
	m.Happened = happened(g, evs[:g.Seq], n.Seat)
	if _, pbemPlays := g.Abandoned[n.Seat]; games.IsToAct(g.State, n.Seat) && !m.Over && !pbemPlays && !m.Paused && !waiting && !unprompted[m.Kind] {
		m.YourTurn = true
		legal := g.State.Legal(seat)
		all := allLegal(g, seat)
		m.Legal = all[:min(len(all), maxLegal)]
		m.LegalMore = len(all) - len(m.Legal)
		var example rules.Move // the game's own choice, one that goes forward, else the middle legal move
		if d, ok := g.State.(rules.Defaulter); ok {
			example = d.Default(seat)
		}
		if example == nil && len(legal) > 0 {
			example = legal[len(legal)/2]
		}
		if example != nil {
			m.Example = example.String()
		}
		if guide, ok := g.State.(rules.Guide); ok {
			m.MoveSyntax = guide.MoveSyntax(seat)
		}
	}
	if g.Seq == 1 || m.Kind == templates.Invitation {
		m.Commitment = g.Created.Commitment
	}
	if g.Ended != nil {
		m.Seed = g.Ended.Seed
		m.Result = result(g)
		if n.Seat >= 0 {
			m.VerifyHint = "pbem verify --file " + g.ID + ".jsonl (the history is attached to this mail, the other players' secret plans left out)"
		}
	}
	switch held := g.Says[n.Seat].Held; {
	case m.Kind == templates.Said:
		tellSays(m, g, saysFor(g, evs[g.Seq-1], n.Seat))
	case m.Kind == templates.GameOver && held != 0: // no mail will gather them now
		tellSays(m, g, saidSince(g, held, g.Seq, n.Seat))
	}
	if d, ok := g.Deadline(n.Seat); ok && m.YourTurn {
		m.Deadline = deadline(g, d)
	}
	switch m.Kind {
	case templates.News:
		m.Happened = []string{cmp.Or(DescribeEach(g, evs[:g.Seq], n.Seat)[g.Seq-1], "The game's table changed.")}
	case templates.Digest:
		m.History = describeAll(g, evs[:g.Seq-1], lastDigest(evs[:g.Seq-1], n.Seat), n.Seat)
		if len(m.History) == 0 {
			m.History = []string{"Nothing happened."}
		}
	case templates.History:
		m.History = describeAll(g, evs[:g.Seq], 0, n.Seat)
	case templates.Stale:
		since, _ := strconv.ParseUint(n.Fields["since"], 10, 64)
		m.Changed = describeAll(g, evs[:g.Seq], int(min(since, g.Seq)), n.Seat)
		if len(m.Changed) == 0 {
			m.Changed = []string{"The game moved on since that mail."}
		}
	}
}

// allLegal returns seat's legal moves in g, sorted as people read them.
func allLegal(g *projections.Game, seat rules.Seat) []string {
	var all []string
	for _, mv := range g.State.Legal(seat) {
		all = append(all, mv.String())
	}
	slices.SortStableFunc(all, naturalCompare)
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

func (s *Service) listGames(ctx context.Context, m *templates.Mail, index *projections.Projector, who string) error {
	pg, err := index.PlayerGames(ctx, who)
	if err != nil {
		return err
	}
	for _, ps := range pg.Games {
		sum, err := index.Summary(ctx, ps.Game)
		if err != nil {
			continue // not projected yet
		}
		var names []string
		for _, p := range sum.Players {
			names = append(names, p.Name)
		}
		state := "running"
		switch {
		case sum.Over:
			state = "over"
		case isSeatIn(sum.ToAct, ps.Seat):
			state = "your turn"
		}
		title := sum.Game
		if g, err := s.Catalog.Lookup(sum.Game); err == nil {
			title = g.Info().Title
		}
		if len(sum.Variants) > 0 {
			title += " (" + strings.Join(sum.Variants, ", ") + ")"
		}
		m.Games = append(m.Games, templates.GameLine{ID: sum.ID, Title: title, Players: strings.Join(names, ", "), State: state})
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

// commandHelp lists the commands of the mail language from the command
// table: every one for HELP, the brief list under any other mail.
func commandHelp(kind templates.Kind) []templates.CommandHelp {
	var out []templates.CommandHelp
	for _, c := range commands {
		if kind != templates.Help && !c.Brief {
			continue
		}
		h := templates.CommandHelp{Name: c.Word, Syntax: c.Syntax, Help: c.Help, Example: c.Example}
		if c.Who == HostOnly {
			h.Who = "host only"
		}
		out = append(out, h)
	}
	return out
}

// legalText is the attachment of a LEGAL answer: one move a line.
func legalText(moves []string) []byte {
	return []byte(strings.Join(moves, "\n") + "\n")
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// names are the players of a game as it was created, for the subject of
// every mail of it: "Ana vs Bea", "Ana, Bea and Cai". A replacement later
// does not change them, so the thread keeps its subject.
func names(created events.Event) string {
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
		return ns[0] + " vs " + ns[1]
	}
	return andList(ns)
}

// andList joins names as a sentence lists them: "Ana", "Ana and Bea",
// "Ana, Bea and Cai".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// ply is how many moves of g played up to event seq still stand: the
// number players count moves by, which chat, settings and moves taken
// back do not change.
func ply(g *projections.Game, seq uint64) int {
	n := 0
	for _, m := range g.Moves {
		if m.Seq <= seq && !g.Undone[m.Seq] {
			n++
		}
	}
	return n
}

// deadline says when a seat must move by, and when its grace ends and
// pbem plays for it.
func deadline(g *projections.Game, d time.Time) string {
	s := When(d)
	if grace, err := projections.ParseSpan(g.Settings.Grace); err == nil && grace > 0 {
		s += fmt.Sprintf("; after %s of grace, at %s, pbem plays for you", g.Settings.Grace, When(d.Add(grace)))
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
func nameSeats(g *projections.Game, seats []int) string {
	var names []string
	for _, s := range seats {
		names = append(names, cmp.Or(g.Created.Players[s].Name, fmt.Sprintf("seat %d", s)))
	}
	return andList(names)
}

// rulesDoc names the document of game's rules as pbem plays them.
func rulesDoc(info rules.Info) string {
	return "docs/rules/" + info.Name + ".md in pbem's source"
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
