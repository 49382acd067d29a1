package postoffice

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
)

// post1 mails lines from seat to its reply address as a fresh mail, waits
// until pbem has played them and the game is still, and returns the mails
// the seat got meanwhile.
func (a *altiplanoTable) post1(reply []string, seat int, lines ...string) []letter {
	a.t.Helper()
	u := a.users[seat]
	before, seq := mailCount(a.t, a.post.ms, u), a.load().Seq
	send(a.t, a.post.ms, a.post.ms.Address(u), reply[seat], "moves", "", strings.Join(lines, "\n")+"\n")
	last, since := seq, time.Now()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			a.t.Fatalf("%s mailed %q and pbem played nothing within 20s", u, lines)
		}
		now := a.load().Seq
		if now != last {
			last, since = now, time.Now()
		}
		n := mailCount(a.t, a.post.ms, u)
		if n == before || last == seq && time.Since(since) < 2*time.Second || time.Since(since) < 250*time.Millisecond {
			continue
		}
		got := mailbox(a.t, a.post.ms, u)[before:]
		for _, l := range got {
			if l.bounced() {
				a.t.Fatalf("%s mailed %q and got %s:\n%s", u, lines, l, l.p.Text)
			}
		}
		if last > seq {
			return got
		}
	}
}

// mailCount is how many mails user's INBOX holds.
func mailCount(t *testing.T, ms mailtest.Servers, user string) int {
	t.Helper()
	c, sel := openInbox(t, ms, user)
	defer c.Close()
	return int(sel.NumMessages)
}

// botTurn picks seat's turn: a cart from the Village whenever it can buy
// one, else a sale at the Market for the coins to buy it, so that the
// Village's carts run out and the game ends in a few rounds; else a random
// action, or a pass when there is none or one time in three.
func botTurn(st rules.State, seat rules.Seat, r *rand.Rand) string {
	var acts, sales []string
	for _, m := range st.Legal(seat) {
		s := m.String()
		switch {
		case strings.HasSuffix(s, "VILLAGE CART"):
			return s
		case strings.Contains(s, "MARKET SELL"):
			sales = append(sales, s)
		case !strings.HasSuffix(s, "PASS"):
			acts = append(acts, s)
		}
	}
	if len(sales) > 0 {
		return sales[r.IntN(len(sales))]
	}
	if len(acts) == 0 || r.IntN(3) == 0 {
		return "PASS"
	}
	return acts[r.IntN(len(acts))]
}

// randomPlan places seat's goods at random, coins aside, only on the
// targets that have Chinese names when chineseOnly, and returns the
// placements.
func randomPlan(t *testing.T, st rules.State, seat rules.Seat, chineseOnly bool, r *rand.Rand) []string {
	t.Helper()
	var out []string
	for {
		var puts []rules.Move
		for _, m := range st.Legal(seat) {
			f := strings.Fields(m.String())
			if f[0] != "PUT" || f[2] == "COIN" || chineseOnly && chinese[f[1]] == "" {
				continue
			}
			puts = append(puts, m)
		}
		if len(puts) == 0 || r.IntN(8) == 0 {
			return out
		}
		m := puts[r.IntN(len(puts))]
		next, err := st.Apply(seat, m)
		if err != nil {
			t.Fatalf("legal placement %q of seat %d: %v", m, seat, err)
		}
		st, out = next, append(out, m.String())
	}
}

// pullBack is a seat's mail before it draws: it pulls every good it can
// back from its action spaces, then draws, unless pulling back filled its
// planning spaces and so drew already.
func pullBack(t *testing.T, st rules.State, seat rules.Seat) []string {
	t.Helper()
	var lines []string
	for range 20 {
		i := slices.IndexFunc(st.Legal(seat), func(m rules.Move) bool { return strings.HasPrefix(m.String(), "BACK ") })
		if i < 0 {
			break
		}
		m := st.Legal(seat)[i]
		next, err := st.Apply(seat, m)
		if err != nil {
			t.Fatal(err)
		}
		st, lines = next, append(lines, m.String())
	}
	if slices.ContainsFunc(st.Legal(seat), func(m rules.Move) bool { return m.String() == "DRAW" }) {
		lines = append(lines, "DRAW")
	}
	return lines
}

// botPlan is, of 20 random plans, one that lets seat act most, counting
// each good put up for sale at the Market twice.
func botPlan(t *testing.T, st rules.State, seat rules.Seat, chineseOnly bool, r *rand.Rand) []string {
	t.Helper()
	var best []string
	most := -1
	for range 20 {
		p := randomPlan(t, st, seat, chineseOnly, r)
		n := actions(t, st, seat, p)
		for _, m := range p {
			if strings.HasPrefix(m, "PUT MARKET ") {
				n += 2
			}
		}
		if n > most || n == most && len(p) > len(best) {
			best, most = p, n
		}
	}
	return best
}

