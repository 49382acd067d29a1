// Package postoffice is the serving process, what "pbem serve" runs: its
// configuration (Config, LoadConfig), Start, which wires the intake, the
// mailroom, the projector, the outbox, the clock and the retention for the
// games offered (a catalog.Catalog) on a store, and Run, which runs each
// part while this process holds its lease, with /healthz, /metrics and
// the games' pages beside them. "pbem demo", the benchmark and the
// end-to-end tests start it the same way.
package postoffice

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/web"
)

// OpenStore opens the store of c's data directory, or of c's NATS server
// when c.NATS is not "", keeping replicas copies on a cluster. Another
// process may own the data directory: a service is joined, a command line
// waited for, saying so once on w so that a wait is not taken for a hang.
// serve makes this process the one that serves the data directory to the
// other command lines while the store is open ("pbem serve").
func OpenStore(ctx context.Context, c Config, replicas int, serve bool, w io.Writer) (*events.Store, error) {
	return events.Open(ctx, events.Options{URL: c.NATS, DataDir: c.Data, Serve: serve, Replicas: replicas,
		OnWait: func() { fmt.Fprintln(w, events.Waiting(c.Data)) }})
}

// PostOffice is everything "pbem serve" runs: the intake, the mailroom,
// the projector, the outbox and the clock, with the health report and the
// metrics they feed.
type PostOffice struct {
	intake   *mail.Intake
	mailroom *mailroom.Mailroom
	index    *projections.Projector
	outbox   *mail.Outbox
	sender   *mail.Sender
	clock    *games.Timekeeper
	keep     *mail.Retention
	record   *organiser.Recorder // the campaigns' results, as their games end
	health   *health
	metrics  *metrics
	log      *slog.Logger
	post     *letters.Service   // the mail side of the games
	lh       letters.Letterhead // what the outbox renders mail with
	pages    *web.Pages
	// listen is where Run serves Handler (Config.HTTPListen) unless
	// Listen already does.
	listen    string
	listening bool
	// process names this process to the others sharing the store, and
	// lease is how long its parts' leases last (Config.ProcessName,
	// Config.Lease).
	process string
	lease   time.Duration
	store   events.Buckets
}

