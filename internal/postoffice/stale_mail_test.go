package postoffice

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
)

// answer mails body from user as a reply to l, one of user's mails from
// pbem, as a mail client's Reply does.
func answer(t *testing.T, ms mailtest.Servers, user string, l letter, body string) {
	t.Helper()
	if l.replyTo == "" {
		t.Fatalf("%s's mail %q has no reply address", user, l.p.Subject)
	}
	send(t, ms, ms.Address(user), l.replyTo, "Re: "+l.p.Subject, "<"+l.messageID+">", body)
}

// until waits up to 20s for done to hold of game id as the service has
// it, and returns the game.
func until(t *testing.T, p *served, id, what string, done func(*projections.Game) bool) *projections.Game {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		g := p.game(t, id)
		if done(g) {
			return g
		}
		if time.Now().After(deadline) {
			var boxes []string
			for _, pl := range g.Created.Players {
				u, _, _ := strings.Cut(pl.Address, "@")
				boxes = append(boxes, fmt.Sprintf("%s: %v", u, mailbox(t, p.ms, u)))
			}
			t.Fatalf("no %s within 20s; the moves are %v; the mailboxes hold\n%s", what, g.Moves, strings.Join(boxes, "\n"))
		}
	}
}

// bounced returns the mails among box that refuse a move or say a reply
// was not applied.
func bounced(box []letter) []string {
	var out []string
	for _, l := range box {
		if l.bounced() {
			out = append(out, l.kind+": "+strings.Join(strings.Fields(l.p.Text), " "))
		}
	}
	return out
}

// movesOf returns seat's moves in g's history after event seq.
func movesOf(g *projections.Game, seat int, seq uint64) []string {
	var out []string
	for _, m := range g.Moves {
		if m.Seat == seat && m.Seq > seq {
			out = append(out, m.Move)
		}
	}
	return out
}

// TestAltiplanoPlansAtOnceByMail has the three players of an Altiplano
// game plan round 1 at the same moment, each replying to the same prompt
// with a whole plan: nobody's plan is bounced as a reply to an old mail,
// since nobody can see another's plan; each plan is played as mailed, and
// until the plans are revealed nobody hears of another's placements.
func TestAltiplanoPlansAtOnceByMail(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea", "cai")
	a := &altiplanoTable{t: t, post: serve(t, sys, serving{entropy: rand.NewChaCha8([32]byte{1})})}
	a.id, a.users = mailGame(t, a.post, "altiplano", "ana", "bea", "cai")
	a.settle()
	g := a.load()
	if v := altiplanoView(g); v.Phase != "plan" || len(g.State.ToAct()) != 3 {
		t.Fatalf("the game starts in phase %q with %v to act, want all three planning", v.Phase, g.State.ToAct())
	}
	start := g.Seq
	var plans [][]string
	var prompts []letter
	had := map[string]int{}
	for seat, u := range a.users {
		box := mailbox(t, sys, u)
		had[u], prompts = len(box), append(prompts, box[len(box)-1])
		plans = append(plans, append(plan(t, g.State, rules.Seat(seat), false, nil), "DONE"))
	}
	for seat, u := range a.users { // all sent before pbem reads any
		answer(t, sys, u, prompts[seat], strings.Join(plans[seat], "\n")+"\n")
	}
	g = until(t, a.post, a.id, "reveal of the three plans", func(g *projections.Game) bool {
		return altiplanoView(g).Phase == "act"
	})
	a.settle()
	for seat, u := range a.users {
		got := mailbox(t, sys, u)[had[u]:]
		if b := bounced(got); len(b) > 0 {
			t.Errorf("%s's plan, mailed at the same time as the others', was bounced:\n%s", u, strings.Join(b, "\n"))
		}
		if moves := movesOf(g, seat, start); !slices.Equal(moves, plans[seat]) {
			t.Errorf("%s mailed the plan %q; the history holds %q", u, plans[seat], moves)
		}
		t.Logf("%s got %d mails for the planning: %v", u, len(got), got)
	}
}

