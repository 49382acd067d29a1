package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/loopback"
	"github.com/pbem-games/pbem/projections"
)

// mailboxUser is the game mailbox's user on the benchmark's mail system.
const mailboxUser = "games"

// pipelineResult is what the whole pipeline did.
type pipelineResult struct {
	moves   int
	rate    float64       // moves per second, inbox records to the last answer accepted
	perMove time.Duration // 1/rate
	// cpuPerMove is the processor time the benchmark's process spent per
	// move in the throughput run: pbem and its JetStream (and the
	// players' writing of the inbox records). mailCPUPerMove is the mail
	// host's, the IMAP and SMTP servers in a process of their own
	// (mailhost.go).
	cpuPerMove, mailCPUPerMove time.Duration
	latency                    Latencies // IMAP arrival to pbem's answer accepted, at a steady rate
	offered                    float64   // the steady rate asked for
	achieved                   float64   // the rate the players managed to send at
	missed                     int       // ticks when no game was ready to move
	largest                    int       // the largest mail accepted, bytes
}

// moveKey names the event a move becomes.
type moveKey struct {
	game string
	seq  uint64
}

// tracker hears every mail the SMTP server accepts and tells when the
// invitations of a game have all been accepted, and when pbem's answer to
// a player's mail has.
type tracker struct {
	mu       sync.Mutex
	want     int // invitations per game: one per player
	got      map[moveKey]int
	waiting  map[moveKey]*waiter
	answers  map[string]*waiter // by the Message-ID of the player's mail
	refused  []string
	refusedC chan struct{}
	largest  int // the largest mail accepted, bytes
}

// waiter is one move waiting for its mail.
type waiter struct {
	since time.Time
	done  func(time.Duration)
}

func newTracker(want int) *tracker {
	return &tracker{want: want, got: map[moveKey]int{}, waiting: map[moveKey]*waiter{}, answers: map[string]*waiter{},
		refusedC: make(chan struct{}, 1)}
}

// expectAnswer calls done with the time from now until pbem's answer to
// the player's mail id is accepted: the mail that tells its writer what
// their mail did, which pbem sends with the others its events cause. It
// is called before the mail is sent.
func (t *tracker) expectAnswer(id string, done func(time.Duration)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.answers[id] = &waiter{since: time.Now(), done: done}
}

// expect calls done with the time from now until every mail about event
// seq of game is accepted.
func (t *tracker) expect(game string, seq uint64, done func(time.Duration)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	k := moveKey{game, seq}
	if t.got[k] >= t.want {
		done(0)
		return
	}
	t.waiting[k] = &waiter{since: time.Now(), done: done}
}

// delivered hears of a mail of size bytes accepted by the SMTP server,
// with its header.
func (t *tracker) delivered(from string, to []string, size int, head []byte) {
	t.mu.Lock()
	t.largest = max(t.largest, size)
	t.mu.Unlock()
	// What a mail is, and the event it tells of, are in its headers.
	m, err := netmail.ReadMessage(bytes.NewReader(head))
	if err != nil {
		return
	}
	kind, game := m.Header.Get(letters.HeaderKind), m.Header.Get(letters.HeaderGame)
	switch kind {
	case notice.KindRejected, notice.KindError, notice.KindStale:
		t.mu.Lock()
		t.refused = append(t.refused, fmt.Sprintf("%s to %s", kind, strings.Join(to, ",")))
		t.mu.Unlock()
		select {
		case t.refusedC <- struct{}{}:
		default:
		}
		return
	}
	// A move's effect on the other seats cannot be told in advance (a
	// hidden placement tells them nothing, the end of a phase tells them
	// all), but its writer always hears, in a mail that answers theirs.
	if id := strings.Trim(strings.TrimSpace(m.Header.Get("In-Reply-To")), "<>"); id != "" {
		t.mu.Lock()
		w := t.answers[id]
		delete(t.answers, id)
		t.mu.Unlock()
		if w != nil {
			w.done(time.Since(w.since))
			return
		}
	}
	seq, err := strconv.ParseUint(m.Header.Get(letters.HeaderSeq), 10, 64)
	if game == "" || err != nil {
		return
	}
	k := moveKey{game, seq}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.got[k]++
	if w := t.waiting[k]; w != nil && t.got[k] >= t.want {
		delete(t.waiting, k)
		w.done(time.Since(w.since))
	}
}

