package mailroom

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// happened describes the events since seat last acted, at most the last
// few (a quiet seat, which had no mail of them, all of a round's at
// least), so a mail says what the player missed. evs is the history up to
// the mail's event.
func happened(g *projections.Game, evs []events.Event, seat int) []string {
	from := 1 // the invitation said how the game was set up
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Actor == seat && evs[i].Type == events.TypeMovePlayed && i < len(evs)-1 {
			from = i + 1
			break
		}
	}
	var lines []string
	for i, line := range DescribeEach(g, evs, seat)[from:] {
		if line != "" && !g.Undone[evs[from+i].Seq] { // the undo's own line says what went
			lines = append(lines, line)
		}
	}
	most := maxHappened
	if g.Quiet[seat] || g.Digest[seat] {
		most = maxGathered
	}
	if len(lines) > most {
		lines = lines[len(lines)-most:]
	}
	return lines
}

// maxHappened is the most a mail says of what happened since its reader
// last acted; maxGathered the same for a quiet seat, who had no mail of
// each move, enough for the others' turns of a round of five.
const (
	maxHappened = 8
	maxGathered = 60
)

// describeAll describes evs[from:] for the player at seat reader, one
// sentence each, leaving out the events that have none for them. evs
// starts at the game's first event.
func describeAll(g *projections.Game, evs []events.Event, from, reader int) []string {
	var out []string
	for _, line := range DescribeEach(g, evs, reader)[from:] {
		if line != "" {
			out = append(out, line)
		}
	}
	return out
}

// DescribeEach says what each of evs, a game's history from its first
// event, did for the player at seat reader, as Describe does, but each as
// things stood when it happened: a timeout before the seat was given to
// pbem for good reads as a timeout. g is the game after evs or later.
func DescribeEach(g *projections.Game, evs []events.Event, reader int) []string {
	gone := map[int]bool{}
	was := map[int]string{}
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = teller{g: g, e: e, reader: reader, gone: gone, was: was}.tell()
		switch e.Type {
		case events.TypeGameCreated:
			var p events.GameCreated
			if e.Unmarshal(&p) == nil {
				for _, pl := range p.Players {
					if !pl.Open {
						was[pl.Seat] = pl.Name
					}
				}
			}
		case events.TypeSeatAbandoned:
			var p events.SeatAbandoned
			if e.Unmarshal(&p) == nil {
				gone[p.Seat] = true
			}
		case events.TypePlayerReplaced:
			var p events.PlayerReplaced
			if e.Unmarshal(&p) == nil {
				delete(gone, p.Seat)
				was[p.Seat] = p.Name
			}
		}
	}
	return out
}

// Describe says what event e of game g did in a sentence for the player
// at seat reader ("you" for their own acts; rules.Observer for anyone
// else), or "" for events players need not read about. g is the game as
// after e; for a game further on, DescribeEach tells a seat's timeouts
// from before pbem took the seat over for good as timeouts.
func Describe(g *projections.Game, e events.Event, reader int) string {
	gone := map[int]bool{}
	for seat := range g.Abandoned {
		gone[seat] = true
	}
	return teller{g: g, e: e, reader: reader, gone: gone}.tell()
}

// teller tells one event of a game to one reader: "you" for the reader's
// own seat, the players' names for the others (no pronoun but a neutral
// "them", as pbem knows no one's gender), and pbem for what the service
// did itself.
type teller struct {
	g      *projections.Game
	e      events.Event
	reader int
	gone   map[int]bool // seats pbem played for good when e happened
	// was names each seat's player before e, where the history is told
	// from its start; nil when only e is told.
	was map[int]string
}

// tell describes t.e by its type's entry in eventTypes.
func (t teller) tell() string {
	if et, ok := eventTypes[t.e.Type]; ok {
		return et.describe(t)
	}
	return ""
}

// who names seat as the subject of a sentence: "You", "Bea", or "pbem"
// for no seat.
func (t teller) who(seat int) string {
	switch {
	case seat == t.reader:
		return "You"
	case seat >= 0 && seat < len(t.g.Created.Players):
		return t.g.Created.Players[seat].Name
	}
	return "pbem"
}

