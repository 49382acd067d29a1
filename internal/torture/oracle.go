package torture

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
)

// Outcome is what the service left behind once stopped for good.
type Outcome struct {
	Games   map[string][]events.Event // every game's history, by id
	Notices []mail.Notice             // every notice written to the outbox
	Failed  int                       // notices the SMTP server refused for good
	Boxes   map[string][]Content      // every player's mailbox, by address

	// What the club's harder parts need; each is left out of the check
	// when nil. Written is when each notice was stored and States how it
	// stands at the end (mail.ListNotices), by Message-ID; FailedIDs the
	// Message-IDs recorded on pbem.failed; Inbox the inbox keys of every
	// mail pbem recorded.
	Written   map[string]time.Time
	States    map[string]string
	FailedIDs []string
	Inbox     map[string]bool
	// InboxSeq is where each recorded mail stands in the inbox, by inbox
	// key: pbem reads a game's mail in that order.
	InboxSeq map[string]uint64
	// Arrived is when each mail first reached each recipient, by address
	// and Message-ID (Club.Arrived); Bad the addresses whose server
	// refuses pbem's mail, with its code (Club.Bad).
	Arrived map[string]time.Time
	Bad     map[string]int
	// Bound is the longest a healthy recipient may wait for a mail after
	// it was written; 0: no bound is checked.
	Bound time.Duration
	// Changed is, per game and seat, the events after which something
	// changed for the seat that it did not cause (Changes): what decides
	// whether a reply is stale. Without it, any other seat's move counts.
	Changed map[string]map[int][]uint64
	// Move is move as the rules record it when seat writes it in game
	// after event n (MoveAt), "" when it is no legal move then; nil: not
	// known, and a refused move must then answer a turn its seat played
	// already, and a move be recorded as written.
	Move func(game string, n uint64, seat int, move string) string
	// Console is what an operator ran at the console (Operator.Runs),
	// with Disturbed filled in; nil when nobody did. Only then may a game
	// be paused and resumed.
	Console []Run
}

// Report counts what was checked and lists every broken promise.
type Report struct {
	News, Moves, Invalid, Duplicates int // mails the players sent
	Games, Applied                   int // games created, moves recorded
	Notices                          int // notices written to the outbox
	Mails                            int // mails in the players' mailboxes
	Repeats                          int // of those, second deliveries of a Message-ID, same content
	Watches, Says, Strangers         int // WATCH mails, SAY mails, strangers' mails
	Joins                            int // invited players' JOINs
	AskJoins                         int // newcomers' JOINs with an open seat's code, each to be confirmed
	// Undos are the players' UNDOs of their own moves, Agrees and
	// Declines the answers to them; UndoRefused, those pbem rightly
	// refused (something secret revealed since, the undo settled
	// already, the game over); Undone, the undos that took moves back.
	Undos, Agrees, Declines, UndoRefused, Undone int
	// Settings are the players' DIGEST, VACATION and AUTO lines, Digests
	// the digests the clock sent.
	Settings, Digests int
	// Listed are the moves players mailed while it was not their turn,
	// which pbem kept as a programmed list; FromLists, the moves it
	// played from the lists as the turns came; Dropped, the lists it
	// dropped (the next move no longer legal, or the stage over).
	Listed, FromLists, Dropped int
	// Replaced are the moves pbem played to take back a plan that a
	// player's new plan replaced.
	Replaced int
	// Abandoned are the seats the clock gave up on after too many
	// timeouts; ForGood, the moves pbem then played for them.
	Abandoned, ForGood int
	// Expels are the hosts' EXPEL mails, Expelled the seats they took
	// from their players; ExpelledRefused, the expelled players' mails
	// that pbem then rightly refused.
	Expels, Expelled, ExpelledRefused int
	// Replaces are the hosts' REPLACE mails, Replaced the seats they gave
	// newcomers, Unheard the mails the seats' old players wrote to the
	// game afterwards, which pbem rightly read as nobody's of the game
	// and let be.
	Replaces, ReplacedSeats, Unheard int
	// SeatsTaken are the open seats newcomers took with a JOIN of the
	// game and its code, which the host passed on.
	SeatsTaken int
	// Ifs are the players' conditional moves, IfRefused those pbem
	// rightly refused (the seat's turn again, or its game over, by the
	// time it read them), FromIfs the moves it played from them.
	Ifs, IfRefused, FromIfs int
	// Accepts are the deals players accepted by mail.
	Accepts int
	// Deals are the answers players sent to offers their boards showed
	// made to them, in turn or not; DealRefused of them were refused (the
	// offer withdrawn, lapsed or no longer backed by then).
	Deals, DealRefused int
	Forced             int // moves pbem played as a seat's only legal move
	Stale              int // moves not played, rightly answered as stale
	// Superseded are moves not played and rightly refused: nothing the
	// seat could see had changed, but the move was no longer legal (a
	// reply to an older prompt of a turn it played), or the game was
	// paused when it came.
	Superseded int
	// Late are moves that answered a prompt after a newer one of the game
	// had come; Held, moves the player kept a while before answering.
	Late, Held int
	// Polite are moves with a greeting or a sign-off, played with no answer
	// of their own; Styles counts the moves by the mail client that wrote them.
	Polite int
	Styles map[string]int
	// Commands are the command lines the operator ran, Disturbed those
	// that failed for the service was killed under them, Paused the
	// games they paused and resumed.
	Commands, Disturbed, Paused, Deadlines int
	// Clocked are the events the clock recorded at the operator's ticks,
	// TimedOut of them the moves pbem played for a seat out of time.
	Clocked, TimedOut int
	// Kinds counts the games by kind: the game, its variants and its
	// number of players, e.g. "<game> <variant>, 2 players".
	Kinds map[string]int
	// Of the notices, how many were owed to healthy recipients, to the
	// recipient whose server answered 4xx and to the one that answered 5xx.
	Healthy, Waiting, Refused int
	Observed                  int // of the healthy, those to a healthy observer
	Told                      int // hosts told that mail to an address of their game was refused
	// The healthy recipients' wait from a notice written to its arrival:
	// the longest, and the one 99% of notices stayed within.
	MaxLag, P99Lag time.Duration
	Problems       []string
}

