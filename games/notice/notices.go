// Package notice says who is told what: the kinds of notices, which
// notices an Append of events causes (Caused, and Quiet for the
// simultaneous phases), the registry of event types (what each seat and
// each observer hears of each type and how it reads in words: Describe),
// and the grammar of the Message-IDs of pbem's mail and their threads
// (ParseMessageID, ThreadRoot). It is pure: the history in, the notices
// out; package letters writes them.
package notice

import (
	"encoding/hex"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates"
)

// Kinds of notices: the templates' kinds (templates/kind.go says what
// each mail holds), as the notices name them.
const (
	KindInvitation  = string(templates.Invitation)
	KindYourTurn    = string(templates.YourTurn)
	KindAccepted    = string(templates.Accepted)
	KindMoved       = string(templates.Moved)
	KindSaid        = string(templates.Said)
	KindGameOver    = string(templates.GameOver)
	KindRejected    = string(templates.Rejected)
	KindError       = string(templates.Error)
	KindStale       = string(templates.Stale)
	KindHelp        = string(templates.Help)
	KindBoard       = string(templates.Board) // BOARD and STATUS
	KindHistory     = string(templates.History)
	KindLegal       = string(templates.Legal)
	KindGames       = string(templates.Games)
	KindReminder    = string(templates.Reminder)
	KindNews        = string(templates.News)
	KindDigest      = string(templates.Digest)
	KindUndelivered = string(templates.Undelivered)
	KindProbe       = string(templates.Probe) // mail.KindProbe: the mail side makes it
)

// The Message-IDs pbem gives its mail, made here and read back by
// ParseMessageID, so that nothing else (the torture, the benchmark, the
// stale check) depends on their form:
//
//	<game>.v<number>.<seat>.<kind>@<domain>   a notice of a game's event to a seat, the event numbered as the seat counts them (VisibleSeq)
//	<game>.v<number>.o<n>.<kind>@<domain>     the same to the game's n-th observer
//	<game>.<event>.<seat>.<kind>@<domain>     the same, numbered by the event's Seq: the game's first event, which starts each seat's thread, and every notice made before notices were numbered as their readers count
//	re.<inbox key>.<n>.<kind>@<domain>        the n-th answer to a recorded mail
//	<game>.undelivered.<hex address>@<domain> the host told of an address that fails
//	<game>.marked<unix>.<hex address>.<seat or h>@<domain> a player (or the host, h) told of an address marked at <unix> as bouncing

// messageID returns the Message-ID of the notice of kind for seat after
// event seq of game: stable, so a notice sent twice is one mail. An
// observer's seat is "o" and its place among the observers.
func messageID(domain, game string, seq uint64, seat string, kind string) string {
	return fmt.Sprintf("%s.%d.%s.%s@%s", game, seq, seat, kind, domain)
}

// noticeID returns the Message-ID of the notice of kind about event seq
// of history evs to the reader at seat (rules.Observer for an observer),
// written seatTok ("2", "o0"): numbered as the reader counts events, but
// the first, which every reader counts as 1 and whose invitation starts
// each seat's thread.
func noticeID(domain, game string, evs []events.Event, seq uint64, seat int, seatTok, kind string) string {
	if seq == 1 {
		return messageID(domain, game, seq, seatTok, kind)
	}
	return fmt.Sprintf("%s.v%d.%s.%s@%s", game, VisibleSeq(evs, seq, seat), seatTok, kind, domain)
}

// AnswerID returns the Message-ID of the n-th answer of kind to the mail
// recorded under key.
func AnswerID(domain, key string, n int, kind string) string {
	return fmt.Sprintf("re.%s.%d.%s@%s", key, n, kind, domain)
}

// UndeliveredID returns the Message-ID of the host's mail that mail of
// game to an address fails; addrKey is the address's key (addressKey).
func UndeliveredID(domain, game, addrKey string) string {
	return fmt.Sprintf("%s.undelivered.%s@%s", game, addrKey, domain)
}

// MarkedID returns the Message-ID of the mail to the reader at seatTok
// ("h" for a host who does not play) that the address addrKey of game,
// marked at unix time at, bounces.
func MarkedID(domain, game, at, addrKey, seatTok string) string {
	return fmt.Sprintf("%s.marked%s.%s.%s@%s", game, at, addrKey, seatTok, domain)
}

