package campaigns_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
)

// season starts the league's next season when one is due.
func (l *league) season() bool {
	l.t.Helper()
	s, ok := l.c.NextSeason(l.seed)
	if ok {
		l.apply(s)
	}
	return ok
}

// TestLeague plays two seasons of a league of eight in divisions of four:
// each season a round robin in each division; the last of division 1
// goes down and the first of division 2 up.
func TestLeague(t *testing.T) {
	l := newLeague(t, campaigns.League, campaigns.Options{Division: 4, Seasons: 2}, players(8))
	if _, err := l.c.Pair(l.seed); !errors.Is(err, campaigns.ErrNoRound) {
		t.Errorf("Pair before season 1 = %v, want ErrNoRound", err)
	}
	if !l.season() {
		t.Fatal("season 1 is not due")
	}
	if want := [][]string{players(8)[:4], players(8)[4:]}; !slices.EqualFunc(l.c.Seasons[0].Divisions, want, slices.Equal) {
		t.Errorf("season 1's divisions = %v, want %v", l.c.Seasons[0].Divisions, want)
	}
	for range 3 {
		if l.season() {
			t.Fatal("a season started inside season 1")
		}
		if r := l.round(byName); len(r.Tables) != 4 {
			t.Errorf("round %d has %d tables, want 4", r.Round, len(r.Tables))
		}
	}
	st := l.c.Standings()
	if st[0].Player != "p01" || st[0].Division != 1 || st[4].Player != "p05" || st[4].Division != 2 || st[4].Rank != 5 {
		t.Errorf("season 1's table %+v, want p01 heading division 1 and p05 division 2", st)
	}
	if !l.season() {
		t.Fatal("season 2 is not due after season 1's three rounds")
	}
	want := [][]string{{"p01", "p02", "p03", "p05"}, {"p04", "p06", "p07", "p08"}}
	if !slices.EqualFunc(l.c.Seasons[1].Divisions, want, slices.Equal) {
		t.Errorf("season 2's divisions = %v, want %v (p04 down, p05 up)", l.c.Seasons[1].Divisions, want)
	}
	for range 3 {
		l.round(byName)
	}
	if !l.c.Over() || l.season() {
		t.Fatalf("after two seasons: over %v", l.c.Over())
	}
	st = l.c.Standings()
	if st[3].Player != "p05" || st[3].Points != 0 || st[3].Season != 2 || st[4].Player != "p04" || st[4].Points != campaigns.Points(3) {
		t.Errorf("season 2's table %+v, want p05 last of division 1 with 0, p04 first of division 2 with 3", st)
	}
	l.apply(campaigns.SeedRevealed{Seed: l.seed.String()})
	if _, _, err := campaigns.Replay(l.c.ID, l.facts, nil); err != nil {
		t.Errorf("Replay of the league = %v", err)
	}
	forged := slices.Clone(l.facts)
	for i, f := range forged {
		if s, ok := f.(campaigns.SeasonStarted); ok && s.Season == 2 {
			s.Divisions = [][]string{{"p01", "p02", "p03", "p04"}, {"p05", "p06", "p07", "p08"}}
			forged[i] = s
		}
	}
	if _, _, err := campaigns.Replay(l.c.ID, forged, nil); err == nil {
		t.Error("Replay of a league whose relegation was undone succeeded")
	}
}

// TestLeagueUneven: a last division too small for a table joins the one
// above, and a smaller division sits out the rounds it does not need.
func TestLeagueUneven(t *testing.T) {
	l := newLeague(t, campaigns.League, campaigns.Options{Division: 4}, players(9))
	l.season()
	if d := l.c.Seasons[0].Divisions; len(d) != 2 || len(d[1]) != 5 {
		t.Fatalf("divisions of nine by four = %v, want 4 and 5", d)
	}
	rounds := 0
	for !l.c.Over() {
		l.round(byName)
		rounds++
	}
	if rounds != 5 || len(l.c.Games) != 6+10 {
		t.Errorf("the season took %d rounds and %d games, want 5 (a division of five) and 16", rounds, len(l.c.Games))
	}
}
