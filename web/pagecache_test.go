package web_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
)

// TestPageKeptUntilTheGameChanges: a page asked for again is the same
// page with a nonce of its own (the policy's and the script's agree);
// once the game changes, the page shows the change.
func TestPageKeptUntilTheGameChanges(t *testing.T) {
	f := newFixture(t)
	link := f.link(t, "atacama", 0)
	_, h1, first := get(t, link)
	_, h2, again := get(t, link)
	nonce := regexp.MustCompile(`<script nonce="[^"]+"`)
	if nonce.ReplaceAllString(first, "") != nonce.ReplaceAllString(again, "") {
		t.Errorf("the page asked for again differs beyond its nonce")
	}
	if h1.Get("Content-Security-Policy") == h2.Get("Content-Security-Policy") {
		t.Errorf("two answers share a nonce: %q", h1.Get("Content-Security-Policy"))
	}
	checkHeaders(t, h2, again)
	g, n := f.game(t, "atacama", 0)
	if g.Ended != nil {
		t.Skip("the fixture's game is over: nothing changes it")
	}
	seat := g.State.ToAct()[0]
	if _, err := f.svc.Move(context.Background(), g.ID, seat, g.State.Legal(seat)[0].String(), games.Cause{}); err != nil {
		t.Fatal(err)
	}
	_, _, after := get(t, link)
	if want := fmt.Sprintf("after event %d of %d", n+1, n+1); !strings.Contains(after, want) {
		t.Errorf("after a move the page does not say %q", want)
	}
}
