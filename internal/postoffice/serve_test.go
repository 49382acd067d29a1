package postoffice

import (
	"bytes"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail/loopback"
)

// TestServe: a configuration that lacks what serving needs, or a log
// level that is none, is refused before the store is opened; a whole one
// is served, answers /healthz on the address given, logs as asked, and
// stops when its context ends.
func TestServe(t *testing.T) {
	sys, err := loopback.Start("pbem.test", "games")
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
	c := OnLoopback(sys.Address("games"), loopback.Password, sys.IMAPAddr, sys.SMTPAddr)
	c.Data = t.TempDir()
	var store *events.Store
	opened := 0
	open := func(ctx context.Context) (*games.Service, *catalog.Catalog, error) {
		opened++
		st, err := events.Open(ctx, events.Options{DataDir: c.Data})
		store = st
		return &games.Service{Store: st}, offered(), err
	}
	closeStore := func() {
		if store != nil {
			store.Close()
			store = nil
		}
	}
	defer closeStore()

	t.Run("ErrConfig", func(t *testing.T) {
		bad := c
		bad.IMAP.Addr = ""
		if err := Serve(context.Background(), open, closeStore, bad, ServeOptions{Log: &bytes.Buffer{}}); err == nil || !strings.Contains(err.Error(), "imap.addr") {
			t.Errorf("Serve without imap.addr = %v, want it named", err)
		}
		if err := Serve(context.Background(), open, closeStore, c, ServeOptions{LogLevel: "loud", Log: &bytes.Buffer{}}); err == nil || !strings.Contains(err.Error(), "log_level") {
			t.Errorf("Serve with log level loud = %v, want log_level named", err)
		}
		if opened != 0 {
			t.Errorf("the store was opened %d times for a configuration refused", opened)
		}
	})

	t.Run("OK", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		ctx, cancel := context.WithCancel(context.Background())
		var log logBuffer
		done := make(chan error, 1)
		go func() {
			done <- Serve(ctx, open, closeStore, c, ServeOptions{Health: addr, LogFormat: "json", Log: &log})
		}()
		var report string
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if report, err = AskHealth(ctx, "http://"+addr+"/healthz"); err == nil {
				break
			}
		}
		if err != nil || !strings.Contains(report, `"healthy": true`) {
			t.Errorf("/healthz of the service = %q, %v, want its report", report, err)
		}
		cancel()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("Serve did not stop when its context ended")
		}
		if !strings.Contains(log.String(), `"msg":"pbem serving"`) || !strings.Contains(log.String(), `"mailbox":"games@pbem.test"`) {
			t.Errorf("the log, as JSON, does not say it serves games@pbem.test:\n%s", log.String())
		}
	})
}
