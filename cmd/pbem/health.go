package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/pbem-games/pbem/internal/cmdline"
	"github.com/pbem-games/pbem/internal/postoffice"
)

// runHealth asks a running service's /healthz (postoffice.AskHealth): exit
// 0 when it answers 200, 1 with its answer otherwise.
func runHealth(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("health", flag.ContinueOnError)
	url := fs.String("url", cmdline.EnvOr("PBEM_HEALTH_URL", postoffice.DefaultHealthURL), "the service's /healthz")
	timeout := fs.Duration("timeout", 5*time.Second, "give up after this long")
	quiet := fs.Bool("quiet", false, "print nothing when healthy")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	report, err := postoffice.AskHealth(ctx, *url)
	if err == nil && !*quiet {
		fmt.Fprintln(e.stdout, report)
	}
	return err
}
