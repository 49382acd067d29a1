package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
)

// TestShowResigned: a player who resigns while leading a three-player
// game ranks last in pbem show, text and JSON, and in pbem games, and the
// game is over.
func TestShowResigned(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	id := strings.TrimSpace(mustPbem(t, dir, "new", "atacama", "--players", "ana,bea,cai", "--seed", "5"))
	st, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	svc := &games.Service{Store: st, Catalog: offered.Rules()}
	leader := rules.Observer
	for step := 0; step < 60 && leader == rules.Observer; step++ {
		g, _, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if scores, _ := g.State.Result(); slices.Max(scores) > 0 {
			if i := slices.Index(scores, slices.Max(scores)); slices.Index(scores[i+1:], scores[i]) < 0 {
				leader = rules.Seat(i)
				break
			}
		}
		seat := g.State.ToAct()[0]
		legal := g.State.Legal(seat)
		if _, err := svc.Move(ctx, id, seat, legal[(step*37)%len(legal)].String(), games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	if leader == rules.Observer {
		t.Fatal("nobody leads after 60 moves")
	}
	if _, err := svc.Resign(ctx, id, leader, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	var sh struct {
		Over   bool         `json:"over"`
		ToAct  []rules.Seat `json:"toAct"`
		Places []int        `json:"places"`
	}
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", id, "--json")), &sh); err != nil {
		t.Fatal(err)
	}
	if !sh.Over || len(sh.ToAct) != 0 || len(sh.Places) != 3 || sh.Places[leader] != 3 {
		t.Errorf("show --json after seat %d resigned leading = over %v, to act %v, places %v; want over, nobody to act, seat %d third",
			leader, sh.Over, sh.ToAct, sh.Places, leader)
	}
	name := []string{"ana", "bea", "cai"}[leader]
	head, _, _ := strings.Cut(mustPbem(t, dir, "show", id), "\n")
	if !strings.Contains(head, "over") || strings.Contains(head, "won by "+name) || !strings.Contains(head, name+" resigned") {
		t.Errorf("show after %s resigned leading = %q, want it over, won by another", name, head)
	}
	list := mustPbem(t, dir, "games")
	i := strings.Index(list, id)
	if line, _, _ := strings.Cut(list[max(i, 0):], "\n"); i < 0 || !strings.Contains(line, "won by") || strings.Contains(line, "won by "+name) {
		t.Errorf("pbem games after %s resigned leading:\n%s\nwant game %s won by another", name, list, id)
	}
}