// AddressKey is an address as a subject or Message-ID token: the hex of
// its lower case.
func AddressKey(addr string) string { return hex.EncodeToString([]byte(strings.ToLower(addr))) }

// MessageID is what a Message-ID of pbem's mail says.
type MessageID struct {
	Game     string // the game it is about; "" for an answer
	Seq      uint64 // the event a notice tells of (as its reader counts events when Visible); 0 for an answer or a host's undelivered mail
	Visible  bool   // Seq numbers the event as the notice's reader counts events (VisibleSeq), not by its own Seq
	Seat     int    // the recipient's seat; rules.Observer for an observer or an answer
	Observer int    // an observer's place among the observers
	Kind     string // the notice kind; "undelivered" for the host's (or a player's) mail of an address that fails
	Answers  string // for an answer, the key of the recorded mail it answers
	To       string // for the host's (or a player's) undelivered mail, the address that fails
	Domain   string
}

// Notice reports whether m is a notice of a game's event.
func (m MessageID) Notice() bool { return m.Seq > 0 }

// ToObserver reports whether m is a notice to one of the game's observers.
func (m MessageID) ToObserver() bool { return m.Seq > 0 && m.Seat == int(rules.Observer) }

// ParseMessageID reads a Message-ID that pbem made (with or without its
// angle brackets); ok is false for any other.
func ParseMessageID(id string) (MessageID, bool) {
	local, domain, _ := strings.Cut(strings.Trim(strings.TrimSpace(id), "<>"), "@")
	parts := strings.Split(local, ".")
	m := MessageID{Seat: int(rules.Observer), Domain: domain}
	switch {
	case len(parts) == 3 && parts[1] == KindUndelivered && parts[0] != "":
		to, err := hex.DecodeString(parts[2])
		m.Game, m.Kind, m.To = parts[0], KindUndelivered, string(to)
		return m, err == nil
	case len(parts) == 4 && strings.HasPrefix(parts[1], "marked") && parts[0] != "":
		at, err := strconv.ParseUint(strings.TrimPrefix(parts[1], "marked"), 10, 64)
		to, err2 := hex.DecodeString(parts[2])
		m.Game, m.Kind, m.To = parts[0], KindUndelivered, string(to)
		if seat, err3 := strconv.Atoi(parts[3]); err3 == nil {
			m.Seat = seat
		}
		return m, err == nil && at > 0 && err2 == nil
	case len(parts) != 4 || parts[0] == "" || parts[3] == "":
		return m, false
	case parts[0] == "re":
		n, err := strconv.Atoi(parts[2])
		m.Answers, m.Observer, m.Kind = parts[1], n, parts[3]
		return m, err == nil && parts[1] != ""
	}
	number, visible := strings.CutPrefix(parts[1], "v")
	seq, err := strconv.ParseUint(number, 10, 64)
	if err != nil || seq == 0 {
		return m, false
	}
	m.Visible = visible
	m.Game, m.Seq, m.Kind = parts[0], seq, parts[3]
	if o, isObserver := strings.CutPrefix(parts[2], "o"); isObserver {
		m.Observer, err = strconv.Atoi(o)
	} else {
		m.Seat, err = strconv.Atoi(parts[2])
	}
	return m, err == nil
}

// ThreadRoot is the first mail a seat got about a game, the invitation;
// every later mail refers to it, so each game is one thread.
func ThreadRoot(domain, game string, seat int) string {
	return messageID(domain, game, 1, strconv.Itoa(seat), KindInvitation)
}

