package endtoend_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// maxMail is the most a mail of pbem may weigh, as sent (MIME, its
// pictures and attachments included): what a phone on a slow line
// fetches without a wait.
const maxMail = 100 << 10

// TestMailSize plays a game of each kind for every number of players, its
// second seat a reader of Chinese (whose text, in UTF-8 and encoded
// again for MIME, weighs most), and writes its mails as they are sent:
// none may weigh over 100 KiB, the game-over mail with the history it
// attaches or links included. The largest of each kind is logged.
func TestMailSize(t *testing.T) {
	t.Parallel() // one of the package's longest: beside the others, not after them
	sender, err := mail.NewSender(mail.SMTPOptions{Addr: "127.0.0.1:25", From: "games@pbem.example.org", FromName: "pbem games"})
	if err != nil {
		t.Fatal(err)
	}
	lh := letters.Letterhead{Service: "pbem games", Mailbox: "games@pbem.example.org", Tokens: mail.Tokens{Secret: []byte("k")},
		WebURL: "https://pbem.example.org"}
	for _, game := range []rules.Game{atacama.Game, altiplano.Game, archipelago.Game} {
		info := game.Info()
		for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
			t.Run(fmt.Sprintf("%s/%d", info.Name, seats), func(t *testing.T) {
				largest := map[string]int{}
				var histories [2]int // the game-over mails that attach the history, and that link it
				for _, o := range playedMails(t, game, seats, lh) {
					size := weight(t, sender, o)
					what := o.Headers[letters.HeaderKind] + " " + o.Headers["Content-Language"]
					if size > largest[what] {
						largest[what] = size
					}
					if o.Headers[letters.HeaderKind] == notice.KindGameOver && o.ReplyTo != "" { // a player's: an observer gets no history
						attached := len(o.Attachments) == 1 && strings.HasSuffix(o.Attachments[0].Name, ".jsonl.gz")
						if attached {
							histories[0]++
						} else if strings.Contains(o.Text, lh.WebURL+"/g/") && strings.Contains(o.Text, "/export") {
							histories[1]++
						} else {
							t.Errorf("game-over mail %s to %s neither attaches the history nor links it:\n%s", o.MessageID, o.To, o.Text)
						}
					}
					if size > maxMail {
						t.Errorf("%s mail %s weighs %.1f KiB, want at most %d KiB", what, o.MessageID, float64(size)/1024, maxMail>>10)
					}
				}
				var rows []string
				for _, what := range slices.Sorted(func(yield func(string) bool) {
					for k := range largest {
						if !yield(k) {
							return
						}
					}
				}) {
					rows = append(rows, fmt.Sprintf("%s %.1f KiB", what, float64(largest[what])/1024))
				}
				t.Logf("largest: %s; the history attached to %d game-over mails, linked from %d", strings.Join(rows, "; "), histories[0], histories[1])
			})
		}
	}
}

// weight is how many bytes o weighs as sender sends it.
func weight(t *testing.T, sender *mail.Sender, o mail.Outgoing) int {
	t.Helper()
	m, err := sender.Message(o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Len()
}

// playedMails plays a game of seats random players to its end, seat 1
// reading Chinese, and renders its mails: every notice of a kind until
// three of it were rendered, every tenth after, and all of the game's
// last events, where the history and the logs are longest; to seats 0
// (English) and 1 (Chinese) alone, the others' mails being as seat 0's.
func playedMails(t *testing.T, game rules.Game, seats int, lh letters.Letterhead) []mail.Outgoing {
	t.Helper()
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	svc := letters.New(&games.Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(game),
		Now: func() time.Time { now = now.Add(time.Minute); return now }}, offered())
	prefs, err := svc.Prefs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var players []events.Player
	for s := range seats {
		name := string(rune('a' + s))
		players = append(players, events.Player{Name: name, Address: name + "@example.org"})
	}
	if _, err := prefs.Set(ctx, players[1].Address, mail.Pref{Lang: "zh", At: now}, false); err != nil {
		t.Fatal(err)
	}
	seed := rules.SeedFromInt(uint64(31*seats + 7))
	id, err := svc.Create(ctx, games.NewGame{Game: game.Info().Name, Host: players[0].Address, Seed: &seed, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(uint64(seats), 31))
	for range 5000 {
		g, _, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Ended != nil {
			break
		}
		seat := g.State.ToAct()[0]
		legal := g.State.Legal(seat)
		if _, err := svc.Move(ctx, id, seat, legal[rnd.IntN(len(legal))].String(), games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	ns, err := mailtest.CatchUpNotices(ctx, svc.Store, "size"+id, svc.Notices)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Ended == nil {
		t.Fatalf("%s of %d players did not end", game.Info().Name, seats)
	}
	var out []mail.Outgoing
	count := map[string]int{}
	for _, n := range ns {
		if n.Seat > 1 {
			continue // the others read English as seat 0 does, their own view aside
		}
		count[n.Kind]++
		if count[n.Kind] > 3 && count[n.Kind]%10 != 0 && n.Seq+10 < g.Seq {
			continue
		}
		o, err := svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}