// TestAltiplanoRoundMails plays round 1 of a three-player Altiplano game
// by mail, one player after the other, each plan in one fresh mail, then
// everyone passes; it counts the mails each player gets in the round.
// Each gets the answer to their own plan and the reveal, and one mail per
// turn of the action phase; nobody hears of another's single placements.
func TestAltiplanoRoundMails(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea", "cai")
	a := &altiplanoTable{t: t, post: serve(t, sys, serving{entropy: rand.NewChaCha8([32]byte{1})})}
	a.id, a.users = mailGame(t, a.post, "altiplano", "ana", "bea", "cai")
	a.settle()
	var reply []string
	had := map[string]int{}
	for _, u := range a.users {
		box := mailbox(t, sys, u)
		had[u], reply = len(box), append(reply, box[len(box)-1].replyTo)
	}
	g := a.load()
	lines := 0
	for seat := range a.users {
		p := append(plan(t, g.State, rules.Seat(seat), false, nil), "DONE")
		lines += len(p)
		a.post1(reply, seat, p...)
	}
	g = a.load()
	turns := 0
	for altiplanoView(g).Round == 1 {
		if turns++; turns > 10 {
			t.Fatal("round 1 does not end when everyone passes")
		}
		a.post1(reply, int(g.State.ToAct()[0]), "PASS")
		g = a.load()
	}
	a.settle()
	var counts []string
	for _, u := range a.users {
		got := mailbox(t, sys, u)[had[u]:]
		counts = append(counts, fmt.Sprintf("%s %d", u, len(got)))
		if b := bounced(got); len(b) > 0 {
			t.Errorf("%s's mail was bounced:\n%s", u, strings.Join(b, "\n"))
		}
		// The answer to the plan, the reveal, and a mail per turn.
		if want := 2 + turns; len(got) > want {
			t.Errorf("%s got %d mails in round 1 (%d plan lines, %d turns), want at most %d: %v", u, len(got), lines, turns, want, got)
		}
	}
	t.Logf("round 1: %d plan lines in 3 mails, %d turns; mails per player: %s", lines, turns, strings.Join(counts, ", "))
}

// TestArchipelagoBidsAtOnceByMail has the three players of an Archipelago
// game make their sealed bids at the same moment, each replying to the
// same prompt, bea reading her mail in Chinese and writing her bid so: no
// bid is bounced because another player has bid, nobody hears of
// another's bid before the last one reveals them all, and bea's mails
// about it are in Chinese, whole, under the subject her game began with.
func TestArchipelagoBidsAtOnceByMail(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea", "cai")
	bidsAtOnce(t, sys)
}

// TestDovecotPostfixBidsAtOnce is TestArchipelagoBidsAtOnceByMail through
// a real Dovecot and Postfix, started by scripts/mailservers.sh (the test
// says so and skips where they are not running): three sealed bids mailed
// at the same moment, one in Chinese, each queued by Postfix and read
// back over IMAP as a player's server would deliver it.
func TestDovecotPostfixBidsAtOnce(t *testing.T) {
	sys := mailtest.Real(t)
	emptyMailboxes(t, sys, "games", "ana", "bea", "cai")
	bidsAtOnce(t, sys)
}

func bidsAtOnce(t *testing.T, sys mailtest.Servers) {
	a := archipelagoTableOn(t, sys, nil, "bea")
	const bea = 1
	a.playUntil("bidding", 30, func(g *projections.Game) bool { return len(g.State.ToAct()) == 3 }, nil)
	g := a.load()
	start := g.Seq
	var bids, written []string
	for seat, u := range a.users {
		legal := g.State.Legal(rules.Seat(seat))
		bid := legal[slices.IndexFunc(legal, func(m rules.Move) bool { return m.String() == "BID 0" })]
		if i := slices.IndexFunc(legal, func(m rules.Move) bool { return m.String() == fmt.Sprintf("BID %d", seat+1) }); i >= 0 {
			bid = legal[i]
		}
		w := bid.String()
		if seat == bea {
			w = rules.MoveIn(g.State, "zh", bid)
		}
		bids, written = append(bids, bid.String()), append(written, w)
		a.seen[u] = len(mailbox(t, a.post.ms, u))
	}
	if written[bea] == bids[bea] {
		t.Fatalf("bea's bid %s has no Chinese notation", bids[bea])
	}
	var prompts []letter
	for _, u := range a.users {
		box := mailbox(t, a.post.ms, u)
		prompts = append(prompts, box[len(box)-1])
	}
	for seat, u := range a.users {
		answer(t, a.post.ms, u, prompts[seat], written[seat]+"\n")
	}
	g = until(t, a.post, a.id, "reveal of the bids", func(g *projections.Game) bool {
		return len(g.State.View(rules.Observer).(*archipelago.View).Bids) == 3
	})
	time.Sleep(2 * time.Second) // any mail still on its way, through Postfix too
	for seat, u := range a.users {
		got := mailbox(t, a.post.ms, u)[a.seen[u]:]
		if b := bounced(got); len(b) > 0 {
			t.Errorf("%s's %s, mailed at the same time as the others', was bounced:\n%s", u, written[seat], strings.Join(b, "\n"))
		}
		if moves := movesOf(g, seat, start); !slices.Equal(moves, bids[seat:seat+1]) {
			t.Errorf("%s mailed %s; the history holds %q", u, written[seat], moves)
		}
		// The answer to the bid and the reveal (one mail for the last
		// bidder, whose answer is the reveal).
		if len(got) > 2 {
			t.Errorf("%s got %d mails for the bidding, want at most 2: %v", u, len(got), got)
		}
		t.Logf("%s bid %s and got %d mails: %v", u, written[seat], len(got), got)
	}
	box := mailbox(t, a.post.ms, "bea")
	for _, l := range box[a.seen["bea"]:] {
		if l.p.Language != "zh" || l.p.Subject != prompts[bea].p.Subject || !strings.Contains(l.p.Subject, "群岛") {
			t.Errorf("bea's mail %s: language %q, subject %q; want zh and her game's subject %q", l, l.p.Language, l.p.Subject, prompts[bea].p.Subject)
		}
		text := textParts(l.raw)
		if len(text) == 0 || !utf8.ValidString(text) || strings.ContainsRune(text, utf8.RuneError) {
			t.Errorf("bea's mail %s does not decode whole:\n%s", l, text)
		}
	}
}

