package notice

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// Happened describes the events since seat last acted, at most the last
// few (a quiet seat, which had no mail of them, all of a round's at
// least), so a mail says what the player missed. evs is the history up to
// the mail's event.
func Happened(g *projections.Game, evs []events.Event, seat int, loc locale.Locale) []string {
	from := 1 // the invitation said how the game was set up
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Actor == seat && evs[i].Type == events.TypeMovePlayed && i < len(evs)-1 {
			from = i + 1
			break
		}
	}
	var lines []string
	for i, line := range DescribeEachIn(g, evs, seat, loc)[from:] {
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

// DescribeAll describes evs[from:] for the player at seat reader, one
// sentence each, leaving out the events that have none for them. evs
// starts at the game's first event.
func DescribeAll(g *projections.Game, evs []events.Event, from, reader int, loc locale.Locale) []string {
	var out []string
	for _, line := range DescribeEachIn(g, evs, reader, loc)[from:] {
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
	return DescribeEachIn(g, evs, reader, locale.Locale{})
}

// DescribeEachIn is DescribeEach for a reader of loc.
func DescribeEachIn(g *projections.Game, evs []events.Event, reader int, loc locale.Locale) []string {
	gone := map[int]bool{}
	was := map[int]events.Player{}
	var created events.GameCreated
	if len(evs) > 0 && evs[0].Unmarshal(&created) == nil {
		for _, pl := range created.Players {
			if !pl.Open {
				was[pl.Seat] = pl
			}
		}
	}
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = teller{g: g, e: e, reader: reader, gone: gone, was: was, loc: loc}.tell()
		switch e.Type {
		case events.TypeSeatAbandoned:
			var p events.SeatAbandoned
			if e.Unmarshal(&p) == nil {
				gone[p.Seat] = true
			}
		case events.TypePlayerReplaced:
			var p events.PlayerReplaced
			if e.Unmarshal(&p) == nil {
				delete(gone, p.Seat)
				was[p.Seat] = events.Player{Seat: p.Seat, Name: p.Name, Address: p.Address}
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
	// was is each seat's player when e happened (a seat given to someone
	// since was another's), where the history is told from its start; nil
	// when only e is told, by the game as it now is.
	was map[int]events.Player
	loc locale.Locale // the reader's language and zone
}

// mine says whether seat is the reader's, and was when e happened: a
// newcomer reads the moves of the player they replaced as that player's.
func (t teller) mine(seat int) bool {
	if seat != t.reader || t.was == nil {
		return seat == t.reader
	}
	then, ok := t.was[seat]
	now := t.g.Created.Players[seat]
	return ok && strings.EqualFold(then.Address, now.Address) && then.Name == now.Name
}

// tell describes t.e by its type's entry in eventTypes.
func (t teller) tell() string {
	if et, ok := eventTypes[t.e.Type]; ok {
		return t.loc.Tidy(et.describe(t))
	}
	return ""
}

// person names seat in one of its forms, in the reader's language:
// "who" the subject ("You", "Bea", or "pbem" for no seat), "whom" the
// object ("you", "Bea"), "them" the pronoun once named ("you", a neutral
// "them": pbem knows no one's gender), "whose" the possessive ("your",
// "Bea's").
func (t teller) person(seat int, form string) string {
	if t.mine(seat) {
		return t.loc.S(words.ID(form + ".you"))
	}
	return t.loc.S(words.ID(form+".other"), t.name(seat))
}

// name is seat's player's name when e happened, or pbem for no seat.
func (t teller) name(seat int) string {
	if p, ok := t.was[seat]; ok {
		return p.Name
	}
	if seat >= 0 && seat < len(t.g.Created.Players) {
		return t.g.Created.Players[seat].Name
	}
	return "pbem"
}

func (t teller) who(seat int) string   { return t.person(seat, "who") }
func (t teller) whom(seat int) string  { return t.person(seat, "whom") }
func (t teller) them(seat int) string  { return t.person(seat, "them") }
func (t teller) whose(seat int) string { return t.person(seat, "whose") }

// you picks the text of id for a sentence about the reader's own seat
// (id.you), which English words apart ("You are", "Bea is").
func (t teller) you(seat int, id string) string {
	if t.mine(seat) {
		return id + ".you"
	}
	return id
}

func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// ActorNames names who did what event e of game g reports, for a mail's
// subject ("Bea moved", "pbem moved for Bea"): the player, or pbem and the
// player pbem acted for.
func ActorNames(g *projections.Game, e events.Event) (actor, onBehalfOf string) {
	t := teller{g: g, e: e, reader: int(rules.Observer)}
	var mp events.MovePlayed
	if e.Type == events.TypeMovePlayed && e.Unmarshal(&mp) == nil {
		if byPbem(mp) {
			return "pbem", t.name(mp.Seat)
		}
		return t.name(mp.Seat), ""
	}
	return t.name(e.Actor), ""
}

// byPbem reports whether pbem chose to play mp now rather than the player
// in their mail: at a timeout, for a seat it plays for good, or from a
// move the player wrote in advance.
func byPbem(mp events.MovePlayed) bool { return mp.Timeout || mp.Conditional || mp.Queued || mp.Forced }

// tellMove says a move, and who played it: a move pbem played for a seat
// says so and why.
func tellMove(t teller, p events.MovePlayed) string {
	did := describeMove(t.g, p, t.loc)
	switch {
	case p.Timeout && t.gone[p.Seat]:
		return t.loc.S("move.gone", t.whose(p.Seat), did)
	case p.Timeout:
		return t.loc.S("move.timeout", t.whom(p.Seat), t.them(p.Seat), did)
	case p.Conditional:
		return t.loc.S("move.conditional", t.whom(p.Seat), did)
	case p.Queued:
		return t.loc.S("move.queued", t.whose(p.Seat), did)
	case p.Forced:
		return t.loc.S("move.forced", t.who(p.Seat), t.them(p.Seat), did)
	}
	return t.loc.S("move.played", t.who(p.Seat), did)
}

// describeMove phrases a recorded move, in the game's words when it has a
// Guide that says them as phrases, or one in English for a reader of
// English; otherwise as the move is written.
func describeMove(g *projections.Game, mp events.MovePlayed, loc locale.Locale) string {
	if guide, ok := g.State.(rules.PhrasedGuide); ok {
		if p := guide.DescribePhrase(rules.Seat(mp.Seat), mp.Move); p.Format != "" {
			return loc.Phrase(p)
		}
	}
	if guide, ok := g.State.(rules.Guide); ok && loc.Lang() == words.Fallback {
		if d := guide.Describe(rules.Seat(mp.Seat), mp.Move); d != "" {
			return d
		}
	}
	return loc.S("move.as.written", mp.Move)
}

func tellCreated(t teller, p events.GameCreated) string {
	var seats []string
	for _, pl := range p.Players {
		seats = append(seats, t.loc.S(words.ID(t.you(pl.Seat, "created.seat")), pl.Name, pl.Seat))
	}
	told := t.loc.S("created", t.host(), t.loc.List(seats, ", "), p.Commitment)
	if _, player := HostName(t.g, t.loc); !player {
		told = capital(told) // "The operator set up…": a word, not a player's name as they wrote it
	}
	return told
}

func tellSaid(t teller, p events.PlayerSaid) string {
	return t.loc.S("said", t.who(p.Seat), FirstLine(p.Text))
}

func tellResigned(t teller, p events.PlayerResigned) string {
	return t.loc.S("resigned", t.who(p.Seat))
}

func tellEnded(t teller, _ events.GameEnded) string {
	if t.g.Ended == nil {
		return t.loc.S("ended")
	}
	return t.loc.S("ended.result", Result(t.g, t.loc))
}

func tellSettings(t teller, p events.SettingsChanged) string {
	return t.loc.S("settings", describeSettings(p.Settings, t.loc, t.e.Time))
}

// tellReminder, tellDigestSent and tellGathered are silent to the seat
// they concern, as the reminder or the digest they record is itself its
// mail; the history of the game (pbem log) names them.
func tellReminder(t teller, p events.ReminderSent) string {
	if t.mine(p.Seat) {
		return ""
	}
	return t.loc.S("reminded", t.whom(p.Seat), t.loc.When(p.Deadline))
}

func tellDigestSent(t teller, p events.DigestSent) string {
	if t.mine(p.Seat) {
		return ""
	}
	return t.loc.S("digest.sent", t.whom(p.Seat))
}

func tellGathered(t teller, p events.SaysGathered) string {
	if t.mine(p.Seat) {
		return ""
	}
	return t.loc.S("says.gathered", t.whom(p.Seat))
}

func tellDeadline(t teller, p events.DeadlinePassed) string {
	whose := capital(t.whose(p.Seat))
	if grace, err := projections.ParseSpan(t.g.Settings.Grace); err == nil && grace > 0 {
		return t.loc.S(words.ID(t.you(p.Seat, "deadline.passed.grace")), whose, t.loc.When(p.Deadline), t.whom(p.Seat), t.loc.When(p.Deadline.Add(grace)), t.them(p.Seat))
	}
	return t.loc.S("deadline.passed", whose, t.loc.When(p.Deadline))
}

func tellAbandoned(t teller, p events.SeatAbandoned) string {
	why := t.loc.S("abandoned.timeouts")
	if p.Reason == games.ReasonExpelled {
		why = t.loc.S("abandoned.expelled", t.whom(p.Seat))
	}
	return t.loc.S("abandoned", t.whose(p.Seat), why)
}

func tellVacation(t teller, p events.VacationDeclared) string {
	return t.loc.S(words.ID(t.you(p.Seat, "vacation")), t.who(p.Seat), t.loc.When(p.From), t.loc.When(p.Until))
}

func tellPaused(t teller, p events.GamePaused) string {
	return t.loc.S("paused", t.by(p.By))
}

func tellResumed(t teller, p events.GameResumed) string {
	return t.loc.S("resumed", t.by(p.By))
}

// host names who set up the game: its player, or the operator or the
// service in the reader's words.
func (t teller) host() string {
	if h, player := HostName(t.g, t.loc); !player {
		return h
	}
	return t.loc.S("who.other", games.HostName(t.g))
}

// HostName is who set up game g as a mail names them: the player's name
// as it is (player), or the operator or the service in loc's words.
func HostName(g *projections.Game, loc locale.Locale) (name string, player bool) {
	switch h := games.HostName(g); h {
	case "operator":
		return loc.S("host.operator"), false
	case "the service":
		return loc.S("host.service"), false
	default:
		return h, true
	}
}

// by names who paused or resumed a game, as the event records it: the
// host's name, or the operator.
func (t teller) by(who string) string {
	if who == "the operator" {
		return t.loc.S("the.operator")
	}
	return t.loc.S("who.other", who)
}

func tellUndoProposed(t teller, p events.UndoProposed) string {
	switch {
	case p.Decided:
		return t.loc.S("undo.decided")
	case t.mine(p.Seat):
		return t.loc.S("undo.asked.you", t.moveAt(p.Back))
	}
	return t.loc.S("undo.asked", t.who(p.Seat), t.moveAt(p.Back))
}

func tellUndoAnswered(t teller, p events.UndoAnswered) string {
	if p.Agree {
		return t.loc.S("undo.agreed", t.who(p.Seat))
	}
	return t.loc.S("undo.declined", t.who(p.Seat))
}

func tellUndone(t teller, p events.MovesUndone) string {
	var gone []string
	for _, m := range t.g.Moves {
		if m.Seq > p.Back && m.Seq < t.e.Seq && t.g.Undone[m.Seq] {
			gone = append(gone, t.loc.S("undone.move", t.whom(m.Seat), describeMove(t.g, m.MovePlayed, t.loc)))
		}
	}
	if len(gone) > 0 {
		return t.loc.S("undone.moves", t.moveAt(p.Back), t.loc.List(gone, "; "))
	}
	return t.loc.S("undone", t.moveAt(p.Back))
}

// moveAt names the position after event seq by the moves that stood then:
// "move 7", or "the start" before the first.
func (t teller) moveAt(seq uint64) string {
	if n := Ply(t.g, seq); n > 0 {
		return t.loc.S("move.n", n)
	}
	return t.loc.S("the.start")
}

func tellReplaced(t teller, p events.PlayerReplaced) string {
	who := t.loc.S("who.other", p.Name)
	if p.Seat == t.reader && strings.EqualFold(p.Address, t.g.Created.Players[p.Seat].Address) {
		who = t.loc.S("who.you") // the reader is who took the seat
	}
	if before := t.was[p.Seat].Name; before != "" && before != p.Name {
		return t.loc.S("replaced.took.over", who, t.loc.S("whose.other", before), p.Seat)
	}
	return t.loc.S("replaced.took", who, p.Seat)
}

func tellAnswered(t teller, a events.InvitationAnswered) string {
	switch {
	case t.mine(a.Seat) && a.Accepted:
		return t.loc.S("joined.you")
	case t.mine(a.Seat):
		return t.loc.S("declined.you")
	case a.Accepted:
		return t.loc.S("joined", t.who(a.Seat))
	}
	who := t.loc.S("seat.n", a.Seat)
	if was := t.was[a.Seat].Name; was != "" {
		who = t.loc.S("who.other", was)
	}
	return t.loc.S("declined", who, a.Seat)
}

func tellAuto(t teller, a events.AutoChanged) string {
	if a.Off {
		return t.loc.S("auto.off", t.who(a.Seat))
	}
	return t.loc.S("auto.on", t.who(a.Seat))
}

func tellEndProposed(t teller, p events.EndProposed) string {
	if t.mine(p.Seat) {
		return t.loc.S("end.proposed.you")
	}
	return t.loc.S("end.proposed", t.who(p.Seat))
}

func tellObserver(t teller, p events.ObserverChanged) string {
	switch {
	case !p.Watch:
		return t.loc.S("observer.off")
	case p.Invited:
		return t.loc.S("observer.asked")
	case p.Accepted:
		return t.loc.S("observer.joined")
	}
	return t.loc.S("observer.on")
}

func tellDigestChanged(t teller, p events.DigestChanged) string {
	switch {
	case !t.mine(p.Seat):
		return "" // how a player takes their mail is theirs
	case p.On:
		return t.loc.S("digest.on")
	}
	return t.loc.S("digest.off")
}

func tellQueued(t teller, p events.MovesQueued) string {
	switch {
	case !t.mine(p.Seat):
		return "" // a player's plan is theirs until played
	case p.Skipped != "":
		return t.loc.S("queued.skipped", p.Skipped)
	case p.Dropped != "":
		why := p.Dropped
		var ph rules.Phrase
		if len(p.Why) > 0 && json.Unmarshal(p.Why, &ph) == nil {
			why = t.loc.Tidy(t.loc.Phrase(ph))
		}
		return t.loc.S("queued.dropped", why)
	}
	return t.loc.S("queued", t.loc.List(p.Moves, ", "))
}

func tellConditional(t teller, p events.ConditionalSet) string {
	if !t.mine(p.Seat) {
		return "" // a player's secret until it is played
	}
	return t.loc.S("conditional", p.If, p.Then)
}

// SaysFor returns the SAYs of the others that seat's mail of SAYs about
// event e gives, g being the game as after e: every one since the first
// its mail gives (projections.SayMail.From), those held back from it
// included. A SAY recorded before SAYs were gathered had its own mail.
func SaysFor(g *projections.Game, e events.Event, seat int) []projections.Said {
	from := g.Says[seat].From
	var ps events.PlayerSaid
	if e.Type == events.TypePlayerSaid && (e.Unmarshal(&ps) != nil || !ps.Gather) {
		from = e.Seq
	}
	return SaidSince(g, from, e.Seq, seat)
}

// SaidSince returns the SAYs of g between events from and to that the
// player at seat did not say.
func SaidSince(g *projections.Game, from, to uint64, seat int) []projections.Said {
	var out []projections.Said
	for _, s := range g.Said {
		if s.Seq >= from && s.Seq <= to && s.Seat != seat {
			out = append(out, s)
		}
	}
	return out
}

// Result says who won in a sentence, in the reader's language.
func Result(g *projections.Game, loc locale.Locale) string {
	var winners, parts []string
	for _, s := range g.Winners() {
		winners = append(winners, g.Created.Players[s].Name)
	}
	for i, sc := range g.Ended.Scores {
		parts = append(parts, loc.S("score", g.Created.Players[i].Name, fmt.Sprintf("%+d", sc)))
	}
	id := "result.wins"
	switch {
	case len(winners) == 0:
		id = "result.none" // the rules' end that everyone loses
	case len(winners) > 1:
		id = "result.share"
	}
	s := loc.S(words.ID(id), loc.And(winners), loc.List(parts, ", "))
	switch {
	case g.Ended.Reason == events.EndResigned && len(g.Resigned) > 0:
		s = loc.S("result.resigned", g.Created.Players[g.Resigned[0]].Name, s)
	case g.Ended.Reason == events.EndAbandoned:
		s = loc.S("result.abandoned", s)
	}
	return loc.Tidy(s)
}

// describeSettings says the host's settings, set at at, in words: the
// weekdays the clock runs on in the reader's language, and the zone of
// the host in which they are counted.
func describeSettings(s events.Settings, loc locale.Locale, at time.Time) string {
	if s.PerMove == "" {
		return loc.S("settings.none")
	}
	out := loc.S("settings.per.move", s.PerMove)
	if len(s.Days) > 0 {
		days := make([]string, len(s.Days))
		for i, d := range s.Days {
			days[i] = loc.S(words.ID("day." + strings.ToUpper(d[:1]) + d[1:]))
		}
		host := locale.Of(nil, mail.Pref{Zone: s.Zone})
		out += loc.S("settings.days", loc.List(days, ", "), host.ZoneLabel(at))
	}
	if s.Reminder != "" {
		out += loc.S("settings.reminder", s.Reminder)
	}
	if s.Grace != "" {
		out += loc.S("settings.grace", s.Grace)
	}
	return out
}

// FirstLine is s up to its first line break.
func FirstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// Ply is how many moves of g played up to event seq still stand: the
// number players count moves by, which chat, settings and moves taken
// back do not change.
func Ply(g *projections.Game, seq uint64) int {
	n := 0
	for _, m := range g.Moves {
		if m.Seq <= seq && !g.Undone[m.Seq] {
			n++
		}
	}
	return n
}
