package postoffice

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/mail"
)

// inboxRecords returns every inbox record the store holds, by the
// Message-ID of its mail.
func inboxRecords(t *testing.T, store events.Records) map[string]mail.InboxRecord {
	t.Helper()
	out := map[string]mail.InboxRecord{}
	_, err := store.ReadAll(context.Background(), mail.InboxSubject+">", func(r events.Record) error {
		var rec mail.InboxRecord
		if err := json.Unmarshal(r.Data, &rec); err != nil {
			return err
		}
		out[rec.MessageID] = rec
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// handledAll waits until the mailroom has handled every mail recorded and
// the game mailbox's INBOX is empty.
func handledAll(t *testing.T, s *served, sys interface{ Count(string, string) uint32 }) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		c, err := s.svc.Store.Consumer(context.Background(), mailroom.InboxDurable)
		if err == nil && c.Pending == 0 && sys.Count("games", "INBOX") == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the mail is not all handled after a minute: %+v, %v; %d in INBOX", c, err, sys.Count("games", "INBOX"))
		}
	}
}

// TestInboxRetention: a player's mail, answered, and a stranger's, are
// kept whole at first (the stranger's as its header alone); once the
// retention age has passed on the service's clock, nothing of either is
// kept but that it was seen, and the same mails delivered again are
// recognised: recorded no second time and answered no second way.
func TestInboxRetention(t *testing.T) {
	t.Parallel()
	sys, ms := loopbackServers(t, "games", "ana", "bea", "eve")
	var mu sync.Mutex
	clock := time.Now()
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	s := serve(t, ms, serving{now: now, change: func(c *Config) {
		c.Tick.Duration = 50 * time.Millisecond
		c.InboxRetention.Duration = 10 * 24 * time.Hour
	}})
	mailGame(t, s, "atacama", "ana", "bea")
	games := ms.Address("games")
	secret := "the body of ana's mail, " + strings.Repeat("which pbem no longer needs once it answered. ", 20)
	ana := fmt.Sprintf("From: %s\r\nTo: %s\r\nMessage-ID: <keep.ana@pbem.test>\r\nSubject: help\r\n\r\nHELP\r\n%s\r\n", ms.Address("ana"), games, secret)
	eve := fmt.Sprintf("From: %s\r\nTo: %s\r\nMessage-ID: <keep.eve@pbem.test>\r\nSubject: hi\r\n\r\nVisit http://cheap.example now\r\n%s\r\n", ms.Address("eve"), games, strings.Repeat("spam ", 2000))
	for _, raw := range []string{ana, eve} {
		if err := sys.Deliver(games, []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, ms, "ana", 0, "help")
	waitFor(t, ms, "eve", 0, "help")
	handledAll(t, s, sys)

	recs := inboxRecords(t, s.svc.Store)
	if r := recs["keep.ana@pbem.test"]; !strings.Contains(string(r.Raw), secret) || r.Pruned != "" {
		t.Errorf("a player's mail just handled is kept as %q (pruned %q), want it whole", r.Raw, r.Pruned)
	}
	if r := recs["keep.eve@pbem.test"]; strings.Contains(string(r.Raw), "spam") || !strings.Contains(string(r.Raw), "Subject: hi") || r.Pruned != mail.PrunedBody {
		t.Errorf("a stranger's mail just handled is kept as %q (pruned %q), want its header alone", r.Raw, r.Pruned)
	}

	mu.Lock()
	clock = clock.Add(10*24*time.Hour + time.Minute)
	mu.Unlock()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		recs = inboxRecords(t, s.svc.Store)
		if recs["keep.ana@pbem.test"].Pruned == mail.PrunedMail && recs["keep.eve@pbem.test"].Pruned == mail.PrunedMail {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("past the retention age the records are still %+v", recs)
		}
	}
	for id, r := range recs {
		if r.Pruned != mail.PrunedMail || len(r.Raw) != 0 || r.Key == "" || r.Size == 0 {
			t.Errorf("past the retention age <%s> is kept as %+v, want its key and size alone", id, r)
		}
	}

	// Delivered again, both are known by their Message-ID: nothing is
	// recorded or answered a second time.
	before := map[string]int{"ana": len(mailbox(t, ms, "ana")), "eve": len(mailbox(t, ms, "eve"))}
	for _, raw := range []string{ana, eve} {
		if err := sys.Deliver(games, []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	handledAll(t, s, sys)
	seen := len(mailbox(t, ms, "bea"))
	send(t, ms, ms.Address("bea"), games, "help", "", "HELP\n") // handled after the mails again
	waitFor(t, ms, "bea", seen, "help")
	for user, n := range before {
		if got := mailbox(t, ms, user)[n:]; len(got) != 0 {
			t.Errorf("%s's mail delivered again was answered again: %v", user, got)
		}
	}
	if got := inboxRecords(t, s.svc.Store); got["keep.ana@pbem.test"].Pruned != mail.PrunedMail || got["keep.eve@pbem.test"].Pruned != mail.PrunedMail {
		t.Errorf("the mails delivered again were recorded again: %+v", got)
	}
}

// dirSize is the bytes of the files under dir.
func dirSize(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	err := filepath.Walk(dir, func(_ string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			n += fi.Size()
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestStrangersMailBounded: a stranger fills the game mailbox with mails
// of a MiB each. Each is handled (answered once that day, then silence)
// and then kept as its header alone, so what the stream holds grows by a
// few KiB a mail, not a MiB: a data directory filled by strangers' mail
// is bounded by MaxKeptHeader and a record's fields per mail.
func TestStrangersMailBounded(t *testing.T) {
	t.Parallel()
	const mails, mailSize = 40, 1 << 20
	sys, ms := loopbackServers(t, "games", "eve")
	s := serve(t, ms, serving{})
	games := ms.Address("games")
	bytesStored := func() uint64 {
		info, err := s.svc.Store.(*events.Store).JetStream().Stream(context.Background(), events.StreamName)
		if err != nil {
			t.Fatal(err)
		}
		return info.CachedInfo().State.Bytes
	}
	send(t, ms, ms.Address("eve"), games, "hi", "", "HELP\n")
	waitFor(t, ms, "eve", 0, "help")
	handledAll(t, s, sys)
	before, dirBefore := bytesStored(), dirSize(t, s.dir)
	line := strings.Repeat("x", 74) + "\r\n"
	for i := range mails {
		raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nMessage-ID: <fill.%d@pbem.test>\r\nSubject: photos\r\n\r\nHELP\r\n%s",
			ms.Address("eve"), games, i, strings.Repeat(line, mailSize/len(line)))
		if err := sys.Deliver(games, []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	handledAll(t, s, sys)
	grew := bytesStored() - before
	t.Logf("%d mails of %d KiB from a stranger: the stream grew by %d bytes, %d a mail; the data directory by %d KiB (blocks are compacted within two minutes)",
		mails, mailSize>>10, grew, grew/mails, (dirSize(t, s.dir)-dirBefore)>>10)
	if per := grew / mails; per > mail.MaxKeptHeader+4<<10 {
		t.Errorf("each stranger's mail of %d KiB keeps %d bytes in the stream, want at most %d", mailSize>>10, per, mail.MaxKeptHeader+4<<10)
	}
	for id, r := range inboxRecords(t, s.svc.Store) {
		if strings.HasPrefix(id, "fill.") && r.Pruned != mail.PrunedBody {
			t.Errorf("<%s> is kept %q, want its header alone", id, r.Pruned)
		}
	}
	if got := mailbox(t, ms, "eve"); len(got) != 1 {
		t.Errorf("the stranger got %d mails, want the one answer of the day", len(got))
	}
}