// refusal returns the first mail pbem refused, if any.
func (t *tracker) refusal() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.refused) == 0 {
		return nil
	}
	return fmt.Errorf("pbem answered a benchmark move with %s", t.refused[0])
}

// nextMail returns the moves of the next mail a player sends in tb, from
// tb.next to end: the seat's next move and, while it is still to act
// after it (its plan in a simultaneous phase), its moves after that, each
// a line of the mail. Moves the service plays itself are never sent. ok
// is false when no move is left to send but the last, which ends the game
// and whose mail is of another kind.
func nextMail(tb *table) (moves []played, end int, ok bool) {
	last := len(tb.script.moves) - 1
	start := tb.next
	for start < last && tb.script.moves[start].forced {
		start++
	}
	if start >= last {
		return nil, start, false
	}
	end = start + 1
	for tb.script.moves[end-1].stays && end < last &&
		tb.script.moves[end].seat == tb.script.moves[start].seat && !tb.script.moves[end].forced {
		end++
	}
	return tb.script.moves[start:end], end, true
}

// moveMail is the mail a player sends to play moves of tb, the n-th mail
// of the benchmark, and its Message-ID, which pbem's answer to the player
// names in its In-Reply-To.
func moveMail(tb *table, tokens mail.Tokens, moves []played, n int) (to, id string, raw []byte) {
	seat := moves[0].seat
	from := fmt.Sprintf("p%d-%d@%s", tb.index, seat, benchDomain)
	to = tokens.ReplyTo(mailboxUser+"@"+benchDomain, tb.id, int(seat))
	id = fmt.Sprintf("m%d.%s.%d@%s", n, tb.id, tb.next, benchDomain)
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: Re: [pbem %s] your turn\r\nMessage-ID: <%s>\r\nDate: %s\r\n",
		from, to, tb.id, id, time.Now().UTC().Format(time.RFC1123Z))
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
	for _, m := range moves {
		b.WriteString(m.text + "\r\n")
	}
	return to, id, []byte(b.String())
}

