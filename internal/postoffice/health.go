package postoffice

import (
	"cmp"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// stallAfter is how long a durable consumer may hold pending messages
// without acknowledging any before /healthz calls it stalled.
const stallAfter = time.Minute

// health is what "pbem serve --health" reports. The intake and the outbox
// tell it how they fare as it happens; the store's connection and the
// durable consumers' backlogs are read from the store when asked.
type health struct {
	store healthStore
	held  *mail.HeldStore // the outbox's held notices, counted at each report
	now   func() time.Time
	token string // health_token: lets its bearer read the whole report from anywhere

	mu      sync.Mutex
	intake  partState
	outbox  partState
	refused int                 // notices refused for good since the start
	repair  repairState         // the projector's repairs of damaged read models
	disk    *diskWatch          // nil with an external NATS server
	floors  map[string]ackFloor // per durable consumer, to see it stall
	leases  map[string]bool     // the parts run in one process at a time: whether this one runs each
}

// partState is how a part fares: its state, since when, and its last
// error, however long ago.
type partState struct {
	State       string     `json:"state"`
	Since       time.Time  `json:"since"`
	LastError   string     `json:"lastError,omitempty"`
	LastErrorAt *time.Time `json:"lastErrorAt,omitempty"`
}

type ackFloor struct {
	seq uint64
	at  time.Time
}

// consumerState is a durable consumer's backlog.
type consumerState struct {
	Pending uint64 `json:"pending"` // stored and not yet acknowledged
	// LagSeconds is the age of the oldest message not yet acknowledged.
	LagSeconds float64 `json:"lagSeconds"`
	Stalled    string  `json:"stalled,omitempty"` // why it counts as stuck
	Error      string  `json:"error,omitempty"`   // why its backlog is unknown
}

// and is the state of two consumers that do one part's work: the
// outbox's, of answers and of the games' events.
func (c consumerState) and(d consumerState) consumerState {
	return consumerState{
		Pending: c.Pending + d.Pending, LagSeconds: max(c.LagSeconds, d.LagSeconds),
		Stalled: cmp.Or(c.Stalled, d.Stalled), Error: cmp.Or(c.Error, d.Error),
	}
}

// healthReport is the body of /healthz.
type healthReport struct {
	Healthy bool       `json:"healthy"`
	Time    time.Time  `json:"time"`
	Store   partState  `json:"store"`
	Disk    *diskState `json:"disk,omitempty"`
	Intake  partState  `json:"intake"`
	// Parts says, of each part that runs in one process at a time among
	// those sharing the store, whether this process runs it ("held") or
	// another does ("standby").
	Parts  map[string]string `json:"parts"`
	Outbox struct {
		partState
		consumerState
		Refused int `json:"refused"` // refused for good since the start, recorded on pbem.failed
		// Waiting, Failed, Dead, Stopped and Marked count the notices
		// held: waiting for another try, refused for good, dead letters
		// that cannot be rendered, not sent because the recipient asked
		// pbem to stop, and game mail not sent because the recipient's
		// address is marked as bouncing ("pbem mail list" names them).
		Waiting        int     `json:"waiting"`
		OldestWaiting  string  `json:"oldestWaiting,omitempty"` // how long the oldest has waited
		WaitingSeconds float64 `json:"waitingSeconds"`          // the same in seconds
		Failed         int     `json:"failed"`
		Dead           int     `json:"dead"`
		Stopped        int     `json:"stopped"`
		Marked         int     `json:"marked"`
		HeldError      string  `json:"heldError,omitempty"` // why they could not be counted
	} `json:"outbox"`
	Mailroom  consumerState `json:"mailroom"`
	Projector struct {
		consumerState
		Lag uint64 `json:"lag"` // events not yet in the read models
		repairState
	} `json:"projector"`
}

// repairState tells of the projector's repairs of damaged read models.
type repairState struct {
	Repairing    bool       `json:"repairing,omitempty"`    // folding them again from the stream now
	Repairs      int        `json:"repairs"`                // repairs done since the start
	LastDamage   string     `json:"lastDamage,omitempty"`   // what the last repair was for
	LastRepairAt *time.Time `json:"lastRepairAt,omitempty"` // when it started
	RepairError  string     `json:"repairError,omitempty"`  // why it failed, if it did
}

// projectorRepair is the projector's OnRepair: it logs the repair and
// tells h.
func (h *health) projectorRepair(log *slog.Logger) func(why string, done bool, err error) {
	var start time.Time
	return func(why string, done bool, err error) {
		h.mu.Lock()
		defer h.mu.Unlock()
		now := h.now()
		switch {
		case !done:
			start = now
			log.Error("read models damaged; folding them again from the stream", "why", why)
			h.repair.Repairing, h.repair.LastDamage, h.repair.LastRepairAt, h.repair.RepairError = true, why, &now, ""
		case err != nil:
			log.Error("read models not repaired", "why", why, "err", err)
			h.repair.Repairing, h.repair.RepairError = false, oneLine(err.Error())
		default:
			log.Info("read models repaired from the stream", "why", why, "took", now.Sub(start).Round(time.Millisecond))
			h.repair.Repairing = false
			h.repair.Repairs++
		}
	}
}

// Intake and outbox states.
const (
	stateConnecting   = "connecting"   // the intake has not logged in yet
	stateConnected    = "connected"    // the intake is logged in and waiting for mail
	stateReconnecting = "reconnecting" // the intake lost its session and waits to try again
	stateSending      = "sending"      // the outbox's last try was accepted, or refused for good
	stateRetrying     = "retrying"     // the outbox's last try failed for a while; it will try again
	stateDisconnected = "disconnected" // the store's connection to JetStream is lost; it is trying again
	stateClosed       = "closed"       // the store is closed
	stateStandby      = "standby"      // another process runs the part (it holds the part's lease); this one takes over when it stops
)

// healthStore is what the health report reads of the store: how its
// connection stands, its appends, and the durable consumers' backlogs.
type healthStore interface {
	events.Monitor
	// Consumer is events.Feed's: ErrNotFound for a consumer never started.
	Consumer(ctx context.Context, durable string) (events.ConsumerState, error)
	// StoredAt is events.Records': ErrNotFound past the last message.
	StoredAt(ctx context.Context, seq uint64, filter string) (time.Time, error)
}

func newHealth(store healthStore, held *mail.HeldStore, now func() time.Time) *health {
	t := now()
	return &health{store: store, held: held, now: now, floors: map[string]ackFloor{},
		intake: partState{State: stateConnecting, Since: t}, outbox: partState{State: stateSending, Since: t}, leases: map[string]bool{}}
}

// leaseHeld tells h that this process took (true) or lost the lease of
// part: it runs the part, or another process does.
func (h *health) leaseHeld(part string, held bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.leases[part] = held
	// The intake's and the outbox's states are this process's own: while
	// another runs the part, it stands by, whatever its last try here was.
	switch state := map[bool]string{true: stateConnecting, false: stateStandby}[held]; part {
	case "intake":
		h.intake = partState{State: state, Since: h.now()}
	case "outbox":
		if held {
			state = stateSending
		}
		h.outbox = partState{State: state, Since: h.now()}
	}
}

// storeState is the store's Status as the report gives it.
func storeState(st events.Status) partState {
	p := partState{State: stateDisconnected, Since: st.Since}
	switch {
	case st.Closed:
		p.State = stateClosed
	case st.Connected:
		p.State = stateConnected
	}
	if st.LastError != nil {
		at := st.LastErrorAt
		p.LastError, p.LastErrorAt = oneLine(st.LastError.Error()), &at
	}
	return p
}

// watchStore logs the store's connection going and coming back; the
// report reads the store's Status itself.
func watchStore(store events.Monitor, log *slog.Logger) {
	store.OnConnection(func(up bool, err error) {
		if up {
			log.Info("store connection back")
		} else {
			log.Error("store connection lost; reconnecting", "err", err)
		}
	})
}

// intakeState is the intake's OnState.
func (h *health) intakeState(connected bool, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	state := stateReconnecting
	if connected {
		state = stateConnected
	}
	h.intake.set(state, err, h.now())
}

// outboxSent is the outbox's OnSend. Only a failure of the service's own
// (the SMTP server unreachable or refusing the mail itself) makes the
// outbox retrying: one recipient's full mailbox or a dead letter holds
// up no other mail, and shows in the held counts instead.
func (h *health) outboxSent(_ mail.Notice, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	var de *mail.DeliveryError
	var dead *mail.DeadLetter
	if errors.Is(err, context.Canceled) || h.outbox.State == stateStandby {
		return // a try cut short as the part stopped: it stands by now
	}
	state := h.outbox.State
	switch {
	case err == nil:
		state = stateSending
	case errors.As(err, &dead):
	case errors.As(err, &de) && !de.Temporary:
		state = stateSending
		h.refused++
	case de != nil && de.Recipient:
	default:
		state = stateRetrying
	}
	h.outbox.set(state, err, h.now())
}

// countHeld counts the outbox's held notices into r.
func (h *health) countHeld(ctx context.Context, r *healthReport) {
	list, err := h.held.List(ctx, "")
	if err != nil {
		r.Outbox.HeldError = oneLine(err.Error())
		return
	}
	var oldest time.Time
	for _, x := range list {
		switch x.State {
		case mail.StateWaiting:
			r.Outbox.Waiting++
			if oldest.IsZero() || x.Since.Before(oldest) {
				oldest = x.Since
			}
		case mail.StateFailed:
			r.Outbox.Failed++
		case mail.StateDead:
			r.Outbox.Dead++
		case mail.StateStopped:
			r.Outbox.Stopped++
		case mail.StateMarked:
			r.Outbox.Marked++
		}
	}
	if !oldest.IsZero() {
		r.Outbox.OldestWaiting = h.now().Sub(oldest).Round(time.Second).String()
		r.Outbox.WaitingSeconds = h.now().Sub(oldest).Seconds()
	}
}

func (p *partState) set(state string, err error, now time.Time) {
	if p.State != state {
		p.State, p.Since = state, now
	}
	if err != nil {
		p.LastError, p.LastErrorAt = oneLine(err.Error()), &now
	}
}

// report gathers the state of every part.
func (h *health) report(ctx context.Context) healthReport {
	var r healthReport
	r.Mailroom = h.consumer(ctx, mailroom.InboxDurable)
	r.Outbox.consumerState = h.consumer(ctx, mail.OutboxDurable).and(h.consumer(ctx, mail.NoticesDurable))
	r.Projector.consumerState = h.consumer(ctx, projections.Durable)
	r.Projector.Lag = r.Projector.Pending
	h.countHeld(ctx, &r)
	h.mu.Lock()
	defer h.mu.Unlock()
	r.Time = h.now()
	r.Intake, r.Outbox.partState, r.Outbox.Refused = h.intake, h.outbox, h.refused
	r.Parts = map[string]string{}
	for part, held := range h.leases {
		r.Parts[part] = map[bool]string{true: "held", false: stateStandby}[held]
	}
	r.Store = storeState(h.store.Status())
	r.Projector.repairState = h.repair
	if h.disk != nil {
		d := h.disk.report()
		r.Disk = &d
	}
	r.Healthy = r.Store.State == stateConnected && (r.Intake.State == stateConnected || r.Intake.State == stateStandby) && r.Outbox.State != stateRetrying &&
		r.Outbox.Dead == 0 && r.Outbox.HeldError == "" &&
		!r.Projector.Repairing && r.Projector.RepairError == "" && (r.Disk == nil || !r.Disk.Low && r.Disk.Error == "")
	for _, c := range []consumerState{r.Mailroom, r.Outbox.consumerState, r.Projector.consumerState} {
		r.Healthy = r.Healthy && c.Stalled == "" && c.Error == ""
	}
	return r
}

// consumer reads the backlog of a durable consumer; it counts as stalled
// when it has had a backlog and acknowledged nothing for stallAfter.
func (h *health) consumer(ctx context.Context, durable string) consumerState {
	info, err := h.store.Consumer(ctx, durable)
	if errors.Is(err, events.ErrNotFound) {
		return consumerState{Error: "not started yet"}
	}
	if err != nil {
		return consumerState{Error: oneLine(err.Error())}
	}
	s := consumerState{Pending: info.Pending}
	if s.Pending > 0 {
		s.LagSeconds = h.oldest(ctx, info.AckFloor+1, info.Filter)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	now, f := h.now(), h.floors[durable]
	if f.at.IsZero() || f.seq != info.AckFloor || s.Pending == 0 {
		f = ackFloor{seq: info.AckFloor, at: now}
		h.floors[durable] = f
	}
	if d := now.Sub(f.at); s.Pending > 0 && d >= stallAfter {
		s.Stalled = "nothing acknowledged for " + d.Round(time.Second).String()
	}
	return s
}

// oldest is the age in seconds of the first message on filter from
// stream sequence seq on; 0 if there is none or it cannot be read.
func (h *health) oldest(ctx context.Context, seq uint64, filter string) float64 {
	at, err := h.store.StoredAt(ctx, seq, filter)
	if err != nil {
		return 0
	}
	return max(h.now().Sub(at).Seconds(), 0)
}

// ServeHTTP answers /healthz: the report as JSON, with status 200 when
// every part is healthy and 503 otherwise.
func (h *health) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	rep := h.report(ctx)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if !rep.Healthy {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if _, detail := r.URL.Query()["detail"]; !detail || !h.insider(r) {
		// The report names recipients, Message-IDs and the data
		// directory: the public learns the status alone.
		_ = enc.Encode(struct {
			Healthy bool `json:"healthy"`
		}{rep.Healthy})
		return
	}
	_ = enc.Encode(rep)
}

// insider reports whether r may read the whole report: it carries the
// configured token (Authorization: Bearer), or comes from the loopback
// itself and not through a proxy there (which names whom it forwards
// for).
func (h *health) insider(r *http.Request) bool {
	if h.token != "" {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if ok && subtle.ConstantTimeCompare([]byte(got), []byte(h.token)) == 1 {
			return true
		}
	}
	for _, k := range []string{"Forwarded", "X-Forwarded-For", "X-Real-Ip"} {
		if r.Header.Get(k) != "" {
			return false
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	ip := net.ParseIP(host)
	return err == nil && ip != nil && ip.IsLoopback()
}

// healthMux serves /healthz, and /metrics from m.
func healthMux(h *health, m *metrics) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", h)
	mux.Handle("GET /metrics", m.handler())
	return mux
}

// serveHealth serves handler on addr until ctx ends.
func serveHealth(ctx context.Context, addr string, handler http.Handler, log *slog.Logger) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	srv := newHTTPServer(handler)
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("health check stopped", "err", err)
		}
	}()
	log.Info("health check listening", "addr", ln.Addr().String())
	return func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}, nil
}

// The listener's timeouts: a client that sends its request slowly, reads
// its answer slowly or keeps an idle connection open holds a goroutine
// and a socket, and many such clients hold them all.
const (
	httpReadHeaderTimeout = 10 * time.Second
	httpReadTimeout       = 30 * time.Second
	httpWriteTimeout      = time.Minute
	httpIdleTimeout       = 2 * time.Minute
)

// newHTTPServer is the server of the listener of /healthz, /metrics and
// the pages, with its timeouts.
func newHTTPServer(handler http.Handler) *http.Server {
	return &http.Server{Handler: handler, ReadHeaderTimeout: httpReadHeaderTimeout,
		ReadTimeout: httpReadTimeout, WriteTimeout: httpWriteTimeout, IdleTimeout: httpIdleTimeout}
}

// oneLine is s with its runs of white space, line breaks too, made one
// space: an error in a report stays on a line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
