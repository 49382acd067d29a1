package endtoend_test

import (
	"testing"

	"github.com/pbem-games/pbem/rules/atacama"
)

// badAddresses are what a host may write where an address goes that is
// none (RFC 5322 addr-spec), or is pbem's own mailbox.
var badAddresses = []string{"a@b@c", "script>@x.y", "<script>@x.y", "a b@x.y", `"a"@x.y`, "@x.y", "a@", "games@pbem.test", "Games+x@PBEM.test"}

// TestAddressesValidated: REPLACE, WATCH and NEW refuse what is not an
// address, and pbem's own mailbox, saying so; the game is as it was and
// waits for nobody. Before, REPLACE 1 WITH a@b@c left the game waiting for
// ever for a newcomer no mail can reach.
func TestAddressesValidated(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	for _, bad := range badAddresses {
		for _, line := range []string{"REPLACE 1 WITH " + bad, "WATCH " + bad} {
			before := mt.game(id)
			out := mt.mail(id, 0, tableAddrs[0], "", line+"\r\n")
			g := mt.game(id)
			if g.Seq != before.Seq || g.Waiting() || len(g.Observers) != 0 {
				t.Errorf("%q changed the game: seq %d → %d, waiting %v, observers %v", line, before.Seq, g.Seq, g.Waiting(), g.Observers)
			}
			if r := refusals(out); len(r) != 1 || !says(out, "is not an address") && !says(out, "pbem's own") {
				t.Errorf("%q: refusals %q, want one saying it is not an address (or pbem's own)", line, r)
			}
		}
		n := len(mt.outbox())
		out := mt.send(tableAddrs[0], mt.m.Mailbox, "", "NEW atacama WITH "+bad+"\r\n")
		if len(mt.outbox()) != n+1 || len(refusals(out)) != 1 {
			t.Errorf("NEW atacama WITH %s: %d notices written, refusals %q; want one refusal alone", bad, len(mt.outbox())-n, refusals(out))
		}
	}
}
