package games

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates"
)

// Letterhead is what every mail the service sends says about the service.
type Letterhead struct {
	Service string      // display name, e.g. "pbem games"
	Mailbox string      // the game mailbox, e.g. games@pbem.example.org
	Tokens  mail.Tokens // for each player's reply address
	// Index answers GAMES; nil leaves the list empty.
	Index *projections.Projector
}

// maxLegal is how many legal moves a prompt lists.
const maxLegal = 24

// Render turns a notice into the mail to send, from the game as it was
// after the notice's event: the same notice always gives the same mail.
func (s *Service) Render(ctx context.Context, lh Letterhead, n mail.Notice) (mail.Outgoing, error) {
	m := templates.Mail{
		Kind: templates.Kind(n.Kind), Service: lh.Service, Mailbox: lh.Mailbox,
		To:       templates.Recipient{Name: or(n.Name, n.To), Address: n.To, Seat: n.Seat},
		Commands: commandHelp(),
		Reason:   n.Fields["reason"], Attempt: n.Fields["attempt"], Notice: n.Fields["notice"],
	}
	out := mail.Outgoing{MessageID: n.ID, To: n.To, ToName: n.Name, InReplyTo: n.InReplyTo, References: n.References}
	if n.Game != "" {
		g, evs, _, err := s.LoadAt(ctx, n.Game, int(n.Seq))
		if err != nil {
			return out, err
		}
		s.describeGame(&m, g, evs, n)
		if n.Seat >= 0 && n.Seat < len(g.Created.Players) {
			out.ReplyTo = lh.Tokens.ReplyTo(lh.Mailbox, g.ID, n.Seat)
		}
		out.Date = evs[min(int(n.Seq), len(evs))-1].Time
		if g.Ended != nil && m.Kind == templates.GameOver {
			out.Attachments = []mail.Attachment{{Name: g.ID + ".jsonl", ContentType: "application/jsonl", Data: Export(evs[:g.Seq])}}
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
		return out, fmt.Errorf("games: render %s: %w", n.ID, err)
	}
	out.Subject, out.Text, out.HTML = r.Subject, r.Text, r.HTML
	return out, nil
}

// describeGame fills in what the mail shows of game g as after its event
// n.Seq; evs is the whole history.
func (s *Service) describeGame(m *templates.Mail, g *projections.Game, evs []events.Event, n mail.Notice) {
	seat := rules.Seat(n.Seat)
	info := g.Rules.Info()
	m.Game = templates.Game{ID: g.ID, Title: info.Title, Variants: g.Created.Variants, Seq: int(g.Seq), Host: hostName(g)}
	scores, over := g.State.Result()
	for _, p := range g.Created.Players {
		m.Players = append(m.Players, templates.PlayerLine{Seat: p.Seat, Name: p.Name,
			Score: fmt.Sprintf("%+d", scores[p.Seat]), ToAct: isToAct(g.State, p.Seat), You: p.Seat == n.Seat})
	}
	m.To.Host = strings.EqualFold(g.Created.Host, n.To)
	m.Board = g.State.View(seat).Text()
	m.Over = over || g.Ended != nil
	if e := evs[g.Seq-1]; e.Actor >= 0 && e.Actor < len(g.Created.Players) {
		m.Actor = g.Created.Players[e.Actor].Name
	}
	m.Happened = happened(g, evs[:g.Seq], n.Seat)
	if isToAct(g.State, n.Seat) && !m.Over {
		m.YourTurn = true
		legal := g.State.Legal(seat)
		for _, mv := range legal[:min(len(legal), maxLegal)] {
			m.Legal = append(m.Legal, mv.String())
		}
		m.LegalMore = len(legal) - len(m.Legal)
		if len(legal) > 0 {
			m.Example = legal[len(legal)/2].String()
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
		m.VerifyHint = "pbem verify --file " + g.ID + ".jsonl (the whole history is attached to this mail)"
	}
	if said := lastSaid(g); m.Kind == templates.Said && said != nil {
		m.Said, m.SaidBy = said.Text, g.Created.Players[said.Seat].Name
	}
	switch m.Kind {
	case templates.History:
		m.History = describeAll(g, evs[:g.Seq], n.Seat)
	case templates.Stale:
		since, _ := strconv.ParseUint(n.Fields["since"], 10, 64)
		m.Changed = happenedSince(g, evs[:g.Seq], since, n.Seat)
		if len(m.Changed) == 0 {
			m.Changed = []string{"The game moved on since that mail."}
		}
	}
}

// happened describes the events since seat last acted, at most the last
// few, so a mail says what the player missed.
func happened(g *projections.Game, evs []events.Event, seat int) []string {
	from := 1 // the invitation said how the game was set up
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Actor == seat && evs[i].Type == events.TypeMovePlayed && i < len(evs)-1 {
			from = i + 1
			break
		}
	}
	lines := describeAll(g, evs[from:], seat)
	if len(lines) > 8 {
		lines = lines[len(lines)-8:]
	}
	return lines
}

// happenedSince describes the events after event seq.
func happenedSince(g *projections.Game, evs []events.Event, seq uint64, reader int) []string {
	if seq >= uint64(len(evs)) {
		return nil
	}
	return describeAll(g, evs[seq:], reader)
}

// describeAll describes events for the player at seat reader, one
// sentence each.
func describeAll(g *projections.Game, evs []events.Event, reader int) []string {
	var out []string
	for _, e := range evs {
		if line := Describe(g, e, reader); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// Describe says what event e of game g did in a sentence for the player
// at seat reader ("you" for their own acts; rules.Observer for anyone
// else), or "" for events players need not read about.
func Describe(g *projections.Game, e events.Event, reader int) string {
	name := func(seat int) string {
		switch {
		case seat == reader:
			return "You"
		case seat >= 0 && seat < len(g.Created.Players):
			return g.Created.Players[seat].Name
		}
		return "the service"
	}
	switch e.Type {
	case events.TypeGameCreated:
		var seats []string
		for _, p := range g.Created.Players {
			seats = append(seats, fmt.Sprintf("%s (seat %d)", p.Name, p.Seat))
		}
		return fmt.Sprintf("%s set up the game for %s; the seed's commitment is %s.",
			hostName(g), strings.Join(seats, ", "), g.Created.Commitment)
	case events.TypeMovePlayed:
		var mp events.MovePlayed
		if e.Unmarshal(&mp) != nil {
			return ""
		}
		return fmt.Sprintf("%s %s.", name(mp.Seat), describeMove(g, mp))
	case events.TypePlayerSaid:
		var ps events.PlayerSaid
		if e.Unmarshal(&ps) != nil {
			return ""
		}
		return fmt.Sprintf("%s said: %s", name(ps.Seat), firstLine(ps.Text))
	case events.TypePlayerResigned:
		return fmt.Sprintf("%s resigned.", name(e.Actor))
	case events.TypeGameEnded:
		var ge events.GameEnded
		if e.Unmarshal(&ge) != nil || g.Ended == nil {
			return "The game ended."
		}
		return "The game ended. " + result(g)
	}
	return ""
}

// describeMove phrases a recorded move, in the game's words when it has a
// Guide.
func describeMove(g *projections.Game, mp events.MovePlayed) string {
	if guide, ok := g.State.(rules.Guide); ok {
		if d := guide.Describe(rules.Seat(mp.Seat), mp.Move); d != "" {
			return d
		}
	}
	return "played " + mp.Move
}

// hostName is the name of whoever set the game up: a player's name when
// the host plays.
func hostName(g *projections.Game) string {
	for _, p := range g.Created.Players {
		if p.Address != "" && strings.EqualFold(p.Address, g.Created.Host) {
			return p.Name
		}
	}
	return or(g.Created.Host, "the service")
}

func lastSaid(g *projections.Game) *projections.Said {
	if len(g.Said) == 0 {
		return nil
	}
	return &g.Said[len(g.Said)-1]
}

// result says who won in a sentence.
func result(g *projections.Game) string {
	scores := g.Ended.Scores
	best := 0
	for i, sc := range scores {
		if sc > scores[best] {
			best = i
		}
	}
	var winners, parts []string
	for i, sc := range scores {
		if sc == scores[best] {
			winners = append(winners, g.Created.Players[i].Name)
		}
		parts = append(parts, fmt.Sprintf("%s %+d", g.Created.Players[i].Name, sc))
	}
	verb := "wins"
	if len(winners) > 1 {
		verb = "share the win"
	}
	s := fmt.Sprintf("%s %s: %s.", strings.Join(winners, " and "), verb, strings.Join(parts, ", "))
	if g.Ended.Reason == events.EndResigned && len(g.Resigned) > 0 {
		s = fmt.Sprintf("%s resigned. %s", g.Created.Players[g.Resigned[0]].Name, s)
	}
	return s
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

// commandHelp lists the commands of the mail language.
func commandHelp() []templates.CommandHelp {
	return []templates.CommandHelp{
		{Name: "BOARD", Syntax: "BOARD", Help: "Send me the board as I see it now."},
		{Name: "HISTORY", Syntax: "HISTORY", Help: "Send me every move of this game so far."},
		{Name: "SAY", Syntax: "SAY <text>", Help: "Pass a message to the other players."},
		{Name: "RESIGN", Syntax: "RESIGN", Help: "Give up this game; it ends with the scores as they stand."},
		{Name: "GAMES", Syntax: "GAMES", Help: "List my games."},
		{Name: "NEW", Syntax: "NEW <game> [variant…] WITH <address>, …", Help: "Start a game with these players (write to the plain game address)."},
		{Name: "HELP", Syntax: "HELP", Help: "Send me this help."},
	}
}

// Export is a history as "pbem export" prints it: one event per line.
func Export(evs []events.Event) []byte {
	var b []byte
	for _, e := range evs {
		b = append(append(b, e.Encode()...), '\n')
	}
	return b
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func or(s, def string) string {
	if s != "" {
		return s
	}
	return def
}
