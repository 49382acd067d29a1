package postoffice

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/games/letters"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail/mailtest"
)

// served is "pbem serve" in the test process on the mail servers ms, with
// its /healthz, /metrics and log.
type served struct {
	t       *testing.T
	ms      mailtest.Servers
	dir     string // the data directory
	po      *PostOffice
	svc     *letters.Service // the games, the mail side and the command side
	health  string           // URL of /healthz
	metrics string           // URL of /metrics
	log     *logBuffer
	stop    func() // stops it as a shutdown would; again is nothing
}

// serving says how a test's post office runs; the zero value is how most
// do.
type serving struct {
	change  func(*Config) // changes the configuration
	nats    string        // URL of the NATS server; "": an embedded one
	dir     string        // the data directory; "": a temporary one
	now     func() time.Time
	entropy io.Reader        // of game ids and seeds; nil: the secure source
	games   *catalog.Catalog // the games offered; nil: every game pbem offers
}

// serve runs the post office on the mail servers ms as how says, reading
// the mailbox "games", and stops it when the test ends.
func serve(t *testing.T, ms mailtest.Servers, how serving) *served {
	t.Helper()
	dir := how.dir
	if dir == "" {
		dir = t.TempDir()
	}
	ctx, cancel := context.WithCancel(context.Background())
	c := OnLoopback(ms.Address("games"), ms.Password, ms.IMAP, ms.SMTP)
	c.Data, c.NATS, c.RatePerHour = dir, how.nats, 1000
	c.IMAP.Poll.Duration = 200 * time.Millisecond
	if how.change != nil {
		how.change(&c)
	}
	store, err := events.Open(ctx, events.Options{URL: how.nats, DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	cat := how.games
	if cat == nil {
		cat = offered()
	}
	svc := &games.Service{Store: store, Now: how.now, Entropy: how.entropy}
	logs := &logBuffer{}
	var w io.Writer = logs
	if os.Getenv("PBEM_TEST_LOG") != "" {
		w = io.MultiWriter(logs, os.Stderr)
	}
	po, err := Start(ctx, svc, cat, c, slog.New(slog.NewTextHandler(w, nil)))
	if err != nil {
		store.Close()
		t.Fatal(err)
	}
	if svc.Domain != "" || svc.Mailbox != "" || svc.Catalog != nil || svc.MinDeadline != 0 || svc.MaxObservers != 0 {
		t.Errorf("Start changed the service it was given: domain %q, mailbox %q, catalog %v, min deadline %v, max observers %d",
			svc.Domain, svc.Mailbox, svc.Catalog != nil, svc.MinDeadline, svc.MaxObservers)
	}
	hs := httptest.NewServer(po.Handler())
	done := make(chan error, 1)
	go func() { done <- po.Run(ctx) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("serve stopped with %v", err)
			}
			hs.Close()
			store.Close()
		})
	}
	t.Cleanup(stop)
	return &served{t: t, ms: ms, dir: dir, po: po, svc: po.post, health: hs.URL + "/healthz?detail", metrics: hs.URL + "/metrics", log: logs, stop: stop}
}

// operatorGame creates an Atacama game of players in data directory dir
// with no service running, as "pbem new" does, and returns its id.
func operatorGame(t *testing.T, dir string, players ...string) string {
	t.Helper()
	ctx := context.Background()
	store, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	req := games.NewGame{Game: "atacama", Host: "operator"}
	for _, p := range players {
		name, _, _ := strings.Cut(p, "@")
		req.Players = append(req.Players, events.Player{Name: name, Address: p})
	}
	id, err := (&games.Service{Store: store, Catalog: Catalog()}).Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
