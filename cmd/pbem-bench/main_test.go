package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/internal/bench"
)

// TestBenchQuick runs every part of pbem-bench with tiny sizes: the
// benchmark still works, whatever it would measure.
func TestBenchQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three servers and a mail system")
	}
	out := filepath.Join(t.TempDir(), "benchmarks.md")
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"--quick", "--dir", t.TempDir(), "--out", out}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("pbem-bench --quick: %v\n%s", err, stderr.String())
	}
	md, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{"rules", "command", "pipeline", "rebuild", "growth", "cluster"} {
		if !strings.Contains(stdout.String(), "\n"+part+" ") || !strings.Contains(string(md), "| "+part+" |") {
			t.Errorf("pbem-bench --quick: no %s figures in\n%s", part, stdout.String())
		}
	}
	if !strings.Contains(stdout.String(), "the same moves again with mail without pictures") {
		t.Errorf("pbem-bench --quick: no figure of the pipeline without pictures in\n%s", stdout.String())
	}
	for _, want := range []string{"pbem-bench --quick", "cores", "load average"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("%s does not say %q:\n%s", out, want, md)
		}
	}
}

// TestMain runs the tests, or, started again by the benchmark, one of its
// cluster's NATS nodes or the pipeline's mail host.
func TestMain(m *testing.M) {
	storetest.ServeNodeIfAsked()
	bench.ServeMailHostIfAsked()
	os.Exit(m.Run())
}
