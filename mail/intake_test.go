package mail_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/loopback"
)

func rawMail(id string) []byte {
	return []byte(fmt.Sprintf("From: ana@pbem.test\r\nTo: games@pbem.test\r\nMessage-ID: <%s>\r\nSubject: hi\r\n\r\nE5\r\n", id))
}

// recorded returns the Message-IDs of every inbox record, in order.
func recorded(t *testing.T, store *events.Store, durable string) []string {
	t.Helper()
	var ids []string
	err := store.CatchUpRecords(context.Background(), durable, mail.InboxSubject+">", func(r events.Record) error {
		var rec mail.InboxRecord
		if err := json.Unmarshal(r.Data, &rec); err != nil {
			return err
		}
		ids = append(ids, rec.MessageID)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// folderSize returns how many mails the games user has in folder.
func folderSize(t *testing.T, sys *loopback.System, folder string) uint32 {
	t.Helper()
	c, err := imapclient.DialInsecure(sys.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("games", loopback.Password).Wait(); err != nil {
		t.Fatal(err)
	}
	sel, err := c.Select(folder, nil).Wait()
	if err != nil {
		return 0
	}
	return sel.NumMessages
}

// flaky fails the first n records it is given.
type flaky struct {
	mu   sync.Mutex
	n    int
	next func(context.Context, mail.InboxRecord) error
}

func (f *flaky) record(ctx context.Context, r mail.InboxRecord) error {
	f.mu.Lock()
	fail := f.n > 0
	f.n--
	f.mu.Unlock()
	if fail {
		return errors.New("store unreachable")
	}
	return f.next(ctx, r)
}

// TestIntake reads a mailbox: every mail is recorded once, even when sent
// twice or when recording fails for a while, moved to "processed", and
// a restart resumes without reading anything twice.
func TestIntake(t *testing.T) {
	store := storetest.MustOpen(t)
	sys, err := loopback.Start("pbem.test", "games")
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
	cursor, err := mail.NewKVCursor(context.Background(), store)
	if err != nil {
		t.Fatal(err)
	}
	run := func(f *flaky) (stop func()) {
		ctx, cancel := context.WithCancel(context.Background())
		in := &mail.Intake{Cursor: cursor, Record: f.record, MaxBackoff: 50 * time.Millisecond,
			Options: mail.IMAPOptions{Addr: sys.IMAPAddr, Security: "plain", Username: "games", Password: loopback.Password, Poll: 100 * time.Millisecond}}
		done := make(chan struct{})
		go func() { in.Run(ctx); close(done) }()
		return func() { cancel(); <-done }
	}
	// waitRecorded returns the records made since it was last called, once
	// there are want of them or ten seconds have passed.
	waitRecorded := func(want int) []string {
		var ids []string
		for deadline := time.Now().Add(10 * time.Second); len(ids) < want && time.Now().Before(deadline); {
			ids = append(ids, recorded(t, store, "check")...)
			time.Sleep(20 * time.Millisecond)
		}
		return ids
	}
	for _, id := range []string{"m1@x", "m2@x", "m1@x"} { // m1 arrives twice
		if err := sys.Deliver("games@pbem.test", rawMail(id)); err != nil {
			t.Fatal(err)
		}
	}
	stop := run(&flaky{n: 2, next: mail.StoreInbox(store)})
	ids := waitRecorded(2)
	for folderSize(t, sys, "INBOX") != 0 {
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	if fmt.Sprint(ids) != "[m1@x m2@x]" {
		t.Errorf("recorded %v, want [m1@x m2@x]: each mail once, in order", ids)
	}
	if n := folderSize(t, sys, "processed"); n != 3 {
		t.Errorf("processed holds %d mails, want all 3", n)
	}
	// While the intake is down, mail arrives; a restart reads it and only it.
	for _, id := range []string{"m3@x", "m4@x"} {
		if err := sys.Deliver("games@pbem.test", rawMail(id)); err != nil {
			t.Fatal(err)
		}
	}
	stop = run(&flaky{next: mail.StoreInbox(store)})
	ids = waitRecorded(2) // the "check" consumer has seen the first two
	stop()
	if fmt.Sprint(ids) != "[m3@x m4@x]" {
		t.Errorf("after the restart recorded %v, want [m3@x m4@x]", ids)
	}
}