func (r *Report) problem(format string, args ...any) {
	r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
}

// Check compares the outcome with what the players sent. Every NEW made
// one game, every valid move was recorded exactly once right after the
// prompt it answers (or answered as stale, where seats act at once), each
// WATCH and SAY once, no bad move or repeated mail changed anything,
// every bad move was answered, each stranger got the answer owed or
// silence, every game ended, and every notice reached its recipient at
// least once and always with the same content. Where the outcome says
// so, it also checks the notices held at the end against the bad
// recipients, that hosts were told of mail refused for good, and how
// long healthy recipients waited for their mail.
func Check(sent []Sent, out Outcome) Report {
	sent = promptsAsEvents(sent, out.Games)
	var r Report
	byKey := map[string]Sent{}
	for _, s := range sent {
		switch s.Kind {
		case KindNew:
			r.News++
		case KindMove:
			r.Moves++
			if strings.HasPrefix(s.Move, "ACCEPT ") {
				r.Accepts++
			}
		case KindDeal:
			r.Deals++
			if strings.HasPrefix(s.Move, "ACCEPT ") {
				r.Accepts++
			}
		case KindInvalid:
			r.Invalid++
		case KindDuplicate:
			r.Duplicates++
			continue
		case KindWatch:
			r.Watches++
		case KindSay:
			r.Says++
		case KindJoin:
			r.Joins++
		case KindAskJoin:
			r.AskJoins++
		case KindStranger:
			r.Strangers++
		case KindUndo:
			r.Undos++
		case KindAgree:
			r.Agrees++
		case KindDecline:
			r.Declines++
		case KindSetting:
			r.Settings++
		case KindExpel:
			r.Expels++
		case KindReplace:
			r.Replaces++
		case KindIf:
			r.Ifs++
		}
		byKey[mail.InboxKey(s.MessageID, nil)] = s
	}
	applied, facts := checkGames(&r, byKey, out.Games, out.Changed, out.Move)
	answers := checkMail(&r, out)
	written := answersWritten(out.Notices)
	notices := map[string]mail.Notice{}
	for _, n := range out.Notices {
		notices[n.ID] = n
	}
	answerNotices := func(key string) []mail.Notice {
		var out []mail.Notice
		for _, id := range answers[key] {
			out = append(out, notices[id])
		}
		return out
	}
	for key, s := range byKey {
		n := applied[key]
		if n == 0 && facts[s.Game].refusedExpelled(s, written[key], notices) {
			r.ExpelledRefused++
			continue
		}
		if n == 0 && facts[s.Game].replacedBefore(s, out.InboxSeq) {
			// The seat was no longer theirs: the mail is nobody's of the
			// game, and pbem says nothing to an address it does not know.
			r.Unheard++
			if a := written[key]; len(a) > 0 {
				r.problem("%s's %s %q (%s) to game %s, written after its host gave seat %d to someone else, was answered with %s, want silence", s.From, s.Kind, s.Move, s.MessageID, s.Game, s.Seat, strings.Join(a, ", "))
			}
			continue
		}
		switch s.Kind {
		case KindMove:
			countMove(&r, s)
			a := answerNotices(key)
			if n == 0 {
				switch facts[s.Game].unplayed(s, a) {
				case "stale":
					r.Stale++
					continue
				case "superseded":
					r.Superseded++
					continue
				}
			}
			if n != 1 {
				r.problem("%s %s %q (%s) was applied %d times, want once%s", s.From, s.Kind, s.Move, s.MessageID, n, since(out.Games[s.Game], s, a))
			}
			// A move played is not answered: its own mail says it was
			// played, greetings and sign-offs around it or not.
			if len(a) > 0 {
				r.problem("%s %s %q (%s, after event %d of game %s) was answered with %s", s.From, s.Kind, s.Move, s.MessageID, s.Prompt, s.Game, describeAnswers(a))
			}
		case KindNew:
			if n != 1 {
				r.problem("%s %s %q (%s) was applied %d times, want once", s.From, s.Kind, s.Move, s.MessageID, n)
			}
			if a := answers[key]; len(a) > 0 {
				r.problem("%s %s %q (%s) was answered with %s", s.From, s.Kind, s.Move, s.MessageID, strings.Join(a, ", "))
			}
		case KindInvalid:
			if n != 0 {
				r.problem("%s's bad move %q (%s) was applied", s.From, s.Move, s.MessageID)
			}
			// A bad move to a prompt something since has made stale is
			// answered as stale, not looked at.
			if a := answerNotices(key); (len(a) != 1 || answerKind(a[0].ID) != "rejected") && facts[s.Game].unplayed(s, a) != "stale" {
				r.problem("%s's bad move %q (%s) was answered with %q, want one refusal", s.From, s.Move, s.MessageID, answers[key])
			}
		case KindWatch:
			if n != s.Watch {
				r.problem("%s's WATCH (%s) added %d observers to game %s, want %d", s.From, s.MessageID, n, s.Game, s.Watch)
			}
			if a := written[key]; len(a) > 0 {
				r.problem("%s's WATCH (%s) was answered with %s", s.From, s.MessageID, strings.Join(a, ", "))
			}
		case KindSay:
			a := written[key]
			if n == 0 && len(a) == 1 && answerKind(a[0]) == "error" && saysOver(out.Notices, a[0]) {
				// The game ended (a move pbem played at a time out, the
				// other seats' moves) before pbem read it: refused, once.
				break
			}
			if n != 1 {
				r.problem("%s's SAY (%s) was applied %d times, want once", s.From, s.MessageID, n)
			}
			if len(a) > 0 {
				r.problem("%s's SAY (%s) was answered with %s", s.From, s.MessageID, strings.Join(a, ", "))
			}
		case KindAskJoin:
			if n != 0 {
				r.problem("%s's JOIN with a code (%s) to game %s was applied %d times, want never: it asks for a confirmation", s.From, s.MessageID, s.Game, n)
			}
			if a := written[key]; len(a) != 1 {
				r.problem("%s's JOIN with a code (%s) was answered with %q, want one confirmation", s.From, s.MessageID, a)
			}
		case KindJoin:
			if n != 1 {
				r.problem("%s's JOIN (%s) to game %s was applied %d times, want once", s.From, s.MessageID, s.Game, n)
			}
			if a := written[key]; len(a) > 0 {
				r.problem("%s's JOIN (%s) was answered with %s", s.From, s.MessageID, describeAnswers(answerNotices(key)))
			}
		case KindStranger:
			checkStranger(&r, s, n, written[key], out.Inbox, key)
		case KindExpel, KindReplace:
			// Recorded once and not answered (every player is told), or
			// refused once: the game was over by then.
			a := written[key]
			if n == 1 && len(a) == 0 || n == 0 && len(a) == 1 && saysOver(out.Notices, a[0]) {
				break
			}
			r.problem("%s's %s (%s, in game %s after event %d) was recorded %d times and answered with %q, want once and no answer, or a refusal as the game was over", s.From, s.Move, s.MessageID, s.Game, s.Prompt, n, a)
		case KindUndo, KindAgree, KindDecline, KindSetting, KindIf, KindDeal:
			// Recorded once and not answered (the mail about the undo or
			// the setting tells; a conditional move is secret; a deal's
			// answer is a move the game did not wait for), or refused
			// once with the reason (an offer withdrawn or lapsed by then).
			a := written[key]
			switch {
			case n == 1 && len(a) == 0:
			case n == 0 && len(a) == 1 && slices.Contains([]string{"rejected", "error", "stale"}, answerKind(a[0])):
				switch s.Kind {
				case KindIf:
					r.IfRefused++
				case KindDeal:
					r.DealRefused++
				default:
					r.UndoRefused++
				}
			default:
				r.problem("%s's %s (%s, in game %s after event %d) was recorded %d times and answered with %q, want once and no answer, or a refusal", s.From, s.Move, s.MessageID, s.Game, s.Prompt, n, a)
			}
		}
	}
	if out.Bad == nil && out.Failed > 0 {
		r.problem("%d notices were refused for good", out.Failed)
	}
	checkHeld(&r, out)
	checkConsole(&r, out)
	checkUndelivered(&r, out)
	checkLag(&r, out)
	return r
}

