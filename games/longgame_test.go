package games_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/rules/rulestest/nim"
)

// table is a service on a store of its own whose clock stands still
// until a test moves it.
type table struct {
	t   *testing.T
	svc *games.Service
	now time.Time
}

func newTable(t *testing.T) *table {
	tb := &table{t: t, now: time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)}
	tb.svc = &games.Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(atacama.Game, nim.Game{}),
		Now: func() time.Time { return tb.now }, Mailbox: "pbem@example.com"}
	return tb
}

var (
	anaHost = events.Player{Name: "Ana", Address: "ana@example.org"}
	bea     = events.Player{Name: "Bea", Address: "bea@example.net"}
	cyd     = events.Player{Name: "Cyd", Address: "cyd@example.com"}
)

// nim creates a game of nim hosted by Ana among players, with variants.
func (tb *table) nim(players []events.Player, variants ...string) string {
	tb.t.Helper()
	seed := rules.SeedFromInt(11)
	id, err := tb.svc.Create(context.Background(), games.NewGame{Game: "nim", Variants: variants, Players: players, Host: anaHost.Address, Seed: &seed})
	if err != nil {
		tb.t.Fatal(err)
	}
	return id
}

func (tb *table) game(id string) *projections.Game {
	tb.t.Helper()
	g, _, err := tb.svc.Load(context.Background(), id)
	if err != nil {
		tb.t.Fatal(err)
	}
	return g
}

// move plays text for the first seat to act.
func (tb *table) move(id, text string) games.Played {
	tb.t.Helper()
	seat := tb.game(id).State.ToAct()[0]
	p, err := tb.svc.Move(context.Background(), id, seat, text, games.Cause{})
	if err != nil {
		tb.t.Fatalf("seat %d plays %s: %v", seat, text, err)
	}
	return p
}

// types returns the types of the events of game id from event from on.
func (tb *table) types(id string, from uint64) []string {
	tb.t.Helper()
	evs, err := tb.svc.History(context.Background(), id)
	if err != nil {
		tb.t.Fatal(err)
	}
	var out []string
	for _, e := range evs[from-1:] {
		out = append(out, e.Type)
	}
	return out
}

// refused checks that err is a refusal of kind.
func refused(t *testing.T, what string, err, kind error) {
	t.Helper()
	var ge *games.Error
	if !errors.Is(err, kind) || !errors.As(err, &ge) || ge.Msg == "" {
		t.Errorf("%s = %v, want a refusal of kind %v", what, err, kind)
	}
}

