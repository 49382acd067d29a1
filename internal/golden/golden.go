// Package golden compares what a test produced with a file kept in the
// repository, and rewrites the file when the test runs with -update: the
// one golden-file helper of the module's tests.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// Update reports whether the tests run with -update.
func Update() bool { return *update }

// Check fails t unless the file at path holds got; with -update it writes
// got there instead. The failure names the command that rewrites it.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	if got == string(want) {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	line := 0
	for line < min(len(gl), len(wl)) && gl[line] == wl[line] {
		line++
	}
	at := func(l []string) string {
		if line < len(l) {
			return strconv.Quote(l[line])
		}
		return "the end"
	}
	t.Errorf("%s differs from what the test produced at line %d (of %d, the file has %d):\n got %s\nwant %s\n(run the test with -update if the change is meant, and review the diff)",
		path, line+1, len(gl), len(wl), at(gl), at(wl))
}
