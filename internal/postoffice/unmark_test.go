package postoffice

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
)

// TestUnmark: an address marked as bouncing, with a notice set aside, is
// unmarked whatever its case: its mark lifted and the notice set aside
// counted; unmarked again, or never marked, it is refused, naming it.
func TestUnmark(t *testing.T) {
	ctx := context.Background()
	const bea = "bea@example.net"
	offline(t, t.TempDir(), func(svc *games.Service) {
		scores, err := mail.OpenBounceScores(ctx, svc.Store)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
		for day := range 4 {
			if _, _, err := scores.Count(ctx, bea, "k7q2mx", "5.1.1", "", t0.Add(time.Duration(day)*25*time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		if _, marked, err := scores.ProbeBounced(ctx, bea, "5.1.1", t0.Add(5*24*time.Hour)); err != nil || !marked {
			t.Fatalf("the probe bounced: marked %v, %v; want marked", marked, err)
		}
		held, err := mail.OpenHeld(ctx, svc.Store)
		if err != nil {
			t.Fatal(err)
		}
		n := mail.Notice{ID: "k7q2mx.v2.1.your-turn@pbem.example", Kind: "your-turn", Game: "k7q2mx", Seq: 2, Seat: 1, To: bea}
		if err := held.Put(ctx, mail.Held{Notice: n, Seq: 9, State: mail.StateMarked, Since: t0, GameMail: true, Error: "marked"}, ""); err != nil {
			t.Fatal(err)
		}

		var w bytes.Buffer
		if err := Unmark(ctx, svc.Store, "Bea@Example.net", &w); err != nil {
			t.Fatal(err)
		}
		want := "Bea@Example.net: its bounces are forgotten, and pbem mails it again\n1 of its notices were set aside while it was marked: pbem mail retry --marked sends them\n"
		if w.String() != want {
			t.Errorf("Unmark said\n%s\nwant\n%s", w.String(), want)
		}
		if marked, err := scores.Marked(ctx, bea); err != nil || marked {
			t.Errorf("after Unmark bea is marked %v, %v; want not", marked, err)
		}
		for _, addr := range []string{bea, "安娜@example.org"} {
			w.Reset()
			if err := Unmark(ctx, svc.Store, addr, &w); err == nil || !strings.Contains(err.Error(), "no bounces are recorded for "+addr) || w.Len() > 0 {
				t.Errorf("Unmark(%s) with nothing recorded = %v, said %q; want it refused, naming it", addr, err, w.String())
			}
		}
	})
}
