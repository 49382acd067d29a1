package letters

import (
	"errors"
	"maps"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
)

// ids are the notices' Message-IDs and threads, one a line.
func ids(ns []mail.Notice) string {
	var out []string
	for _, n := range ns {
		out = append(out, n.ID+" "+n.Kind+" "+strings.Join(n.References, " "))
	}
	return strings.Join(out, "\n")
}

// TestNoticesFoldOnOrReplay: a service that keeps each game as folded
// through the Append told last derives the same mail as one that keeps
// none and replays the history each time; the game it keeps is the
// game after the Append.
func TestNoticesFoldOnOrReplay(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	p.notices()
	first := p.s.cache.told[id]
	p.game(id).play(0)
	p.notices()
	if g := p.s.cache.told[id]; first == nil || g != first || g.Seq != 2 {
		t.Errorf("after the second Append the game kept is %p at %d, want the game kept after the first (%p), folded on", g, g.Seq, first)
	}
	for i := range 5 {
		g := p.game(id)
		g.play(g.state.ToAct()[0])
		if i == 2 {
			if _, err := p.s.Say(p.ctx, id, 1, "well played", games.Cause{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	kept, _, err := derive(p.ctx, p.s, 0)
	if err != nil {
		t.Fatal(err)
	}
	if g := p.s.cache.takeTold(id, 8); g == nil || g.Seq != 8 || len(g.Moves) != 6 {
		t.Errorf("kept after the last Append: %+v, want the game after its 8 events", g)
	}
	replays := New(&games.Service{Store: p.s.Store, Catalog: p.s.Catalog, Domain: "pbem.test", CacheGames: -1}, offered())
	replayed, _, err := derive(p.ctx, replays, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(replays.cache.told) != 0 {
		t.Errorf("a service that keeps no game kept %d", len(replays.cache.told))
	}
	if ids(kept) != ids(replayed) || len(kept) < 12 {
		t.Errorf("folded on:\n%s\nreplayed:\n%s", ids(kept), ids(replayed))
	}
}

// TestNoticesOfOtherRecords: a record that is no game's event causes no
// mail; one that claims to be an event of a game and is not cannot.
func TestNoticesOfOtherRecords(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	bea := find(t, p.notices(), notice.KindInvitation, 1)
	if err := p.s.Undelivered(p.ctx, bea, errors.New("550 no")); err != nil {
		t.Fatal(err)
	}
	var rs []events.Record
	if _, err := p.s.Store.ReadAll(p.ctx, "pbem.>", func(r events.Record) error { rs = append(rs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	told := 0
	for _, r := range rs {
		ns, err := p.s.Notices(p.ctx, r)
		if err != nil {
			t.Errorf("Notices(%s) = %v", r.Subject, err)
		}
		if !strings.HasPrefix(r.Subject, events.GameSubject) && len(ns) > 0 {
			t.Errorf("Notices(%s) = %v, want none", r.Subject, ns)
		}
		told += len(ns)
	}
	if told != 2 {
		t.Errorf("the records of a new game told %d notices, want its 2 invitations", told)
	}
	var created events.Record
	for _, r := range rs {
		if r.Subject == events.GameSubject+id {
			created = r
		}
	}
	for what, r := range map[string]events.Record{
		"not JSON":         withData(created, []byte("{")),
		"another game's":   withSubject(created, events.GameSubject+"other"),
		"after its append": withSeq(t, created, 2),
	} {
		if _, err := p.s.Notices(p.ctx, r); !errors.Is(err, mail.ErrUnrenderable) {
			t.Errorf("Notices(%s) = %v, want ErrUnrenderable", what, err)
		}
	}
	// An event the history has not yet (another store, where the game is
	// not): read again while the stream may be behind, held as a dead
	// letter after behindTries.
	behind := newPost(t)
	created.Delivered = 1
	if _, err := behind.s.Notices(p.ctx, created); err == nil || errors.Is(err, mail.ErrUnrenderable) {
		t.Errorf("Notices(an event ahead of the history, first try) = %v, want an error to try again", err)
	}
	created.Delivered = behindTries
	if _, err := behind.s.Notices(p.ctx, created); !errors.Is(err, mail.ErrUnrenderable) {
		t.Errorf("Notices(an event ahead of the history, try %d) = %v, want ErrUnrenderable", behindTries, err)
	}
}

func withData(r events.Record, data []byte) events.Record { r.Data = data; return r }

func withSubject(r events.Record, subject string) events.Record { r.Subject = subject; return r }

// withSeq is r as if its Append had begun at event first.
func withSeq(t *testing.T, r events.Record, first uint64) events.Record {
	t.Helper()
	if _, ok := r.BatchFirst(); !ok {
		t.Fatalf("record %s is no Append's last", r.Subject)
	}
	r.Header = maps.Clone(r.Header)
	r.Header[events.BatchFirstHeader] = strconv.FormatUint(first, 10)
	return r
}

// TestSentAt: the latest event at which one of the mails named was sent
// about the game: a notice by its Message-ID, as its reader counts
// events, an answer by its record in the outbox, read again for one
// written since; a mail of another game or none pbem sent is not one.
func TestSentAt(t *testing.T) {
	p := newPost(t)
	id := p.create("atacama", 3, anaBea()...)
	p.notices()
	p.game(id).play(0)
	prompt := find(t, p.notices(), notice.KindYourTurn, 1)
	other := p.create("atacama", 4, anaBea()...)
	otherInvitation := find(t, p.notices(), notice.KindInvitation, 1)
	if _, err := p.s.Say(p.ctx, id, 1, "hello", games.Cause{}); err != nil {
		t.Fatal(err)
	}
	p.notices()
	if err := p.s.Undelivered(p.ctx, prompt, errors.New("550 no")); err != nil {
		t.Fatal(err)
	}
	undelivered := notice.UndeliveredID("pbem.test", id, notice.AddressKey(prompt.To))
	root := notice.ThreadRoot("pbem.test", id, 1)
	for _, c := range []struct {
		head uint64
		ids  []string
		seq  uint64
		ok   bool
	}{
		{3, []string{prompt.ID}, 2, true},
		{3, []string{root}, 1, true},
		{3, []string{root, prompt.ID}, 2, true},
		{3, []string{prompt.ID, root}, 2, true},
		{1, []string{prompt.ID}, 0, false}, // not yet sent at event 1
		{3, []string{undelivered}, 3, true},
		{3, []string{root, undelivered}, 3, true},
		{3, []string{otherInvitation.ID}, 0, false},
		{3, []string{"1700000000.bea@example.net"}, 0, false},
		{3, nil, 0, false},
	} {
		seq, ok, err := p.s.SentAt(p.ctx, id, c.head, c.ids)
		if err != nil || seq != c.seq || ok != c.ok {
			t.Errorf("SentAt(%s, %d, %v) = %d, %v, %v; want %d, %v", id, c.head, c.ids, seq, ok, err, c.seq, c.ok)
		}
	}
	// An answer written after the outbox was read is found by reading what
	// was written since.
	p.game(id).play(p.game(id).state.ToAct()[0])
	p.notices()
	time.Sleep(2 * time.Millisecond)
	b := mail.Bouncing{Address: "bea@example.net", Status: "5.1.1", Games: []string{id}, Marked: time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)}
	if err := p.s.Marked(p.ctx, b); err != nil {
		t.Fatal(err)
	}
	marked := notice.MarkedID("pbem.test", id, strconv.FormatInt(b.Marked.Unix(), 10), notice.AddressKey(b.Address), "0")
	if seq, ok, err := p.s.SentAt(p.ctx, id, 4, []string{marked}); err != nil || seq != 4 || !ok {
		t.Errorf("SentAt(an answer written since the outbox was read) = %d, %v, %v; want 4, true", seq, ok, err)
	}
	if seq, ok, err := p.s.SentAt(p.ctx, other, 1, []string{otherInvitation.ID, undelivered}); err != nil || seq != 1 || !ok {
		t.Errorf("SentAt(%s, its invitation and another game's answer) = %d, %v, %v; want 1, true", other, seq, ok, err)
	}
}