// pipeline measures the whole pipeline: moves per second from inbox
// records to pbem's answers accepted by SMTP, then the latency from a
// mail's arrival in the IMAP mailbox to pbem's answer to it accepted (sent
// with the other mails its events cause, in the same batch of the outbox),
// under a steady rate of moves. One pbem serve runs on each of stores, a
// connection of its own; with several they share the parts out by their
// leases before anything is measured. Its games are numbered from first.
// plain runs pbem serve with no_pictures and measures the throughput
// alone: what a move costs without its picture, the baseline of what the
// picture costs.
func pipeline(ctx context.Context, stores []*events.Store, dir string, cfg *Config, first int, plain bool, p *progress) (pipelineResult, error) {
	var res pipelineResult
	store := stores[0]
	scs, err := scriptsFor(cfg, cfg.PipelineGames, uint64(first))
	if err != nil {
		return res, err
	}
	tr := newTracker(scs[0].setup.Seats)
	sys, err := startMailHost(benchDomain, mailboxUser, tr.delivered)
	if err != nil {
		return res, err
	}
	defer sys.Close()
	for i, sc := range scs {
		for s := range sc.setup.Seats {
			if err := sys.AddUser(fmt.Sprintf("p%d-%d", first+i, s)); err != nil {
				return res, err
			}
		}
	}
	svc := &games.Service{Store: store, Catalog: cfg.Catalog}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	// What "pbem serve" runs, reading the game mailbox on sys's IMAP
	// server and sending through its SMTP server.
	c := postoffice.OnLoopback(mailboxUser+"@"+benchDomain, loopback.Password, sys.IMAPAddr, sys.SMTPAddr)
	c.Data, c.NoPictures = dir, plain
	served := make(chan error, len(stores))
	running := 0
	defer func() {
		stop()
		for range running {
			<-served
		}
	}()
	for i, st := range stores {
		if len(stores) > 1 {
			c.ProcessName, c.Lease.Duration = fmt.Sprintf("bench-%d", i+1), processLease
		}
		// pbem serve's warnings and errors go to the progress lines: a
		// part that cannot start (its consumer refused by a loaded
		// cluster, say) would otherwise show only as moves not answered.
		log := slog.New(slog.NewTextHandler(p, &slog.HandlerOptions{Level: slog.LevelWarn}))
		po, err := postoffice.Start(runCtx, &games.Service{Store: st, Catalog: cfg.Catalog}, cfg.Offered, c, log.With("process", i+1))
		if err != nil {
			return res, err
		}
		running++
		go func() { served <- po.Run(runCtx) }()
	}
	tokens, err := c.Tokens()
	if err != nil {
		return res, err
	}
	if len(stores) > 1 {
		p.say("pipeline: %d processes sharing the parts out", len(stores))
		if err := waitFor(ctx, tr, served, time.Minute, func() bool { return sharedOut(ctx, store, len(stores)) }); err != nil {
			return res, fmt.Errorf("parts not shared out among %d processes: %w", len(stores), err)
		}
	}

	p.say("pipeline: creating %d games and sending their invitations", len(scs))
	tables, err := createGames(ctx, svc, scs, first, 16)
	if err != nil {
		return res, err
	}
	if err := waitAll(ctx, tr, tables, served, 2*time.Minute); err != nil {
		return res, fmt.Errorf("invitations: %w", err)
	}

	without := ""
	if plain {
		without = ", mail without pictures (no_pictures)"
	}
	p.say("pipeline: %d mails of moves from inbox records to pbem's answers accepted%s", len(tables)*cfg.PipelineRounds, without)
	cpu, mailCPU := CPUTime(), sys.CPUTime()
	res.moves, res.rate, err = pipelineThroughput(ctx, store, cfg, tables, tokens, tr, served, p)
	if err != nil {
		return res, err
	}
	res.cpuPerMove = (CPUTime() - cpu) / time.Duration(res.moves)
	res.mailCPUPerMove = (sys.CPUTime() - mailCPU) / time.Duration(res.moves)
	res.perMove = time.Duration(float64(time.Second) / res.rate)
	if plain {
		return res, nil
	}

	// A steady rate starts from a quiet service: what the burst above
	// left to do (the read models, mostly) is done first.
	if err := waitFor(ctx, tr, served, time.Minute, func() bool { return idle(ctx, store) }); err != nil {
		p.say("pipeline: still busy after the burst (%v); waiting: %s", err, backlogs(ctx, store))
	}
	p.say("pipeline: a steady %.0f mails of moves per second for %v, from IMAP arrival to pbem's answer accepted", cfg.PipelineRate, cfg.LatencyTime)
	res.offered = cfg.PipelineRate
	res.latency, res.achieved, res.missed, err = pipelineLatency(ctx, store, sys, cfg, tables, tokens, tr, served, p)
	tr.mu.Lock()
	res.largest = tr.largest
	tr.mu.Unlock()
	return res, err
}

// processLease is the lease of the parts when several processes share
// them: short, so that they are shared out within seconds.
const processLease = 2 * time.Second

