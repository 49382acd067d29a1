package postoffice

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games/notice"
)

// TestStopStallsNoGameUnseen: Bea sends STOP in a reply to her game's mail
// in a game with no deadline. pbem mails her nothing more, so her turn
// would wait for ever unseen: the host is told, once, and what to do.
func TestStopStallsNoGameUnseen(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea")
	p := serve(t, sys, serving{})
	ana, bea, games := sys.Address("ana"), sys.Address("bea"), sys.Address("games")
	send(t, sys, ana, games, "a game?", "", "NEW atacama WITH "+bea+"\n")
	inv := waitMail(t, sys, "bea", 0, "bea's invitation", func(l letter) bool { return l.invited })
	send(t, sys, bea, inv.replyTo, "Re: "+inv.p.Subject, "<"+inv.messageID+">", "JOIN\n")
	prompt := waitFor(t, sys, "ana", 0, "your-turn")
	beaMails := len(mailbox(t, sys, "bea"))
	// The STOP stops at once: even its answer goes unsent.
	send(t, sys, bea, inv.replyTo, "Re: "+inv.p.Subject, "<"+inv.messageID+">", "STOP\n")
	send(t, sys, ana, prompt.replyTo, "Re: "+prompt.p.Subject, "<"+prompt.messageID+">", "E5\n")
	told := waitMail(t, sys, "ana", 0, "the host told that bea gets no mail", func(l letter) bool { return l.kind == notice.KindUndelivered })
	flat := strings.Join(strings.Fields(told.p.Text), " ")
	for _, want := range []string{bea, "STOP", "DEADLINE", "REPLACE"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the host's mail does not say %q:\n%s", want, told.p.Text)
		}
	}
	if got := len(mailbox(t, sys, "bea")); got != beaMails {
		t.Errorf("bea got %d mails after her STOP, want none", got-beaMails)
	}
	// The operator's monitoring counts what was not sent to her.
	p.waitHealth(t, http.StatusOK, "the mail not sent after bea's STOP counted", func(h healthReport) bool { return h.Outbox.Stopped > 0 })
	if v := metricValue(p.scrape(t), `pbem_notices_held{state="stopped"}`); v <= 0 {
		t.Errorf("/metrics counts %v notices held as stopped, want bea's", v)
	}
}
