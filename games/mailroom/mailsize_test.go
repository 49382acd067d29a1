package mailroom_test

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

// overweight are the mails, by game and kind, that still weigh more than
// maxMail, each with the most it weighs today in KiB, which it must not
// exceed: the game-over mail with the signed history attached (a long
// game's is hundreds of KiB), and Archipelago's mails late in a game,
// whose board picture alone is some 55 KiB. A kind leaves the list when
// its mails fit; none may join it.
var overweight = map[string]int{
	"altiplano game-over":   570,
	"altiplano your-turn":   105,
	"archipelago game-over": 330,
	"archipelago accepted":  125,
	"archipelago moved":     115,
	"archipelago news":      120,
	"archipelago your-turn": 130,
}

// TestMailSize plays a game of each kind for every number of players, its
// second seat a reader of Chinese (whose text, in UTF-8 and encoded
// again for MIME, weighs most), and writes its mails as they are sent:
// none may weigh over 100 KiB, but the kinds that still do (overweight),
// which may not grow. The largest of each kind is logged.
func TestMailSize(t *testing.T) {
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
				for _, o := range playedMails(t, game, seats, lh) {
					m, err := sender.Message(o)
					if err != nil {
						t.Fatal(err)
					}
					var b bytes.Buffer
					if _, err := m.WriteTo(&b); err != nil {
						t.Fatal(err)
					}
					what := o.Headers[letters.HeaderKind] + " " + o.Headers["Content-Language"]
					if b.Len() > largest[what] {
						largest[what] = b.Len()
					}
					limit, known := overweight[info.Name+" "+o.Headers[letters.HeaderKind]]
					if !known {
						limit = maxMail >> 10
					}
					if b.Len() > limit<<10 {
						t.Errorf("%s mail %s weighs %.1f KiB, want at most %d KiB", what, o.MessageID, float64(b.Len())/1024, limit)
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
				t.Logf("largest: %s", strings.Join(rows, "; "))
			})
		}
	}
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