// checkStranger checks that a stranger's mail was read, changed no game
// (applied n times) and got the answer it should, or silence.
func checkStranger(r *Report, s Sent, n int, answers []string, inbox map[string]bool, key string) {
	if inbox != nil && !inbox[key] {
		r.problem("%s's mail %q (%s) was never read", s.From, s.Move, s.MessageID)
	}
	if n != 0 {
		r.problem("%s's mail %q (%s) changed a game %d times", s.From, s.Move, s.MessageID, n)
	}
	switch {
	case s.Expect == "" && len(answers) > 0:
		r.problem("%s's mail %q (%s) was answered with %s, want silence", s.From, s.Move, s.MessageID, strings.Join(answers, ", "))
	case s.Expect != "" && (len(answers) != 1 || answerKind(answers[0]) != s.Expect):
		r.problem("%s's mail %q (%s) was answered with %q, want one %s", s.From, s.Move, s.MessageID, answers, s.Expect)
	}
}

// answersWritten returns the Message-IDs of the answers pbem wrote to
// players' mails, by the inbox key they answer.
func answersWritten(notices []mail.Notice) map[string][]string {
	out := map[string][]string{}
	for _, n := range notices {
		if id, ok := notice.ParseMessageID(n.ID); ok && id.Answers != "" && !slices.Contains(out[id.Answers], n.ID) {
			out[id.Answers] = append(out[id.Answers], n.ID)
		}
	}
	return out
}

// answerKind is the kind an answer's Message-ID names.
func answerKind(s string) string {
	if id, ok := notice.ParseMessageID(s); ok && id.Answers != "" {
		return id.Kind
	}
	return ""
}

// checkHeld checks how every notice stands at the end: a healthy
// recipient's sent, the 4xx recipient's waiting, the 5xx recipient's
// failed and recorded on pbem.failed, and none dead.
func checkHeld(r *Report, out Outcome) {
	if out.States == nil {
		return
	}
	owed := map[string]bool{} // the Message-IDs that must be on pbem.failed
	for _, n := range out.Notices {
		want := mail.StateSent
		switch code := out.Bad[strings.ToLower(n.To)]; {
		case code == 0:
			r.Healthy++
			if id, _ := notice.ParseMessageID(n.ID); id.ToObserver() {
				r.Observed++
			}
		case code < 500:
			r.Waiting++
			want = mail.StateWaiting
		default:
			r.Refused++
			want = mail.StateFailed
			owed[n.ID] = true
		}
		if got := out.States[n.ID]; got != want {
			r.problem("<%s> (%s to %s) is %s, want %s", n.ID, n.Kind, n.To, got, want)
		}
	}
	if out.Bad == nil {
		return
	}
	recorded := map[string]int{}
	for _, id := range out.FailedIDs {
		recorded[id]++
		if !owed[id] {
			r.problem("<%s> is recorded as failed, but it is no notice to the recipient whose server refuses for good", id)
		}
	}
	for id := range owed {
		if recorded[id] == 0 {
			r.problem("<%s> was refused for good but is not recorded on %s", id, mail.FailedSubject)
		}
	}
}

