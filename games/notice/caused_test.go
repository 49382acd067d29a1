package notice_test

import (
	"fmt"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// batch is events recorded in one Append: each of type typ by actor with
// payload p, a move of seat's first legal move where p is a MovePlayed
// whose Move is "".
type batch []struct {
	typ   string
	actor int
	p     any
}

// causedBy folds b into a game played returns (set up by setup first)
// and returns what Caused says its notices are, "seat:kind" each.
func causedBy(t *testing.T, setup func(g *projections.Game), b batch) []string {
	t.Helper()
	g, hist := played(t, events.Settings{})
	g.Observers = []string{"olga@example.com"}
	if setup != nil {
		setup(g)
	}
	n := len(hist)
	for _, e := range b {
		if mp, ok := e.p.(events.MovePlayed); ok && mp.Move == "" {
			mp.Move = legal(g, mp.Seat)
			e.p = mp
		}
		hist = history(t, g, hist, event(t, 0, e.typ, e.actor, e.p))
	}
	var out []string
	for _, m := range notice.Caused(g, hist, hist[n:], nil, games.Note{Domain: "pbem.test"}) {
		if m.Seat == int(rules.Observer) {
			out = append(out, m.To+":"+m.Kind)
			continue
		}
		out = append(out, fmt.Sprintf("%d:%s", m.Seat, m.Kind))
	}
	return out
}

// TestCaused: who hears what of a batch of events: the seat to move is
// prompted in its mail of the batch's last event (or one of its own), the
// mover's move is accepted, the others' told; a seat of DIGEST ON or a
// quiet seat hears what it gathers later, an invited seat nothing but its
// invitation; an observer hears the moves and the board, and nothing
// until it accepts; what an undo or the end leaves behind is told by it.
func TestCaused(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(g *projections.Game)
		b     batch
		want  []string
	}{
		{"Ana's move", nil, batch{{events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0}}}, []string{"0:accepted", "1:your-turn", "olga@example.com:moved"}},
		{"Ana's timeout", nil, batch{{events.TypeMovePlayed, -1, events.MovePlayed{Seat: 0, Timeout: true}}}, []string{"0:news", "1:your-turn", "olga@example.com:moved"}},
		{"Ana's move and Bea's", nil, batch{{events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0}}, {events.TypeMovePlayed, 1, events.MovePlayed{Seat: 1}}}, []string{"0:accepted", "1:moved", "olga@example.com:moved", "0:your-turn", "1:accepted", "olga@example.com:moved"}},
		{"a SAY", nil, batch{{events.TypePlayerSaid, 1, events.PlayerSaid{Seat: 1, Text: "hi"}}}, []string{"0:said"}},
		{"a deadline", nil, batch{{events.TypeSettingsChanged, -1, events.SettingsChanged{Settings: events.Settings{PerMove: "48h"}}}}, []string{"0:your-turn", "1:news"}},
		{"a reminder", nil, batch{{events.TypeReminderSent, -1, events.ReminderSent{Seat: 0, Deadline: started}}}, []string{"0:reminder"}},
		{"a resignation", nil, batch{{events.TypePlayerResigned, 1, events.PlayerResigned{Seat: 1}}, {events.TypeGameEnded, -1, events.GameEnded{Scores: []int{1, 0}, Seed: seed.String(), Reason: events.EndResigned}}}, []string{"0:game-over", "1:game-over", "olga@example.com:game-over"}},
		{"AUTO", nil, batch{{events.TypeAutoChanged, 1, events.AutoChanged{Seat: 1, Off: true}}}, []string{"1:news"}},
		{"an undo asked", nil, batch{{events.TypeUndoProposed, 1, events.UndoProposed{Seat: 1, Back: 2}}}, []string{"0:news"}},
		{"a pause", nil, batch{{events.TypeGamePaused, -1, events.GamePaused{By: "Ana"}}}, []string{"0:news", "1:news"}},
		{"a digest", nil, batch{{events.TypeDigestSent, -1, events.DigestSent{Seat: 1, UpTo: 3}}}, []string{"1:digest"}},
		{"DIGEST ON", nil, batch{{events.TypeDigestChanged, 1, events.DigestChanged{Seat: 1, On: true}}}, []string{"1:news"}},
		{"a conditional move", nil, batch{{events.TypeConditionalSet, 1, events.ConditionalSet{Seat: 1, If: "A7", Then: "A9"}}}, []string{"1:news"}},
		{"moves queued", nil, batch{{events.TypeMovesQueued, 1, events.MovesQueued{Seat: 1, Moves: []string{"A9"}}}}, []string{"1:news"}},
		{"an observer asked", nil, batch{{events.TypeObserverChanged, -1, events.ObserverChanged{Address: "olga@example.com", Watch: true, Invited: true}}}, []string{"olga@example.com:invitation"}},
		{"an observer added", nil, batch{{events.TypeObserverChanged, -1, events.ObserverChanged{Address: "olga@example.com", Watch: true}}}, []string{"olga@example.com:board"}},
		{"a seat given to another", nil, batch{{events.TypePlayerReplaced, -1, events.PlayerReplaced{Seat: 1, Name: "Cai", Address: "cai@example.com"}}}, []string{"0:your-turn", "1:history", "olga@example.com:news"}},
		{"a seat offered to another", nil, batch{{events.TypePlayerReplaced, -1, events.PlayerReplaced{Seat: 1, Name: "Cai", Address: "cai@example.com", Invited: true}}}, []string{"0:news", "1:invitation", "olga@example.com:news"}},
		{"SAYs gathered", nil, batch{{events.TypeSaysGathered, -1, events.SaysGathered{Seat: 1, From: 2}}}, []string{"1:said"}},
		{"a SAY to a seat whose SAYs are held back", func(g *projections.Game) { g.Says[0] = projections.SayMail{Held: 2} }, batch{{events.TypePlayerSaid, 1, events.PlayerSaid{Seat: 1, Text: "hi"}}}, nil},
		{"a SAY to a seat of DIGEST ON, to move", func(g *projections.Game) { g.Digest[0] = true }, batch{{events.TypePlayerSaid, 1, events.PlayerSaid{Seat: 1, Text: "hi"}}}, []string{"0:your-turn"}},
		{"a move to a seat of DIGEST ON", func(g *projections.Game) { g.Digest[1] = true }, batch{{events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0}}}, []string{"0:accepted", "1:your-turn", "olga@example.com:moved"}},
		{"a move to a quiet seat not to move", func(g *projections.Game) { g.Quiet[1] = true }, batch{{events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0}}, {events.TypeMovePlayed, 1, events.MovePlayed{Seat: 1}}}, []string{"0:accepted", "olga@example.com:moved", "0:your-turn", "1:accepted", "olga@example.com:moved"}},
		{"a deadline to a seat of DIGEST ON", func(g *projections.Game) { g.Digest[0] = true; g.Digest[1] = true }, batch{{events.TypeSettingsChanged, -1, events.SettingsChanged{Settings: events.Settings{PerMove: "48h"}}}}, []string{"0:your-turn"}},
		{"DIGEST ON to a seat of DIGEST ON", func(g *projections.Game) { g.Digest[1] = true }, batch{{events.TypeDigestChanged, 1, events.DigestChanged{Seat: 1, On: true}}}, []string{"1:news"}},
		{"a move to an invited seat", func(g *projections.Game) { g.Created.Players[1].Invited = true }, batch{{events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0}}}, []string{"0:accepted", "olga@example.com:moved"}},
		{"a move to a seat without an address", func(g *projections.Game) { g.Created.Players[1].Address = "" }, batch{{events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0}}}, []string{"0:accepted", "olga@example.com:moved"}},
		{"a move to an observer not yet in", func(g *projections.Game) { g.Asked["olga@example.com"] = true }, batch{{events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0}}}, []string{"0:accepted", "1:your-turn"}},
		{"an observer not yet in asked again", func(g *projections.Game) { g.Asked["olga@example.com"] = true }, batch{{events.TypeObserverChanged, -1, events.ObserverChanged{Address: "Olga@Example.com", Watch: true, Invited: true}}}, []string{"olga@example.com:invitation"}},
		{"another observer added", nil, batch{{events.TypeObserverChanged, -1, events.ObserverChanged{Address: "pia@example.com", Watch: true}}}, []string{"pia@example.com:board"}},
		{"a move of a paused game", func(g *projections.Game) { at := started; g.PausedAt = &at }, batch{{events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0}}}, []string{"0:accepted", "1:moved", "olga@example.com:moved"}},
		{"a move to a seat pbem plays", func(g *projections.Game) { g.Abandoned[1] = "timeouts" }, batch{{events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0}}}, []string{"0:accepted", "1:moved", "olga@example.com:moved"}},
		{"a move then undone", nil, batch{{events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0}}, {events.TypeMovesUndone, -1, events.MovesUndone{Back: 3}}}, []string{"0:your-turn", "1:news", "olga@example.com:news"}},
		{"an invitation accepted, the last", nil, batch{{events.TypeInvitationAnswered, 1, events.InvitationAnswered{Seat: 1, Accepted: true}}}, []string{"0:your-turn", "1:history"}},
		{"an invitation declined", nil, batch{{events.TypeInvitationAnswered, 1, events.InvitationAnswered{Seat: 1}}}, []string{"0:news"}},
		{"an invitation accepted before the first move", func(g *projections.Game) { g.Moves = nil }, batch{{events.TypeInvitationAnswered, 1, events.InvitationAnswered{Seat: 1, Accepted: true}}}, []string{"0:your-turn", "1:news"}},
		{"an invitation accepted before the first move, another awaited", func(g *projections.Game) {
			g.Moves = nil
			g.Created.Players = append(g.Created.Players, events.Player{Seat: 2, Name: "Cai", Address: "cai@example.com", Invited: true})
		}, batch{{events.TypeInvitationAnswered, 1, events.InvitationAnswered{Seat: 1, Accepted: true}}}, []string{"0:news", "1:news"}},
		{"an invitation declined before the first move, another awaited", func(g *projections.Game) {
			g.Moves = nil
			g.Created.Players = append(g.Created.Players, events.Player{Seat: 2, Name: "Cai", Address: "cai@example.com", Invited: true})
		}, batch{{events.TypeInvitationAnswered, 1, events.InvitationAnswered{Seat: 1}}}, []string{"0:news"}},
		{"an invitation of a game not hosted by a player, another awaited", func(g *projections.Game) {
			g.Moves = nil
			g.Created.Host = "operator"
			g.Created.Players = append(g.Created.Players, events.Player{Seat: 2, Name: "Cai", Address: "cai@example.com", Invited: true})
		}, batch{{events.TypeInvitationAnswered, 1, events.InvitationAnswered{Seat: 1, Accepted: true}}}, []string{"1:news"}},
		{"an invitation accepted, another awaited", func(g *projections.Game) {
			g.Created.Players = append(g.Created.Players, events.Player{Seat: 2, Name: "Cai", Address: "cai@example.com", Invited: true})
		}, batch{{events.TypeInvitationAnswered, 1, events.InvitationAnswered{Seat: 1, Accepted: true}}}, []string{"0:news", "1:history"}},
	} {
		if got := causedBy(t, c.setup, c.b); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: notices %q, want %q", c.name, got, c.want)
		}
	}
}