// Start makes the post office of svc for the games offered as c says,
// ready to Run. svc is left as it is: the post office runs a service of
// its own with svc's store, clock, entropy, retries and cache, and the
// rules of the games offered, the domain, mailbox, shortest deadline and
// most observers c gives. The store is open and stays the caller's to
// close; Start tells it (OnResubscribe) to log each subscription started
// again.
func Start(ctx context.Context, svc *games.Service, offered *catalog.Catalog, c Config, log *slog.Logger) (*PostOffice, error) {
	if offered == nil {
		return nil, errors.New("postoffice: no games offered")
	}
	svc = configured(svc, offered, c)
	smtpOpts, err := c.SMTPOptions()
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
	lh, err := c.Letterhead(index)
	if err != nil {
		return nil, err
	}
	tokens := lh.Tokens
	stops, err := mail.OpenStopList(ctx, svc.Store)
	if err != nil {
		return nil, err
	}
	held, err := mail.OpenHeld(ctx, svc.Store)
	if err != nil {
		return nil, err
	}
	scores, err := mail.OpenBounceScores(ctx, svc.Store)
	if err != nil {
		return nil, err
	}
	h := newHealth(svc.Store, held, time.Now)
	h.token = c.HealthToken
	watchStore(svc.Store, log.With("part", "store"))
	index.OnRepair = h.projectorRepair(log.With("part", "projector"))
	var hold func() string
	if c.NATS == "" && c.MinFreeMB >= 0 {
		h.disk = newDiskWatch(c.Data, c.MinFreeMB, log.With("part", "disk"))
		hold = h.disk.hold
	}
	svc.Store.OnResubscribe(func(durable string, err error, wait time.Duration) {
		log.Warn("subscription failed; starting it again", "part", "store", "consumer", durable, "err", err, "in", wait)
	})
	m := newMetrics(h)
	post := letters.New(svc, offered)
	post.NoPictures = c.NoPictures
	m.reg.MustRegister(pictureStats{post})
	prefs, err := post.Prefs(ctx)
	if err != nil {
		return nil, err
	}
	record := mail.StoreInbox(svc.Store)
	bounces := &mail.Bounces{Store: svc.Store, Tokens: tokens, Mailbox: c.Mailbox, Notices: post.Notices,
		OnFailed: post.Undelivered, Scores: scores, OnMarked: post.Marked, Now: svc.Now, Log: log.With("part", "bounces")}
	return &PostOffice{
		post:    post,
		lh:      lh,
		pages:   &web.Pages{Service: svc, Games: offered, Tokens: tokens, Key: lh.Key, Describe: post.DescribeEachFor, LeftOut: notice.LeftOut, Prefs: prefs, Stop: stops, Log: log.With("part", "web"), Pictures: post.Pictures},
		listen:  c.HTTPListen,
		process: c.Process(),
		lease:   c.Lease.Duration,
		store:   svc.Store,
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
		mailroom: &mailroom.Mailroom{Service: post, Tokens: tokens, Mailbox: c.Mailbox, Index: index,
			TrustedAuthServID: c.TrustedAuth, DKIM: c.dkimVerifier(), RatePerHour: c.RatePerHour, RatePerDay: c.RatePerDay, DomainFactor: c.DomainFactor, MaxHosted: c.MaxHosted, UnsolicitedPerDay: c.UnsolicitedPerDay, Log: log.With("part", "mailroom"),
			OnCommand: m.command,
			OnBounce:  bounces.Handle,
			OnWrote: func(ctx context.Context, addr string) error {
				cleared, err := scores.Clear(ctx, addr)
				if cleared {
					log.Info("a bouncing address wrote to pbem: its bounces are forgotten", "part", "bounces", "from", addr)
				}
				return err
			}},
		outbox: &mail.Outbox{Store: svc.Store, Notices: post.Notices, Send: sender.Send, Log: log.With("part", "outbox"),
			Followed:    []mail.Followed{{Durable: CampaignNoticesDurable, Filter: events.CampaignSubject + ">", Notices: post.CampaignNotices(lh)}},
			OnSend:      func(n mail.Notice, err error) { h.outboxSent(n, err); m.sent(err) },
			MaxRetryAge: c.SMTP.MaxRetryAge.Duration, PerHour: c.SMTP.MaxPerHour, Now: svc.Now,
			OnFailed: func(ctx context.Context, n mail.Notice, cause error) error {
				if err := gamesOnly(post.Undelivered)(ctx, n, cause); err != nil {
					return err
				}
				// A refusal for good counts as a bounce; mail given up
				// after days of temporary refusals does not.
				if de := (*mail.DeliveryError)(nil); errors.As(cause, &de) && !de.Temporary {
					return bounces.Count(ctx, n, strconv.Itoa(de.Code), n.ID)
				}
				return nil
			},
			OnStopped: func(ctx context.Context, n mail.Notice) error {
				return gamesOnly(func(ctx context.Context, n mail.Notice, _ error) error { return post.Stopped(ctx, n) })(ctx, n, nil)
			},
			Render: func(ctx context.Context, n mail.Notice) (mail.Outgoing, error) {
				out, err := post.Render(ctx, lh, n)
				// Each mail's bounces come back to an address of its own,
				// which says whose mail of which game bounced; the probe's
				// to the probe's own.
				out.EnvelopeFrom = tokens.BounceAddress(c.Mailbox, n.Game, n.To)
				if n.Kind == mail.KindProbe {
					out.EnvelopeFrom = tokens.ProbeAddress(c.Mailbox, n.To)
				}
				return out, err
			}},
		clock: &games.Timekeeper{Service: svc, Index: index, Every: c.Tick.Duration, Log: log.With("part", "clock")},
		keep: &mail.Retention{Store: svc.Store, Durable: mailroom.InboxDurable, Age: c.InboxRetention.Duration,
			Every: c.Tick.Duration, Now: svc.Time, Log: log.With("part", "retention")},
		record: newRecorder(svc, log),
	}, nil
}

