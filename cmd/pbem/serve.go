package main

import (
	"context"
	"flag"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/internal/cmdline"
	"github.com/pbem-games/pbem/internal/postoffice"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	file := fs.String("config", cmdline.EnvOr("PBEM_CONFIG", ""), "TOML configuration file")
	healthAddr := fs.String("health", cmdline.EnvOr("PBEM_HEALTH", ""), "serve /healthz, /metrics and the games' pages on this address, e.g. 127.0.0.1:8025")
	logFormat := fs.String("log-format", "", "text or json; default log_format, else text")
	logLevel := fs.String("log-level", "", "debug, info, warn or error; default log_level, else info")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	e.serve = true // the other command lines go through this process while it runs
	open := func(ctx context.Context) (*games.Service, *catalog.Catalog, error) {
		svc, err := e.service(ctx)
		return svc, e.offered, err
	}
	return postoffice.Serve(ctx, open, e.close, c, postoffice.ServeOptions{Health: *healthAddr, LogFormat: *logFormat, LogLevel: *logLevel, Log: e.stderr})
}

// runDemo plays "make run": a whole game by mail between bots, in a data
// directory of its own, then verifies it.
func runDemo(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	players := fs.Int("players", 2, "number of players, 2 to 4")
	variants := fs.String("variant", "", "comma-separated variants")
	timeout := fs.Duration("timeout", 3*time.Minute, "give up after this long")
	verbose := fs.Bool("v", false, "print every mail in full")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	if *players < 2 || *players > 4 {
		return usageError{Msg: "demo: --players must be 2 to 4"}
	}
	offered, err := e.games()
	if err != nil {
		return err
	}
	d := postoffice.Demo{Players: *players, Variants: cmdline.List(*variants), Verbose: *verbose, Games: offered, Out: e.stdout, Timeout: *timeout, Log: e.stderr}
	open := func(ctx context.Context, dir string) (*games.Service, error) {
		e.data, e.nats, e.serve = dir, "", true
		return e.service(ctx)
	}
	return d.Run(ctx, open, e.close)
}
