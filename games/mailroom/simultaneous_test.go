package mailroom

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
)

// newAltiplano is a room of Altiplano games and a game of Ana and Bea,
// in the planning of its first round.
func newAltiplano(t *testing.T) (*room, string) {
	t.Helper()
	r := newRoom(t)
	r.m.Service.Catalog = rules.NewCatalog(altiplano.Game)
	id, err := r.m.Service.Create(context.Background(), games.NewGame{Game: "altiplano", Host: r.player(0),
		Players: []events.Player{{Name: "Ana", Address: r.player(0)}, {Name: "Bea", Address: r.player(1)}}})
	if err != nil {
		t.Fatal(err)
	}
	return r, id
}

// placed is what seat placed this round in an Altiplano game, as the
// seat's own view says, each "TARGET GOOD" once a count.
func (r *room) placed(id string, seat int) []string {
	r.t.Helper()
	v, ok := r.game(id).State.View(rules.Seat(seat)).(*altiplano.View)
	if !ok || v.You == nil {
		r.t.Fatalf("seat %d's view of %s is %T", seat, id, r.game(id).State.View(rules.Seat(seat)))
	}
	var out []string
	for _, p := range v.You.Placed {
		for range p.Count {
			out = append(out, strings.ToUpper(p.Target+" "+p.Good))
		}
	}
	slices.Sort(out)
	return out
}

// puts are the placements (PUT …, not PUT MOVE) the seat may make now.
func (r *room) puts(id string, seat int) []string {
	r.t.Helper()
	var out []string
	for _, m := range r.game(id).State.Legal(rules.Seat(seat)) {
		if s := m.String(); strings.HasPrefix(s, "PUT ") && !strings.HasPrefix(s, "PUT MOVE") {
			out = append(out, s)
		}
	}
	if len(out) < 3 {
		r.t.Fatalf("seat %d may place only %q", seat, out)
	}
	return out
}

// apart returns the first of puts whose target and good are neither of
// any of others: placements one mail may make together.
func apart(t *testing.T, puts []string, others ...string) string {
	t.Helper()
	for _, p := range puts {
		w := strings.Fields(p)
		ok := true
		for _, o := range others {
			ow := strings.Fields(o)
			ok = ok && w[1] != ow[1] && w[len(w)-1] != ow[len(ow)-1]
		}
		if ok {
			return p
		}
	}
	t.Skipf("no placement apart from %q among %q", others, puts)
	return ""
}

// put is what a placement's line places, as placed lists it.
func put(line string) string { return strings.TrimPrefix(strings.ToUpper(line), "PUT ") }

// TestPlanMailedAgain: in a simultaneous phase a mail holds a player's
// whole plan: its lines all stand together, a mail that places again
// takes back what the last placed first, and once the plan is declared
// a mail that places is refused, saying why, and changes nothing.
func TestPlanMailedAgain(t *testing.T) {
	r, id := newAltiplano(t)
	puts := r.puts(id, 1)
	first := puts[0]
	last := apart(t, puts, first)
	mid := apart(t, puts, first, last)
	if out := r.seat(id, 1, first+"\r\n"+last+"\r\n"); refusal(out) != "" {
		t.Fatalf("Bea's first plan refused: %s", refusal(out))
	}
	want := []string{put(first), put(last)}
	slices.Sort(want)
	if got := r.placed(id, 1); !slices.Equal(got, want) {
		t.Fatalf("Bea's mail of two placements placed %q, want %q", got, want)
	}
	if out := r.seat(id, 1, mid+"\r\n"); refusal(out) != "" {
		t.Fatalf("Bea's second plan refused: %s", refusal(out))
	}
	if got := r.placed(id, 1); !slices.Equal(got, []string{put(mid)}) {
		t.Fatalf("Bea's second mail left %q placed, want its placement alone, %q", got, put(mid))
	}
	if out := r.seat(id, 1, "DONE\r\n"); refusal(out) != "" {
		t.Fatalf("Bea's DONE refused: %s", refusal(out))
	}
	out := r.seat(id, 1, first+"\r\n")
	if kinds(answers(out, r.player(1))) != notice.KindRejected || !strings.Contains(refusal(out), "DONE") {
		t.Errorf("a placement after DONE answered %q saying %q, want a refusal saying the plan was declared", kinds(answers(out, r.player(1))), refusal(out))
	}
	if got := r.placed(id, 1); !slices.Equal(got, []string{put(mid)}) {
		t.Errorf("a placement after DONE left %q placed, want still %q", got, put(mid))
	}
	// Ana's plan is replaced alike, by a mail of hers.
	puts = r.puts(id, 0)
	first = puts[0]
	last = apart(t, puts, first)
	mid = apart(t, puts, last)
	if out := r.seat(id, 0, first+"\r\n"); refusal(out) != "" {
		t.Fatalf("Ana's plan refused: %s", refusal(out))
	}
	if out := r.seat(id, 0, last+"\r\n"+mid+"\r\n"); refusal(out) != "" {
		t.Fatalf("Ana's second plan refused: %s", refusal(out))
	}
	want = []string{put(last), put(mid)}
	slices.Sort(want)
	if got := r.placed(id, 0); !slices.Equal(got, want) {
		t.Errorf("Ana's second mail left %q placed, want %q", got, want)
	}
}

// TestProgrammedList: once a player has declared the plan of a game
// that takes moves for later turns, the moves of their mail are kept,
// all its lines as one list that replaces the last; a line that is no
// move of the game is refused now, with the game's reason, and the
// list kept stays.
func TestProgrammedList(t *testing.T) {
	r, id := newAltiplano(t)
	if out := r.seat(id, 1, r.puts(id, 1)[0]+"\r\nDONE\r\n"); refusal(out) != "" {
		t.Fatalf("Bea's plan refused: %s", refusal(out))
	}
	tests := []struct {
		name, body string
		refused    bool
		reason     string   // what the refusal says, where the game says it
		kept       []string // the list kept after it
	}{
		{name: "a move", body: "MINE SILVER\r\n", kept: []string{"MINE SILVER"}},
		{name: "two moves", body: "MINE SILVER\r\nMINE SILVER IF NEEDED\r\n", kept: []string{"MINE SILVER", "MINE SILVER IF NEEDED"}},
		{name: "no move", body: "hello\r\n", refused: true, reason: "you have finished planning; the others are still planning", kept: []string{"MINE SILVER", "MINE SILVER IF NEEDED"}},
		{name: "a move again", body: "MINE SILVER IF NEEDED\r\n", kept: []string{"MINE SILVER IF NEEDED"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r.t = t
			out := r.seat(id, 1, tc.body)
			if got := refusal(out) != ""; got != tc.refused {
				t.Errorf("%q refused: %v (%q), want %v", tc.body, got, refusal(out), tc.refused)
			}
			if tc.reason != "" && refusal(out) != tc.reason {
				t.Errorf("%q refused saying %q, want the game's reason %q", tc.body, refusal(out), tc.reason)
			}
			if got := r.game(id).Queues[1]; !slices.Equal(got, tc.kept) {
				t.Errorf("after %q Bea's list is %q, want %q", tc.body, got, tc.kept)
			}
		})
	}
}
