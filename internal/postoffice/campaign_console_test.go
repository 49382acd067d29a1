package postoffice

import (
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns/bymail"
)

// TestCampaignDecideBesideServe: an organiser at the console runs a
// campaign while pbem serve runs on its data directory: the campaign
// made, paired and paused by command lines beside the service, whose
// outbox mails each player the pause with its reason at once; and a
// decision that makes no sense then (RESUME twice) is refused by name at
// the console, with nothing mailed.
func TestCampaignDecideBesideServe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds pbem and runs it beside pbem serve")
	}
	t.Parallel()
	bin := buildPbem(t)
	sys, ms := loopbackServers(t, "games", "ana", "bea", "cy", "dan")
	s := newServeProc(t, bin, sys)
	s.start()
	waitServing(t, s)
	defer s.stop()
	console := func(args ...string) string {
		t.Helper()
		out, stderr, err := runBin(bin, s.dir, args...)
		if err != nil {
			s.tail()
			t.Fatalf("pbem %s beside the service: %v\n%s%s", strings.Join(args, " "), err, out, stderr)
		}
		return out
	}
	players := []string{sys.Address("ana"), sys.Address("bea"), sys.Address("cy"), sys.Address("dan")}
	id := strings.TrimSpace(console("campaign", "new", "roundrobin", "--game", "atacama", "--players", strings.Join(players, ",")))
	console("campaign", "pair", id)
	console("campaign", "decide", id, "pause", "--reason", "the club's holiday")
	for _, user := range []string{"ana", "bea", "cy", "dan"} {
		if l := waitFor(t, ms, user, 0, bymail.KindDecided); !strings.Contains(l.p.Text, "the club's holiday") {
			t.Errorf("%s's mail of the pause made at the console does not give its reason:\n%s", user, l.p.Text)
		}
	}
	console("campaign", "decide", id, "resume", "--reason", "back")
	out, stderr, err := runBin(bin, s.dir, "campaign", "decide", id, "resume", "--reason", "back again")
	if err == nil || !strings.Contains(out+stderr, "paused") {
		t.Errorf("a second resume beside the service = %v\n%s%s; want a refusal saying the campaign is not paused", err, out, stderr)
	}
	if show := console("campaign", "export", id); strings.Count(show, `"decision":"resume"`) != 1 || strings.Count(show, `"decision":"pause"`) != 1 {
		t.Errorf("the campaign's history after a pause, a resume and a refused resume:\n%s", show)
	}
}
