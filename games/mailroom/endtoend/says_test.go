package endtoend_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules/atacama"
)

// saidTo returns the mails of SAYs the game's notices give to, rendered.
func (mt *mailTable) saidTo(to string) []mail.Outgoing {
	mt.t.Helper()
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	var out []mail.Outgoing
	for _, n := range mt.outbox() {
		if n.Kind != notice.KindSaid || n.To != to {
			continue
		}
		o, err := mt.svc.Render(context.Background(), lh, n)
		if err != nil {
			mt.t.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

// TestSayBurst: twenty SAY lines in one mail and five mails of one SAY
// each, all within a minute, reach the other player as two mails: the
// first SAY at once, and, once a quarter of an hour has passed on the
// service's clock, every other one in one mail, in order, none lost.
// A SAY said later, after a quiet while, goes at once again; one held
// back as the game ends is in the game-over mail.
func TestSayBurst(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	clock := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	mt.svc.Now = func() time.Time { return clock }
	id := mt.create("atacama", 2)
	var said []string
	var lines strings.Builder
	for i := range 20 {
		said = append(said, fmt.Sprintf("line %d of the burst", i))
		fmt.Fprintf(&lines, "SAY %s\r\n", said[i])
	}
	mt.fresh(id, 0, lines.String())
	for i := range 5 {
		said = append(said, fmt.Sprintf("mail %d of the burst", i))
		mt.fresh(id, 0, "SAY "+said[len(said)-1]+"\r\n")
	}
	if got := mt.saidTo(tableAddrs[1]); len(got) != 1 || !strings.Contains(got[0].Text, said[0]) {
		t.Fatalf("during the burst bea got %d mails of SAYs, want one, with the first SAY", len(got))
	}
	clock = clock.Add(projections.SayEvery)
	if err := mt.svc.Tick(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	got := mt.saidTo(tableAddrs[1])
	if len(got) != 2 {
		t.Fatalf("after the burst bea got %d mails of SAYs, want two", len(got))
	}
	for _, s := range said[1:] {
		if !strings.Contains(got[1].Text, s) || !strings.Contains(got[1].HTML, s) {
			t.Errorf("the mail that gathers the burst does not say %q:\n%s", s, got[1].Text)
		}
	}
	if i, j := strings.Index(got[1].Text, said[1]), strings.Index(got[1].Text, said[len(said)-1]); i < 0 || j < i {
		t.Errorf("the gathered SAYs are out of order:\n%s", got[1].Text)
	}
	if strings.Contains(got[1].Text, said[0]) {
		t.Errorf("the gathered mail gives the first SAY again, which went at once:\n%s", got[1].Text)
	}
	if n := len(mt.saidTo(tableAddrs[0])); n != 0 {
		t.Errorf("ana got %d mails of her own SAYs", n)
	}

	clock = clock.Add(time.Hour)
	mt.fresh(id, 0, "SAY after a quiet hour\r\n")
	if got := mt.saidTo(tableAddrs[1]); len(got) != 3 || !strings.Contains(got[2].Text, "after a quiet hour") || strings.Contains(got[2].Text, said[len(said)-1]) {
		t.Errorf("a SAY after a quiet hour: bea has %d mails of SAYs, want a third with it alone", len(got))
	}

	// Held back when the game ends, a SAY is in the game-over mail.
	mt.fresh(id, 0, "SAY my last words\r\n")
	out := mt.fresh(id, 1, "RESIGN\r\n")
	if len(mt.saidTo(tableAddrs[1])) != 3 || !says(out, "my last words") {
		t.Errorf("a SAY held back as the game ended is not in bea's game-over mail:\n%s", texts(out))
	}
}

// TestSayAsWritten: a SAY is relayed exactly as its player wrote it, the
// full-width punctuation of Chinese included; only the command's own
// word may be written full-width.
func TestSayAsWritten(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	const said = "好棋！下一步看你的，加油～（笑）ＡＢＣ"
	mt.mail(id, 0, tableAddrs[0], utf8Header, "说 "+said+"\r\n")
	g := mt.game(id)
	if len(g.Said) != 1 || g.Said[0].Text != said {
		t.Fatalf("the game holds the SAYs %+v, want %q as written", g.Said, said)
	}
	got := mt.saidTo(tableAddrs[1])
	if len(got) != 1 || !strings.Contains(got[0].Text, said) {
		t.Errorf("bea's mail does not relay %q as written:\n%s", said, texts(got))
	}
}