// TestStaleReplyToRefusal has ana reply to pbem's refusal of a bad move
// once two moves have been played since: her reply answers a board she
// no longer has, so it is not applied, as a reply to any older mail of
// pbem would not be.
func TestStaleReplyToRefusal(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea")
	p := serve(t, sys, serving{})
	id, _ := mailGame(t, p, "atacama", "ana", "bea")
	staleAfterRefusal(t, p, id)
}

// TestStaleReplyCommandLineGame is TestStaleReplyToRefusal in a game made
// on the command line, whose first mails were written before the service
// (and its domain) was there.
func TestStaleReplyCommandLineGame(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea")
	dir := t.TempDir()
	id := operatorGame(t, dir, sys.Address("ana"), sys.Address("bea"))
	p := serve(t, sys, serving{dir: dir})
	waitFor(t, sys, "bea", 0, "")
	// Ana answers the first mail she got, two moves old by then.
	first := waitFor(t, sys, "ana", 0, "")
	legal := p.game(t, id).State.Legal(0)
	answer(t, sys, "ana", first, legal[0].String()+"\n")
	until(t, p, id, "ana's first move", func(g *projections.Game) bool { return len(g.Moves) == 1 })
	box := waitFor(t, sys, "bea", 1, "your-turn")
	answer(t, sys, "bea", box, p.game(t, id).State.Legal(1)[0].String()+"\n")
	g := until(t, p, id, "bea's move", func(g *projections.Game) bool { return len(g.Moves) == 2 })
	seen := len(mailbox(t, sys, "ana"))
	answer(t, sys, "ana", first, g.State.Legal(0)[0].String()+"\n")
	got := waitFor(t, sys, "ana", seen, "stale")
	if g := p.game(t, id); len(g.Moves) != 2 {
		t.Errorf("ana's reply to her first mail, two moves old, was played: the moves are %v", g.Moves)
	}
	t.Logf("ana's reply to a mail of a game made on the command line: %q", got.p.Subject)
}

// staleAfterRefusal plays the refusal scenario in game id of ana and bea,
// ana to move.
func staleAfterRefusal(t *testing.T, p *served, id string) {
	t.Helper()
	ms := p.ms
	prompt := waitFor(t, ms, "ana", 0, "your-turn")
	waitFor(t, ms, "bea", 0, "")
	seen := len(mailbox(t, ms, "ana"))
	answer(t, ms, "ana", prompt, "Z99\n")
	refusal := waitFor(t, ms, "ana", seen, "rejected")
	// Ana corrects her move in a reply to the refusal: nothing happened
	// since, so it is played.
	seen = len(mailbox(t, ms, "ana"))
	answer(t, ms, "ana", refusal, p.game(t, id).State.Legal(0)[0].String()+"\n")
	until(t, p, id, "ana's corrected move", func(g *projections.Game) bool { return len(g.Moves) == 1 })
	turn := waitFor(t, ms, "bea", 1, "your-turn")
	answer(t, ms, "bea", turn, p.game(t, id).State.Legal(1)[0].String()+"\n")
	g := until(t, p, id, "bea's move", func(g *projections.Game) bool { return len(g.Moves) == 2 })
	waitFor(t, ms, "ana", seen, "your-turn")
	// Two moves later, ana replies to the refusal again.
	seen = len(mailbox(t, ms, "ana"))
	answer(t, ms, "ana", refusal, g.State.Legal(0)[0].String()+"\n")
	got := waitFor(t, ms, "ana", seen, "")
	if !got.is("stale") {
		t.Errorf("ana's reply to a refusal two moves old got %q, want it not applied:\n%s", got.p.Subject, got.p.Text)
	}
	if g := p.game(t, id); len(g.Moves) != 2 {
		t.Errorf("ana's reply to a refusal two moves old was played: the moves are %v", g.Moves)
	}
}

