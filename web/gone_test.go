package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
)

// TestPageExpelledPlayerGone: the page link of a player the host expelled
// stops working at once, and says so in a plain sentence (410), as a
// replaced player's does; the others' links go on.
func TestPageExpelledPlayerGone(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	expelled, stays := f.link(t, "archipelago", 1), f.link(t, "archipelago", 0)
	if status, _, _ := get(t, expelled); status != 200 {
		t.Fatalf("the seat's link before: %d", status)
	}
	if _, err := f.svc.Expel(ctx, f.ids["archipelago"], games.Operator, 1, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if status, _, body := get(t, expelled); status != 410 || !strings.Contains(body, "expelled") {
		t.Errorf("the expelled player's link: %d %.80q, want 410 saying they were expelled", status, body)
	}
	if status, _, _ := get(t, stays); status != 200 {
		t.Errorf("another player's link after the expulsion: %d, want 200", status)
	}
	replaced := f.link(t, "archipelago", 2)
	if _, err := f.svc.Replace(ctx, f.ids["archipelago"], games.Operator, 2, events.Player{Name: "Dov", Address: "dov@example.org"}, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if status, _, body := get(t, replaced); status != 410 || !strings.Contains(body, "someone else") {
		t.Errorf("the replaced player's link: %d %.80q, want 410 saying the seat is someone else's", status, body)
	}
}
