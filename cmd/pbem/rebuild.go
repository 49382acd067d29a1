package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/projections"
)

// runRebuild throws the read models away and folds them again from every
// game's history, showing how far it is.
func runRebuild(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("rebuild", flag.ContinueOnError)
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	// The rebuild streams its folds; the limit keeps the collector ahead
	// of the garbage a million games leave (an operator's GOMEMLIMIT wins).
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(projections.RebuildMemoryLimit)
	}
	start := time.Now()
	n, err := postoffice.Rebuild(ctx, svc.Store, svc.Catalog, e.stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "rebuilt the read models from %d events in %v\n", n, time.Since(start).Round(time.Millisecond))
	return nil
}