// Caused returns the mail that the events evs, recorded in one Append
// with note, cause; g is the game after them, before[i] the state before
// evs[i] (nil where unknown).
func Caused(g *projections.Game, hist, evs []events.Event, before []rules.State, note games.Note) []mail.Notice {
	replyTo := note.ReplyTo
	var out []mail.Notice
	ended := len(evs) > 0 && evs[len(evs)-1].Type == events.TypeGameEnded
	add := func(n mail.Notice) { out = append(out, n) }
	// prev is each seat's latest mail of this batch: the next one refers
	// to it, so a client threads a recipient's mails in order even where
	// it does not read References.
	prev := map[int]string{}
	last := map[int]bool{}  // the seats that hear of the batch's last event, which carries a prompt
	later := map[int]bool{} // the seats that hear of an event of the batch in a later mail (a digest, a quiet game)
	for i, e := range evs {
		if leftBehind(evs[i+1:]) {
			continue
		}
		for _, p := range g.Created.Players {
			kind := noticeKind(g, e, p.Seat, ended)
			if kind == "" || p.Address == "" {
				continue
			}
			if held(g, p.Seat, kind, e) && !lapsed(g, before, i, p.Seat) {
				later[p.Seat] = true
				continue
			}
			if p.Invited && kind != KindInvitation {
				continue // an invited player hears nothing more until they answer
			}
			n := mail.Notice{
				ID:   noticeID(note.Domain, g.ID, hist, e.Seq, p.Seat, strconv.Itoa(p.Seat), kind),
				Kind: kind, Game: g.ID, Seq: e.Seq, Seat: p.Seat, To: p.Address, Name: p.Name,
			}
			thread(&n, note.Domain, prev[p.Seat], replyTo != "" && e.Actor == p.Seat, replyTo)
			prev[p.Seat] = n.ID
			last[p.Seat] = last[p.Seat] || i == len(evs)-1
			add(n)
		}
		if i == len(evs)-1 {
			// A seat that heard of an earlier event of the batch in a mail
			// that asks nothing (its own move accepted, say), or will hear
			// of it later, and is to move once the batch is in, but hears
			// nothing of the last event (news for another seat alone), is
			// asked in a mail of its own: no mail of the batch carries its
			// prompt.
			for _, p := range g.Created.Players {
				h := hearing{g: g, e: e, seat: p.Seat, ended: ended}
				if _, heard := prev[p.Seat]; (heard || later[p.Seat]) && !last[p.Seat] && !p.Invited && p.Address != "" && h.prompt() {
					n := mail.Notice{ID: noticeID(note.Domain, g.ID, hist, e.Seq, p.Seat, strconv.Itoa(p.Seat), KindYourTurn),
						Kind: KindYourTurn, Game: g.ID, Seq: e.Seq, Seat: p.Seat, To: p.Address, Name: p.Name}
					thread(&n, note.Domain, prev[p.Seat], false, replyTo)
					add(n)
				}
			}
		}
		for i, addr := range g.Observers {
			if kind := observerKind(e, addr); kind != "" && (!g.Asked[strings.ToLower(addr)] || kind == KindInvitation) {
				add(mail.Notice{ID: noticeID(note.Domain, g.ID, hist, e.Seq, int(rules.Observer), "o"+strconv.Itoa(i), kind),
					Kind: kind, Game: g.ID, Seq: e.Seq, Seat: int(rules.Observer), To: addr, Name: addr})
			}
		}
	}
	return out
}

// leftBehind reports whether the events recorded after one in its batch
// take moves back or end the game: a mail about it would show a board or
// a turn the batch has left behind, so the mail about the undo or the end
// tells it instead, in its list of what happened (the host's decided
// undo, the last agreement to undo or to end).
func leftBehind(after []events.Event) bool {
	return slices.ContainsFunc(after, func(e events.Event) bool {
		return e.Type == events.TypeMovesUndone || e.Type == events.TypeGameEnded
	})
}

// thread sets what n answers and refers to. The invitation starts the
// seat's thread and answers nothing; every later mail refers to it, then
// to the seat's own mail that caused it (answered) or the seat's previous
// mail of the same batch, and answers the last of these.
func thread(n *mail.Notice, domain, prev string, answered bool, replyTo string) {
	if n.Kind == KindInvitation {
		return
	}
	n.References = []string{ThreadRoot(domain, n.Game, n.Seat)}
	switch {
	case answered:
		n.References = append(n.References, replyTo)
	case prev != "":
		n.References = append(n.References, prev)
	}
	n.InReplyTo = n.References[len(n.References)-1]
}

// digested are the kinds a player who chose digests gets in the digest
// instead of one by one.
var digested = map[string]bool{KindMoved: true, KindAccepted: true, KindSaid: true, KindNews: true}

// quieted are the kinds a quiet seat (projections.Table.Quiet) hears of in
// its next mail instead: the moves, the others' and its own. What asks
// it to act (a prompt, a reminder), answers what it did (its settings, a
// move pbem played for it), asks its answer (an undo, an end) or speaks
// to it (SAY) still comes at once.
var quieted = map[string]bool{KindMoved: true}

