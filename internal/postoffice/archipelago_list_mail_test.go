package postoffice

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/archipelago"
)

// settleMail waits until no mailbox and not the game has changed for a
// while, so that everything pbem had to say has been said, and takes
// every mail so far as seen.
func (a *archipelagoTable) settleMail() {
	a.t.Helper()
	count := func() []int {
		var n []int
		for _, u := range a.users {
			n = append(n, len(mailbox(a.t, a.post.ms, u)))
		}
		return append(n, int(a.load().Seq))
	}
	last, since := count(), time.Now()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		now := count()
		if !slices.Equal(now, last) {
			last, since = now, time.Now()
		} else if time.Since(since) > 500*time.Millisecond {
			for i, u := range a.users {
				a.seen[u] = now[i]
			}
			return
		}
	}
	a.t.Fatal("pbem did not settle within 30s")
}

// direct plays move for seat through the service, not by mail: how the
// test brings the game to where a player's mail matters.
func (a *archipelagoTable) direct(seat int, move string) {
	a.t.Helper()
	if _, err := a.post.svc.Move(context.Background(), a.id, rules.Seat(seat), move, games.Cause{}); err != nil {
		a.t.Fatalf("seat %d playing %s: %v", seat, move, err)
	}
}

// largestGift is the gift to the crisis of the legal moves that gives the
// most cubes, so that the crisis is over as soon as it may be.
func largestGift(legal []rules.Move) string {
	best, most := "", -1
	for _, m := range legal {
		mv, ok := m.(archipelago.Move)
		if w := strings.Fields(mv.String()); !ok || len(w) == 0 || w[0] != "FEED" && w[0] != "EXPORT" {
			continue
		}
		if n := int(mv.N[0]) + int(mv.N[1]) + int(mv.N[2]); n > most {
			best, most = mv.String(), n
		}
	}
	return best
}

// TestArchipelagoPassInListByMail: a player bids by mail and, below the
// bid, writes the rest of the round as the rules' PASS reads in a crisis,
// "PASS, PASS, TAX": nothing to the domestic crisis, nothing to the export
// one, then the tax. The others give what settles the crises before the
// player's turn to give. pbem keeps the list as the player meant it: a
// gift of nothing the crisis no longer asks is left out, never read as a
// pass for the round, so the tax is played and the player, with discs
// left, is asked for the next action.
func TestArchipelagoPassInListByMail(t *testing.T) {
	t.Parallel()
	a := newArchipelagoTable(t, rand.NewChaCha8([32]byte{7}))
	list := []string{"PASS", "PASS", "TAX"}
	meant := []string{"FEED NONE IF NEEDED", "EXPORT NONE IF NEEDED", "TAX"}
	var (
		g      *projections.Game
		writer int // the seat that mails the list: the last to give
	)
	for steps := 0; ; steps++ {
		g = a.load()
		v := g.State.View(rules.Observer).(*archipelago.View)
		if steps > 3000 || g.Ended != nil {
			t.Fatalf("no round with both crises ahead after %d moves (round %d)", steps, v.Round)
		}
		if to := g.State.ToAct(); v.Round >= 2 && len(to) == len(a.users) && strings.HasPrefix(g.State.Legal(to[0])[0].String(), "BID") {
			// Everyone bids nothing, so the order stays: the last in it
			// gives last to each crisis.
			writer = v.Order[len(v.Order)-1]
			if got := g.State.(rules.ListReader).ReadList(rules.Seat(writer), list); slices.Equal(got, meant) {
				break
			}
		}
		to := g.State.ToAct()
		seat := int(to[0])
		legal := g.State.Legal(to[0])
		move := legal[0].String()
		for _, m := range legal {
			if s := m.String(); s == "BID 0" || s == "PASS" && strings.Contains(v.Phase, "action") {
				move = s
			}
		}
		a.direct(seat, move)
	}
	a.settleMail()
	u := a.users[writer]
	box := mailbox(t, a.post.ms, u)
	start := len(g.Moves)
	answer(t, a.post.ms, u, box[len(box)-1], "BID 0\n"+strings.Join(list, "\n")+"\n")
	g = until(t, a.post, a.id, "the list kept", func(g *projections.Game) bool { return len(g.Queues[writer]) > 0 })
	if got := g.Queues[writer]; !slices.Equal(got, meant) {
		t.Errorf("%s mailed %q below the bid; pbem keeps %q, want %q", u, list, got, meant)
	}

	// The others bid nothing, settle each crisis before the writer's turn
	// to give if their cubes may, and pass the actions, until the list is
	// spent or pbem asks its writer.
	for steps := 0; ; steps++ {
		g = a.load()
		to := g.State.ToAct()
		if len(g.Queues[writer]) == 0 || slices.Contains(to, rules.Seat(writer)) || len(to) == 0 || steps > 100 {
			break
		}
		seat := int(to[0])
		legal := g.State.Legal(to[0])
		move := legal[0].String()
		if gift := largestGift(legal); gift != "" {
			move = gift
		}
		for _, m := range legal {
			if s := m.String(); s == "BID 0" || s == "PASS" {
				move = s
			}
		}
		a.direct(seat, move)
	}
	g = until(t, a.post, a.id, "the list spent", func(g *projections.Game) bool { return len(g.Queues[writer]) == 0 })
	var played []string
	var taxAt uint64
	for _, m := range g.Moves[start:] {
		if m.Seat != writer {
			continue
		}
		played = append(played, m.Move)
		if m.Move == "TAX" && taxAt == 0 {
			taxAt = m.Seq
		}
	}
	t.Logf("%s's moves from the mail: %q", u, played)
	if slices.Contains(played, "PASS") || taxAt == 0 {
		t.Fatalf("%s mailed %q; the history holds %q: the list passed the round instead of giving nothing and taxing", u, list, played)
	}
	if slices.ContainsFunc(played, func(m string) bool { return strings.HasPrefix(m, "FEED") }) &&
		slices.ContainsFunc(played, func(m string) bool { return strings.HasPrefix(m, "EXPORT") }) {
		t.Fatalf("both crises reached %s (%q): this game no longer shows a crisis over before the writer's turn; choose another seed", u, played)
	}

	// The writer has discs left after the tax: pbem asks for the next
	// action, in a mail that shows the game after it.
	seen, _ := strconv.ParseUint(a.post.numberFor(t, a.id, taxAt, writer), 10, 64)
	asked := waitMail(t, a.post.ms, u, a.seen[u], "the turn after the tax", func(l letter) bool {
		return l.is("your-turn") && seqOf(l) >= seen
	})
	if !strings.Contains(asked.p.Text, "TAX") {
		t.Errorf("%s's turn after the list does not tell of the tax played:\n%s", u, asked.p.Text)
	}
	if b := bounced(mailbox(t, a.post.ms, u)[a.seen[u]:]); len(b) > 0 {
		t.Errorf("%s's list was answered with %q", u, b)
	}
}