// whom names seat as an object: "you" or the name.
func (t teller) whom(seat int) string {
	if seat == t.reader {
		return "you"
	}
	return t.who(seat)
}

// them is the pronoun for seat once named: "you" or a neutral "them".
func (t teller) them(seat int) string {
	if seat == t.reader {
		return "you"
	}
	return "them"
}

// whose is seat's possessive: "your" or "Bea's" (capitalize at the start
// of a sentence).
func (t teller) whose(seat int) string {
	if seat == t.reader {
		return "your"
	}
	return t.who(seat) + "'s"
}

// verb agrees a present-tense verb with seat as its subject: "asks" for a
// name, "ask" for "You".
func (t teller) verb(seat int, third, second string) string {
	if seat == t.reader {
		return second
	}
	return third
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// actorNames names who did what event e of game g reports, for a mail's
// subject ("Bea moved", "pbem moved for Bea"): the player, or pbem and the
// player pbem acted for.
func actorNames(g *projections.Game, e events.Event) (actor, onBehalfOf string) {
	t := teller{g: g, e: e, reader: int(rules.Observer)}
	var mp events.MovePlayed
	if e.Type == events.TypeMovePlayed && e.Unmarshal(&mp) == nil {
		if byPbem(mp) {
			return "pbem", t.who(mp.Seat)
		}
		return t.who(mp.Seat), ""
	}
	return t.who(e.Actor), ""
}

// byPbem reports whether pbem chose to play mp now rather than the player
// in their mail: at a timeout, for a seat it plays for good, or from a
// move the player wrote in advance.
func byPbem(mp events.MovePlayed) bool { return mp.Timeout || mp.Conditional || mp.Queued || mp.Forced }

// tellMove says a move, and who played it: a move pbem played for a seat
// says so and why.
func tellMove(t teller, p events.MovePlayed) string {
	did := describeMove(t.g, p)
	switch {
	case p.Timeout && t.gone[p.Seat]:
		return fmt.Sprintf("pbem plays %s seat for good: it %s.", t.whose(p.Seat), did)
	case p.Timeout:
		return fmt.Sprintf("Time ran out for %s, so pbem played for %s: it %s.", t.whom(p.Seat), t.them(p.Seat), did)
	case p.Conditional:
		return fmt.Sprintf("pbem played the move %s wrote in advance: it %s.", t.whom(p.Seat), did)
	case p.Queued:
		return fmt.Sprintf("pbem played the next move of %s programmed list: it %s.", t.whose(p.Seat), did)
	case p.Forced:
		return fmt.Sprintf("%s had one move only, so pbem played it for %s: it %s.", t.who(p.Seat), t.them(p.Seat), did)
	}
	return fmt.Sprintf("%s %s.", t.who(p.Seat), did)
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

func tellCreated(t teller, p events.GameCreated) string {
	var seats []string
	for _, pl := range p.Players {
		name := pl.Name
		if pl.Seat == t.reader {
			name = "you"
		}
		seats = append(seats, fmt.Sprintf("%s (seat %d)", name, pl.Seat))
	}
	return fmt.Sprintf("%s set up the game for %s; the seed's commitment is %s.",
		games.HostName(t.g), strings.Join(seats, ", "), p.Commitment)
}

func tellSaid(t teller, p events.PlayerSaid) string {
	return fmt.Sprintf("%s said: %s", t.who(p.Seat), firstLine(p.Text))
}

func tellResigned(t teller, p events.PlayerResigned) string {
	return fmt.Sprintf("%s resigned.", t.who(p.Seat))
}

func tellEnded(t teller, _ events.GameEnded) string {
	if t.g.Ended == nil {
		return "The game ended."
	}
	return "The game ended. " + result(t.g)
}

func tellSettings(_ teller, p events.SettingsChanged) string {
	return "The host set the clock: " + describeSettings(p.Settings) + "."
}

// tellReminder and tellDigestSent are silent: the reminder or the digest
// they record is itself the mail.
func tellReminder(teller, events.ReminderSent) string { return "" }

func tellDigestSent(teller, events.DigestSent) string { return "" }

func tellGathered(teller, events.SaysGathered) string { return "" }

func tellDeadline(t teller, p events.DeadlinePassed) string {
	passed := fmt.Sprintf("%s deadline (%s) passed", capital(t.whose(p.Seat)), When(p.Deadline))
	if grace, err := projections.ParseSpan(t.g.Settings.Grace); err == nil && grace > 0 {
		return fmt.Sprintf("%s; if %s %s not moved by %s, the end of the grace, pbem plays for %s.",
			passed, t.whom(p.Seat), t.verb(p.Seat, "has", "have"), When(p.Deadline.Add(grace)), t.them(p.Seat))
	}
	return passed + "."
}

func tellAbandoned(t teller, p events.SeatAbandoned) string {
	why := "there were too many timeouts"
	if p.Reason == games.ReasonExpelled {
		why = "the host expelled " + t.whom(p.Seat)
	}
	return fmt.Sprintf("From now on pbem plays %s seat for good: %s.", t.whose(p.Seat), why)
}

func tellVacation(t teller, p events.VacationDeclared) string {
	return fmt.Sprintf("%s %s away from %s until %s; a deadline in between moves past the return.",
		t.who(p.Seat), t.verb(p.Seat, "is", "are"), When(p.From), When(p.Until))
}

func tellPaused(_ teller, p events.GamePaused) string {
	return fmt.Sprintf("%s paused the game: no moves and no deadlines until it resumes.", capital(p.By))
}

func tellResumed(_ teller, p events.GameResumed) string {
	return fmt.Sprintf("%s resumed the game.", capital(p.By))
}

func tellUndoProposed(t teller, p events.UndoProposed) string {
	switch {
	case p.Decided:
		return "The host took moves back."
	case p.Seat == t.reader:
		return fmt.Sprintf("You asked to take back the moves after %s; the other players answer.", t.moveAt(p.Back))
	}
	return fmt.Sprintf("%s asks to take back the moves after %s: reply AGREE or DECLINE.", t.who(p.Seat), t.moveAt(p.Back))
}

func tellUndoAnswered(t teller, p events.UndoAnswered) string {
	verb := "declined"
	if p.Agree {
		verb = "agreed"
	}
	return fmt.Sprintf("%s %s to take the moves back.", t.who(p.Seat), verb)
}

func tellUndone(t teller, p events.MovesUndone) string {
	var gone []string
	for _, m := range t.g.Moves {
		if m.Seq > p.Back && m.Seq < t.e.Seq && t.g.Undone[m.Seq] {
			gone = append(gone, fmt.Sprintf("%s %s", t.whom(m.Seat), describeMove(t.g, m.MovePlayed)))
		}
	}
	taken := "Every move after " + t.moveAt(p.Back) + " was taken back"
	if len(gone) > 0 {
		taken += " (" + strings.Join(gone, "; ") + ")"
	}
	return taken + "; the game is as it was then."
}

// moveAt names the position after event seq by the moves that stood then:
// "move 7", or "the start" before the first.
func (t teller) moveAt(seq uint64) string {
	if n := ply(t.g, seq); n > 0 {
		return fmt.Sprintf("move %d", n)
	}
	return "the start"
}

func tellReplaced(t teller, p events.PlayerReplaced) string {
	who := p.Name
	if p.Seat == t.reader {
		who = "You"
	}
	if before := t.was[p.Seat]; before != "" && before != p.Name {
		return fmt.Sprintf("%s took over %s's seat (seat %d).", who, before, p.Seat)
	}
	return fmt.Sprintf("%s took seat %d.", who, p.Seat)
}

func tellAnswered(t teller, a events.InvitationAnswered) string {
	switch {
	case a.Seat == t.reader && a.Accepted:
		return "You joined the game."
	case a.Seat == t.reader:
		return "You declined the game."
	case a.Accepted:
		return fmt.Sprintf("%s joined the game.", t.who(a.Seat))
	}
	return fmt.Sprintf("%s declined the game; seat %d is open.", cmp.Or(t.was[a.Seat], fmt.Sprintf("Seat %d", a.Seat)), a.Seat)
}

func tellAuto(t teller, a events.AutoChanged) string {
	if a.Off {
		return fmt.Sprintf("%s asked to be asked even for a move that is the only one.", t.who(a.Seat))
	}
	return fmt.Sprintf("%s let pbem play a move that is the only one.", t.who(a.Seat))
}

func tellEndProposed(t teller, p events.EndProposed) string {
	if p.Seat == t.reader {
		return "You proposed to end the game as it stands; it ends when every player still playing agrees."
	}
	return fmt.Sprintf("%s proposes to end the game as it stands: reply END to agree.", t.who(p.Seat))
}

func tellObserver(_ teller, p events.ObserverChanged) string {
	if p.Watch {
		return "The host let someone follow the game: they get the board as everyone sees it."
	}
	return "Someone stopped following the game."
}

func tellDigestChanged(t teller, p events.DigestChanged) string {
	switch {
	case p.Seat != t.reader:
		return "" // how a player takes their mail is theirs
	case p.On:
		return "You will get one mail a day about this game, and one at once whenever it is your turn."
	}
	return "You will get a mail about each move again."
}

func tellQueued(t teller, p events.MovesQueued) string {
	switch {
	case p.Seat != t.reader:
		return "" // a player's plan is theirs until played
	case p.Dropped != "":
		return fmt.Sprintf("Your programmed list stopped: %s. The rest of it was dropped.", p.Dropped)
	}
	return fmt.Sprintf("pbem will play for you, as your turns come: %s.", strings.Join(p.Moves, ", "))
}

func tellConditional(t teller, p events.ConditionalSet) string {
	if p.Seat != t.reader {
		return "" // a player's secret until it is played
	}
	return fmt.Sprintf("If %s is played next, pbem will play %s for you.", p.If, p.Then)
}

// saysFor returns the SAYs of the others that seat's mail of SAYs about
// event e gives, g being the game as after e: every one since the first
// its mail gives (projections.SayMail.From), those held back from it
// included. A SAY recorded before SAYs were gathered had its own mail.
func saysFor(g *projections.Game, e events.Event, seat int) []projections.Said {
	from := g.Says[seat].From
	var ps events.PlayerSaid
	if e.Type == events.TypePlayerSaid && (e.Unmarshal(&ps) != nil || !ps.Gather) {
		from = e.Seq
	}
	return saidSince(g, from, e.Seq, seat)
}

// saidSince returns the SAYs of g between events from and to that the
// player at seat did not say.
func saidSince(g *projections.Game, from, to uint64, seat int) []projections.Said {
	var out []projections.Said
	for _, s := range g.Said {
		if s.Seq >= from && s.Seq <= to && s.Seat != seat {
			out = append(out, s)
		}
	}
	return out
}

// result says who won in a sentence.
func result(g *projections.Game) string {
	var winners, parts []string
	for _, s := range g.Winners() {
		winners = append(winners, g.Created.Players[s].Name)
	}
	for i, sc := range g.Ended.Scores {
		parts = append(parts, fmt.Sprintf("%s %+d", g.Created.Players[i].Name, sc))
	}
	verb := "wins"
	if len(winners) > 1 {
		verb = "share the win"
	}
	s := fmt.Sprintf("%s %s: %s.", strings.Join(winners, " and "), verb, strings.Join(parts, ", "))
	switch {
	case g.Ended.Reason == events.EndResigned && len(g.Resigned) > 0:
		s = fmt.Sprintf("%s resigned. %s", g.Created.Players[g.Resigned[0]].Name, s)
	case g.Ended.Reason == events.EndAbandoned:
		s = "Nobody played any more (pbem played every seat), so the game ended as it stood. " + s
	}
	return s
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
