package main

import (
	"strings"
	"testing"
)

// TestMailCommandsStopped: an operator reads the outbox of a stopped
// service on the command line: the notices of a game made there, each
// shown as the mail it would be, and told that a notice not held has
// nothing to retry.
func TestMailCommandsStopped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "ana@example.org,bea@example.net")
	list := mustPbem(t, dir, "mail", "list", id)
	if got := strings.Count(list, "\n<"); got != 2 || !strings.Contains(list, "queued") {
		t.Fatalf("pbem mail list %s gives %d notices, want the two invitations, queued:\n%s", id, got, list)
	}
	first := strings.Fields(strings.Split(list, "\n")[1])[0]
	out := mustPbem(t, dir, "mail", "show", first)
	for _, want := range []string{"Message-ID: " + first, "<ana@example.org>", "X-Pbem-Kind: invitation", "text/html"} {
		if !strings.Contains(out, want) {
			t.Errorf("pbem mail show %s lacks %q:\n%.600s", first, want, out)
		}
	}
	if _, err := pbem(t, dir, "mail", "retry", first); err == nil || !strings.Contains(err.Error(), "not held") {
		t.Errorf("pbem mail retry of a queued notice = %v, want it not held", err)
	}
	if _, err := pbem(t, dir, "mail", "show", "<nothing@pbem.invalid>"); err == nil {
		t.Errorf("pbem mail show of an unknown Message-ID succeeded")
	}
}
