package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/mail"
)

// TestBounceScores: the score of an address as bounces come, day by day,
// on a store: once a day at most, halving in a BounceHalfLife, a probe at
// the threshold, marked when the probe bounces, cleared when the probe
// gets through or the address writes.
func TestBounceScores(t *testing.T) {
	ctx := context.Background()
	scores, err := mail.OpenBounceScores(ctx, storetest.MustOpen(t))
	if err != nil {
		t.Fatal(err)
	}
	day := 24 * time.Hour
	t0 := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	const ana = "Ana@Example.org"
	count := func(at time.Time, wantProbe bool) mail.Bouncing {
		t.Helper()
		b, probe, err := scores.Count(ctx, ana, "k7q2mx", "5.1.1", "", at)
		if err != nil {
			t.Fatal(err)
		}
		if probe != wantProbe {
			t.Errorf("Count at %v = probe %v, want %v (score %.2f)", at.Sub(t0), probe, wantProbe, b.Score)
		}
		return b
	}
	// A bounce a month apart never reaches the threshold.
	for i := range 6 {
		count(t0.Add(time.Duration(i)*mail.BounceHalfLife), false)
	}
	if b, _, _ := scores.Get(ctx, ana); b.Score >= 2 || b.Address != "ana@example.org" {
		t.Errorf("after a bounce a month for six months: %+v, want a score under 2 for ana@example.org", b)
	}
	if _, err := scores.Clear(ctx, ana); err != nil {
		t.Fatal(err)
	}
	// Several bounces of one day count once; four days in a row reach it.
	count(t0, false)
	if b := count(t0.Add(time.Hour), false); b.Score != mail.BounceWeight {
		t.Errorf("two bounces in a day: score %v, want %v", b.Score, mail.BounceWeight)
	}
	count(t0.Add(day), false)
	count(t0.Add(2*day), false)
	b := count(t0.Add(3*day), true)
	if b.Probe.IsZero() || !b.Marked.IsZero() {
		t.Fatalf("at the threshold: %+v, want a probe out and no mark", b)
	}
	count(t0.Add(4*day), false) // one probe at a time
	if m, _ := scores.Marked(ctx, ana); m {
		t.Errorf("marked before the probe bounced")
	}
	b, marked, err := scores.ProbeBounced(ctx, strings.ToUpper(ana), "5.1.1", t0.Add(5*day))
	if err != nil || !marked || b.Marked.IsZero() {
		t.Fatalf("ProbeBounced = %+v, %v, %v; want marked now", b, marked, err)
	}
	if m, _ := scores.Marked(ctx, ana); !m {
		t.Errorf("Marked after the probe bounced = false")
	}
	if _, again, _ := scores.ProbeBounced(ctx, ana, "5.1.1", t0.Add(6*day)); again {
		t.Errorf("ProbeBounced a second time says marked now: the games would be told twice")
	}
	if cleared, err := scores.Clear(ctx, ana); err != nil || !cleared {
		t.Fatalf("Clear = %v, %v", cleared, err)
	}
	if m, _ := scores.Marked(ctx, ana); m {
		t.Errorf("Marked after Clear = true")
	}
	// A probe not bounced within ProbeWait: the address reads its mail,
	// and counting starts again from zero.
	for i := range 4 {
		count(t0.Add(time.Duration(10+i)*day), i == 3)
	}
	if b := count(t0.Add(13*day+mail.ProbeWait), false); b.Score != mail.BounceWeight || !b.Probe.IsZero() {
		t.Errorf("a bounce after the probe got through: %+v, want a score of %v and no probe out", b, mail.BounceWeight)
	}
	if _, marked, _ := scores.ProbeBounced(ctx, ana, "5.1.1", t0.Add(20*day)); marked {
		t.Errorf("a late probe report marked an address that has no probe out")
	}
	list, err := scores.List(ctx, t0.Add(20*day))
	if err != nil || len(list) != 1 || list[0].Address != "ana@example.org" {
		t.Errorf("List = %+v, %v; want ana alone", list, err)
	}
}