// legal is the first legal move of seat in g.
func legal(g *projections.Game, seat int) string { return g.State.Legal(rules.Seat(seat))[0].String() }

// TestCausedThreads: every notice of a game to a seat is in the thread of
// the seat's invitation, and answers the mail of the seat's that caused
// it, else the seat's mail before it in the batch; each is numbered as its
// reader counts the game's events.
func TestCausedThreads(t *testing.T) {
	g, hist := played(t, events.Settings{})
	g.Observers = []string{"olga@example.com"}
	n := len(hist)
	hist = history(t, g, hist, event(t, 0, events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0, Move: legal(g, 0)}))
	hist = history(t, g, hist, event(t, 0, events.TypeConditionalSet, 1, events.ConditionalSet{Seat: 1, If: "A1", Then: "A2"}))
	hist = history(t, g, hist, event(t, 0, events.TypeMovePlayed, 1, events.MovePlayed{Seat: 1, Move: legal(g, 1)}))
	got := notice.Caused(g, hist, hist[n:], nil, games.Note{Domain: "pbem.test", ReplyTo: "<m1@mail.example>"})
	root := func(seat int) string { return notice.ThreadRoot("pbem.test", "g", seat) }
	want := []mail.Notice{
		{ID: "g.v4.0.accepted@pbem.test", Kind: "accepted", Seq: 4, Seat: 0, To: "ana@example.org", Name: "Ana",
			References: []string{root(0), "<m1@mail.example>"}, InReplyTo: "<m1@mail.example>"},
		{ID: "g.v4.1.moved@pbem.test", Kind: "moved", Seq: 4, Seat: 1, To: "bea@example.net", Name: "Bea",
			References: []string{root(1)}, InReplyTo: root(1)},
		{ID: "g.v4.o0.moved@pbem.test", Kind: "moved", Seq: 4, Seat: -1, To: "olga@example.com", Name: "olga@example.com"},
		{ID: "g.v5.1.news@pbem.test", Kind: "news", Seq: 5, Seat: 1, To: "bea@example.net", Name: "Bea",
			References: []string{root(1), "<m1@mail.example>"}, InReplyTo: "<m1@mail.example>"},
		// Ana counts 5 events where Bea counts 6: Bea's conditional move
		// is hidden from her, and from the observer.
		{ID: "g.v5.0.your-turn@pbem.test", Kind: "your-turn", Seq: 6, Seat: 0, To: "ana@example.org", Name: "Ana",
			References: []string{root(0), "g.v4.0.accepted@pbem.test"}, InReplyTo: "g.v4.0.accepted@pbem.test"},
		{ID: "g.v6.1.accepted@pbem.test", Kind: "accepted", Seq: 6, Seat: 1, To: "bea@example.net", Name: "Bea",
			References: []string{root(1), "<m1@mail.example>"}, InReplyTo: "<m1@mail.example>"},
		{ID: "g.v5.o0.moved@pbem.test", Kind: "moved", Seq: 6, Seat: -1, To: "olga@example.com", Name: "olga@example.com"},
	}
	if len(got) != len(want) {
		t.Fatalf("Caused = %+v, want %d notices", got, len(want))
	}
	for i := range want {
		want[i].Game = "g"
		if fmt.Sprintf("%+v", got[i]) != fmt.Sprintf("%+v", want[i]) {
			t.Errorf("notice %d = %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

// TestCausedNothing: no events cause no mail.
func TestCausedNothing(t *testing.T) {
	g, hist := played(t, events.Settings{})
	if got := notice.Caused(g, hist, nil, nil, games.Note{Domain: "pbem.test"}); len(got) != 0 {
		t.Errorf("Caused of no events = %+v", got)
	}
}