// checkUndelivered checks that the host of each game whose mail to an
// address was refused for good was told so, once per address, and that
// nobody was told of any other address.
func checkUndelivered(r *Report, out Outcome) {
	if out.Bad == nil {
		return
	}
	owed := map[string]bool{} // game and address refused in it
	for _, n := range out.Notices {
		if code := out.Bad[strings.ToLower(n.To)]; code >= 500 && n.Game != "" {
			owed[n.Game+" "+strings.ToLower(n.To)] = true
		}
	}
	told := map[string]string{} // game and address: the Message-ID that told
	for _, n := range out.Notices {
		m, ok := notice.ParseMessageID(n.ID)
		if !ok || m.Kind != notice.KindUndelivered || m.Notice() {
			continue
		}
		addr := m.To
		k := m.Game + " " + addr
		if id, twice := told[k]; twice && id != n.ID {
			r.problem("the host of game %s was told twice that mail to %s was refused: %s and %s", m.Game, addr, id, n.ID)
		}
		told[k] = n.ID
		if !owed[k] {
			r.problem("<%s> tells the host of game %s that mail to %s was refused, but none was", n.ID, m.Game, addr)
		}
		var created events.GameCreated
		if evs := out.Games[m.Game]; len(evs) > 0 {
			_ = json.Unmarshal(evs[0].Payload, &created)
		}
		if !strings.EqualFold(n.To, created.Host) {
			r.problem("<%s> went to %s, not to the host of game %s (%s)", n.ID, n.To, m.Game, created.Host)
		}
	}
	for k := range owed {
		if told[k] == "" {
			game, addr, _ := strings.Cut(k, " ")
			r.problem("the host of game %s was never told that mail to %s was refused", game, addr)
		}
	}
	r.Told = len(told)
}

// checkLag measures how long each healthy recipient's mail took from
// being written to arriving, and checks it against the bound.
func checkLag(r *Report, out Outcome) {
	if out.Written == nil || out.Arrived == nil {
		return
	}
	var lags []time.Duration
	for _, n := range out.Notices {
		addr := strings.ToLower(n.To)
		if _, box := out.Boxes[addr]; !box || out.Bad[addr] != 0 {
			continue
		}
		at, ok := out.Arrived[addr+" "+n.ID]
		if !ok {
			continue // checkMail names it
		}
		lag := max(at.Sub(out.Written[n.ID]), 0)
		lags = append(lags, lag)
		if out.Bound > 0 && lag > out.Bound {
			r.problem("%s got <%s> (%s) %v after it was written, more than %v", n.To, n.ID, n.Kind, lag.Round(time.Millisecond), out.Bound)
		}
	}
	if len(lags) == 0 {
		return
	}
	slices.Sort(lags)
	r.MaxLag, r.P99Lag = lags[len(lags)-1], lags[(len(lags)*99)/100]
}

// gameFacts is what the checks of the players' mail need to know of a
// game.
type gameFacts struct {
	changes   map[int][]uint64                             // per seat, the events that changed something for it (Outcome.Changed); nil: not known
	move      func(n uint64, seat int, move string) string // Outcome.Move for the game; nil: not known
	own       map[int][]uint64                             // per seat, its moves
	paused    []uint64                                     // the events that paused or resumed the game, in order
	lists     map[int][]string                             // per seat, its programmed list as last kept
	answered  map[int]map[uint64]uint64                    // per seat and prompt, the event at which pbem played the seat's first answer to it
	abandoned map[int]uint64                               // the seats pbem plays for good, and since which event
	expelled  map[int]uint64                               // the seats the host expelled, and at which event first
	players   []string                                     // the address of each seat's player, as it stands
	replaced  map[int][]replacement                        // per seat, the players the host replaced
	waiting   []uint64                                     // the events that made the game wait for a newcomer and that ended the wait, in order
	ifs       map[int][]events.ConditionalSet              // per seat, its conditional moves since its last move
}

// replacement is a seat's player the host replaced, and the inbox key of
// the mail that did.
type replacement struct{ old, key string }

// replacedBefore says whether s, from a seat's player, came after the
// mail that gave the seat to someone else, in the order pbem reads the
// game's mail.
func (g gameFacts) replacedBefore(s Sent, inboxSeq map[string]uint64) bool {
	mine := inboxSeq[mail.InboxKey(s.MessageID, nil)]
	return mine > 0 && slices.ContainsFunc(g.replaced[s.Seat], func(r replacement) bool {
		return strings.EqualFold(r.old, s.From) && inboxSeq[r.key] > 0 && inboxSeq[r.key] < mine
	})
}

// refusedExpelled says whether s, a mail from a seat's player that pbem
// did not apply, was rightly refused as the host had expelled the seat
// before pbem read it: one refusal saying so, shown at an event no
// earlier than the expulsion.
func (g gameFacts) refusedExpelled(s Sent, answers []string, notices map[string]mail.Notice) bool {
	at, ok := g.expelled[s.Seat]
	if !ok || s.Game == "" || len(answers) != 1 {
		return false
	}
	a := notices[answers[0]]
	return answerKind(a.ID) == "rejected" && strings.Contains(a.Fields["reason"], "expelled you") && a.Seq >= at
}

// same says whether written, by seat after event n, is the move recorded
// as played: the same text, or what the rules make of it then.
func (g gameFacts) same(n uint64, seat int, written, played string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(written), " "), played) || g.move != nil && g.move(n, seat, written) == played
}