func TestSetSettings(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	for _, tt := range []struct {
		name string
		seat rules.Seat
		set  events.Settings
		want events.Settings // what is recorded
		kind error           // the refusal; nil for none
	}{
		{"OK", 0, events.Settings{PerMove: "2d", Reminder: "12h", Grace: "1h", MaxVacation: "3d"}, events.Settings{PerMove: "2d", Reminder: "12h", Grace: "1h", MaxVacation: "3d"}, nil},
		{"Weekdays", 0, events.Settings{PerMove: "2d", Days: []string{"Monday", "TUE"}}, events.Settings{PerMove: "2d", Days: []string{"mon", "tue"}}, nil},
		{"ZoneOfTheDays", 0, events.Settings{Days: []string{"mon"}, Zone: "asia/shanghai"}, events.Settings{Days: []string{"mon"}, Zone: "Asia/Shanghai"}, nil},
		{"ZoneAsOffset", 0, events.Settings{Days: []string{"sun"}, Zone: "+8"}, events.Settings{Days: []string{"sun"}, Zone: "+08:00"}, nil},
		{"ZoneWithoutDays", 0, events.Settings{PerMove: "2d", Zone: "Asia/Shanghai"}, events.Settings{PerMove: "2d"}, nil},
		{"UTC", 0, events.Settings{Days: []string{"mon"}, Zone: "utc"}, events.Settings{Days: []string{"mon"}}, nil},
		{"AnHour", 0, events.Settings{PerMove: "1h"}, events.Settings{PerMove: "1h"}, nil},
		{"OperatorShort", games.Operator, events.Settings{PerMove: "1m"}, events.Settings{PerMove: "1m"}, nil},
		{"TooShort", 0, events.Settings{PerMove: "59m"}, events.Settings{}, games.ErrSetup},
		{"BadSpan", 0, events.Settings{PerMove: "soon"}, events.Settings{}, games.ErrSetup},
		{"BadReminder", 0, events.Settings{Reminder: "-1h"}, events.Settings{}, games.ErrSetup},
		{"BadGrace", 0, events.Settings{Grace: "x"}, events.Settings{}, games.ErrSetup},
		{"BadVacation", 0, events.Settings{MaxVacation: "x"}, events.Settings{}, games.ErrSetup},
		{"BadDay", 0, events.Settings{Days: []string{"mo"}}, events.Settings{}, games.ErrSetup},
		{"ChineseDay", 0, events.Settings{Days: []string{"星期一"}}, events.Settings{}, games.ErrSetup},
		{"BadZone", 0, events.Settings{Days: []string{"mon"}, Zone: "Mars/Olympus"}, events.Settings{}, games.ErrSetup},
		{"NotHost", 1, events.Settings{PerMove: "2d"}, events.Settings{}, games.ErrNotHost},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tb.svc.SetSettings(ctx, id, tt.seat, tt.set, games.Cause{})
			if tt.kind != nil {
				refused(t, "SetSettings", err, tt.kind)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Game.Settings; !slices.Equal(got.Days, tt.want.Days) || got.PerMove != tt.want.PerMove || got.Zone != tt.want.Zone ||
				got.Reminder != tt.want.Reminder || got.Grace != tt.want.Grace || got.MaxVacation != tt.want.MaxVacation {
				t.Errorf("settings recorded = %+v, want %+v", got, tt.want)
			}
		})
	}
	tb.svc.MinDeadline = 3 * time.Hour
	if _, err := tb.svc.SetSettings(ctx, id, 0, events.Settings{PerMove: "2h"}, games.Cause{}); !errors.Is(err, games.ErrSetup) {
		t.Errorf("2h a move with a minimum of 3h = %v, want refused", err)
	}
	if _, err := tb.svc.SetSettings(ctx, id, 0, events.Settings{PerMove: "3h"}, games.Cause{}); err != nil {
		t.Errorf("3h a move with a minimum of 3h = %v, want it taken", err)
	}
}