// TestProbeAddress: a probe's bounce address reads back as a probe's,
// checks for its recipient alone, and is no bounce address of a game.
func TestProbeAddress(t *testing.T) {
	tok := mail.Tokens{Secret: []byte("a secret of sixteen bytes")}
	for _, to := range []string{"ana@example.org", "张伟@例子.中国"} {
		addr := tok.ProbeAddress("games@pbem.example.org", to)
		tag, ok := mail.ParseBounceAddress(addr, "games@pbem.example.org")
		if !ok || !tag.Probe || tag.Game != "" {
			t.Fatalf("ParseBounceAddress(%q) = %+v, %v; want a probe's", addr, tag, ok)
		}
		if !tok.CheckBounce(tag, strings.ToUpper(to)) || tok.CheckBounce(tag, "eve@example.org") {
			t.Errorf("CheckBounce(%q) holds for %s: %v, for eve: %v; want only for %s", addr, to, tok.CheckBounce(tag, to), tok.CheckBounce(tag, "eve@example.org"), to)
		}
		bounce := tag
		bounce.Probe = false
		if tok.CheckBounce(bounce, to) {
			t.Errorf("a probe's token checks as the bounce address of mail about no game")
		}
		n := mail.ProbeNotice("pbem.example.org", strings.ToUpper(to), time.Unix(1796000000, 0))
		if n.Kind != mail.KindProbe || n.To != to || n.Game != "" || !strings.HasPrefix(n.ID, "probe.") || !strings.HasSuffix(n.ID, "@pbem.example.org") {
			t.Errorf("ProbeNotice(%s) = %+v, want a probe to %s about no game, its Message-ID under pbem.example.org", strings.ToUpper(to), n, to)
		}
	}
}

// TestUnmarkAsMarked: an address is unmarked as the mark knows it,
// whatever the case, spaces and angle brackets it is written with (as
// copied from a mail's header): its mark lifted, and its notices set
// aside counted, another address's not.
func TestUnmarkAsMarked(t *testing.T) {
	ctx := context.Background()
	store := storetest.MustOpen(t)
	scores, err := mail.OpenBounceScores(ctx, store)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for day := range 4 {
		if _, _, err := scores.Count(ctx, "bea@example.net", "k7q2mx", "5.1.1", "", t0.Add(time.Duration(day)*25*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	if _, marked, err := scores.ProbeBounced(ctx, "bea@example.net", "5.1.1", t0.Add(5*24*time.Hour)); err != nil || !marked {
		t.Fatalf("the probe bounced: marked %v, %v; want marked", marked, err)
	}
	held, err := mail.OpenHeld(ctx, store)
	if err != nil {
		t.Fatal(err)
	}
	for i, to := range []string{"Bea@Example.NET", "cai@example.com"} {
		n := mail.Notice{ID: fmt.Sprintf("k7q2mx.v2.%d.your-turn@pbem.example", i), Kind: "your-turn", Game: "k7q2mx", Seq: 2, Seat: i, To: to}
		if err := held.Put(ctx, mail.Held{Notice: n, Seq: uint64(9 + i), State: mail.StateMarked, Since: t0, GameMail: true}, ""); err != nil {
			t.Fatal(err)
		}
	}
	cleared, aside, err := mail.Unmark(ctx, store, " <bea@EXAMPLE.net> ")
	if err != nil || !cleared || aside != 1 {
		t.Errorf("Unmark(<bea@EXAMPLE.net>) = %v, %d, %v; want cleared, 1 set aside", cleared, aside, err)
	}
	if marked, err := scores.Marked(ctx, "bea@example.net"); err != nil || marked {
		t.Errorf("after Unmark bea is marked %v, %v; want not", marked, err)
	}
}
