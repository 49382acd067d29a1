package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"log/slog"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/internal/postoffice"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file")
	healthAddr := fs.String("health", envOr("PBEM_HEALTH", ""), "serve /healthz, /metrics and the games' pages on this address, e.g. 127.0.0.1:8025")
	logFormat := fs.String("log-format", "", "text or json; default log_format, else text")
	logLevel := fs.String("log-level", "", "debug, info, warn or error; default log_level, else info")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	if err := c.Check(); err != nil {
		return err
	}
	h, err := postoffice.LogHandler(e.stderr, cmp.Or(*logFormat, c.LogFormat), cmp.Or(*logLevel, c.LogLevel))
	if err != nil {
		return err
	}
	log := slog.New(h)
	e.serve = true // the other command lines go through this process while it runs
	open := func(ctx context.Context) (*games.Service, *catalog.Catalog, error) {
		svc, err := e.service(ctx)
		return svc, e.offered, err
	}
	p, err := postoffice.StartWhenReady(ctx, open, e.close, c, log)
	if p == nil || err != nil {
		return err
	}
	if *healthAddr != "" {
		stop, err := p.Listen(ctx, *healthAddr)
		if err != nil {
			return fmt.Errorf("health: %w", err)
		}
		defer stop()
	}
	log.Info("pbem serving", "mailbox", c.Mailbox, "imap", c.IMAP.Addr, "smtp", c.SMTP.Addr, "data", e.data, "nats", e.nats)
	return p.Run(ctx)
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
	dir, end, err := postoffice.DemoData(e.stderr)
	if err != nil {
		return err
	}
	e.data, e.nats, e.serve = dir, "", true
	ok := false
	defer func() { e.close(); end(ok) }()
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	d := postoffice.Demo{Players: *players, Variants: splitList(*variants), Verbose: *verbose, Out: e.stdout, Games: e.offered}
	id, err := d.Play(ctx, svc, dir)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("demo: no game over after %v", *timeout)
		}
		return err
	}
	fmt.Fprintln(e.stdout)
	if err := runVerify(context.Background(), e, []string{id}); err != nil {
		return err
	}
	ok = true
	return nil
}
