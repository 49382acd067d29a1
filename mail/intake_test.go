package mail_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/loopback"
	"github.com/pbem-games/pbem/mail/mailtest"
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
	for sys.Count("games", "INBOX") != 0 {
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	if fmt.Sprint(ids) != "[m1@x m2@x]" {
		t.Errorf("recorded %v, want [m1@x m2@x]: each mail once, in order", ids)
	}
	if n := sys.Count("games", "processed"); n != 3 {
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

// TestIntakeLongMail reads a mailbox with mails longer than MaxRaw among
// short ones: each is recorded once, in order, a long one with its whole
// size, truncated, named as NewInboxRecord names the whole mail, though
// the intake fetched only its first MaxRaw bytes: a proxy between it and
// the server counts the bytes it got. It does so on the loopback server
// and on a real Dovecot (mailtest.Real), whose partial fetches and sizes
// may differ.
func TestIntakeLongMail(t *testing.T) {
	t.Run("Loopback", func(t *testing.T) {
		sys, err := loopback.Start("pbem.test", "games")
		if err != nil {
			t.Fatal(err)
		}
		defer sys.Close()
		deliver := func(raw []byte) []byte {
			if err := sys.Deliver("games@pbem.test", raw); err != nil {
				t.Fatal(err)
			}
			return append([]byte("Delivered-To: games@pbem.test\r\n"), raw...)
		}
		checkLongMail(t, mail.IMAPOptions{Addr: sys.IMAPAddr, Username: "games", Password: loopback.Password}, deliver)
	})
	t.Run("Real", func(t *testing.T) {
		s := mailtest.Real(t)
		c, err := imapclient.DialInsecure(s.IMAP, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := c.Login("dov", s.Password).Wait(); err != nil {
			t.Fatal(err)
		}
		// Folders of its own: the servers keep mail between runs.
		box := fmt.Sprintf("long-%d", time.Now().UnixNano())
		if err := c.Create(box, nil).Wait(); err != nil {
			t.Fatal(err)
		}
		deliver := func(raw []byte) []byte {
			cmd := c.Append(box, int64(len(raw)), nil)
			if _, err := cmd.Write(raw); err != nil {
				t.Fatal(err)
			}
			if err := cmd.Close(); err != nil {
				t.Fatal(err)
			}
			if _, err := cmd.Wait(); err != nil {
				t.Fatal(err)
			}
			return raw
		}
		checkLongMail(t, mail.IMAPOptions{Addr: s.IMAP, Username: "dov", Password: s.Password, Mailbox: box, Processed: box + "-done"}, deliver)
	})
}

// checkLongMail delivers long and short mails, runs the intake on them
// with opt, and checks what it recorded and how much it fetched.
func checkLongMail(t *testing.T, opt mail.IMAPOptions, deliver func(raw []byte) (delivered []byte)) {
	long := func(id string, n int) []byte {
		head := "From: ana@pbem.test\r\nTo: games@pbem.test\r\n"
		if id != "" {
			head += "Message-ID: <" + id + ">\r\n"
		}
		body := bytes.Repeat([]byte(strings.Repeat("y", 74)+"\r\n"), n/76+1)
		return append([]byte(head+"Subject: long\r\n\r\n"), body...)
	}
	mails := [][]byte{rawMail("m1@x"), long("l1@x", 3*mail.MaxRaw), long("", 5*mail.MaxRaw/2), rawMail("m2@x"), long("", mail.MaxRaw-1000)}
	var want []mail.InboxRecord
	kept, whole := 0, 0
	for _, raw := range mails {
		delivered := deliver(raw)
		want = append(want, mail.NewInboxRecord(delivered, "INBOX", 0, 0, time.Time{}))
		kept, whole = kept+min(len(delivered), mail.MaxRaw), whole+len(delivered)
	}
	proxy, received := countingProxy(t, opt.Addr)
	opt.Addr, opt.Security, opt.Poll = proxy, "plain", 100*time.Millisecond
	var mu sync.Mutex
	var got []mail.InboxRecord
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in := &mail.Intake{Cursor: &memCursor{}, Options: opt, Record: func(_ context.Context, r mail.InboxRecord) error {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, r)
		return nil
	}}
	done := make(chan struct{})
	go func() { in.Run(ctx); close(done) }()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n >= len(mails) {
			break
		}
	}
	time.Sleep(200 * time.Millisecond) // a mail recorded twice would be now
	cancel()
	<-done
	if len(got) != len(want) {
		t.Fatalf("recorded %d mails, want %d", len(got), len(want))
	}
	for i, r := range got {
		w := want[i]
		if r.Key != w.Key || r.MessageID != w.MessageID || r.Size != w.Size || r.Truncated != w.Truncated || !bytes.Equal(r.Raw, w.Raw) {
			t.Errorf("mail %d recorded as key %s, id %q, size %d, truncated %v, %d bytes kept; want key %s, id %q, size %d, truncated %v, %d bytes kept",
				i, r.Key, r.MessageID, r.Size, r.Truncated, len(r.Raw), w.Key, w.MessageID, w.Size, w.Truncated, len(w.Raw))
		}
	}
	if n := received(); n > kept+64<<10 {
		t.Errorf("the intake received %d bytes from the server for %d bytes of mail kept (the mails are %d bytes)", n, kept, whole)
	}
}

// countingProxy forwards connections to addr and returns its own address
// and a function that counts the bytes sent back so far.
func countingProxy(t *testing.T, addr string) (string, func() int) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	var n atomic.Int64
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", addr)
			if err != nil {
				c.Close()
				continue
			}
			go func() { io.Copy(s, c); s.Close() }()
			go func() { io.Copy(countWriter{c, &n}, s); c.Close() }()
		}
	}()
	return ln.Addr().String(), func() int { return int(n.Load()) }
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n *atomic.Int64
}