// changedIn says whether something changed for seat after event lo and
// no later than event hi.
func (g gameFacts) changedIn(seat int, lo, hi uint64) bool {
	in := func(e uint64) bool { return e > lo && e <= hi }
	if g.changes == nil {
		// Without the rules' word, any other seat's move changes what a
		// seat may do.
		for other, moves := range g.own {
			if other != seat && slices.ContainsFunc(moves, in) {
				return true
			}
		}
		return false
	}
	return slices.ContainsFunc(g.changes[seat], in)
}

// pausedWithin says whether the game was paused at some moment after
// event lo and no later than event hi.
func (g gameFacts) pausedWithin(lo, hi uint64) bool { return within(g.paused, lo, hi) }

// pausedAt says whether the game was paused after event seq.
func (g gameFacts) pausedAt(seq uint64) bool { return at(g.paused, seq) }

// within says whether, of spans that marks open and close in turn (the
// events that paused and resumed a game, say), one was open at some
// moment after event lo and no later than event hi.
func within(marks []uint64, lo, hi uint64) bool {
	for i, e := range marks {
		if e > lo && e <= hi && i%2 == 0 { // an opening
			return true
		}
	}
	return at(marks, lo)
}

// at says whether, of spans that marks open and close in turn, one was
// open after event seq.
func at(marks []uint64, seq uint64) bool {
	n := 0
	for _, e := range marks {
		if e <= seq {
			n++
		}
	}
	return n%2 == 1
}

// unplayed says how s, a move or bad move pbem did not play, was rightly
// answered, "" when it was not: "stale" when answered once as stale, with
// the prompt it answers named, and something changed for the seat between
// that prompt and the event at which pbem read it (the answer's event);
// "superseded" when refused once, nothing having changed for the seat in
// that time, and the game paused then (the host stopped all moves) or the
// move no longer legal, as the rules say (it answers a turn the seat
// played already, or something it cannot see took the move away); without
// the rules' word, the seat must have moved since.
func (g gameFacts) unplayed(s Sent, answers []mail.Notice) string {
	if len(answers) != 1 {
		return ""
	}
	a := answers[0]
	changed := g.changedIn(s.Seat, s.Prompt, a.Seq)
	switch answerKind(a.ID) {
	case "stale":
		if changed && a.Fields["since"] == strconv.FormatUint(s.Prompt, 10) {
			return "stale"
		}
	case "rejected":
		gone := slices.ContainsFunc(g.own[s.Seat], func(e uint64) bool { return e > s.Prompt && e <= a.Seq })
		if g.move != nil {
			gone = g.move(a.Seq, s.Seat, s.Move) == ""
		}
		// Another answer of the seat's to the same prompt was played
		// first: pbem keeps a turn's first answer (a second bid where the
		// rules would let it replace the first).
		if first, ok := g.answered[s.Seat][s.Prompt]; ok && first <= a.Seq {
			gone = true
		}
		if since, ok := g.abandoned[s.Seat]; ok && since <= a.Seq {
			gone = true // pbem plays the seat for good now
		}
		// The game paused when pbem read the move: at its answer, or,
		// the answer naming the pause, at some moment since the prompt
		// (the operator resumed it before the answer was written).
		paused := g.pausedAt(a.Seq) || strings.Contains(a.Fields["reason"], "paused") && g.pausedWithin(s.Prompt, a.Seq)
		// Or it waited for a newcomer the host gave a seat to say they
		// play.
		paused = paused || strings.Contains(a.Fields["reason"], "invited player") && within(g.waiting, s.Prompt, a.Seq)
		if !changed && (gone || paused) {
			return "superseded"
		}
	}
	return ""
}

// since tells the events of a game from the prompt s answered to the
// event its answer shows, when it has one answer.
func since(evs []events.Event, s Sent, a []mail.Notice) string {
	if len(a) != 1 || a[0].Seq > uint64(len(evs)) || s.Prompt >= a[0].Seq {
		return ""
	}
	var out []string
	for _, e := range evs[s.Prompt:a[0].Seq] {
		out = append(out, fmt.Sprintf("%d %s of actor %d", e.Seq, e.Type, e.Actor))
	}
	return "; from its prompt to its answer came events " + strings.Join(out, ", ")
}

// describeAnswers tells what answers say: Message-ID, the event of the
// game they show, and their fields (a refusal's reason, a stale answer's
// event).
func describeAnswers(a []mail.Notice) string {
	var out []string
	for _, n := range a {
		out = append(out, fmt.Sprintf("%s (after event %d, %v)", n.ID, n.Seq, n.Fields))
	}
	return strings.Join(out, ", ")
}

// countMove counts a move by how the player sent it.
func countMove(r *Report, s Sent) {
	if s.Late {
		r.Late++
	}
	if s.Held {
		r.Held++
	}
	if len(s.Ignored) > 0 {
		r.Polite++
	}
	if s.Style != "" {
		if r.Styles == nil {
			r.Styles = map[string]int{}
		}
		r.Styles[s.Style]++
	}
}