func TestVacation(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	day := 24 * time.Hour
	from := tb.now.Add(day)
	for _, tt := range []struct {
		name  string
		until time.Time
		ok    bool
	}{
		{"Ends before it starts", from.Add(-time.Hour), false},
		{"Ends as it starts", from, false},
		{"Fourteen days", from.Add(14 * day), true},
		{"Longer", from.Add(14*day + time.Minute), false},
	} {
		_, err := tb.svc.Vacation(ctx, id, 1, from, tt.until, games.Cause{})
		if tt.ok != (err == nil) {
			t.Errorf("%s: Vacation = %v, want ok %v", tt.name, err, tt.ok)
		}
		if err != nil {
			refused(t, tt.name, err, rules.ErrIllegal)
		}
	}
	g := tb.game(id)
	if len(g.Vacations) != 1 || g.Vacations[0].Seat != 1 || !g.Vacations[0].Until.Equal(from.Add(14*day)) {
		t.Errorf("vacations = %+v, want seat 1's fourteen days", g.Vacations)
	}
	if _, err := tb.svc.SetSettings(ctx, id, 0, events.Settings{MaxVacation: "2d"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.svc.Vacation(ctx, id, 0, from, from.Add(3*day), games.Cause{}); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("three days where the host allows two = %v, want refused", err)
	}
	if _, err := tb.svc.Vacation(ctx, id, 0, from, from.Add(2*day), games.Cause{}); err != nil {
		t.Errorf("two days where the host allows two = %v", err)
	}
}

func TestPause(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	seat := tb.game(id).State.ToAct()[0]
	steps := []struct {
		name  string
		by    rules.Seat
		pause bool
		kind  error
	}{
		{"NotHost", 1, true, games.ErrNotHost},
		{"Resume unpaused", 0, false, games.ErrPaused},
		{"Pause", 0, true, nil},
		{"Pause again", games.Operator, true, games.ErrPaused},
		{"Resume", games.Operator, false, nil},
		{"Pause by the operator", games.Operator, true, nil},
		{"Resume by the host", 0, false, nil},
	}
	for _, st := range steps {
		p, err := tb.svc.Pause(ctx, id, st.by, st.pause, games.Cause{})
		if st.kind != nil {
			refused(t, st.name, err, st.kind)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if (p.Game.PausedAt != nil) != st.pause {
			t.Errorf("%s: paused at %v", st.name, p.Game.PausedAt)
		}
		if st.pause {
			_, err := tb.svc.Move(ctx, id, seat, "take 1", games.Cause{})
			refused(t, "a move while paused", err, games.ErrPaused)
		}
	}
	evs, _ := tb.svc.History(ctx, id)
	var by []string
	for _, e := range evs {
		var p events.GamePaused
		if e.Type == events.TypeGamePaused || e.Type == events.TypeGameResumed {
			e.Unmarshal(&p)
			by = append(by, p.By)
		}
	}
	if want := []string{"Ana", "the operator", "the operator", "Ana"}; !slices.Equal(by, want) {
		t.Errorf("paused and resumed by %v, want %v", by, want)
	}
}

func TestUndo(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea, cyd}, "turns")
	tb.move(id, "take 1")
	tb.move(id, "take 2")
	before := tb.game(id)
	tb.move(id, "take 3")
	now := tb.game(id)
	if _, err := tb.svc.Undo(ctx, id, 1, 4, games.Cause{}); !errors.Is(err, games.ErrUndo) {
		t.Errorf("Undo of 4 moves of 3 = %v, want ErrUndo", err)
	}
	_, err := tb.svc.AnswerUndo(ctx, id, 1, true, games.Cause{})
	refused(t, "AnswerUndo with nothing asked", err, games.ErrUndo)

	// A player asks: the others answer, and the last agreement decides.
	p, err := tb.svc.Undo(ctx, id, 1, 0, games.Cause{}) // 0 is one move
	if err != nil {
		t.Fatal(err)
	}
	if p.Game.Undo == nil || p.Game.Undo.Back != now.Seq-1 || p.Game.Undo.Seat != 1 {
		t.Fatalf("Undo = %+v, want seat 1's request back before the last move", p.Game.Undo)
	}
	_, err = tb.svc.AnswerUndo(ctx, id, 1, true, games.Cause{})
	refused(t, "the asker's own answer", err, games.ErrUndo)
	if p, err = tb.svc.AnswerUndo(ctx, id, 0, true, games.Cause{}); err != nil || p.Game.Undo == nil || len(p.Game.Undone) != 0 {
		t.Fatalf("first agreement: %v, undo %+v, undone %v; want it still open", err, p.Game.Undo, p.Game.Undone)
	}
	if p, err = tb.svc.AnswerUndo(ctx, id, 2, true, games.Cause{}); err != nil || p.Game.Undo != nil || !p.Game.Undone[now.Seq] {
		t.Fatalf("last agreement: %v, undo %+v, undone %v; want the move taken back", err, p.Game.Undo, p.Game.Undone)
	}
	if p.Game.State.View(rules.Observer).Text() != before.State.View(rules.Observer).Text() {
		t.Errorf("after the undo: %s, want %s", p.Game.State.View(rules.Observer).Text(), before.State.View(rules.Observer).Text())
	}
	// A refusal ends the request.
	tb.move(id, "take 3")
	if _, err := tb.svc.Undo(ctx, id, 2, 2, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if p, err = tb.svc.AnswerUndo(ctx, id, 0, false, games.Cause{}); err != nil || p.Game.Undo != nil || p.Game.Undone[p.Game.Seq-2] {
		t.Errorf("a refusal: %v, undo %+v", err, p.Game.Undo)
	}
	// The host decides at once; two moves back counts standing moves only.
	p, err = tb.svc.Undo(ctx, id, 0, 2, games.Cause{})
	if err != nil || p.Game.Undo != nil {
		t.Fatalf("the host's undo: %v, undo %+v", err, p.Game.Undo)
	}
	if got := tb.types(id, p.Seq); !slices.Equal(got, []string{events.TypeUndoProposed, events.TypeMovesUndone}) {
		t.Errorf("the host's undo recorded %v", got)
	}
	if standing := len(p.Game.Moves) - len(p.Game.Undone); standing != 1 {
		t.Errorf("%d moves stand after the host took back two of three, want 1", standing)
	}
	// A player's undo with a player who resigned: the others decide.
	if _, err := tb.svc.Undo(ctx, id, games.Operator, 1, games.Cause{}); err != nil {
		t.Fatal(err)
	}
}

// TestUndoRevealed: a round of nim played at once reveals every seat's
// choice: it is not taken back.
func TestUndoRevealed(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea})
	if _, err := tb.svc.Move(ctx, id, 1, "take 2", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.svc.Undo(ctx, id, 0, 1, games.Cause{}); err != nil {
		t.Errorf("undo of a secret choice nobody has seen = %v, want it taken back", err)
	}
	for _, seat := range []rules.Seat{1, 0} {
		if _, err := tb.svc.Move(ctx, id, seat, "take 2", games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	_, err := tb.svc.Undo(ctx, id, 0, 1, games.Cause{})
	refused(t, "undo of a revealed choice", err, games.ErrUndo)
	if err == nil || !strings.Contains(err.Error(), "a secret of seat ") { // a player's choice, not the table's
		t.Errorf("the refusal of an undo of a revealed choice says %v, want it names whose secret", err)
	}
	if _, err := tb.svc.Undo(ctx, id, 1, 1, games.Cause{}); !errors.Is(err, games.ErrUndo) {
		t.Errorf("a player's undo of a revealed choice = %v, want ErrUndo", err)
	}
}

func TestSeats(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	invited := events.Player{Name: "Inez", Address: "inez@example.org", Invited: true}
	id := tb.nim([]events.Player{anaHost, invited, {Open: true}}, "turns")
	_, err := tb.svc.Move(ctx, id, 0, "take 1", games.Cause{})
	refused(t, "a move while seats are open", err, games.ErrWaiting)
	for _, tt := range []struct {
		name string
		do   func() (games.Played, error)
		kind error
	}{
		{"Join taken", func() (games.Played, error) { return tb.svc.Join(ctx, id, "ANA@example.org", games.Cause{}) }, games.ErrSetup},
		{"Accept not invited", func() (games.Played, error) { return tb.svc.AnswerInvitation(ctx, id, 0, true, games.Cause{}) }, games.ErrSetup},
		{"Refuse not invited", func() (games.Played, error) { return tb.svc.AnswerInvitation(ctx, id, 0, false, games.Cause{}) }, games.ErrSetup},
		{"Accept no seat", func() (games.Played, error) { return tb.svc.AnswerInvitation(ctx, id, 3, true, games.Cause{}) }, games.ErrBadSeat},
		{"Replace by a player", func() (games.Played, error) { return tb.svc.Replace(ctx, id, 1, 2, cyd, games.Cause{}) }, games.ErrNotHost},
		{"Replace no seat", func() (games.Played, error) { return tb.svc.Replace(ctx, id, 0, 3, cyd, games.Cause{}) }, games.ErrBadSeat},
		{"Replace seat -1", func() (games.Played, error) { return tb.svc.Replace(ctx, id, 0, -1, cyd, games.Cause{}) }, games.ErrBadSeat},
		{"Replace with no address", func() (games.Played, error) {
			return tb.svc.Replace(ctx, id, 0, 2, events.Player{Address: "cyd at example.com"}, games.Cause{})
		}, games.ErrSetup},
		{"Replace with pbem", func() (games.Played, error) {
			return tb.svc.Replace(ctx, id, 0, 2, events.Player{Address: "pbem+x@example.com"}, games.Cause{})
		}, games.ErrSetup},
		{"Expel by a player", func() (games.Played, error) { return tb.svc.Expel(ctx, id, 1, 0, games.Cause{}) }, games.ErrNotHost},
		{"Expel no seat", func() (games.Played, error) { return tb.svc.Expel(ctx, id, games.Operator, 3, games.Cause{}) }, games.ErrBadSeat},
		{"Expel seat -1", func() (games.Played, error) { return tb.svc.Expel(ctx, id, games.Operator, -1, games.Cause{}) }, games.ErrBadSeat},
	} {
		_, err := tt.do()
		refused(t, tt.name, err, tt.kind)
	}
	p, err := tb.svc.AnswerInvitation(ctx, id, 1, false, games.Cause{})
	if err != nil || !slices.Equal(p.Game.Open(), []int{1, 2}) {
		t.Fatalf("Inez says no: %v, open %v; want seats 1 and 2 open", err, p.Game.Open())
	}
	if p, err = tb.svc.Join(ctx, id, "Dee@Example.com", games.Cause{}); err != nil || p.Game.Created.Players[1] != (events.Player{Seat: 1, Name: "dee", Address: "dee@example.com"}) {
		t.Fatalf("Join: %v, seat 1 %+v; want dee in the first open seat", err, p.Game.Created.Players[1])
	}
	p, err = tb.svc.Replace(ctx, id, 0, 2, events.Player{Address: "<Eve@Example.org>", Invited: true}, games.Cause{})
	if err != nil || p.Game.Created.Players[2] != (events.Player{Seat: 2, Name: "eve", Address: "eve@example.org", Invited: true}) {
		t.Fatalf("Replace: %v, seat 2 %+v; want Eve invited, named from her address", err, p.Game.Created.Players[2])
	}
	if _, err := tb.svc.Join(ctx, id, "fay@example.org", games.Cause{}); !errors.Is(err, games.ErrSetup) {
		t.Errorf("Join with no open seat = %v, want ErrSetup", err)
	}
	if p, err = tb.svc.AnswerInvitation(ctx, id, 2, true, games.Cause{}); err != nil || p.Game.Waiting() {
		t.Fatalf("Eve says yes: %v, waiting %v", err, p.Game.Waiting())
	}
	p, err = tb.svc.Replace(ctx, id, games.Operator, 2, events.Player{Name: "Gil"}, games.Cause{})
	if err != nil || p.Game.Created.Players[2] != (events.Player{Seat: 2, Name: "Gil"}) {
		t.Errorf("Replace by name: %v, %+v", err, p.Game.Created.Players[2])
	}
	if p, err = tb.svc.Expel(ctx, id, 0, 1, games.Cause{}); err != nil || p.Game.Abandoned[1] != games.ReasonExpelled {
		t.Errorf("Expel: %v, abandoned %v", err, p.Game.Abandoned)
	}
}

func TestProposeEnd(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea, cyd}, "turns")
	p, err := tb.svc.ProposeEnd(ctx, id, 0, games.Cause{})
	if err != nil || p.Game.Ended != nil || !p.Game.EndVotes[0] {
		t.Fatalf("Ana proposes: %v, ended %v, votes %v", err, p.Game.Ended, p.Game.EndVotes)
	}
	if _, err := tb.svc.Resign(ctx, id, 2, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.svc.ProposeEnd(ctx, id, 1, games.Cause{}); !errors.Is(err, games.ErrOver) {
		t.Errorf("after a resignation: %v, want ErrOver", err)
	}
	id = tb.nim([]events.Player{anaHost, bea, cyd}, "turns")
	if _, err := tb.svc.Expel(ctx, id, 0, 2, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	for seat, ends := range []bool{false, true} {
		p, err = tb.svc.ProposeEnd(ctx, id, rules.Seat(seat), games.Cause{})
		if err != nil || (p.Game.Ended != nil) != ends {
			t.Fatalf("seat %d proposes: %v, ended %+v; want ended %v (the expelled seat does not vote)", seat, err, p.Game.Ended, ends)
		}
	}
	if p.Game.Ended.Reason != events.EndAgreed || len(p.Game.Ended.Scores) != 3 {
		t.Errorf("ended %+v, want by agreement", p.Game.Ended)
	}
	id = tb.nim([]events.Player{anaHost, bea}, "turns")
	tb.move(id, "take 1")
	if p, err = tb.svc.ProposeEnd(ctx, id, 1, games.Cause{}); err != nil || p.Game.Ended != nil {
		t.Fatal(err)
	}
	tb.move(id, "take 1") // a move clears the votes
	if p, err = tb.svc.ProposeEnd(ctx, id, 0, games.Cause{}); err != nil || p.Game.Ended != nil {
		t.Errorf("one vote after a move ended the game: %v, %+v", err, p.Game.Ended)
	}
	if p, err = tb.svc.ProposeEnd(ctx, id, games.Operator, games.Cause{}); err != nil || p.Game.Ended == nil || p.Game.Ended.Reason != events.EndAgreed {
		t.Errorf("the operator ends it: %v, %+v", err, p.Game.Ended)
	}
}

func TestWatch(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	tb.svc.MaxObservers = 2
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	watch := func(by rules.Seat, addr string, on bool) (*projections.Game, error) {
		p, err := tb.svc.Watch(ctx, id, by, addr, on, games.Cause{})
		return p.Game, err
	}
	if _, err := watch(1, "obs@example.org", true); !errors.Is(err, games.ErrNotHost) {
		t.Errorf("a player's observer: %v, want ErrNotHost", err)
	}
	for _, bad := range []string{"not an address", "pbem@example.com", `"o b"@example.org`, "Obs <obs@example.org>"} {
		if _, err := watch(0, bad, true); !errors.Is(err, games.ErrSetup) {
			t.Errorf("Watch(%q) = %v, want ErrSetup", bad, err)
		}
	}
	g, err := watch(0, "<Obs@Example.org>", true)
	if err != nil || !slices.Equal(g.Observers, []string{"obs@example.org"}) || !g.Asked["obs@example.org"] {
		t.Fatalf("the host's observer: %v, %v, asked %v", err, g.Observers, g.Asked)
	}
	if _, err := tb.svc.AcceptWatch(ctx, id, "other@example.org", games.Cause{}); !errors.Is(err, games.ErrSetup) {
		t.Errorf("AcceptWatch of nobody asked = %v, want ErrSetup", err)
	}
	p, err := tb.svc.AcceptWatch(ctx, id, " OBS@example.org ", games.Cause{})
	if err != nil || p.Game.Asked["obs@example.org"] {
		t.Errorf("AcceptWatch: %v, asked %v", err, p.Game.Asked)
	}
	if g, err = watch(games.Operator, "op@example.org", true); err != nil || g.Asked["op@example.org"] || len(g.Observers) != 2 {
		t.Errorf("the operator's observer: %v, %v, asked %v", err, g.Observers, g.Asked)
	}
	if _, err := watch(0, "third@example.org", true); !errors.Is(err, games.ErrSetup) {
		t.Errorf("a third observer of two at most = %v, want ErrSetup", err)
	}
	if g, err = watch(0, "OBS@example.org", true); err != nil || len(g.Observers) != 2 || g.Asked["obs@example.org"] {
		t.Errorf("an observer added again: %v, %v, asked %v", err, g.Observers, g.Asked)
	}
	if g, err = watch(games.Operator, "third@example.org", true); err != nil || len(g.Observers) != 3 {
		t.Errorf("the operator past the limit: %v, %v", err, g.Observers)
	}
	if g, err = watch(0, "obs@example.org", false); err != nil || slices.Contains(g.Observers, "obs@example.org") {
		t.Errorf("stop watching: %v, %v", err, g.Observers)
	}
	if _, err := watch(0, "never watched", false); err == nil {
		t.Error("stop watching what is no address and never watched: want refused")
	}
}

func TestSeatSwitches(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	if p, err := tb.svc.SetDigest(ctx, id, 1, true, games.Cause{}); err != nil || !p.Game.Digest[1] || p.Game.Digest[0] {
		t.Errorf("DIGEST ON: %v, %v", err, p.Game.Digest)
	}
	if p, err := tb.svc.SetDigest(ctx, id, 1, false, games.Cause{}); err != nil || p.Game.Digest[1] {
		t.Errorf("DIGEST OFF: %v, %v", err, p.Game.Digest)
	}
	if p, err := tb.svc.SetAuto(ctx, id, 1, false, games.Cause{}); err != nil || !p.Game.Manual[1] {
		t.Errorf("AUTO OFF: %v, %v", err, p.Game.Manual)
	}
	if p, err := tb.svc.SetAuto(ctx, id, 1, true, games.Cause{}); err != nil || p.Game.Manual[1] {
		t.Errorf("AUTO ON: %v, %v", err, p.Game.Manual)
	}
	// Refused with the game named as a phrase, which the mail side writes
	// in its reader's language as the game's words have its title.
	var ge *games.Error
	if _, err := tb.svc.Queue(ctx, id, 1, []string{"take 1"}, games.Cause{}); !errors.Is(err, rules.ErrIllegal) || !errors.As(err, &ge) ||
		ge.Phrase == nil || len(ge.Phrase.Args) != 1 || ge.Phrase.Args[0].Format != tb.game(id).Rules.Info().Title {
		t.Errorf("a programmed list in nim = %#v, want refused, the game's title a phrase", err)
	}
}

func TestConditional(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t)
	id := tb.nim([]events.Player{anaHost, bea}, "turns")
	mover := tb.game(id).State.ToAct()[0]
	waiter := 1 - mover
	if _, err := tb.svc.Conditional(ctx, id, mover, "take 1", "take 1", games.Cause{}); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("IF of the seat to move = %v, want refused", err)
	}
	if _, err := tb.svc.Conditional(ctx, id, waiter, "take 9", "take 1", games.Cause{}); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("IF of an illegal move = %v, want refused", err)
	}
	if _, err := tb.svc.Conditional(ctx, id, waiter, "TAKE 2", " take 3 ", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.svc.Conditional(ctx, id, waiter, "take 1", "take 9", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	g := tb.game(id)
	if c := g.Conditionals[int(waiter)]; len(c) != 2 || c[0].If != "take 2" || c[0].Then != "take 3" || c[0].Salt == "" || c[0].Salt == c[1].Salt {
		t.Fatalf("conditionals = %+v", c)
	}
	// Its condition met, the IF is played at once; another IF's THEN that
	// is illegal is passed over.
	p, err := tb.svc.Move(ctx, id, mover, "take 1", games.Cause{})
	if err != nil || len(p.Game.Moves) != 1 {
		t.Fatalf("a move no IF waits for: %v, %d moves", err, len(p.Game.Moves))
	}
	id = tb.nim([]events.Player{anaHost, bea}, "turns")
	if _, err := tb.svc.Conditional(ctx, id, waiter, "take 2", "take 3", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	p, err = tb.svc.Move(ctx, id, mover, "take 2", games.Cause{})
	if err != nil || len(p.Game.Moves) != 2 || !p.Game.Moves[1].Conditional || p.Game.Moves[1].Move != "take 3" || p.Game.Moves[1].Seat != int(waiter) {
		t.Errorf("the IF met: %v, moves %+v", err, p.Game.Moves)
	}
}