// turnsAhead returns the turns seat expects to play, ending with PASS, if
// every other seat passes (and, while planning, declares an empty plan),
// after seat plays its own moves first: its whole programmed list.
func turnsAhead(t *testing.T, st rules.State, seat rules.Seat, first []string, r *rand.Rand) []string {
	t.Helper()
	var err error
	for _, m := range first {
		if st, err = projections.Play(st, seat, m); err != nil {
			t.Fatal(err)
		}
	}
	var list []string
	round := altiplanoState(st).Round
	for steps := 0; steps < 200 && len(st.ToAct()) > 0; steps++ {
		tb := altiplanoState(st)
		if tb.Round != round {
			break
		}
		s, m := st.ToAct()[0], "DONE"
		switch {
		case tb.Phase == "act" && s == seat:
			if m = botTurn(st, s, r); len(list) == 4 {
				m = "PASS"
			}
			list = append(list, m)
		case tb.Phase == "act":
			m = "PASS"
		case slices.ContainsFunc(st.Legal(s), func(m rules.Move) bool { return m.String() == "DRAW" }):
			m = "DRAW"
		}
		if st, err = projections.Play(st, s, m); err != nil {
			t.Fatal(err)
		}
		if s == seat && m == "PASS" {
			break
		}
	}
	return list
}

// altiplanoState is the public part of st's view.
func altiplanoState(st rules.State) *altiplano.Table {
	return st.View(rules.Observer).(*altiplano.View).Table
}