// checkGames checks every history and returns how often each mail was
// applied, by inbox key, and what the players' mail checks need of each
// game.
func checkGames(r *Report, byKey map[string]Sent, games map[string][]events.Event, changed map[string]map[int][]uint64,
	move func(game string, n uint64, seat int, move string) string) (map[string]int, map[string]gameFacts) {
	applied := map[string]int{}
	facts := map[string]gameFacts{}
	for id, evs := range games {
		r.Games++
		if len(evs) == 0 || evs[0].Type != events.TypeGameCreated {
			r.problem("game %s does not start with GameCreated", id)
			continue
		}
		var created events.GameCreated
		if err := json.Unmarshal(evs[0].Payload, &created); err != nil {
			r.problem("game %s event 1: %v", id, err)
		}
		if r.Kinds == nil {
			r.Kinds = map[string]int{}
		}
		r.Kinds[strings.Join(append([]string{created.Game}, created.Variants...), " ")+fmt.Sprintf(", %d players", len(created.Players))]++
		key, _, _ := strings.Cut(evs[0].Source, "#")
		if s, ok := byKey[key]; !ok || s.Kind != KindNew {
			r.problem("game %s was created by %q, which is no NEW a player sent", id, evs[0].Source)
		}
		applied[key]++
		f := gameFacts{changes: changed[id], own: map[int][]uint64{}, lists: map[int][]string{}, answered: map[int]map[uint64]uint64{}, abandoned: map[int]uint64{}, expelled: map[int]uint64{},
			replaced: map[int][]replacement{}, ifs: map[int][]events.ConditionalSet{}}
		for _, p := range created.Players {
			f.players = append(f.players, p.Address)
		}
		if move != nil {
			f.move = func(n uint64, seat int, m string) string { return move(id, n, seat, m) }
		}
		for _, e := range evs[1:] {
			switch e.Type {
			case events.TypeMovePlayed:
				r.Applied++
				key, _, _ := strings.Cut(e.Source, "#")
				var mp events.MovePlayed
				if err := json.Unmarshal(e.Payload, &mp); err != nil {
					r.problem("game %s event %d: %v", id, e.Seq, err)
					continue
				}
				ifs := f.ifs[mp.Seat]
				f.ifs[mp.Seat] = nil // a seat's move uses or drops its conditional moves
				if mp.Conditional {
					// pbem played the seat's conditional move as the event
					// before was the move it named.
					r.FromIfs++
					var prev events.MovePlayed
					if b := evs[e.Seq-2]; b.Type == events.TypeMovePlayed {
						_ = json.Unmarshal(b.Payload, &prev)
					}
					if !slices.ContainsFunc(ifs, func(c events.ConditionalSet) bool {
						return c.If == prev.Move && f.same(e.Seq-1, mp.Seat, c.Then, mp.Move)
					}) {
						r.problem("game %s event %d: seat %d played %s as a conditional move after %q, and its conditional moves were %+v", id, e.Seq, mp.Seat, mp.Move, prev.Move, ifs)
					}
					f.own[mp.Seat] = append(f.own[mp.Seat], e.Seq)
					continue
				}
				if _, take, _ := strings.Cut(e.Source, "#"); strings.Contains(take, ".take") {
					// A plan mailed again replaces the last: pbem takes
					// back what the seat placed before playing the
					// mail's first move, which counts once.
					r.Replaced++
					f.own[mp.Seat] = append(f.own[mp.Seat], e.Seq)
					continue
				}
				if mp.Queued {
					// pbem played it from the seat's programmed list as
					// its turn came: the mail that listed it was applied
					// when pbem kept the list.
					r.FromLists++
					if !slices.ContainsFunc(f.lists[mp.Seat], func(m string) bool { return f.same(e.Seq-1, mp.Seat, m, mp.Move) }) {
						r.problem("game %s event %d: seat %d played %s from its list, which holds %q", id, e.Seq, mp.Seat, mp.Move, f.lists[mp.Seat])
					}
					f.own[mp.Seat] = append(f.own[mp.Seat], e.Seq)
					continue
				}
				if _, gone := f.abandoned[mp.Seat]; gone && mp.Timeout {
					// pbem plays the seat for good (too many timeouts): its
					// moves follow whatever event made it the seat's turn,
					// a tick or another player's mail.
					r.ForGood++
					f.own[mp.Seat] = append(f.own[mp.Seat], e.Seq)
					continue
				}
				if mp.Forced {
					// pbem played the seat's only legal move after what
					// came before it: the rules replayed it (Changes, pbem
					// verify); it answers no mail of the seat's.
					r.Forced++
					f.own[mp.Seat] = append(f.own[mp.Seat], e.Seq)
					continue
				}
				applied[key]++
				s, ok := byKey[key]
				switch {
				case mp.Timeout && strings.HasPrefix(e.Source, ClockSource):
					// pbem played for the seat out of time: checkConsole
					// checks a tick asked for it; what it played, the
					// rules replayed (Changes, pbem verify).
					r.TimedOut++
					continue
				case !ok || s.Kind != KindMove && s.Kind != KindDeal:
					r.problem("game %s event %d: move %s by seat %d from %q, which is no move a player sent", id, e.Seq, mp.Move, mp.Seat, e.Source)
				case s.Kind == KindDeal && (s.Game != id || s.Seat != mp.Seat || s.Move != mp.Move):
					r.problem("game %s event %d: seat %d played %s; the mail %s was seat %d's answer %s to an offer in game %s", id, e.Seq, mp.Seat, mp.Move, s.MessageID, s.Seat, s.Move, s.Game)
				case s.Kind == KindDeal:
					// A move the game waits for nobody to make: played
					// when read, whatever came since the mail it answers.
				case s.Game != id || s.Seat != mp.Seat || !f.same(e.Seq-1, mp.Seat, s.Move, mp.Move) || s.Prompt >= e.Seq || f.changedIn(mp.Seat, s.Prompt, e.Seq-1):
					// Nothing that changed what the seat sees and may do
					// may come between a prompt and its answer played:
					// an observer, a SAY, a pause, the seat's own moves,
					// or where seats act at once another seat's hidden
					// move may.
					var between []string // what changed for the seat since the prompt
					for _, b := range evs[min(s.Prompt, e.Seq-1) : e.Seq-1] {
						if f.changedIn(mp.Seat, b.Seq-1, b.Seq) {
							between = append(between, fmt.Sprintf("event %d, a %s of actor %d from %q at %s", b.Seq, b.Type, b.Actor, b.Source, b.Time.UTC().Format("15:04:05.000")))
						}
					}
					r.problem("game %s event %d (at %s): seat %d played %s; the mail %s was seat %d's %s for game %s after event %d, and what the seat may do changed since: %s",
						id, e.Seq, e.Time.UTC().Format("15:04:05.000"), mp.Seat, mp.Move, s.MessageID, s.Seat, s.Move, s.Game, s.Prompt, strings.Join(between, "; "))
				}
				f.own[mp.Seat] = append(f.own[mp.Seat], e.Seq)
				if ok && s.Kind == KindMove {
					if f.answered[mp.Seat] == nil {
						f.answered[mp.Seat] = map[uint64]uint64{}
					}
					if _, seen := f.answered[mp.Seat][s.Prompt]; !seen {
						f.answered[mp.Seat][s.Prompt] = e.Seq
					}
				}
			case events.TypeObserverChanged:
				key, _, _ := strings.Cut(e.Source, "#")
				applied[key]++
				if s, ok := byKey[key]; !ok || s.Kind != KindWatch && s.Kind != KindJoin || s.Game != id {
					r.problem("game %s event %d: an observer changed by %q, which is no WATCH a host sent nor an observer's JOIN", id, e.Seq, e.Source)
				}
			case events.TypeInvitationAnswered:
				key, _, _ := strings.Cut(e.Source, "#")
				applied[key]++
				if s, ok := byKey[key]; !ok || s.Kind != KindJoin || s.Game != id {
					r.problem("game %s event %d: an invitation answered by %q, which is no JOIN a player sent", id, e.Seq, e.Source)
				}
				if len(f.waiting)%2 == 1 {
					f.waiting = append(f.waiting, e.Seq)
				}
			case events.TypePlayerReplaced:
				var pr events.PlayerReplaced
				if err := json.Unmarshal(e.Payload, &pr); err != nil || pr.Seat < 0 || pr.Seat >= len(f.players) {
					r.problem("game %s event %d: %s replaces no seat (%v)", id, e.Seq, e.Payload, err)
					continue
				}
				key, _, _ := strings.Cut(e.Source, "#")
				applied[key]++
				s, ok := byKey[key]
				switch {
				case ok && s.Kind == KindJoin && f.players[pr.Seat] == "":
					// A newcomer took the open seat with the line the host
					// passed on.
					r.SeatsTaken++
					if s.Game != id || s.Seat != pr.Seat || !strings.EqualFold(s.From, pr.Address) {
						r.problem("game %s event %d: open seat %d taken by %s with %s's JOIN (%s), which was for seat %d of game %s", id, e.Seq, pr.Seat, pr.Address, s.From, s.MessageID, s.Seat, s.Game)
					}
				case !ok || s.Kind != KindReplace || s.Game != id || !strings.EqualFold(s.Move, fmt.Sprintf("REPLACE %d WITH %s", pr.Seat, pr.Address)):
					r.problem("game %s event %d: seat %d given to %s from %q, which is no REPLACE of it its host sent nor a newcomer's JOIN of an open seat", id, e.Seq, pr.Seat, pr.Address, e.Source)
				default:
					r.ReplacedSeats++
				}
				f.replaced[pr.Seat] = append(f.replaced[pr.Seat], replacement{old: f.players[pr.Seat], key: key})
				f.players[pr.Seat] = pr.Address
				if pr.Invited && len(f.waiting)%2 == 0 {
					f.waiting = append(f.waiting, e.Seq)
				}
			case events.TypeUndoProposed, events.TypeUndoAnswered, events.TypeMovesUndone:
				key, _, _ := strings.Cut(e.Source, "#")
				s, ok := byKey[key]
				want := map[string][]string{events.TypeUndoProposed: {KindUndo}, events.TypeUndoAnswered: {KindAgree, KindDecline},
					events.TypeMovesUndone: {KindUndo, KindAgree}}[e.Type]
				if !ok || !slices.Contains(want, s.Kind) || s.Game != id {
					r.problem("game %s event %d: a %s from %q (%s %q), which is no %s a player sent", id, e.Seq, e.Type, e.Source, s.Kind, s.Move, strings.ToUpper(strings.Join(want, " or ")))
				}
				if e.Type == events.TypeMovesUndone {
					r.Undone++ // the same mail recorded the undo or its last answer
				} else {
					applied[key]++
				}
			case events.TypeMovesQueued:
				var q events.MovesQueued
				if err := json.Unmarshal(e.Payload, &q); err != nil {
					r.problem("game %s event %d: %v", id, e.Seq, err)
					continue
				}
				if e.Actor == events.SystemActor && q.Skipped != "" { // pbem left out a line IF NEEDED
					f.lists[q.Seat] = q.Moves
					continue
				}
				if e.Actor == events.SystemActor { // pbem dropped the list
					r.Dropped++
					f.lists[q.Seat] = nil
					continue
				}
				r.Listed += len(q.Moves)
				f.lists[q.Seat] = q.Moves
				key, _, _ := strings.Cut(e.Source, "#")
				applied[key]++
				if s, ok := byKey[key]; !ok || s.Kind != KindMove || s.Game != id || s.Seat != q.Seat {
					r.problem("game %s event %d: a list %q for seat %d from %q, which is no move that seat's player sent", id, e.Seq, q.Moves, q.Seat, e.Source)
				}
			case events.TypeConditionalSet:
				var cs events.ConditionalSet
				if err := json.Unmarshal(e.Payload, &cs); err != nil {
					r.problem("game %s event %d: %v", id, e.Seq, err)
					continue
				}
				key, _, _ := strings.Cut(e.Source, "#")
				applied[key]++
				if s, ok := byKey[key]; !ok || s.Kind != KindIf || s.Game != id || s.Seat != cs.Seat {
					r.problem("game %s event %d: a conditional move %+v from %q, which is no IF that seat's player sent", id, e.Seq, cs, e.Source)
				}
				f.ifs[cs.Seat] = append(f.ifs[cs.Seat], cs)
			case events.TypeDigestChanged, events.TypeVacationDeclared, events.TypeAutoChanged:
				key, _, _ := strings.Cut(e.Source, "#")
				applied[key]++
				if s, ok := byKey[key]; !ok || s.Kind != KindSetting || s.Game != id {
					r.problem("game %s event %d: a %s from %q, which is no setting a player sent", id, e.Seq, e.Type, e.Source)
				}
			case events.TypeDigestSent:
				r.Digests++
				if !strings.HasPrefix(e.Source, ClockSource) {
					r.problem("game %s event %d is a %s from %q, which is not the clock", id, e.Seq, e.Type, e.Source)
				}
			case events.TypePlayerSaid:
				key, _, _ := strings.Cut(e.Source, "#")
				applied[key]++
				if s, ok := byKey[key]; !ok || s.Kind != KindSay || s.Game != id {
					r.problem("game %s event %d: a SAY from %q, which is no SAY a player sent", id, e.Seq, e.Source)
				}
			case events.TypeGamePaused, events.TypeGameResumed:
				// checkConsole checks the operator asked for it.
				f.paused = append(f.paused, e.Seq)
			case events.TypeSettingsChanged:
				// checkConsole checks the operator asked for it.
			case events.TypeSeatAbandoned:
				var a events.SeatAbandoned
				if err := json.Unmarshal(e.Payload, &a); err != nil {
					r.problem("game %s event %d: %v", id, e.Seq, err)
					continue
				}
				// The clock gives up on a seat, or its host expels it.
				if strings.HasPrefix(e.Source, ClockSource) {
					r.Abandoned++
				} else {
					key, _, _ := strings.Cut(e.Source, "#")
					applied[key]++
					s, ok := byKey[key]
					if !ok || s.Kind != KindExpel || s.Game != id || s.Move != fmt.Sprintf("EXPEL %d", a.Seat) {
						r.problem("game %s event %d: seat %d given up from %q, which is neither the clock nor an EXPEL of it its host sent", id, e.Seq, a.Seat, e.Source)
					}
					r.Expelled++
					if _, seen := f.expelled[a.Seat]; !seen {
						f.expelled[a.Seat] = e.Seq
					}
				}
				if _, seen := f.abandoned[a.Seat]; !seen {
					f.abandoned[a.Seat] = e.Seq
				}
			case events.TypeReminderSent, events.TypeDeadlinePassed, events.TypeSaysGathered:
				if !strings.HasPrefix(e.Source, ClockSource) {
					r.problem("game %s event %d is a %s from %q, which is not the clock", id, e.Seq, e.Type, e.Source)
				}
			case events.TypeGameEnded:
				if e.Seq != uint64(len(evs)) {
					r.problem("game %s ended at event %d and went on to event %d", id, e.Seq, len(evs))
				}
			default:
				r.problem("game %s event %d is a %s, which no player asked for", id, e.Seq, e.Type)
			}
		}
		if evs[len(evs)-1].Type != events.TypeGameEnded {
			r.problem("game %s is stuck after event %d", id, len(evs))
		}
		facts[id] = f
	}
	return applied, facts
}

