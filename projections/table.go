package projections

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// Table is what a game's history says beyond the rules' state: the host's
// settings, each seat's clock, and the decisions pending. It changes only
// by folding events, so it survives any restart.
type Table struct {
	Settings     events.Settings
	Since        map[int]time.Time // when each seat to move became so, while the clock runs
	Reminded     map[int]bool      // reminded during its current turn
	Late         map[int]bool      // its deadline passed during its current turn
	Timeouts     map[int]int       // moves pbem played for each seat
	Abandoned    map[int]string    // seats pbem plays for good, and why
	Vacations    []events.VacationDeclared
	PausedAt     *time.Time // the game is paused since then
	Undo         *UndoVote  // an undo waiting for answers
	EndVotes     map[int]bool
	Observers    []string
	Asked        map[string]bool   // observers asked by mail who have not yet accepted
	Digest       map[int]bool      // seats that chose DIGEST ON: one mail a day of moves, chat and news
	Quiet        map[int]bool      // seats told of moves in their next mail rather than by a mail each (see QuietFrom)
	Manual       map[int]bool      // seats asked even for their only move (AUTO OFF)
	DigestUpTo   map[int]uint64    // the last event each digest covered
	DigestSince  map[int]time.Time // when each seat's last digest went, or digests began
	Conditionals map[int][]events.ConditionalSet
	Undone       map[uint64]bool  // Seqs of moves taken back
	Queues       map[int][]string // each seat's programmed moves still to play
	QueueStages  map[int]string   // the rules' stage (rules.Staged) each list was sent in
	Says         map[int]SayMail  // where each seat's mail of SAYs stands
	// QueuePhrases are the stages of QueueStages as phrases, of games
	// that say them so (rules.PhrasedStage), to tell a player in their
	// language which stage ended.
	QueuePhrases map[int]rules.Phrase
}

// SayEvery is how often a player gets a mail of SAYs at most: the first
// SAY of a burst goes at once, the others said within SayEvery of it are
// held back and go together once it has passed (SaysGathered), or with
// the next SAY said after it. Twenty SAYs in a minute make two mails, not
// twenty; a player who says something now and then is heard at once.
const SayEvery = 15 * time.Minute

// SayMail is where a seat's mail of SAYs stands.
type SayMail struct {
	At   time.Time // when its last mail of SAYs went
	From uint64    // the Seq of the first SAY that mail gave
	Held uint64    // the Seq of the first SAY held back since; 0 for none
}

// said notes that a SAY of e was recorded: each other player hears of it
// now, or, within SayEvery of their last mail of SAYs, later with the
// rest. A player who chose digests hears of it in the digest, and an
// invited one not at all.
func (g *Game) said(e events.Event, ps events.PlayerSaid) {
	if !ps.Gather {
		return // recorded before SAYs were gathered: it had its own mail
	}
	for _, p := range g.Created.Players {
		if p.Seat == ps.Seat || p.Invited || p.Address == "" || g.Digest[p.Seat] {
			continue
		}
		m := g.Says[p.Seat]
		switch {
		case e.Time.Sub(m.At) >= SayEvery:
			m = SayMail{At: e.Time, From: cmp.Or(m.Held, e.Seq)}
		case m.Held == 0:
			m.Held = e.Seq
		}
		g.Says[p.Seat] = m
	}
}

// QuietFrom is the number of players from which every seat starts quiet:
// with four or more, a mail per move would bury each player in mail about
// moves that ask nothing of them, so each hears of the others' moves in
// the next mail that does (DIGEST OFF asks for a mail per move again).
const QuietFrom = 4

// quietAtStart makes every seat of a game of QuietFrom players or more
// quiet.
func (t *Table) quietAtStart(players int) {
	for s := range players {
		t.Quiet[s] = players >= QuietFrom
	}
}

// UndoVote is an undo proposal and the answers so far.
type UndoVote struct {
	Seat    int // who asked
	Back    uint64
	Answers map[int]bool
}

func newTable() Table {
	return Table{Since: map[int]time.Time{}, Reminded: map[int]bool{}, Late: map[int]bool{},
		Timeouts: map[int]int{}, Abandoned: map[int]string{}, EndVotes: map[int]bool{},
		Digest: map[int]bool{}, Quiet: map[int]bool{}, Manual: map[int]bool{}, Asked: map[string]bool{}, DigestUpTo: map[int]uint64{}, DigestSince: map[int]time.Time{}, Conditionals: map[int][]events.ConditionalSet{},
		Undone: map[uint64]bool{}, Queues: map[int][]string{}, QueueStages: map[int]string{}, Says: map[int]SayMail{}, QueuePhrases: map[int]rules.Phrase{}}
}

