package postoffice

import (
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// parts are the parts of the service that run in one process at a time.
var parts = []string{"campaigns", "clock", "intake", "mailroom", "outbox", "projector", "retention"}

// runsAll reports whether, between them, the reports give each part to
// exactly one process.
func runsAll(hs ...healthReport) bool {
	for _, part := range parts {
		n := 0
		for _, h := range hs {
			if h.Parts[part] == "held" {
				n++
			}
		}
		if n != 1 {
			return false
		}
	}
	return true
}

// TestTwoProcesses: two pbem serve processes on one NATS server act as one
// service. Each part runs in one of them, as /healthz and /metrics of
// each say, both are healthy, and they share the parts out, four and three,
// though the first to start took them all; a club plays by mail; halfway the
// process that reads the mailbox stops and the other takes its parts over
// within the lease's time; at the end every move was recorded once, every
// bad move answered once, every mail delivered with one content, every
// history verified.
func TestTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games for seconds")
	}
	t.Parallel()
	n := startNATS(t)
	sys, ms := loopbackServers(t, "games")
	club := playClub(t, sys, 3)
	named := func(name string) func(*Config) {
		return func(c *Config) { c.ProcessName, c.Lease.Duration = name, time.Second }
	}
	a := serve(t, ms, serving{nats: n.url(), change: named("a")})
	b := serve(t, ms, serving{nats: n.url(), change: named("b")})
	var ha, hb healthReport
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		ha = a.waitHealth(t, http.StatusOK, "healthy", func(healthReport) bool { return true })
		hb = b.waitHealth(t, http.StatusOK, "healthy", func(healthReport) bool { return true })
		if runsAll(ha, hb) && max(len(held(ha)), len(held(hb))) == 4 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the parts are not shared out, each run by one process, four and three: a %v, b %v", ha.Parts, hb.Parts)
		}
	}
	t.Logf("a runs %v, b runs %v", held(ha), held(hb))
	reader, other := a, b
	if ha.Parts["intake"] != "held" {
		reader, other = b, a
	}
	for s, h := range map[*served]healthReport{a: ha, b: hb} {
		resp, err := http.Get(s.metrics)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range parts {
			want := fmt.Sprintf("pbem_part_held{part=%q} %d", p, map[string]int{"held": 1}[h.Parts[p]])
			if !strings.Contains(string(body), want+"\n") {
				t.Errorf("/metrics of a process that /healthz says runs %v lacks %q", held(h), want)
			}
		}
	}

	club.Start()
	time.Sleep(2 * time.Second)
	stopped := time.Now()
	reader.stop()
	other.waitHealth(t, http.StatusOK, "every part taken over", func(h healthReport) bool { return runsAll(h) })
	t.Logf("the other process ran every part %v after the first stopped", time.Since(stopped).Round(time.Millisecond))
	rep := settleClub(t, other, sys, club)
	t.Logf("two processes: %d games, %d moves and %d bad moves; one stopped halfway", rep.Games, rep.Applied, rep.Invalid)
}

// held lists the parts h says its process runs.
func held(h healthReport) []string {
	var out []string
	for _, p := range slices.Sorted(maps.Keys(h.Parts)) {
		if h.Parts[p] == "held" {
			out = append(out, p)
		}
	}
	return out
}
