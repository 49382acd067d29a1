package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file")
	healthAddr := fs.String("health", envOr("PBEM_HEALTH", ""), "serve /healthz on this address, e.g. 127.0.0.1:8025")
	if _, err := e.parse(fs, args, 0, "[--config FILE] [--health ADDR]"); err != nil {
		return err
	}
	c, err := loadConfig(*file)
	if err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	e.serve = true // the other command lines go through this process while it runs
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	p, err := startPostOffice(ctx, e, svc, c, log)
	if err != nil {
		return err
	}
	if *healthAddr != "" {
		stop, err := serveHealth(ctx, *healthAddr, p.health, p.metrics, log)
		if err != nil {
			return fmt.Errorf("health: %w", err)
		}
		defer stop()
	}
	log.Info("pbem serving", "mailbox", c.Mailbox, "imap", c.IMAP.Addr, "smtp", c.SMTP.Addr, "data", e.data, "nats", e.nats)
	return p.run(ctx)
}

// postOffice is everything "pbem serve" runs: the intake, the mailroom,
// the projector and the outbox.
type postOffice struct {
	intake   *mail.Intake
	mailroom *games.Mailroom
	index    *projections.Projector
	outbox   *mail.Outbox
	sender   *mail.Sender
	clock    *games.Timekeeper
	health   *health
	metrics  *metrics
	log      *slog.Logger
	lh       games.Letterhead // what the outbox renders mail with
}

func startPostOffice(ctx context.Context, e *env, svc *games.Service, c config, log *slog.Logger) (*postOffice, error) {
	svc.Domain = c.domain()
	tokens, err := c.tokens(e.data)
	if err != nil {
		return nil, err
	}
	smtpOpts, err := c.smtpOptions()
	if err != nil {
		return nil, err
	}
	sender, err := mail.NewSender(smtpOpts)
	if err != nil {
		return nil, err
	}
	index, err := projections.NewProjector(ctx, svc.Store, svc.Catalog)
	if err != nil {
		return nil, err
	}
	cursor, err := mail.NewKVCursor(ctx, svc.Store)
	if err != nil {
		return nil, err
	}
	key, err := signingKey(e.data)
	if err != nil {
		return nil, err
	}
	lh := games.Letterhead{Service: c.Service, Mailbox: c.Mailbox, Tokens: tokens, Index: index, Key: &key}
	held, err := mail.OpenHeld(ctx, svc.Store)
	if err != nil {
		return nil, err
	}
	h := newHealth(svc.Store, held, time.Now)
	watchStore(svc.Store, h, log.With("part", "store"))
	index.OnRepair = h.projectorRepair(log.With("part", "projector"))
	var hold func() string
	if e.nats == "" && c.MinFreeMB >= 0 {
		h.disk = newDiskWatch(e.data, c.MinFreeMB, log.With("part", "disk"))
		hold = h.disk.hold
	}
	svc.Store.OnResubscribe = func(durable string, err error, wait time.Duration) {
		log.Warn("subscription failed; starting it again", "part", "store", "consumer", durable, "err", err, "in", wait)
	}
	m := newMetrics(h)
	svc.MinDeadline, svc.MaxObservers = c.MinDeadline.Duration, c.MaxObservers
	record := mail.StoreInbox(svc.Store)
	return &postOffice{
		lh:      lh,
		log:     log,
		index:   index,
		sender:  sender,
		health:  h,
		metrics: m,
		intake: &mail.Intake{Options: c.imapOptions(), Cursor: cursor, Log: log.With("part", "intake"), Hold: hold,
			Record: func(ctx context.Context, r mail.InboxRecord) error {
				err := record(ctx, r)
				if err == nil {
					m.received.Inc()
				}
				return err
			},
			OnState: func(connected bool, err error) { h.intakeState(connected, err); m.intake(connected, err) }},
		mailroom: &games.Mailroom{Service: svc, Tokens: tokens, Mailbox: c.Mailbox, Index: index,
			TrustedAuthServID: c.TrustedAuth, DKIM: c.dkimVerifier(), RatePerHour: c.RatePerHour, RatePerDay: c.RatePerDay, DomainFactor: c.DomainFactor, Log: log.With("part", "mailroom"),
			OnCommand: m.command},
		outbox: &mail.Outbox{Store: svc.Store, Notices: svc.Notices, Send: sender.Send, Log: log.With("part", "outbox"),
			OnSend:      func(n mail.Notice, err error) { h.outboxSent(n, err); m.sent(err) },
			MaxRetryAge: c.SMTP.MaxRetryAge.Duration, OnFailed: svc.Undelivered, Now: svc.Now,
			Render: func(ctx context.Context, n mail.Notice) (mail.Outgoing, error) { return svc.Render(ctx, lh, n) }},
		clock: &games.Timekeeper{Service: svc, Index: index, Every: c.Tick.Duration, Log: log.With("part", "clock")},
	}, nil
}

// run runs every part until ctx ends or one fails; a failure stops the
// others.
func (p *postOffice) run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	parts := map[string]func(context.Context) error{
		"intake": p.intake.Run, "mailroom": p.mailroom.Run, "projector": p.index.Run, "outbox": p.outbox.Run,
		"clock": p.clock.Run,
	}
	if p.health.disk != nil {
		parts["disk"] = p.health.disk.run
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(parts))
	for name, run := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := run(ctx); err != nil && ctx.Err() == nil {
				p.log.Error("stopped", "part", name, "err", err)
				errs <- err
				cancel()
			}
		}()
	}
	wg.Wait()
	_ = p.sender.Close() // the connections kept for the next mail
	close(errs)
	var all []error
	for err := range errs {
		all = append(all, err)
	}
	return errors.Join(all...)
}