// held reports whether seat hears of event e, as a notice of kind, in a
// later mail rather than now.
func held(g *projections.Game, seat int, kind string, e events.Event) bool {
	if e.Type == events.TypeDigestChanged || e.Type == events.TypeSaysGathered {
		return false // the answer to DIGEST itself; SAYs held back from before the digests began
	}
	// A question (an offer) held for the next mail may lapse unread; the
	// move is read only for a seat whose mail would be held.
	return (g.Digest[seat] && digested[kind] || g.Quiet[seat] && quieted[kind]) && !asks(g, e, seat)
}

// lapsed reports whether the batch's event i made seat's question lapse unanswered
// (rules.Lapsing: an offer whose phase ended), which its asker hears of
// at once; before[i] is the state before evs[i], g the game after evs.
func lapsed(g *projections.Game, before []rules.State, i, seat int) bool {
	if i >= len(before) || before[i] == nil {
		return false
	}
	after := g.State
	if i+1 < len(before) {
		after = before[i+1]
	}
	l, ok := after.(rules.Lapsing)
	return ok && slices.Contains(l.Lapsed(before[i]), rules.Seat(seat))
}

// asks reports whether e is a move that asks seat a question it answers
// out of turn (rules.Addressed: offers of deals).
func asks(g *projections.Game, e events.Event, seat int) bool {
	a, ok := g.State.(rules.Addressed)
	if !ok || e.Type != events.TypeMovePlayed {
		return false
	}
	var mp events.MovePlayed
	if e.Unmarshal(&mp) != nil {
		return false
	}
	return slices.Contains(a.Addressees(rules.Seat(mp.Seat), mp.Move), rules.Seat(seat))
}

// observerKind says what an observer at addr hears of event e.
func observerKind(e events.Event, addr string) string {
	if et, ok := eventTypes[e.Type]; ok && et.watch != nil {
		return et.watch(e, addr)
	}
	return ""
}

// noticeKind says what seat hears of event e, "" for nothing; ended says
// the events recorded with e end the game.
func noticeKind(g *projections.Game, e events.Event, seat int, ended bool) string {
	if et, ok := eventTypes[e.Type]; ok {
		return et.hear(hearing{g: g, e: e, seat: seat, ended: ended})
	}
	return ""
}

// hearing is one seat's side of an event, for the notice policy: g is the
// game after the whole batch e came in.
type hearing struct {
	g     *projections.Game
	e     events.Event
	seat  int
	ended bool
}

// prompt reports whether the seat is to move once e's batch is in, so its
// mail about the batch's last event carries the prompt. A seat pbem plays
// for good is never prompted: it is to move only while the game is paused.
func (h hearing) prompt() bool {
	_, pbemPlays := h.g.Abandoned[h.seat]
	waiting := h.g.PausedAt != nil || h.g.Waiting() // nobody moves until it resumes, or every player is in
	return games.IsToAct(h.g.State, h.seat) && h.e.Seq == h.g.Seq && !h.ended && !pbemPlays && !waiting
}

// promptOr is the prompt for a seat to move, else kind.
func (h hearing) promptOr(kind string) string {
	if h.prompt() {
		return KindYourTurn
	}
	return kind
}

// eventType is what games makes of one event type: its payload, whom it
// concerns, which notice each hears, and how it is told in words.
type eventType struct {
	payload  reflect.Type
	hear     func(h hearing) string                   // what seat h.seat hears: a notice kind, "" for nothing
	watch    func(e events.Event, addr string) string // what an observer hears; nil for nothing
	describe func(t teller) string                    // the event in a sentence for t.reader, "" for nothing
	// private says only the seat its payload names may know the event
	// Happened (see hiddenFrom).
	private bool
}

// private marks et as an event only the seat it names may know of.
func private(et eventType) eventType {
	et.private = true
	return et
}

// hiddenFrom reports whether the reader at seat (rules.Observer for an
// observer) may not know that e happened: a player's plan or mail
// setting, or the clock's mail to one seat, is known to that seat alone.
func hiddenFrom(e events.Event, seat int) bool {
	if !eventTypes[e.Type].private {
		return false
	}
	var p struct{ Seat int }
	return e.Unmarshal(&p) != nil || p.Seat != seat
}

// LeftOut reports whether the export of a game's history given to the
// player at seat leaves e out (events.Redact): another seat's plan or
// mail setting, which only that seat may know even once the game is
// over (a move written in advance and never played, a programmed list).
func LeftOut(e events.Event, seat int) bool {
	return hiddenFrom(e, seat) && projections.Redactable(e.Type)
}