// TestArchipelagoFailedAcceptByMail: an offer its maker can no longer
// make, accepted by mail, is refused with only that: the offer no longer
// stands. The refusal names nothing of what lies behind the offerer's
// screen, and the third player hears nothing of it.
func TestArchipelagoFailedAcceptByMail(t *testing.T) {
	t.Parallel()
	a := newArchipelagoTable(t, rand.NewChaCha8([32]byte{9}))
	g := a.playUntil("actions phase", 30, func(g *projections.Game) bool { return strings.Contains(archipelagoPhase(g), "action") }, nil)
	red := int(g.State.ToAct()[0]) // the offerer, to act
	blue := (red + 1) % len(a.users)
	third := 3 - red - blue
	florins := a.screen(g, red).Florins
	if florins < 1 {
		t.Fatalf("%s has no florin to offer", a.users[red])
	}
	a.settleMail()
	deal := func(seat int, move string) {
		t.Helper()
		n := len(a.load().Moves)
		a.post.reply(t, a.users[seat], move+"\n")
		g := until(t, a.post, a.id, move, func(g *projections.Game) bool { return len(g.Moves) > n })
		if m := g.Moves[n]; m.Seat != seat || m.Move != move {
			t.Fatalf("%s mailed %q; the history holds %+v", a.users[seat], move, m)
		}
		a.settleMail()
	}
	// Red offers Blue a florin for nothing; Blue, before answering, asks
	// all Red's florins for nothing, and Red pays them: Red's offer can no
	// longer be made, which only Red's screen shows.
	deal(red, "OFFER "+a.colors[blue]+" 1 FLORIN FOR NOTHING")
	deal(blue, "OFFER "+a.colors[red]+" NOTHING FOR "+strconv.Itoa(florins)+" FLORINS")
	deal(red, "ACCEPT "+a.colors[blue])
	if f := a.screen(a.load(), red).Florins; f != 0 {
		t.Fatalf("%s has %d florins after paying all, want 0", a.users[red], f)
	}
	a.refused(blue, "ACCEPT "+a.colors[red], "no longer stands")
	box := mailbox(t, a.post.ms, a.users[blue])
	refusal := box[len(box)-1]
	for _, line := range strings.Split(refusal.p.Text, "\n") {
		if strings.Contains(line, "no longer") && (strings.ContainsAny(line, "0123456789") || strings.Contains(strings.ToLower(line), "florin") || strings.Contains(line, "lack")) {
			t.Errorf("the refusal tells what lies behind %s's screen: %q", a.users[red], line)
		}
	}
	a.noLeaks(a.users[blue], red)
	a.noLeaks(a.users[third], red, blue)
}
