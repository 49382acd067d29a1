package postoffice

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
)

// metrics is what "pbem serve" counts for /metrics, in the Prometheus
// text format. Counters are told as things happen; gauges are read from
// the health report (the store and the held notices) when scraped.
type metrics struct {
	reg      *prometheus.Registry
	received prometheus.Counter
	commands *prometheus.CounterVec
	moves    *prometheus.CounterVec
	notices  *prometheus.CounterVec
	smtpErr  *prometheus.CounterVec
	imapErr  prometheus.Counter
}

func newMetrics(h *health) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		received: prometheus.NewCounter(prometheus.CounterOpts{Name: "pbem_mails_received_total",
			Help: "Mails read from the game mailbox and recorded."}),
		commands: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "pbem_commands_total",
			Help: "Commands run from mail, by word (MOVE for a move) and result (done, refused, failed)."}, []string{"word", "result"}),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "pbem_moves_total",
			Help: "Moves played by mail, by game."}, []string{"game"}),
		notices: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "pbem_notices_total",
			Help: "Tries to send a notice, by how they ended: sent, waiting (a temporary failure), failed (refused for good), dead (cannot be rendered)."}, []string{"state"}),
		smtpErr: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "pbem_smtp_errors_total",
			Help: "SMTP tries that failed, by kind: recipient (the server refused one mailbox), temporary, permanent."}, []string{"kind"}),
		imapErr: prometheus.NewCounter(prometheus.CounterOpts{Name: "pbem_imap_errors_total",
			Help: "Times the IMAP session was lost or could not be opened."}),
	}
	m.reg.MustRegister(m.received, m.commands, m.moves, m.notices, m.smtpErr, m.imapErr,
		prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}),
		&gauges{h: h})
	return m
}

// command is the mailroom's OnCommand.
func (m *metrics) command(game, word string, err error) {
	var refusal *games.Error
	result := "done"
	switch {
	case err == nil:
		if word == "MOVE" {
			m.moves.WithLabelValues(game).Inc()
		}
	case errors.As(err, &refusal):
		result = "refused"
	default:
		result = "failed"
	}
	m.commands.WithLabelValues(word, result).Inc()
}

// sent counts one try of the outbox's.
func (m *metrics) sent(err error) {
	var de *mail.DeliveryError
	var dead *mail.DeadLetter
	switch {
	case err == nil:
		m.notices.WithLabelValues(mail.StateSent).Inc()
	case errors.As(err, &dead):
		m.notices.WithLabelValues(mail.StateDead).Inc()
	case errors.As(err, &de) && !de.Temporary:
		m.notices.WithLabelValues(mail.StateFailed).Inc()
		m.smtpErr.WithLabelValues("permanent").Inc()
	default:
		m.notices.WithLabelValues(mail.StateWaiting).Inc()
		kind := "temporary"
		if de != nil && de.Recipient {
			kind = "recipient"
		}
		m.smtpErr.WithLabelValues(kind).Inc()
	}
}

// intake counts the intake's lost sessions.
func (m *metrics) intake(connected bool, err error) {
	if !connected && err != nil {
		m.imapErr.Inc()
	}
}

// handler serves /metrics.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Timeout: 10 * time.Second})
}

// gauges reads what stands now from the health report when scraped.
type gauges struct{ h *health }

var (
	descHeld       = prometheus.NewDesc("pbem_notices_held", "Notices held by the outbox, by state: waiting for another try, failed, dead letters, stopped (the recipient asked pbem to stop), marked (the recipient's address bounces).", []string{"state"}, nil)
	descOutboxLag  = prometheus.NewDesc("pbem_outbox_lag_seconds", "Age of the oldest mail not yet sent: its event or record stored and not yet handled, or waiting for another try.", nil, nil)
	descBacklog    = prometheus.NewDesc("pbem_consumer_pending", "Messages stored and not yet acknowledged, by durable consumer (inbox, outbox, projector).", []string{"consumer"}, nil)
	descReadLag    = prometheus.NewDesc("pbem_read_model_lag_events", "Events not yet folded into the read models.", nil, nil)
	descAppends    = prometheus.NewDesc("pbem_appends_total", "Appends to games' histories since the start, by result: appended, conflict (another writer was first), failed.", []string{"result"}, nil)
	descHealthy    = prometheus.NewDesc("pbem_healthy", "1 when /healthz answers 200.", nil, nil)
	descIntakeConn = prometheus.NewDesc("pbem_intake_connected", "1 while the IMAP session is open.", nil, nil)
	descLease      = prometheus.NewDesc("pbem_part_held", "1 while this process runs the part (holds its lease), 0 while another process does.", []string{"part"}, nil)
)

func (g *gauges) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descHeld, descOutboxLag, descBacklog, descReadLag, descAppends, descHealthy, descIntakeConn, descLease} {
		ch <- d
	}
}

func (g *gauges) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r := g.h.report(ctx)
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	gauge(descHeld, float64(r.Outbox.Waiting), mail.StateWaiting)
	gauge(descHeld, float64(r.Outbox.Failed), mail.StateFailed)
	gauge(descHeld, float64(r.Outbox.Dead), mail.StateDead)
	gauge(descHeld, float64(r.Outbox.Stopped), mail.StateStopped)
	gauge(descHeld, float64(r.Outbox.Marked), mail.StateMarked)
	gauge(descOutboxLag, max(r.Outbox.LagSeconds, r.Outbox.WaitingSeconds))
	gauge(descBacklog, float64(r.Mailroom.Pending), "inbox")
	gauge(descBacklog, float64(r.Outbox.Pending), "outbox")
	gauge(descBacklog, float64(r.Projector.Pending), "projector")
	gauge(descReadLag, float64(r.Projector.Lag))
	st := g.h.store.AppendStats()
	for result, v := range map[string]uint64{"appended": st.Appended, "conflict": st.Conflicts, "failed": st.Failed} {
		ch <- prometheus.MustNewConstMetric(descAppends, prometheus.CounterValue, float64(v), result)
	}
	gauge(descHealthy, bool01(r.Healthy))
	gauge(descIntakeConn, bool01(r.Intake.State == stateConnected))
	for part, state := range r.Parts {
		gauge(descLease, bool01(state == "held"), part)
	}
}

// pictureStats reads the counts of the mail side's picture cache when
// scraped: how many pictures the mails and pages asked for were drawn,
// how many found drawn, and what the cache holds.
type pictureStats struct{ post *letters.Service }

var (
	descPictures     = prometheus.NewDesc("pbem_pictures_total", "Board pictures the mails and pages asked for, by result: drawn (written anew) or cached (found written).", []string{"result"}, nil)
	descPictureBytes = prometheus.NewDesc("pbem_picture_cache_bytes", "Bytes of written pictures the cache holds.", nil, nil)
)

func (p pictureStats) Describe(ch chan<- *prometheus.Desc) {
	ch <- descPictures
	ch <- descPictureBytes
}

func (p pictureStats) Collect(ch chan<- prometheus.Metric) {
	st := p.post.Pictures.Stats()
	ch <- prometheus.MustNewConstMetric(descPictures, prometheus.CounterValue, float64(st.Misses), "drawn")
	ch <- prometheus.MustNewConstMetric(descPictures, prometheus.CounterValue, float64(st.Hits), "cached")
	ch <- prometheus.MustNewConstMetric(descPictureBytes, prometheus.GaugeValue, float64(st.Bytes))
}

func bool01(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