// VisibleSeq is the number of event seq of history evs as the reader at
// seat counts the game's events: those it may know of. Mails to the
// reader carry it (X-Pbem-Seq, the Message-ID of a notice), so that no
// gap in their numbers tells a player that another played something in
// secret (a move written in advance, a programmed list).
func VisibleSeq(evs []events.Event, seq uint64, seat int) uint64 {
	var n uint64
	for _, e := range evs[:min(seq, uint64(len(evs)))] {
		if !hiddenFrom(e, seat) {
			n++
		}
	}
	return n
}

// EventOf is the Seq of the event of history evs that the reader at seat
// numbers v (VisibleSeq); 0 when there is none. Of the events so
// numbered, the ones hidden from the reader after it included, it is the
// first, the one the reader may know of, so the answer does not change
// as the history grows: the events hidden from a reader change nothing
// it sees or may do.
func EventOf(evs []events.Event, v uint64, seat int) uint64 {
	var n uint64
	for _, e := range evs {
		if hiddenFrom(e, seat) {
			continue
		}
		if n++; n == v {
			return e.Seq
		}
	}
	return 0
}

// eventTypes is every event type's entry: the one table that the notices
// and the descriptions read, so a type cannot be added to one and not the
// other. TestEveryEventType fails on a type in events that is missing here
// or whose payload is not the type named after it.
var eventTypes = map[string]eventType{
	events.TypeGameCreated:        on(always[events.GameCreated](KindInvitation), nil, tellCreated),
	events.TypeMovePlayed:         on(hearMove, watchAs[events.MovePlayed](KindMoved), tellMove),
	events.TypePlayerSaid:         on(hearSaid, nil, tellSaid),
	events.TypePlayerResigned:     on(never[events.PlayerResigned], nil, tellResigned), // GameEnded follows and says it
	events.TypeGameEnded:          on(always[events.GameEnded](KindGameOver), watchAs[events.GameEnded](KindGameOver), tellEnded),
	events.TypeSettingsChanged:    on(toAll[events.SettingsChanged], nil, tellSettings),
	events.TypeReminderSent:       private(on(hearReminder, nil, tellReminder)),
	events.TypeDeadlinePassed:     on(toAll[events.DeadlinePassed], nil, tellDeadline),
	events.TypeSeatAbandoned:      on(toAll[events.SeatAbandoned], nil, tellAbandoned),
	events.TypeVacationDeclared:   on(toAll[events.VacationDeclared], nil, tellVacation),
	events.TypeGamePaused:         on(toAll[events.GamePaused], nil, tellPaused),
	events.TypeGameResumed:        on(toAll[events.GameResumed], nil, tellResumed),
	events.TypeUndoProposed:       on(toOthers[events.UndoProposed], nil, tellUndoProposed),
	events.TypeUndoAnswered:       on(toOthers[events.UndoAnswered], nil, tellUndoAnswered),
	events.TypeMovesUndone:        on(toAll[events.MovesUndone], watchAs[events.MovesUndone](KindNews), tellUndone),
	events.TypePlayerReplaced:     on(hearReplaced, watchAs[events.PlayerReplaced](KindNews), tellReplaced),
	events.TypeEndProposed:        on(toOthers[events.EndProposed], nil, tellEndProposed),
	events.TypeObserverChanged:    on(never[events.ObserverChanged], watchObserver, tellObserver),
	events.TypeInvitationAnswered: on(hearAnswered, nil, tellAnswered),
	events.TypeDigestChanged:      private(on(toActor[events.DigestChanged], nil, tellDigestChanged)),
	events.TypeAutoChanged:        on(toActor[events.AutoChanged], nil, tellAuto),
	events.TypeDigestSent:         private(on(hearDigest, nil, tellDigestSent)),
	events.TypeConditionalSet:     private(on(toActor[events.ConditionalSet], nil, tellConditional)), // nobody else may know
	events.TypeMovesQueued:        private(on(hearQueued, nil, tellQueued)),
	events.TypeSaysGathered:       private(on(hearGathered, nil, tellGathered)),
}