// sharedOut reports whether every part of pbem serve runs, each in one of
// n processes, none running more than its share.
func sharedOut(ctx context.Context, store *events.Store, n int) bool {
	holders, err := events.LeaseHolders(ctx, store, "", time.Now())
	if err != nil {
		return false
	}
	parts, per := 0, map[string]int{}
	for name, owner := range holders {
		if !strings.HasPrefix(name, "process.") {
			parts++
			per[owner]++
		}
	}
	share := (parts + n - 1) / n
	for _, k := range per {
		if k > share {
			return false
		}
	}
	return len(per) == n && parts == len(postoffice.Parts)
}

// pipelineThroughput writes cfg.PipelineRounds moves of every table as
// inbox records, round after round, and waits until all the mail they
// cause is accepted.
func pipelineThroughput(ctx context.Context, store *events.Store, cfg *Config, tables []*table, tokens mail.Tokens,
	tr *tracker, served <-chan error, p *progress) (int, float64, error) {
	record := mail.StoreInbox(store)
	var (
		mu   sync.Mutex
		last time.Time
		n    int
	)
	start := time.Now()
	ticker := p.every(5*time.Second, func() string {
		mu.Lock()
		done := n
		mu.Unlock()
		return fmt.Sprintf("pipeline: %d moves done; waiting: %s", done, backlogs(ctx, store))
	})
	defer ticker()
	total := 0
	for round := range cfg.PipelineRounds {
		err := forEach(ctx, tables, 16, func(tb *table) error {
			moves, end, ok := nextMail(tb)
			if !ok {
				return nil
			}
			_, id, raw := moveMail(tb, tokens, moves, round)
			tr.expectAnswer(id, func(time.Duration) {
				mu.Lock()
				n, last = n+len(moves), time.Now()
				mu.Unlock()
			})
			rec := mail.NewInboxRecord(raw, "INBOX", 1, uint32(round*len(tables)+tb.index), time.Now())
			if err := record(ctx, rec); err != nil {
				return err
			}
			mu.Lock()
			total += len(moves)
			mu.Unlock()
			tb.next = end
			return nil
		})
		if err != nil {
			return 0, 0, err
		}
	}
	if err := waitFor(ctx, tr, served, 5*time.Minute, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return n >= total
	}); err != nil {
		return n, 0, err
	}
	return total, perSecond(total, last.Sub(start)), nil
}

// pipelineLatency has the players send cfg.PipelineRate moves per second
// for cfg.LatencyTime, each to the IMAP mailbox, each player only once the
// mail about their last move arrived.
func pipelineLatency(ctx context.Context, store *events.Store, sys *mailHost, cfg *Config, tables []*table, tokens mail.Tokens,
	tr *tracker, served <-chan error, p *progress) (Latencies, float64, int, error) {
	ready := make(chan *table, len(tables))
	for _, tb := range tables {
		ready <- tb
	}
	var (
		mu      sync.Mutex
		lat     Latencies
		pending int
	)
	every := time.Duration(float64(time.Second) / cfg.PipelineRate)
	tick := time.NewTicker(every)
	defer tick.Stop()
	stopTicker := p.every(5*time.Second, func() string {
		mu.Lock()
		n, p50 := len(lat), lat.Percentile(50)
		mu.Unlock()
		return fmt.Sprintf("pipeline: %d moves timed, p50 %v; waiting: imap %s, %s", n, p50.Round(time.Millisecond), unread(sys), backlogs(ctx, store))
	})
	defer stopTicker()
	start := time.Now()
	sent, missed := 0, 0
	for time.Since(start) < cfg.LatencyTime {
		select {
		case <-ctx.Done():
			return nil, 0, 0, ctx.Err()
		case err := <-served:
			return nil, 0, 0, fmt.Errorf("pbem stopped: %w", err)
		case <-tr.refusedC:
			return nil, 0, 0, tr.refusal()
		case <-tick.C:
		}
		var tb *table
		select {
		case tb = <-ready:
		default:
			missed++
			continue
		}
		moves, end, ok := nextMail(tb)
		if !ok {
			continue // this game is done with: it leaves the ready queue
		}
		to, id, raw := moveMail(tb, tokens, moves, 1_000_000+sent)
		mu.Lock()
		pending++
		mu.Unlock()
		tr.expectAnswer(id, func(d time.Duration) {
			mu.Lock()
			lat, pending = append(lat, d), pending-1
			mu.Unlock()
			ready <- tb
		})
		tb.next = end
		if err := sys.Deliver(to, raw); err != nil {
			return nil, 0, 0, err
		}
		sent++
	}
	achieved := perSecond(sent, time.Since(start))
	err := waitFor(ctx, tr, served, 2*time.Minute, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return pending == 0
	})
	mu.Lock()
	defer mu.Unlock()
	return lat, achieved, missed, err
}

