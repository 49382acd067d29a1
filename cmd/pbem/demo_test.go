package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"regexp"
	"testing"
	"time"
)

// TestDemoAgain runs the demo twice in a row exactly as "make run" runs
// it, "pbem demo" with no flag: each run plays a whole fresh game to its
// verification in a data directory of its own, which it names and then
// removes, leaving nothing behind that would make the next one take its
// mail for mail already read. With no --timeout, a run must end when its
// game does, long before the default deadline.
func TestDemoAgain(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two games by mail")
	}
	t.Parallel()
	verified := regexp.MustCompile(`(?m)^ok: game ([a-z0-9]{6}), `)
	kept := regexp.MustCompile(`(?m)^pbem keeps the game in (\S+), removed at the end`)
	var ids []string
	for i := range 2 {
		var out, errOut bytes.Buffer
		start := time.Now()
		if err := run(context.Background(), []string{"demo"}, &out, &errOut); err != nil {
			t.Fatalf("demo run %d: %v\n%s", i+1, err, errOut.String())
		}
		// The game itself takes seconds; a run that lasts anywhere near
		// the default three-minute deadline waited for it, not for play.
		if took := time.Since(start); took > 90*time.Second {
			t.Errorf("demo run %d took %v; want it to end with its game, well before the 3m default deadline", i+1, took.Round(time.Second))
		}
		m := verified.FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("demo run %d verified no game:\n%s", i+1, out.String())
		}
		ids = append(ids, m[1])
		d := kept.FindStringSubmatch(out.String())
		if d == nil {
			t.Fatalf("demo run %d did not say where it keeps the game:\n%s", i+1, out.String())
		}
		if _, err := os.Stat(d[1]); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("demo run %d left its data directory %s behind (%v)", i+1, d[1], err)
		}
	}
	if ids[0] == ids[1] {
		t.Errorf("both runs played game %s; want a fresh game each time", ids[0])
	}
}
