package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/web"
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

// TestPublicLinkRotated: a new public link (pbem links --rotate, or an
// UNWATCH) makes the old one answer 410 with a plain sentence; the new one
// opens the public page, and a player's page of a game over shares the
// new one.
func TestPublicLinkRotated(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	old := f.link(t, "atacama", rules.Observer)
	if status, _, _ := get(t, old); status != 200 {
		t.Fatalf("the public link before: %d", status)
	}
	id := f.ids["atacama"]
	gen, err := mail.RotatePublic(ctx, f.svc.Store, id)
	if err != nil || gen != 1 {
		t.Fatalf("RotatePublic = %d, %v; want 1", gen, err)
	}
	if status, _, body := get(t, old); status != 410 || !strings.Contains(body, "new link") {
		t.Errorf("the old public link: %d %.80q, want 410 saying there is a new link", status, body)
	}
	g, _ := f.game(t, "atacama", 0)
	if status, _, body := get(t, f.url+web.Link("", f.tokens, g, rules.Observer, gen)); status != 200 || !strings.Contains(body, "Seen by an observer.") {
		t.Errorf("the new public link: %d, want the public page", status)
	}
}
