package notice_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// vote is a simultaneous phase of three seats, each voting yes or no
// once; open says everyone sees the votes cast, else each sees only
// who has voted. A seat that voted may "change" its vote while the
// others vote (which changes what it may do, not what others may).
type vote struct {
	open  bool
	votes [3]string
}

type word string

func (w word) String() string { return string(w) }

type text string

func (t text) Text() string { return string(t) }

func (v vote) ToAct() []rules.Seat {
	var out []rules.Seat
	for s, cast := range v.votes {
		if cast == "" {
			out = append(out, rules.Seat(s))
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func (v vote) Legal(s rules.Seat) []rules.Move {
	if s < 0 || int(s) >= len(v.votes) {
		return nil
	}
	if v.votes[s] != "" {
		return []rules.Move{word("change")}
	}
	moves := []rules.Move{word("no"), word("yes")}
	for to := range len(v.votes) {
		if to != int(s) {
			moves = append(moves, word(fmt.Sprintf("ask %d", to)))
		}
	}
	return moves
}

// Addressees says a vote "ask N" asks seat N a question (rules.Addressed).
func (v vote) Addressees(_ rules.Seat, move string) []rules.Seat {
	var to int
	if _, err := fmt.Sscanf(move, "ask %d", &to); err != nil {
		return nil
	}
	return []rules.Seat{rules.Seat(to)}
}

// Lapsed lists the seats whose question stood in before and lapsed
// unanswered when the last vote ended the phase (rules.Lapsing).
func (v vote) Lapsed(before rules.State) []rules.Seat {
	b := before.(vote)
	if len(v.ToAct()) > 0 || len(b.ToAct()) == 0 {
		return nil
	}
	var out []rules.Seat
	for s, cast := range b.votes {
		if strings.HasPrefix(cast, "ask") {
			out = append(out, rules.Seat(s))
		}
	}
	return out
}

// voteGame is the game of the vote, open.
type voteGame struct{}

func (voteGame) Info() rules.Info {
	return rules.Info{Name: "vote", Title: "Vote", MinSeats: 3, MaxSeats: 3}
}

func (voteGame) Start(rules.Setup) (rules.State, error) { return vote{open: true}, nil }

func (v vote) Parse(_ rules.Seat, t string) (rules.Move, error) { return word(t), nil }

func (v vote) Apply(s rules.Seat, m rules.Move) (rules.State, error) {
	if !slices.ContainsFunc(v.Legal(s), func(l rules.Move) bool { return l.String() == m.String() }) {
		return nil, rules.Illegal("not now")
	}
	if m.String() != "change" {
		v.votes[s] = m.String()
	}
	return v, nil
}

func (v vote) View(rules.Seat) rules.View {
	var b strings.Builder
	for s, cast := range v.votes {
		switch {
		case cast == "":
			fmt.Fprintf(&b, "%d: -\n", s)
		case v.open:
			fmt.Fprintf(&b, "%d: %s\n", s, cast)
		default:
			fmt.Fprintf(&b, "%d: voted\n", s)
		}
	}
	return text(b.String())
}

func (v vote) Result() ([]int, bool) { return []int{0, 0, 0}, len(v.ToAct()) == 0 }

// TestQuietVote: a seat's vote in a simultaneous phase is news to nobody
// while the phase goes on, whether the others see it or not: it finished
// its part, and changed nothing they may do. The last vote, which ends
// the phase, is told where it is seen, and not where the others cannot
// tell it from the other vote; a move with no other of its kind to tell
// it from is always told.
func TestQuietVote(t *testing.T) {
	for _, c := range []struct {
		name   string
		open   bool
		before [3]string
		seat   int
		move   string
		want   []int // the seats still told of the move
	}{
		{"an open vote", true, [3]string{}, 0, "yes", nil},
		{"a secret vote", false, [3]string{}, 0, "yes", nil},
		{"the second open vote", true, [3]string{"no"}, 1, "yes", nil},
		{"the last open vote", true, [3]string{"no", "no"}, 2, "yes", []int{0, 1}},
		{"the last secret vote", false, [3]string{"no", "no"}, 2, "yes", nil},
		{"a change, the only move of its kind", false, [3]string{"no"}, 0, "change", []int{1, 2}},
	} {
		before := vote{open: c.open, votes: c.before}
		after, err := before.Apply(rules.Seat(c.seat), word(c.move))
		if err != nil {
			t.Fatal(err)
		}
		g := &projections.Game{State: after}
		e := event(t, 5, events.TypeMovePlayed, c.seat, events.MovePlayed{Seat: c.seat, Move: c.move})
		var ns []mail.Notice
		for s := range 3 {
			if s != c.seat {
				ns = append(ns, mail.Notice{Seq: 5, Seat: s, Kind: notice.KindMoved})
			}
		}
		var told []int
		for _, n := range notice.Quiet(g, []events.Event{e}, []rules.State{before}, false, ns) {
			told = append(told, n.Seat)
		}
		if !slices.Equal(told, c.want) {
			t.Errorf("%s: told %v, want %v", c.name, told, c.want)
		}
	}
}

// TestCausedQuestions: a seat of DIGEST ON hears at once of a move that
// asks it a question, rather than in its digest; and the asker hears at
// once of the move that let its question lapse unanswered.
func TestCausedQuestions(t *testing.T) {
	start := func(t *testing.T) (*projections.Game, []events.Event) {
		created := event(t, 1, events.TypeGameCreated, events.SystemActor, events.GameCreated{
			Game: "vote", Variants: []string{}, Commitment: seed.Commitment(), Host: "ana@example.org",
			Players: []events.Player{{Seat: 0, Name: "Ana", Address: "ana@example.org"}, {Seat: 1, Name: "Bea", Address: "bea@example.net"}, {Seat: 2, Name: "Cai", Address: "cai@example.com"}},
		})
		g, err := projections.Start(rules.NewCatalog(voteGame{}), created, seed)
		if err != nil {
			t.Fatal(err)
		}
		for s := range 3 {
			g.Digest[s] = true
		}
		return g, []events.Event{created}
	}
	// caused folds the votes of one batch, seat and vote each.
	caused := func(g *projections.Game, hist []events.Event, votes ...any) []string {
		t.Helper()
		n := len(hist)
		var before []rules.State
		for i := 0; i < len(votes); i += 2 {
			seat, move := votes[i].(int), votes[i+1].(string)
			before = append(before, g.State)
			hist = history(t, g, hist, event(t, 0, events.TypeMovePlayed, seat, events.MovePlayed{Seat: seat, Move: move}))
		}
		var out []string
		for _, m := range notice.Caused(g, hist, hist[n:], before, games.Note{Domain: "pbem.test"}) {
			out = append(out, fmt.Sprintf("%d:%s", m.Seat, m.Kind))
		}
		return out
	}
	// Ana's own move and Cai's prompt as ever; Bea, who voted, hears of
	// the question at once.
	g, hist := start(t)
	hist = history(t, g, hist, event(t, 0, events.TypeMovePlayed, 1, events.MovePlayed{Seat: 1, Move: "no"}))
	if got, want := caused(g, hist, 0, "ask 1"), []string{"1:moved", "2:your-turn"}; !slices.Equal(got, want) {
		t.Errorf("Ana asks Bea, who voted: notices %q, want %q", got, want)
	}
	// A vote that asks nobody waits for the digests.
	g, hist = start(t)
	hist = history(t, g, hist, event(t, 0, events.TypeMovePlayed, 1, events.MovePlayed{Seat: 1, Move: "no"}))
	if got, want := caused(g, hist, 0, "yes"), []string{"2:your-turn"}; !slices.Equal(got, want) {
		t.Errorf("Ana votes: notices %q, want %q", got, want)
	}
	// Bea's and Cai's votes, in one batch, end the phase: Ana, whose
	// question lapses unanswered, hears at once of the vote that ended it.
	g, hist = start(t)
	hist = history(t, g, hist, event(t, 0, events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0, Move: "ask 1"}))
	if got, want := caused(g, hist, 1, "no", 2, "yes"), []string{"0:moved"}; !slices.Equal(got, want) {
		t.Errorf("Bea's and Cai's last votes let Ana's question lapse: notices %q, want %q", got, want)
	}
}