// startWhenReady is Start once the store answers: a store that cannot be
// reached yet (a cluster's node away, its leaders being elected) is
// waited for, so that the process starts once it answers rather than
// stop and wait for someone to start it again. open opens the store and
// returns the service on it and the games offered; close closes the
// store before each wait, which grows from a second to 15 s. It returns
// nil and no error when ctx ends while it waits.
func startWhenReady(ctx context.Context, open func(context.Context) (*games.Service, *catalog.Catalog, error), close func(), c Config, log *slog.Logger) (*PostOffice, error) {
	for wait := time.Second; ; wait = min(2*wait, 15*time.Second) {
		svc, offered, err := open(ctx)
		var p *PostOffice
		if err == nil {
			p, err = Start(ctx, svc, offered, c, log)
		}
		if err == nil {
			return p, nil
		}
		if !events.Unavailable(err) || ctx.Err() != nil {
			return nil, err
		}
		log.Warn("the store does not answer yet; starting again", "err", err, "in", wait)
		close()
		select {
		case <-ctx.Done():
			return nil, nil
		case <-time.After(wait):
		}
	}
}

// configured is a new service with given's store, clock, entropy, retries
// and cache, for the games offered, configured as c says.
func configured(given *games.Service, offered *catalog.Catalog, c Config) *games.Service {
	svc := copyService(given)
	svc.Catalog, svc.Domain, svc.Mailbox = offered.Rules(), c.IDDomain(), c.Mailbox
	svc.MinDeadline, svc.MaxObservers = c.MinDeadline.Duration, c.MaxObservers
	return svc
}

// copyService is a new service with the settings of svc and a cache of
// its own, for a part that changes a setting without changing svc's.
func copyService(svc *games.Service) *games.Service {
	return &games.Service{Store: svc.Store, Catalog: svc.Catalog, Now: svc.Now, Entropy: svc.Entropy, Retries: svc.Retries, Domain: svc.Domain,
		CacheGames: svc.CacheGames, MinDeadline: svc.MinDeadline, MaxObservers: svc.MaxObservers, Mailbox: svc.Mailbox}
}