func (c countWriter) Write(p []byte) (int, error) {
	m, err := c.w.Write(p)
	c.n.Add(int64(m))
	return m, err
}

// memCursor keeps the intake's place in memory.
type memCursor struct {
	mu             sync.Mutex
	validity, last uint32
}

func (c *memCursor) Load(context.Context, string) (uint32, uint32, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.validity, c.last, nil
}

func (c *memCursor) Save(_ context.Context, _ string, validity, uid uint32) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.validity, c.last = validity, uid
	return nil
}

// TestIntakeNewMailbox: the operator moves the game mailbox to another
// account or server, which numbers its mails from 1 again, perhaps under
// the same UIDVALIDITY as the old. The new mailbox's mail is read all the
// same, not taken for mail read before and put away unread.
func TestIntakeNewMailbox(t *testing.T) {
	store := storetest.MustOpen(t)
	cursor, err := mail.NewKVCursor(context.Background(), store)
	if err != nil {
		t.Fatal(err)
	}
	read := func(user string, ids ...string) []string {
		sys, err := loopback.Start("pbem.test", user)
		if err != nil {
			t.Fatal(err)
		}
		defer sys.Close()
		for _, id := range ids {
			if err := sys.Deliver(user+"@pbem.test", rawMail(id)); err != nil {
				t.Fatal(err)
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		in := &mail.Intake{Cursor: cursor, Record: mail.StoreInbox(store), MaxBackoff: 50 * time.Millisecond,
			Options: mail.IMAPOptions{Addr: sys.IMAPAddr, Security: "plain", Username: user, Password: loopback.Password, Poll: 100 * time.Millisecond}}
		done := make(chan struct{})
		go func() { in.Run(ctx); close(done) }()
		for deadline := time.Now().Add(10 * time.Second); sys.Count(user, "INBOX") != 0 && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
		}
		cancel()
		<-done
		return recorded(t, store, "check-"+user)
	}
	read("games", "old1@x", "old2@x", "old3@x")
	if got := read("club", "new1@x", "new2@x"); !slices.Contains(got, "new1@x") || !slices.Contains(got, "new2@x") {
		t.Errorf("after the mailbox moved, the intake recorded %v of the new mailbox's mails, want new1@x and new2@x", got)
	}
}
