package games

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

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
		switch {
		case mp.Timeout:
			return fmt.Sprintf("Time ran out for %s, so pbem moved instead: %s.", objectName(name(mp.Seat)), describeMove(g, mp))
		case mp.Conditional:
			return fmt.Sprintf("%s %s, as written in advance.", name(mp.Seat), describeMove(g, mp))
		case mp.Queued:
			return fmt.Sprintf("%s %s, from a programmed list.", name(mp.Seat), describeMove(g, mp))
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
	default:
		return describeTable(g, e, reader, name)
	case events.TypeGameEnded:
		var ge events.GameEnded
		if e.Unmarshal(&ge) != nil || g.Ended == nil {
			return "The game ended."
		}
		return "The game ended. " + result(g)
	}
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

// describeTable describes the events of long-running games.
func describeTable(g *projections.Game, e events.Event, reader int, name func(int) string) string {
	var p struct {
		Seat     int
		Deadline time.Time
		Reason   string
		From     time.Time
		Until    time.Time
		By       string
		Back     uint64
		Decided  bool
		Agree    bool
		Name     string
		On       bool
		If, Then string
		Settings events.Settings
		Moves    []string
		Dropped  string
	}
	if e.Unmarshal(&p) != nil {
		return ""
	}
	switch e.Type {
	case events.TypeSettingsChanged:
		return "The host set the clock: " + describeSettings(p.Settings) + "."
	case events.TypeDeadlinePassed:
		return fmt.Sprintf("%s's deadline (%s) passed.", name(p.Seat), When(p.Deadline))
	case events.TypeSeatAbandoned:
		why := "after too many timeouts"
		if p.Reason == "expelled" {
			why = "the host expelled its player"
		}
		return fmt.Sprintf("From now on pbem plays seat %d (%s).", p.Seat, why)
	case events.TypeVacationDeclared:
		return fmt.Sprintf("%s %s away from %s until %s; a deadline in between moves past the return.",
			name(p.Seat), be(name(p.Seat)), When(p.From), When(p.Until))
	case events.TypeGamePaused:
		return fmt.Sprintf("%s paused the game: no moves and no deadlines until it resumes.", p.By)
	case events.TypeGameResumed:
		return fmt.Sprintf("%s resumed the game.", p.By)
	case events.TypeUndoProposed:
		if p.Decided {
			return "The host took moves back."
		}
		return fmt.Sprintf("%s asks to take back the moves after event %d: reply AGREE or DECLINE.", name(p.Seat), p.Back)
	case events.TypeUndoAnswered:
		verb := "declined"
		if p.Agree {
			verb = "agreed"
		}
		return fmt.Sprintf("%s %s to take the moves back.", name(p.Seat), verb)
	case events.TypeMovesUndone:
		return fmt.Sprintf("Every move after event %d was taken back; the game is as it was then.", p.Back)
	case events.TypePlayerReplaced:
		return fmt.Sprintf("%s took over seat %d.", p.Name, p.Seat)
	case events.TypeEndProposed:
		return fmt.Sprintf("%s proposes to end the game as it stands: reply END to agree.", name(p.Seat))
	case events.TypeDigestChanged:
		if e.Actor != reader {
			return ""
		}
		if p.On {
			return "You will get one mail a day about this game, and one at once whenever it is your turn."
		}
		return "You will get a mail about each move again."
	case events.TypeMovesQueued:
		if p.Seat != reader {
			return "" // a player's plan is theirs until played
		}
		if p.Dropped != "" {
			return fmt.Sprintf("Your programmed list stopped: %s. The rest of it was dropped.", p.Dropped)
		}
		return fmt.Sprintf("pbem will play for you, as your turns come: %s.", strings.Join(p.Moves, ", "))
	case events.TypeConditionalSet:
		if p.Seat != reader {
			return "" // a player's secret until it is played
		}
		return fmt.Sprintf("If %s is played next, pbem will play %s for you.", p.If, p.Then)
	}
	return ""
}

// describeSettings says the host's settings in words.
func describeSettings(s events.Settings) string {
	if s.PerMove == "" {
		return "no deadlines"
	}
	out := s.PerMove + " per move"
	if len(s.Days) > 0 {
		out += " counting only " + strings.Join(s.Days, ", ")
	}
	if s.Reminder != "" {
		out += ", a reminder " + s.Reminder + " before"
	}
	if s.Grace != "" {
		out += ", " + s.Grace + " of grace"
	}
	return out
}

// When writes a time for players: "Thu 3 Dec 18:00 UTC".
func When(t time.Time) string { return t.UTC().Format("Mon 2 Jan 15:04 UTC") }

func be(name string) string {
	if name == "You" {
		return "are"
	}
	return "is"
}

// objectName is a name as the object of a sentence.
func objectName(name string) string {
	if name == "You" {
		return "you"
	}
	return name
}