// on makes the entry of an event type with payload P from what a seat
// hears, what an observer hears (nil: nothing) and how it is told. An
// event whose payload does not decode causes no notice and no sentence.
func on[P any](hear func(hearing, P) string, watch func(P, string) string, tell func(teller, P) string) eventType {
	decode := func(e events.Event) (P, bool) {
		var p P
		return p, e.Unmarshal(&p) == nil
	}
	et := eventType{
		payload: reflect.TypeFor[P](),
		hear: func(h hearing) string {
			p, ok := decode(h.e)
			return pick(ok, func() string { return hear(h, p) })
		},
		describe: func(t teller) string {
			p, ok := decode(t.e)
			return pick(ok, func() string { return tell(t, p) })
		},
	}
	if watch != nil {
		et.watch = func(e events.Event, addr string) string {
			p, ok := decode(e)
			return pick(ok, func() string { return watch(p, addr) })
		}
	}
	return et
}

func pick(ok bool, f func() string) string {
	if !ok {
		return ""
	}
	return f()
}

// always is a notice every seat gets.
func always[P any](kind string) func(hearing, P) string {
	return func(hearing, P) string { return kind }
}

func never[P any](hearing, P) string { return "" }

// toAll tells every seat: the seat to move with the prompt.
func toAll[P any](h hearing, _ P) string { return h.promptOr(KindNews) }

// toOthers tells every seat but the one that acted.
func toOthers[P any](h hearing, _ P) string {
	if h.e.Actor == h.seat {
		return ""
	}
	return KindNews
}

// toActor confirms to the seat that acted, and tells nobody else.
func toActor[P any](h hearing, _ P) string {
	if h.e.Actor == h.seat {
		return KindNews
	}
	return ""
}

// watchAs is a notice every observer gets.
func watchAs[P any](kind string) func(P, string) string {
	return func(P, string) string { return kind }
}

func hearMove(h hearing, mp events.MovePlayed) string {
	switch {
	case h.ended: // the game-over mail says it all
		return ""
	case h.prompt():
		return KindYourTurn
	case mp.Seat == h.seat && byPbem(mp):
		return KindNews // the player did not send it: say what pbem did for them
	case mp.Seat == h.seat:
		return KindAccepted
	}
	return KindMoved
}

// hearSaid: the others hear a SAY, unless it is held back for the mail
// that gathers a burst of them (projections.SayEvery).
func hearSaid(h hearing, p events.PlayerSaid) string {
	if p.Seat == h.seat || h.g.Says[h.seat].Held != 0 {
		return ""
	}
	return KindSaid
}

// hearGathered: the SAYs held back from a seat's mail go to it together.
func hearGathered(h hearing, p events.SaysGathered) string {
	if p.Seat == h.seat {
		return KindSaid
	}
	return ""
}

func hearReminder(h hearing, r events.ReminderSent) string {
	if r.Seat == h.seat {
		return KindReminder
	}
	return ""
}

func hearDigest(h hearing, d events.DigestSent) string {
	if d.Seat == h.seat {
		return KindDigest
	}
	return ""
}

func hearReplaced(h hearing, pr events.PlayerReplaced) string {
	switch {
	case pr.Seat == h.seat && pr.Invited:
		return KindInvitation // asked first; the history once they join
	case pr.Seat == h.seat:
		return KindHistory // the newcomer: everything so far, and their view
	}
	return h.promptOr(KindNews)
}

// hearAnswered: the host hears every answer to an invitation; once the
// last one is in, everyone hears that the game starts (or goes on), and
// whoever is to move is prompted. A player who joins a game under way
// gets its history.
func hearAnswered(h hearing, a events.InvitationAnswered) string {
	switch {
	case a.Seat == h.seat && !a.Accepted:
		return "" // they want no more of it
	case a.Seat == h.seat && len(h.g.Moves) > 0:
		return KindHistory
	case !h.g.Waiting():
		return h.promptOr(KindNews)
	case a.Seat == h.seat || strings.EqualFold(h.g.Created.Host, h.g.Created.Players[h.seat].Address):
		return KindNews
	}
	return ""
}

func hearQueued(h hearing, q events.MovesQueued) string {
	if q.Seat == h.seat {
		return h.promptOr(KindNews)
	}
	return ""
}

// watchObserver gives a new observer the board; nobody else hears of it.
func watchObserver(oc events.ObserverChanged, addr string) string {
	switch {
	case !oc.Watch || !strings.EqualFold(oc.Address, addr):
		return ""
	case oc.Invited:
		return KindInvitation // asked first; the board once they accept
	}
	return KindBoard
}

// EventTypes lists the event types of the registry, which
// TestEveryEventType holds to those package events declares, sorted.
func EventTypes() []string { return slices.Sorted(maps.Keys(eventTypes)) }