// Run runs every part until ctx ends. Each part but the disk watch runs in
// one process at a time of all those that share the store: this one runs
// it while it holds the part's lease (events.Lease), and stands by while
// another does, ready to take over once that one stops; one process alone
// holds them all. A part that fails gives its lease up and runs again
// after a growing pause, here or elsewhere; a failure of the disk watch,
// the web listener or the sharing stops the process.
func (p *PostOffice) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	parts := map[string]func(context.Context) error{}
	leases := map[string]*events.Lease{}
	runs := map[string]func(context.Context) error{
		"intake": p.intake.Run, "mailroom": p.mailroom.Run, ProjectorPart: p.index.Run, "outbox": p.outbox.Run,
		"clock": p.clock.Run, "retention": p.keep.Run, CampaignsPart: p.record.Run,
	}
	for _, name := range Parts {
		run := runs[name]
		l := &events.Lease{Store: p.store, Name: name, Owner: p.process, TTL: p.lease}
		leases[name] = l
		p.health.leaseHeld(name, false)
		switch name { // they look before each mail they read or send
		case "mailroom":
			p.mailroom.Holding = l.Held
		case "outbox":
			p.outbox.Holding = l.Held
		}
		parts[name] = func(ctx context.Context) error {
			// A part that fails (the store away too long, say) gives its
			// lease up and runs again, here or in another process: one
			// part's trouble stops no other.
			for wait := time.Second; ; wait = min(2*wait, 30*time.Second) {
				err := l.Run(ctx, run, func(held bool) {
					p.health.leaseHeld(name, held)
					p.log.Info(map[bool]string{true: "part started: this process holds its lease", false: "part stopped: its lease given up or lost"}[held], "part", name, "process", p.process)
				})
				if ctx.Err() != nil {
					return nil
				}
				p.log.Error("part failed; running it again", "part", name, "err", err, "in", wait)
				select {
				case <-ctx.Done():
					return nil
				case <-time.After(wait):
				}
			}
		}
	}
	// This process's presence, which the others count to share the parts
	// out, and the sharing.
	present := &events.Lease{Store: p.store, Name: processPrefix + hex.EncodeToString([]byte(p.process)), Owner: p.process, TTL: p.lease}
	parts["presence"] = func(ctx context.Context) error {
		return present.Run(ctx, func(ctx context.Context) error { <-ctx.Done(); return nil }, nil)
	}
	parts["sharing"] = func(ctx context.Context) error { return p.share(ctx, leases) }
	if p.health.disk != nil {
		parts["disk"] = p.health.disk.run
	}
	if p.listen != "" && !p.listening {
		stop, err := p.Listen(ctx, p.listen)
		if err != nil {
			return fmt.Errorf("http_listen: %w", err)
		}
		defer stop()
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

// Parts names the parts that run in one process at a time, each under a
// lease of that name.
var Parts = []string{"intake", "mailroom", ProjectorPart, "outbox", "clock", "retention", CampaignsPart}

// ProjectorPart is the name of the part that keeps the read models, and
// of its lease: "pbem rebuild" takes it while it folds them again.
const ProjectorPart = "projector"

// processPrefix begins the names of the processes' presence leases.
const processPrefix = "process."

// share gives parts up while this process runs more than its share of
// them: the parts over the number of live processes, rounded up. Each
// round gives one up, which a process that runs fewer takes over.
func (p *PostOffice) share(ctx context.Context, leases map[string]*events.Lease) error {
	every := p.lease
	if every <= 0 {
		every = events.DefaultLeaseTTL
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
		live, err := events.LeaseHolders(ctx, p.store, processPrefix, time.Now())
		if err != nil || len(live) < 2 {
			continue // the store away, or alone: nothing to share
		}
		var held []string
		for _, name := range slices.Sorted(maps.Keys(leases)) {
			if leases[name].Held() {
				held = append(held, name)
			}
		}
		if share := (len(leases) + len(live) - 1) / len(live); len(held) > share {
			name := held[len(held)-1]
			p.log.Info("giving a part up to share them out", "part", name, "process", p.process, "processes", len(live), "held", len(held))
			leases[name].Yield()
		}
	}
}

// Handler serves /healthz, /metrics, the games' pages under /g/, the
// campaigns' under /c/ and the one-click unsubscribe links under /u/.
func (p *PostOffice) Handler() http.Handler {
	mux := healthMux(p.health, p.metrics)
	limit := newPageLimiter(time.Now)
	mux.Handle("GET /g/", limit.limit(p.pages.Handler()))
	mux.Handle("GET /rules/", limit.limit(p.pages.Rules()))
	mux.Handle("GET /c/", limit.limit(p.pages.Campaigns()))
	mux.Handle("/u/", p.pages.Unsubscribe())
	return mux
}

// Listen serves Handler on addr until ctx ends; the function it returns
// stops it sooner. Run then serves nothing on Config.HTTPListen.
func (p *PostOffice) Listen(ctx context.Context, addr string) (func(), error) {
	p.listening = true
	return serveHealth(ctx, addr, p.Handler(), p.log)
}

// ShowMail writes notice id's mail to w exactly as it was or would be
// sent, rendered now from the history, and returns where it stands.
func ShowMail(ctx context.Context, svc *letters.Service, lh letters.Letterhead, sender *mail.Sender, w io.Writer, id string) (mail.NoticeState, error) {
	s, err := mail.FindNotice(ctx, svc.Store, svc.Notices, id)
	if err != nil {
		return s, err
	}
	out, err := svc.Render(ctx, lh, s.Notice)
	if err != nil {
		return s, fmt.Errorf("mail show %s: %w", s.Notice.ID, err)
	}
	m, err := sender.Message(out)
	if err != nil {
		return s, fmt.Errorf("mail show %s: %w", s.Notice.ID, err)
	}
	_, err = m.WriteTo(w)
	return s, err
}

// runMailRetry makes held notices go again: one by its Message-ID, or
