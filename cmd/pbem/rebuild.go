package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime/debug"

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
	if err := postoffice.Rebuild(ctx, svc.Store, svc.Catalog, e.stderr, e.stdout); err != nil {
		return err
	}
	n, err := postoffice.EraseRevealed(ctx, svc)
	if n > 0 {
		fmt.Fprintf(e.stdout, "erased %d secret seeds that the ends of their games or campaigns had revealed\n", n)
	}
	return err
}
