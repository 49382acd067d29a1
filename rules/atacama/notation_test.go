package atacama

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// allSetups are the playable combinations of players and variants.
var allSetups = []rules.Setup{
	{Seats: 2},
	{Seats: 2, Variants: []string{Enhanced}},
	{Seats: 2, Variants: []string{Tactical}},
	{Seats: 2, Variants: []string{Enhanced, Tactical}},
	{Seats: 3},
	{Seats: 3, Variants: []string{Tactical}},
	{Seats: 4},
	{Seats: 4, Variants: []string{Tactical}},
}

// TestRoundTrip: every legal move parses back from its text, Legal is
// sorted and unique, other seats have no moves, and Apply leaves the
// receiver alone.
func TestRoundTrip(t *testing.T) {
	for si, setup := range allSetups {
		r := rules.NewRand(rules.SeedFromInt(uint64(si)), "roundtrip")
		for g := range 5 {
			setup.Seed = rules.SeedFromInt(uint64(g))
			st, err := Game.Start(setup)
			if err != nil {
				t.Fatal(err)
			}
			for len(st.ToAct()) > 0 {
				seat := st.ToAct()[0]
				legal := st.Legal(seat)
				var texts []string
				for _, m := range legal {
					texts = append(texts, m.String())
					back, err := st.Parse(seat, m.String())
					if err != nil || back != m {
						t.Fatalf("%v: %q parses to %v, %v", setup, m, back, err)
					}
				}
				if !slices.IsSorted(texts) || len(slices.Compact(slices.Clone(texts))) != len(texts) {
					t.Fatalf("%v: legal moves not sorted and unique: %v", setup, texts)
				}
				for other := range rules.Seat(setup.Seats) {
					if other != seat && len(st.Legal(other)) != 0 {
						t.Fatalf("seat %d may move out of turn", other)
					}
				}
				before := st.View(rules.Observer).Text()
				next, err := st.Apply(seat, legal[r.IntN(len(legal))])
				if err != nil {
					t.Fatal(err)
				}
				if st.View(rules.Observer).Text() != before {
					t.Fatalf("Apply changed the receiver")
				}
				st = next
			}
		}
	}
}

func TestAliases(t *testing.T) {
	sq := play(t, rules.Setup{Seats: 2, Variants: []string{Enhanced, Tactical}})
	for text, want := range map[string]string{
		"b2":                       "B2",
		"  B2 ":                    "B2",
		"b2*":                      "B2*",
		"b2 *":                     "B2*",
		"*b2":                      "B2*",
		"B2 double":                "B2*",
		"b2 x2":                    "B2*",
		"claim turquoise cols":     "CLAIM TURQUOISE COLUMNS",
		"Turquoise Columns":        "CLAIM TURQUOISE COLUMNS",
		"claim rows orange":        "CLAIM ORANGE ROWS",
		"CLAIM  ORANGE  ROW":       "CLAIM ORANGE ROWS",
		"orange column":            "CLAIM ORANGE COLUMNS",
		"claim turquoise rows":     "CLAIM TURQUOISE ROWS",
		"CLAIM TURQUOISE COLUMNS ": "CLAIM TURQUOISE COLUMNS",
	} {
		m, err := sq.Parse(0, text)
		if err != nil || m.String() != want {
			t.Errorf("%q: got %v, %v; want %s", text, m, err, want)
		}
	}
	hex := play(t, rules.Setup{Seats: 3, Variants: []string{Tactical}})
	for text, want := range map[string]string{"f4": "F4", "k6 *": "K6*", "e10": "E10", "f11 double": "F11*"} {
		m, err := hex.Parse(0, text)
		if err != nil || m.String() != want {
			t.Errorf("%q: got %v, %v; want %s", text, m, err, want)
		}
	}
}

func TestStart(t *testing.T) {
	for _, tc := range []struct {
		setup rules.Setup
		ok    bool
	}{
		{rules.Setup{Seats: 1}, false},
		{rules.Setup{Seats: 5}, false},
		{rules.Setup{Seats: 3, Variants: []string{Enhanced}}, false},
		{rules.Setup{Seats: 4, Variants: []string{Enhanced}}, false},
		{rules.Setup{Seats: 2, Variants: []string{"quick"}}, false},
		{rules.Setup{Seats: 2, Variants: []string{Tactical, Enhanced}}, true},
	} {
		if _, err := Game.Start(tc.setup); (err == nil) != tc.ok {
			t.Errorf("%+v: error %v", tc.setup, err)
		}
	}
	info := Game.Info()
	if info.Name != "atacama" || info.MinSeats != 2 || info.MaxSeats != 4 || !info.Hidden || !info.Chance ||
		len(info.Variants) != 2 || info.Variants[0].Name != Enhanced || info.Variants[1].Name != Tactical {
		t.Errorf("info %+v", info)
	}
}

// TestGuide checks the words mails use for Atacama's moves.
func TestGuide(t *testing.T) {
	st, err := Game.Start(rules.Setup{Seats: 2, Variants: []string{"enhanced", "tactical"}, Seed: rules.SeedFromInt(1)})
	if err != nil {
		t.Fatal(err)
	}
	g := st.(rules.Guide)
	for move, want := range map[string]string{
		"E5": "placed a rig on E5", "E5*": "placed a second-colour rig on E5", "PASS": "passed: no field could take a rig",
		"CLAIM TURQUOISE COLUMNS": "claimed the turquoise concession, scoring the columns",
	} {
		if got := g.Describe(0, move); got != want {
			t.Errorf("Describe(0, %q) = %q, want %q", move, got, want)
		}
	}
	syntax := g.MoveSyntax(0)
	for _, want := range []string{"E5", "E5*", "CLAIM TURQUOISE COLUMNS"} {
		if !strings.Contains(syntax, want) {
			t.Errorf("MoveSyntax(0) = %q, want it to mention %s", syntax, want)
		}
	}
}