// waitAll waits until the invitation of every table is accepted.
func waitAll(ctx context.Context, tr *tracker, tables []*table, served <-chan error, limit time.Duration) error {
	var mu sync.Mutex
	left := len(tables)
	for _, tb := range tables {
		tr.expect(tb.id, 1, func(time.Duration) {
			mu.Lock()
			left--
			mu.Unlock()
		})
	}
	return waitFor(ctx, tr, served, limit, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return left == 0
	})
}

// waitFor polls done until it holds, pbem stops, it refuses a move, or
// limit passes.
func waitFor(ctx context.Context, tr *tracker, served <-chan error, limit time.Duration, done func() bool) error {
	deadline := time.Now().Add(limit)
	for !done() {
		if err := tr.refusal(); err != nil {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not done after %v", limit)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-served:
			return errors.Join(errors.New("pbem stopped"), err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	return nil
}

// forEach runs f on every table, workers at a time, and returns the first
// error.
func forEach(ctx context.Context, tables []*table, workers int, f func(*table) error) error {
	work := make(chan *table)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for tb := range work {
				if err := f(tb); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	var err error
feed:
	for _, tb := range tables {
		select {
		case work <- tb:
		case err = <-errs:
			break feed
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(work)
	wg.Wait()
	close(errs)
	if err != nil {
		return err
	}
	return <-errs
}

// idle reports whether every part of pbem serve has handled all it was
// given.
func idle(ctx context.Context, store *events.Store) bool {
	for _, d := range []string{mailroom.InboxDurable, mail.OutboxDurable, mail.NoticesDurable, projections.Durable} {
		c, err := store.JetStream().Consumer(ctx, events.StreamName, d)
		if err != nil {
			return false
		}
		info, err := c.Info(ctx)
		if err != nil || info.NumPending+uint64(info.NumAckPending) > 0 {
			return false
		}
	}
	return true
}

// backlogs says how many messages each part of pbem serve has yet to
// handle, to show which part holds the others up.
func backlogs(ctx context.Context, store *events.Store) string {
	var out []string
	for _, d := range []string{mailroom.InboxDurable, mail.OutboxDurable, mail.NoticesDurable, projections.Durable} {
		c, err := store.JetStream().Consumer(ctx, events.StreamName, d)
		if err != nil {
			out = append(out, d+" (no consumer: "+err.Error()+")")
			continue
		}
		info, err := c.Info(ctx)
		if err != nil {
			out = append(out, d+" ("+err.Error()+")")
			continue
		}
		out = append(out, fmt.Sprintf("%s %d", d, info.NumPending+uint64(info.NumAckPending)))
	}
	return strings.Join(out, ", ")
}

// unread says how many mails wait in the game mailbox for the intake.
func unread(sys *mailHost) string {
	c, err := imapclient.DialInsecure(sys.IMAPAddr, nil)
	if err != nil {
		return "?"
	}
	defer c.Close()
	if err := c.Login(mailboxUser, loopback.Password).Wait(); err != nil {
		return "?"
	}
	st, err := c.Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil || st.NumMessages == nil {
		return "?"
	}
	return strconv.Itoa(int(*st.NumMessages))
}
