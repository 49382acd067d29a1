package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/pbem-games/pbem/internal/postoffice"
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
	start := time.Now()
	n, err := postoffice.Rebuild(ctx, svc.Store, svc.Catalog, e.stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "rebuilt the read models from %d events in %v\n", n, time.Since(start).Round(time.Millisecond))
	return nil
}
