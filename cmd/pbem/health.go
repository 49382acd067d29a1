package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// defaultHealthURL is where a service started with --health
// 127.0.0.1:8025 (or http_listen) answers.
const defaultHealthURL = "http://127.0.0.1:8025/healthz"

// runHealth asks a running service's /healthz, as a container's health
// check or a monitoring script does where there is no curl: exit 0 when
// it answers 200, 1 with its answer otherwise.
func runHealth(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("health", flag.ContinueOnError)
	url := fs.String("url", envOr("PBEM_HEALTH_URL", defaultHealthURL), "the service's /healthz")
	timeout := fs.Duration("timeout", 5*time.Second, "give up after this long")
	quiet := fs.Bool("quiet", false, "print nothing when healthy")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, *url, nil)
	if err != nil {
		return usageError{fmt.Sprintf("health: --url %q: %v", *url, err)}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("health: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("health: %s answers %s: %s", *url, resp.Status, strings.TrimSpace(string(body)))
	}
	if !*quiet {
		fmt.Fprintf(e.stdout, "%s\n", strings.TrimSpace(string(body)))
	}
	return nil
}
