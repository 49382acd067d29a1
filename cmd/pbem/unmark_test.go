package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
)

// TestMailUnmark: bea's address bounced again and again, and so did its
// probe; pbem set a mail of her game aside. The operator learns her
// mailbox works again: pbem mail unmark lifts the mark and says what was
// set aside, pbem mail retry --marked takes it, and unmarking an address
// with nothing recorded says so.
func TestMailUnmark(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const bea = "bea@example.net"
	id := newGame(t, dir, "--players", "ana@example.org,"+bea)
	ctx := context.Background()
	func() {
		store, err := events.Open(ctx, events.Options{DataDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		scores, err := mail.OpenBounceScores(ctx, store)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
		for day := range 4 {
			if _, _, err := scores.Count(ctx, bea, id, "5.1.1", "", t0.Add(time.Duration(day)*25*time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		if _, marked, err := scores.ProbeBounced(ctx, bea, "5.1.1", t0.Add(5*24*time.Hour)); err != nil || !marked {
			t.Fatalf("the probe bounced: marked %v, %v; want marked", marked, err)
		}
		held, err := mail.OpenHeld(ctx, store)
		if err != nil {
			t.Fatal(err)
		}
		n := mail.Notice{ID: id + ".v2.1.your-turn@pbem.example", Kind: "your-turn", Game: id, Seq: 2, Seat: 1, To: bea}
		if err := held.Put(ctx, mail.Held{Notice: n, Seq: 9, State: mail.StateMarked, Since: t0, GameMail: true, Error: "marked"}, ""); err != nil {
			t.Fatal(err)
		}
	}()

	if out := mustPbem(t, dir, "mail", "retry", "--marked"); !strings.HasPrefix(out, "0 ") {
		t.Errorf("pbem mail retry --marked while bea is marked: %q, want 0 notices", out)
	}
	out := mustPbem(t, dir, "mail", "unmark", "Bea@Example.net")
	if !strings.Contains(out, "pbem mails it again") || !strings.Contains(out, "1 of its notices") || !strings.Contains(out, "pbem mail retry --marked") {
		t.Errorf("pbem mail unmark Bea@Example.net printed\n%s\nwant the mark lifted, and 1 notice set aside to retry with --marked", out)
	}
	if _, err := pbem(t, dir, "mail", "unmark", bea); err == nil || !strings.Contains(err.Error(), "no bounces are recorded for "+bea) {
		t.Errorf("pbem mail unmark again = %v, want no bounces recorded", err)
	}
	if out := mustPbem(t, dir, "mail", "retry", "--marked"); !strings.HasPrefix(out, "1 ") {
		t.Errorf("pbem mail retry --marked once bea is unmarked: %q, want 1 notice", out)
	}
	if list := mustPbem(t, dir, "mail", "list", "--waiting"); !strings.Contains(list, bea) {
		t.Errorf("pbem mail list --waiting after the retry, want bea's notice:\n%s", list)
	}
}
