package letters

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// shownGame is a new game of Altiplano, whose moves have a Chinese
// notation, between Ana and Bea on a store of its own.
func shownGame(t *testing.T) (*Service, *projections.Game) {
	t.Helper()
	cat := offered()
	svc := &games.Service{Store: storetest.MustOpen(t), Catalog: cat.Rules()}
	seed := rules.SeedFromInt(5)
	id, err := svc.Create(context.Background(), games.NewGame{Game: "altiplano", Seed: &seed,
		Players: []events.Player{{Name: "Ana", Address: "ana@example.org"}, {Name: "Bea", Address: "bea@example.net"}}})
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := svc.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return New(svc, cat), g
}

// TestWriteBoard: each format writes what it names, the text's heading
// and the picture's words in the language asked for; a seat the game has
// not and a format there is not are refused, writing nothing.
func TestWriteBoard(t *testing.T) {
	s, g := shownGame(t)
	for _, tc := range []struct {
		format, lang string
		seat         rules.Seat
		ok           func(string) bool
	}{
		{"text", "en", rules.Observer, func(out string) bool {
			return strings.HasPrefix(out, Heading(g, rules.Observer, s.games.Words().For("en"))+"\n\n") && strings.HasSuffix(out, "\n")
		}},
		{"text", "zh", 1, func(out string) bool {
			return strings.HasPrefix(out, Heading(g, 1, s.games.Words().For("zh"))+"\n\n") && strings.Contains(out, "Bea")
		}},
		{"json", "en", 0, func(out string) bool {
			var shown map[string]any
			return json.Unmarshal([]byte(out), &shown) == nil && strings.Contains(out, "\n  \"")
		}},
		{"svg", "zh", rules.Observer, func(out string) bool { return strings.Contains(out, "<svg") && strings.Contains(out, "NotoSansCJKsc") }},
		{"png", "en", 0, func(out string) bool { return strings.HasPrefix(out, "\x89PNG\r\n") }},
	} {
		var w bytes.Buffer
		if err := s.WriteBoard(&w, g, tc.seat, tc.format, tc.lang); err != nil || !tc.ok(w.String()) {
			t.Errorf("WriteBoard(seat %d, %s, %s) = %v, wrote:\n%.300s", tc.seat, tc.format, tc.lang, err, w.String())
		}
	}
	var w bytes.Buffer
	if err := s.WriteBoard(&w, g, 2, "text", "en"); !errors.Is(err, games.ErrBadSeat) || w.Len() > 0 {
		t.Errorf("WriteBoard(seat 2 of 2) = %v, wrote %q; want ErrBadSeat and nothing", err, w.String())
	}
	if err := s.WriteBoard(&w, g, 0, "gif", "en"); err == nil || !strings.Contains(err.Error(), `"gif"`) || w.Len() > 0 {
		t.Errorf("WriteBoard(gif) = %v, wrote %q; want it refused, naming it", err, w.String())
	}
}

// TestLegal: a seat's legal moves, in the rules' order, each as a player
// of the language writes it; a seat the game has not is refused.
func TestLegal(t *testing.T) {
	_, g := shownGame(t)
	seat := g.State.ToAct()[0]
	for _, lang := range []string{"en", "zh"} {
		got, err := Legal(g, seat, lang)
		if err != nil {
			t.Fatal(err)
		}
		moves := g.State.Legal(seat)
		if len(got) != len(moves) || len(got) == 0 {
			t.Fatalf("Legal(%s) has %d moves, want the rules' %d", lang, len(got), len(moves))
		}
		for i, m := range moves {
			if want := rules.MoveIn(g.State, lang, m); got[i] != want {
				t.Errorf("Legal(%s)[%d] = %q, want %q", lang, i, got[i], want)
			}
		}
	}
	if _, err := Legal(g, -1, "en"); !errors.Is(err, games.ErrBadSeat) {
		t.Errorf("Legal(seat -1) = %v, want ErrBadSeat", err)
	}
}

// TestHeading: the game, its title in the reader's language and its
// variants, the event it stands at, who acts or how it ended, and who
// sees it.
func TestHeading(t *testing.T) {
	p := newPost(t)
	en := p.s.games.Words().For("en")
	seed := rules.SeedFromInt(3)
	id, err := p.s.Create(p.ctx, games.NewGame{Game: "atacama", Variants: []string{"enhanced"}, Seed: &seed, Host: "ana@example.org", Players: anaBea()})
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := p.s.Load(p.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		seat rules.Seat
		want string
	}{
		{rules.Observer, "Game " + id + " · Atacama (enhanced) · event 1 · to act: seat 0 (Ana) · seen by observer"},
		{1, "Game " + id + " · Atacama (enhanced) · event 1 · to act: seat 0 (Ana) · seen by seat 1 (Bea)"},
	} {
		if got := Heading(g, c.seat, en); got != c.want {
			t.Errorf("Heading(seat %d) = %q, want %q", c.seat, got, c.want)
		}
	}
	// Ended: by resignation, whatever the scores; by agreement, everyone
	// level wins.
	resigned := p.create("atacama", 4, anaBea()...)
	p.game(resigned).play(0)
	if _, err := p.s.Resign(p.ctx, resigned, 1, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	agreed := p.create("atacama", 5, append(anaBea(), events.Player{Name: "Cai", Address: "cai@example.org"})...)
	for seat := range 3 {
		if _, err := p.s.ProposeEnd(p.ctx, agreed, rules.Seat(seat), games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		id, want string
	}{
		{resigned, "over, scores 0, 0, won by Ana, Bea resigned"},
		{agreed, "over, scores 0, 0, 0, won by Ana and Bea and Cai"},
	} {
		g, _, err := p.s.Load(p.ctx, c.id)
		if err != nil {
			t.Fatal(err)
		}
		if got := Heading(g, rules.Observer, en); !strings.Contains(got, " · "+c.want+" · ") || !strings.HasPrefix(got, "Game "+c.id+" · Atacama · ") {
			t.Errorf("Heading(%s) = %q, want it %q", c.id, got, c.want)
		}
	}
}

// TestWriteLog: a line per event, its number, time, type and what an
// observer is told of it.
func TestWriteLog(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	p.game(id).play(0)
	g, evs, _, err := p.s.LoadAt(p.ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var w bytes.Buffer
	if err := p.s.WriteLog(&w, g, evs, "en"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(w.String(), "\n"), "\n")
	told := p.s.DescribeEachIn(g, evs, int(rules.Observer), "en")
	if len(lines) != 2 || len(told) != 2 {
		t.Fatalf("WriteLog wrote %d lines, want 2:\n%s", len(lines), w.String())
	}
	for i, e := range evs {
		want := fmt.Sprintf("%4d  %s  %-14s %s", e.Seq, e.Time.Format("2006-01-02 15:04:05Z"), e.Type, told[i])
		if lines[i] != want || told[i] == "" {
			t.Errorf("WriteLog line %d = %q, want %q", i, lines[i], want)
		}
	}
	if zh := p.s.DescribeEachFor(g, evs, 0, "zh", nil); slices.Equal(zh, p.s.DescribeEachIn(g, evs, 0, "en")) || !slices.Equal(zh, p.s.DescribeEachIn(g, evs, 0, "zh")) {
		t.Errorf("DescribeEachFor(zh, UTC) = %q, want it as DescribeEachIn(zh)", zh)
	}
}
