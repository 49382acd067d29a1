package endtoend_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/gamestest"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
)

// TestMoveStoresOneMessage: a move stores its event and nothing else; the
// outbox derives its mail from it, with Message-IDs that deriving again
// (another process, after a crash) gives alike, under the domain the
// service had when the move was stored.
func TestMoveStoresOneMessage(t *testing.T) {
	ctx := context.Background()
	svc := letters.New(gamestest.NewService(t), offered())
	svc.Domain = "pbem.example.org"
	id := gamestest.Create(t, svc.Service)
	first, err := mailtest.CatchUpNotices(ctx, svc.Store, "test", svc.Notices)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != 2 || first[0].Kind != notice.KindInvitation {
		t.Fatalf("notices of the creation = %v, want two invitations", first)
	}
	before := stored(t, svc.Store)
	g, _, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	seat := g.State.ToAct()[0]
	if _, err := svc.Move(ctx, id, seat, g.State.Legal(seat)[0].String(), games.Cause{ReplyTo: "m1@example.org"}); err != nil {
		t.Fatal(err)
	}
	if n := stored(t, svc.Store) - before; n != 1 {
		t.Errorf("a move stored %d messages, want 1: its event", n)
	}
	moved, err := mailtest.CatchUpNotices(ctx, svc.Store, "test", svc.Notices)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range moved {
		got = append(got, n.Kind+" "+n.InReplyTo)
		if !strings.HasPrefix(n.ID, id+".v2.") || !strings.HasSuffix(n.ID, "@pbem.example.org") {
			t.Errorf("notice %s: want a Message-ID of game %s's event 2 at the service's domain", n.ID, id)
		}
	}
	if want := "accepted m1@example.org, your-turn " + id + ".1.1.invitation@pbem.example.org"; strings.Join(got, ", ") != want {
		t.Errorf("notices of the move = %q, want %q", strings.Join(got, ", "), want)
	}
	// More moves, a message and an undo, derived by this service as they
	// come, Append by Append.
	for i := range 8 {
		g, _, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		seat := g.State.ToAct()[0]
		if _, err := svc.Move(ctx, id, seat, g.State.Legal(seat)[i%len(g.State.Legal(seat))].String(), games.Cause{}); err != nil {
			t.Fatal(err)
		}
		if i == 3 {
			if _, err := svc.Say(ctx, id, 1, "well played", games.Cause{}); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Undo(ctx, id, games.Operator, 2, games.Cause{}); err != nil {
				t.Fatal(err)
			}
		}
		more, err := mailtest.CatchUpNotices(ctx, svc.Store, "test", svc.Notices)
		if err != nil {
			t.Fatal(err)
		}
		moved = append(moved, more...)
	}
	// Another process with another domain derives the same mail, replaying
	// the history rather than folding on.
	other := letters.New(&games.Service{Store: svc.Store, Catalog: svc.Catalog, Domain: "elsewhere.example"}, offered())
	again, err := mailtest.CatchUpNotices(ctx, svc.Store, "other", other.Notices)
	if err != nil {
		t.Fatal(err)
	}
	var here, there []string
	for _, n := range append(first, moved...) {
		here = append(here, n.ID+" "+strings.Join(n.References, " "))
	}
	for _, n := range again {
		there = append(there, n.ID+" "+strings.Join(n.References, " "))
	}
	if strings.Join(there, "\n") != strings.Join(here, "\n") {
		t.Errorf("another process derived\n%s\nwant\n%s", strings.Join(there, "\n"), strings.Join(here, "\n"))
	}
}

// stored counts the messages of the store's stream.
func stored(t *testing.T, store events.Records) uint64 {
	t.Helper()
	counts, err := store.Counts(context.Background(), "pbem.>")
	if err != nil {
		t.Fatal(err)
	}
	var n uint64
	for _, c := range counts {
		n += c
	}
	return n
}

// TestParseMessageID reads back every form of Message-ID pbem makes.
func TestParseMessageID(t *testing.T) {
	for _, c := range []struct {
		id   string
		want notice.MessageID
		ok   bool
	}{
		{"<k7q2mx.12.1.your-turn@pbem.example.org>", notice.MessageID{Game: "k7q2mx", Seq: 12, Seat: 1, Kind: "your-turn", Domain: "pbem.example.org"}, true},
		{"k7q2mx.3.o2.moved@pbem.invalid", notice.MessageID{Game: "k7q2mx", Seq: 3, Seat: -1, Observer: 2, Kind: "moved", Domain: "pbem.invalid"}, true},
		{"re.0a1b.0.error@pbem.test", notice.MessageID{Seat: -1, Answers: "0a1b", Kind: "error", Domain: "pbem.test"}, true},
		{"k7q2mx.undelivered.626561@pbem.test", notice.MessageID{Game: "k7q2mx", Seat: -1, Kind: "undelivered", To: "bea", Domain: "pbem.test"}, true},
		{"k7q2mx.x.1.moved@pbem.test", notice.MessageID{}, false},
		{"1700000000.bea@example.net", notice.MessageID{}, false},
		{"k7q2mx.0.1.moved@pbem.test", notice.MessageID{}, false},
	} {
		got, ok := notice.ParseMessageID(c.id)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("ParseMessageID(%q) = %+v, %v; want %+v, %v", c.id, got, ok, c.want, c.ok)
		}
	}
}

// TestObserverGameOverPrivate: the game-over mail of an observer carries
// no history, which holds every player's address and their plans never
// played; a player's carries it.
func TestObserverGameOverPrivate(t *testing.T) {
	ctx := context.Background()
	svc := letters.New(gamestest.NewService(t), offered())
	id := gamestest.Create(t, svc.Service)
	if _, err := svc.Watch(ctx, id, games.Operator, "olga@example.com", true, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Resign(ctx, id, 1, games.Cause{}); err != nil {
		t.Fatal(err)
	}
	ns, err := mailtest.CatchUpNotices(ctx, svc.Store, "test", svc.Notices)
	if err != nil {
		t.Fatal(err)
	}
	lh := letters.Letterhead{Service: "pbem", Mailbox: "games@pbem.example.org", Tokens: mail.Tokens{Secret: []byte("k")}}
	seen := map[string]bool{}
	for _, n := range ns {
		if n.Kind != notice.KindGameOver {
			continue
		}
		out, err := svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case n.To == "olga@example.com":
			seen["observer"] = true
			if len(out.Attachments) != 0 || strings.Contains(out.Text+out.HTML, "ana@example.org") {
				t.Errorf("the observer's game-over mail carries %d attachments or a player's address:\n%s", len(out.Attachments), out.Text)
			}
		default:
			seen["player"] = true
			if len(out.Attachments) != 1 {
				t.Errorf("%s's game-over mail carries %d attachments, want the history", n.To, len(out.Attachments))
			}
		}
	}
	if !seen["observer"] || !seen["player"] {
		t.Errorf("game-over mails to %v, want to the observer and the players", seen)
	}
}