// checkMail checks the mailboxes against the outbox and returns the
// Message-IDs of the service's answers to players' mails, by the inbox
// key they answer.
func checkMail(r *Report, out Outcome) map[string][]string {
	notices := map[string]mail.Notice{}
	for _, n := range out.Notices {
		notices[n.ID] = n
	}
	r.Notices = len(notices)
	digests := map[string]string{}
	got := map[string]bool{} // address and Message-ID
	answers := map[string][]string{}
	for addr, box := range out.Boxes {
		for _, c := range box {
			r.Mails++
			n, ok := notices[c.MessageID]
			switch {
			case !ok:
				r.problem("%s got %q (%s), which is in no outbox notice", addr, c.Subject, c.MessageID)
			case !strings.EqualFold(n.To, addr):
				r.problem("%s got %s, which was for %s", addr, c.MessageID, n.To)
			}
			if d, seen := digests[c.MessageID]; !seen {
				digests[c.MessageID] = c.Digest
			} else if d != c.Digest {
				r.problem("two different mails have Message-ID %s (%q)", c.MessageID, c.Subject)
			}
			if got[addr+" "+c.MessageID] {
				r.Repeats++
			}
			got[addr+" "+c.MessageID] = true
			if id, ok := notice.ParseMessageID(c.MessageID); ok && id.Answers != "" && !slices.Contains(answers[id.Answers], c.MessageID) {
				answers[id.Answers] = append(answers[id.Answers], c.MessageID)
			}
		}
	}
	for _, n := range notices {
		addr := strings.ToLower(n.To)
		if _, mine := out.Boxes[addr]; mine && out.Bad[addr] == 0 && !got[addr+" "+n.ID] {
			r.problem("%s never got %s (%s)", n.To, n.ID, n.Kind)
		}
	}
	for addr := range out.Bad {
		if n := len(out.Boxes[addr]); n > 0 {
			r.problem("%s, whose server refuses every mail, got %d", addr, n)
		}
	}
	return answers
}

// saysOver reports whether the answer id refuses its mail because the
// game is over.
func saysOver(notices []mail.Notice, id string) bool {
	return slices.ContainsFunc(notices, func(n mail.Notice) bool { return n.ID == id && strings.HasSuffix(n.Fields["reason"], " is over") })
}

// promptsAsEvents turns the number of the prompt each mail answered, as
// the prompt's X-Pbem-Seq gave it (counting the events its reader may
// know of, notice.VisibleSeq), into that event's Seq in the history.
func promptsAsEvents(sent []Sent, games map[string][]events.Event) []Sent {
	out := slices.Clone(sent)
	for i, s := range out {
		if evs, ok := games[s.Game]; ok && s.Prompt > 0 {
			out[i].Prompt = notice.EventOf(evs, s.Prompt, s.Seat)
		}
	}
	return out
}