// TestAltiplanoGameByMail plays a whole three-player game of Altiplano by
// mail, to its final scoring: ana plays each action phase as a programmed
// list, bea plans in Chinese, and cai plans after ana has declared her plan
// without any of her mails showing it. The history then verifies.
func TestAltiplanoGameByMail(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game by mail takes a minute")
	}
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea", "cai")
	// The game's seed is fixed, so that every run plays a game of about
	// the same length (the plans' order of arrival may still vary). The
	// bots buy carts to end the game soon, which ends it only with the
	// variant where one empty supply is enough.
	a := &altiplanoTable{t: t, post: serve(t, sys, serving{entropy: rand.NewChaCha8([32]byte{1})})}
	a.id, a.users = mailGame(t, a.post, "altiplano shortage", "ana", "bea", "cai")
	a.settle()
	const ana, bea, cai = 0, 1, 2
	var reply []string // each seat's reply address
	for _, u := range a.users {
		box := mailbox(t, sys, u)
		reply = append(reply, box[len(box)-1].replyTo)
	}
	r := rand.New(rand.NewPCG(4, 2026))
	var lists, asked, stopped, chineseLines, hiddenChecks int
	var anaSecrets, anaPlan []string // ana's declared plan, while hidden
	for mails := 0; ; mails++ {
		if mails > 400 {
			t.Fatal("the game does not end within 400 mails")
		}
		g := a.load()
		if g.Ended != nil {
			break
		}
		v := altiplanoView(g)
		toAct := g.State.ToAct()
		if len(toAct) == 0 {
			t.Fatalf("nobody is to act in phase %q of round %d, and the game has not ended", v.Phase, v.Round)
		}
		switch v.Phase {
		case "plan":
			if !slices.Contains(toAct, ana) {
				anaSecrets = g.State.(rules.Secrets).Secrets(ana)
			}
			seat := toAct[0]
			for _, s := range toAct { // a seat that must write DRAW first
				if slices.ContainsFunc(g.State.Legal(s), func(m rules.Move) bool { return m.String() == "DRAW" }) {
					seat = s
				}
			}
			if slices.ContainsFunc(g.State.Legal(seat), func(m rules.Move) bool { return m.String() == "DRAW" }) {
				a.post1(reply, int(seat), pullBack(t, g.State, seat)...)
				continue
			}
			lines := botPlan(t, g.State, seat, seat == bea, r)
			switch seat {
			case bea:
				for i, m := range lines {
					lines[i] = inChinese(t, m)
				}
				chineseLines += len(lines)
				lines = append(lines, "完成")
			case cai:
				if slices.Contains(toAct, ana) {
					t.Fatalf("round %d: cai plans before ana", v.Round)
				}
				secrets := slices.Clone(anaSecrets)
				for _, p := range anaPlan {
					secrets = append(secrets, "ana "+p, "ana planned "+p, "seat 0 "+p, "Seat 0 "+p)
				}
				for _, l := range mailbox(t, sys, "cai") {
					for _, secret := range secrets {
						if strings.Contains(l.p.Text, secret) || strings.Contains(string(l.raw), secret) {
							t.Errorf("round %d: before the reveal cai's mail %q shows ana's plan: %q", v.Round, l.p.Subject, secret)
						}
					}
				}
				hiddenChecks++
				lines = append(lines, "DONE")
			default:
				// Ana declares her plan and sends her turns to come
				// with it, as a programmed list.
				anaPlan = slices.Clone(lines)
				lines = append(lines, "DONE")
				if list := turnsAhead(t, g.State, ana, lines, r); len(list) > 0 {
					lines = append(lines, list...)
					lists++
				}
			}
			a.post1(reply, int(seat), lines...)
			if seat == bea {
				last := a.load().Moves
				if m := last[len(last)-1]; v.Phase == "plan" && m.Seat == bea && m.Move != "DONE" {
					t.Errorf("bea's Chinese plan ended with %q, want DONE", m.Move)
				}
			}
		case "act":
			seat := toAct[0]
			if seat != ana {
				a.post1(reply, int(seat), botTurn(g.State, seat, r))
				continue
			}
			// Ana is asked: her list stopped, or she had none. She
			// mails this turn and the rest as a new list.
			list := turnsAhead(t, g.State, ana, nil, r)
			got := a.post1(reply, ana, list...)
			if len(list) > 1 {
				lists++
			}
			asked++
			for _, l := range got {
				if strings.Contains(l.p.Text, "programmed list stopped") {
					stopped++
				}
			}
		default:
			t.Fatalf("phase %q with %v to act", v.Phase, toAct)
		}
	}

	g := a.load()
	v := altiplanoView(g)
	t.Logf("the game ended after round %d and %d moves: scores %v; ana sent %d programmed lists (%d stopped, %d times asked), bea %d placements in Chinese, cai's mails were checked %d times for ana's plan",
		v.Round, len(g.Moves), g.Ended.Scores, lists, stopped, asked, chineseLines, hiddenChecks)
	if lists < 3 || chineseLines == 0 || hiddenChecks < 3 {
		t.Errorf("the game did not show every way of playing: %d lists, %d Chinese placements, %d checks of cai's mail", lists, chineseLines, hiddenChecks)
	}
	var queued, queuedActions int
	for _, m := range g.Moves {
		if m.Queued {
			if queued++; m.Move != "PASS" {
				queuedActions++
			}
			if m.Seat != ana {
				t.Errorf("seat %d's move %q was played from a list", m.Seat, m.Move)
			}
		}
	}
	t.Logf("%d moves played from ana's lists, %d of them not a pass", queued, queuedActions)
	if queued < 3 || queuedActions == 0 {
		t.Errorf("%d moves played from ana's lists, %d not a pass", queued, queuedActions)
	}

	// Everyone's last mail is the end, with the final scores.
	scores, over := g.State.Result()
	if !over || !slices.Equal(scores, g.Ended.Scores) {
		t.Errorf("the game ended with %v, the state says %v (over %v)", g.Ended.Scores, scores, over)
	}
	a.settle()
	for _, u := range a.users {
		box := mailbox(t, sys, u)
		last := box[len(box)-1]
		text := strings.Join(strings.Fields(last.p.Text), " ")
		for seat, score := range scores {
			if want := fmt.Sprintf("Seat %d", seat); !strings.Contains(text, want) {
				t.Errorf("%s's last mail %q does not show %s:\n%s", u, last.p.Subject, want, last.p.Text)
			}
			if want := fmt.Sprintf("score %d", score); !strings.Contains(text, want) {
				t.Errorf("%s's last mail %q does not show seat %d's %s:\n%s", u, last.p.Subject, seat, want, last.p.Text)
			}
		}
	}

	// The history verifies: hash chain, seed and every move replayed.
	ctx := context.Background()
	svc := a.post.svc
	evs, err := svc.History(ctx, a.id)
	if err != nil {
		t.Fatal(err)
	}
	seed, err := projections.Seed(ctx, svc.Store, a.id)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := projections.Verify(Catalog(), games.ExportLines(evs), &seed)
	if err != nil {
		t.Fatalf("the game's history does not verify: %v", err)
	}
	if !rep.Over || !slices.Equal(rep.Scores, scores) {
		t.Errorf("the verification replays to scores %v (over %v), want %v", rep.Scores, rep.Over, scores)
	}
}