// TestAltiplanoPlanSentAgainByMail: a plan mailed again before it is
// declared replaces the first (pbem takes back what was placed), and the
// answer shows the plan pbem now holds; once declared with DONE a plan
// cannot change, and the answer to a new plan says so. The other players
// hear of none of it.
func TestAltiplanoPlanSentAgainByMail(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea", "cai")
	a := &altiplanoTable{t: t, post: serve(t, sys, serving{entropy: rand.NewChaCha8([32]byte{1})})}
	a.id, a.users = mailGame(t, a.post, "altiplano", "ana", "bea", "cai")
	a.settle()
	g := a.load()
	start := g.Seq
	others := map[string]int{}
	for _, u := range a.users[1:] {
		others[u] = len(mailbox(t, sys, u))
	}
	first := plan(t, g.State, 0, false, nil)[:2]
	a.mail(0, first...)
	second := plan(t, g.State, 0, false, rand.New(rand.NewPCG(7, 7)))
	got := a.mail(0, append(slices.Clone(second), "DONE")...)
	if len(got) != 1 {
		t.Errorf("ana's second plan was answered with %d mails, want 1: %v", len(got), got)
	}
	g = a.load()
	var placed []string
	for _, p := range g.State.View(0).(*altiplano.View).You.Placed {
		for range p.Count {
			placed = append(placed, strings.ToUpper("PUT "+p.Target+" "+p.Good))
		}
	}
	slices.Sort(placed)
	want := slices.Sorted(slices.Values(second))
	if !slices.Equal(placed, want) {
		t.Errorf("ana mailed %q, then %q; pbem holds %q, want the second plan alone", first, second, placed)
	}
	moves := movesOf(g, 0, start)
	t.Logf("ana's moves: %q", moves)
	held := got[len(got)-1] // the mail helper waited for one at least
	for _, p := range second {
		if w := strings.TrimPrefix(p, "PUT "); !strings.Contains(strings.ToUpper(held.p.Text), w) {
			t.Errorf("the answer to ana's second plan does not show what pbem holds, %q:\n%s", w, held.p.Text)
		}
	}
	// Declared: a new plan is refused, and the answer says why.
	had := a.post.reply(t, "ana", second[0]+"\n")
	refusal := waitFor(t, sys, "ana", had, "")
	if !refusal.is("rejected") || !strings.Contains(strings.Join(strings.Fields(refusal.p.Text), " "), "cannot change") {
		t.Errorf("a plan mailed after DONE got %q, want it refused as a declared plan cannot change:\n%s", refusal.p.Subject, refusal.p.Text)
	}
	a.settle()
	if now := movesOf(a.load(), 0, start); !slices.Equal(now, moves) {
		t.Errorf("the plan mailed after DONE changed ana's moves: %q, then %q", moves, now)
	}
	for u, n := range others {
		if box := mailbox(t, sys, u); len(box) != n {
			t.Errorf("%s heard of ana's planning: %v", u, box[n:])
		}
	}
}

// TestArchipelagoBidAgainByMail: a sealed bid cannot be changed, so a
// second bid is refused, and the answer says so and what pbem holds; the
// others hear of neither.
func TestArchipelagoBidAgainByMail(t *testing.T) {
	t.Parallel()
	a := newArchipelagoTable(t, nil)
	a.playUntil("bidding", 30, func(g *projections.Game) bool { return len(g.State.ToAct()) == 3 }, nil)
	const bea = 1
	a.play(bea, "BID 0")
	a.refused(bea, "BID 1", "bid of 0 florin(s), and a sealed bid cannot")
}