// moved notes a move in the table: the mover's clock stops, its pending
// answers lapse, and a conditional move it had is used or dropped.
func (g *Game) moved(mp events.MovePlayed) {
	delete(g.Since, mp.Seat)
	if mp.Timeout {
		g.Timeouts[mp.Seat]++
	}
	g.Conditionals[mp.Seat] = nil
	if q := g.Queues[mp.Seat]; mp.Queued && len(q) > 0 {
		g.Queues[mp.Seat] = q[1:]
	}
	clear(g.EndVotes)
}

// clock starts the clock of every seat that became one to move at t, and
// stops it for those that no longer are. While the game waits for its
// players nobody is to move: the clocks start when the last one is in.
func (g *Game) clock(t time.Time) {
	toAct := map[int]bool{}
	if g.Ended == nil && !g.Waiting() {
		for _, s := range g.State.ToAct() {
			toAct[int(s)] = true
		}
	}
	for s := range g.Since {
		if !toAct[s] {
			delete(g.Since, s)
		}
	}
	for s := range toAct {
		if _, ok := g.Since[s]; !ok {
			g.Since[s] = t
			delete(g.Reminded, s)
			delete(g.Late, s)
		}
	}
}

// applyTable folds the events of long-running games.
func (g *Game) applyTable(e events.Event) error {
	switch e.Type {
	case events.TypeSettingsChanged:
		var p events.SettingsChanged
		return unmarshalThen(e, &p, func() { g.Settings = p.Settings })
	case events.TypeReminderSent:
		var p events.ReminderSent
		return unmarshalThen(e, &p, func() { g.Reminded[p.Seat] = true })
	case events.TypeDeadlinePassed:
		var p events.DeadlinePassed
		return unmarshalThen(e, &p, func() { g.Late[p.Seat] = true })
	case events.TypeSeatAbandoned:
		var p events.SeatAbandoned
		return unmarshalThen(e, &p, func() { g.Abandoned[p.Seat] = p.Reason })
	case events.TypeVacationDeclared:
		var p events.VacationDeclared
		return unmarshalThen(e, &p, func() { g.Vacations = append(g.Vacations, p) })
	case events.TypeGamePaused:
		t := e.Time
		g.PausedAt = &t
	case events.TypeGameResumed:
		if g.PausedAt != nil {
			for s, since := range g.Since { // the pause does not count
				g.Since[s] = since.Add(e.Time.Sub(*g.PausedAt))
			}
		}
		g.PausedAt = nil
	case events.TypeUndoProposed:
		var p events.UndoProposed
		return unmarshalThen(e, &p, func() { g.Undo = &UndoVote{Seat: p.Seat, Back: p.Back, Answers: map[int]bool{}} })
	case events.TypeUndoAnswered:
		var p events.UndoAnswered
		if err := e.Unmarshal(&p); err != nil {
			return err
		}
		if g.Undo == nil {
			return fmt.Errorf("an answer to no undo")
		}
		g.Undo.Answers[p.Seat] = p.Agree
		if !p.Agree {
			g.Undo = nil
		}
	case events.TypeMovesUndone:
		var p events.MovesUndone
		if err := e.Unmarshal(&p); err != nil {
			return err
		}
		return g.takeBack(p.Back)
	case events.TypePlayerReplaced:
		var p events.PlayerReplaced
		return unmarshalThen(e, &p, func() {
			g.Created.Players = slices.Clone(g.Created.Players)
			g.Created.Players[p.Seat] = events.Player{Seat: p.Seat, Name: p.Name, Address: p.Address, Invited: p.Invited}
			delete(g.Abandoned, p.Seat)
			g.Timeouts[p.Seat] = 0
		})
	case events.TypeInvitationAnswered:
		var p events.InvitationAnswered
		return unmarshalThen(e, &p, func() {
			g.Created.Players = slices.Clone(g.Created.Players)
			if p.Accepted {
				g.Created.Players[p.Seat].Invited = false
			} else {
				g.Created.Players[p.Seat] = events.Player{Seat: p.Seat, Open: true}
			}
		})
	case events.TypeEndProposed:
		var p events.EndProposed
		return unmarshalThen(e, &p, func() { g.EndVotes[p.Seat] = true })
	case events.TypeObserverChanged:
		var p events.ObserverChanged
		return unmarshalThen(e, &p, func() {
			known := slices.ContainsFunc(g.Observers, func(a string) bool { return strings.EqualFold(a, p.Address) })
			switch {
			case !p.Watch:
				g.Observers = slices.DeleteFunc(g.Observers, func(a string) bool { return strings.EqualFold(a, p.Address) })
				delete(g.Asked, strings.ToLower(p.Address))
			case known && !p.Invited: // the asked observer accepted, or the operator vouched
				delete(g.Asked, strings.ToLower(p.Address))
			case known: // asked again: nothing changes
			default:
				g.Observers = append(g.Observers, p.Address)
				if p.Invited {
					g.Asked[strings.ToLower(p.Address)] = true
				}
			}
		})
	case events.TypeAutoChanged:
		var p events.AutoChanged
		return unmarshalThen(e, &p, func() { g.Manual[p.Seat] = p.Off })
	case events.TypeDigestChanged:
		var p events.DigestChanged
		return unmarshalThen(e, &p, func() {
			g.Digest[p.Seat], g.Quiet[p.Seat] = p.On, p.On
			g.DigestSince[p.Seat], g.DigestUpTo[p.Seat] = e.Time, e.Seq
		})
	case events.TypeSaysGathered:
		var p events.SaysGathered
		return unmarshalThen(e, &p, func() { g.Says[p.Seat] = SayMail{At: e.Time, From: p.From} })
	case events.TypeDigestSent:
		var p events.DigestSent
		return unmarshalThen(e, &p, func() { g.DigestUpTo[p.Seat], g.DigestSince[p.Seat] = p.UpTo, e.Time })
	case events.TypeMovesQueued:
		var p events.MovesQueued
		return unmarshalThen(e, &p, func() {
			g.Queues[p.Seat] = p.Moves
			g.QueueStages[p.Seat] = Stage(g.State)
			if ps, ok := g.State.(rules.PhrasedStage); ok {
				g.QueuePhrases[p.Seat] = ps.StagePhrase()
			}
		})
	case events.TypeConditionalSet:
		var p events.ConditionalSet
		return unmarshalThen(e, &p, func() { g.Conditionals[p.Seat] = append(g.Conditionals[p.Seat], p) })
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}

// Stage is the stretch of play st is in, for programmed lists: see
// rules.Staged. It is empty for games that do not say.
func Stage(st rules.State) string {
	if s, ok := st.(rules.Staged); ok {
		return s.Stage()
	}
	return ""
}

func unmarshalThen(e events.Event, p any, then func()) error {
	if err := e.Unmarshal(p); err != nil {
		return err
	}
	then()
	return nil
}

// StateAt returns the rules' state as it was after event back, folded
// anew from the moves up to then that still stand.
func (g *Game) StateAt(back uint64) (rules.State, error) {
	st, err := g.Rules.Start(g.Setup)
	if err != nil {
		return nil, err
	}
	for _, m := range g.Moves {
		if m.Seq > back || g.Undone[m.Seq] {
			continue
		}
		if st, err = Play(st, rules.Seat(m.Seat), m.Move); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// takeBack makes the game again what it was after event back; the later
// moves stay in the history, marked undone.
func (g *Game) takeBack(back uint64) error {
	st, err := g.StateAt(back)
	if err != nil {
		return err
	}
	for _, m := range g.Moves {
		if m.Seq > back {
			g.Undone[m.Seq] = true
		}
	}
	g.State, g.Undo = st, nil
	clear(g.Since) // every seat to move starts a fresh turn
	clear(g.EndVotes)
	return nil
}

// Open returns the seats still waiting for a player to JOIN.
func (g *Game) Open() []int {
	var out []int
	for _, p := range g.Created.Players {
		if p.Open {
			out = append(out, p.Seat)
		}
	}
	return out
}

// Invited returns the seats whose invited players have not yet said they
// play.
func (g *Game) Invited() []int {
	var out []int
	for _, p := range g.Created.Players {
		if p.Invited {
			out = append(out, p.Seat)
		}
	}
	return out
}

// Waiting says nobody moves yet: a seat waits for a player to JOIN, or an
// invited player has not yet accepted.
func (g *Game) Waiting() bool {
	return slices.ContainsFunc(g.Created.Players, func(p events.Player) bool { return p.Open || p.Invited })
}

// Playing returns the seats still played by people: not resigned, not
// abandoned.
func (g *Game) Playing() []int {
	var out []int
	for _, p := range g.Created.Players {
		if _, gone := g.Abandoned[p.Seat]; !gone && !slices.Contains(g.Resigned, p.Seat) {
			out = append(out, p.Seat)
		}
	}
	return out
}
