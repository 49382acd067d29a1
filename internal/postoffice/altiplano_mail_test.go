package postoffice

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
)

// altiplanoTable is a three-player Altiplano game played by mail.
type altiplanoTable struct {
	t     *testing.T
	post  *served
	id    string
	users []string // by seat
}

// load returns the game as the running service has it.
func (a *altiplanoTable) load() *projections.Game {
	a.t.Helper()
	return a.post.game(a.t, a.id)
}

// altiplanoView is the public part of the game's view.
func altiplanoView(g *projections.Game) *altiplano.Table {
	return g.State.View(rules.Observer).(*altiplano.View).Table
}

// settle waits until no mailbox and not the game has changed for a while,
// so everything pbem had to say about the last mail has been said.
func (a *altiplanoTable) settle() {
	a.t.Helper()
	count := func() []int {
		var n []int
		for _, u := range a.users {
			n = append(n, len(mailbox(a.t, a.post.ms, u)))
		}
		return append(n, int(a.load().Seq))
	}
	last, since := count(), time.Now()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		now := count()
		if !slices.Equal(now, last) {
			last, since = now, time.Now()
		} else if time.Since(since) > 400*time.Millisecond {
			return
		}
	}
	a.t.Fatal("pbem did not settle within 20s")
}

// mail sends lines, one a line, from seat to the reply address of that
// seat's latest mail from pbem, waits for pbem's answer, and returns the
// mails the seat got.
func (a *altiplanoTable) mail(seat int, lines ...string) []letter {
	a.t.Helper()
	u := a.users[seat]
	had := a.post.reply(a.t, u, strings.Join(lines, "\n")+"\n")
	waitFor(a.t, a.post.ms, u, had, "")
	a.settle()
	got := mailbox(a.t, a.post.ms, u)[had:]
	for _, l := range got {
		if l.bounced() {
			a.t.Fatalf("%s mailed %q and got %s:\n%s", u, lines, l, l.p.Text)
		}
	}
	return got
}

// plan chooses seat's placements for this round: goods on the locations
// (and, unless onlyPlaces, on the movement spaces and the profession),
// at most one of each kind of placement, as far as the planning spaces
// reach. It returns the canonical texts, DONE not included.
func plan(t *testing.T, st rules.State, seat rules.Seat, onlyPlaces bool, r *rand.Rand) []string {
	t.Helper()
	var out []string
	for range 12 {
		var pick rules.Move
		legal := st.Legal(seat)
		if r != nil {
			r.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
		}
		for _, m := range legal {
			s := m.String()
			if !strings.HasPrefix(s, "PUT ") || strings.HasSuffix(s, " COIN") || slices.Contains(out, s) {
				continue
			}
			if f := strings.Fields(s); onlyPlaces && chinese[f[1]] == "" {
				continue
			}
			pick = m
			break
		}
		if pick == nil {
			break
		}
		next, err := st.Apply(seat, pick)
		if err != nil {
			t.Fatalf("legal placement %q of seat %d: %v", pick, seat, err)
		}
		st = next
		out = append(out, pick.String())
	}
	if len(out) == 0 {
		t.Fatalf("seat %d has nothing to place", seat)
	}
	return out
}

// actions counts the turns other than a pass that seat, planning in st,
// could play one after another with plan, if everyone else passed.
func actions(t *testing.T, st rules.State, seat rules.Seat, plan []string) int {
	t.Helper()
	var err error
	for _, m := range append(slices.Clone(plan), "DONE") {
		if st, err = projections.Play(st, seat, m); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for steps := 0; steps < 40 && len(st.ToAct()) > 0; steps++ {
		s := st.ToAct()[0]
		m := "DONE"
		if st.View(rules.Observer).(*altiplano.View).Table.Phase == "act" {
			if m = turn(st, s); s != seat {
				m = "PASS"
			} else if m == "PASS" {
				return n
			} else {
				n++
			}
		}
		if st, err = projections.Play(st, s, m); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// bestPlan is, of many random plans for seat, one that lets it act most.
func bestPlan(t *testing.T, st rules.State, seat rules.Seat) []string {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	best, most := plan(t, st, seat, false, nil), -1
	for range 300 {
		p := plan(t, st, seat, false, r)
		if n := actions(t, st, seat, p); n > most {
			best, most = p, n
		}
	}
	return best
}

// chinese is the names table of the Altiplano rules, English to Chinese.
var chinese = map[string]string{
	"PUT": "放", "FARM": "农场", "FOREST": "森林", "MINE": "矿山", "PORT": "港口", "VILLAGE": "村庄",
	"MARKET": "市场", "ROAD": "道路", "FOOD": "食物", "CORN": "玉米", "WOOD": "木材", "STONE": "石头",
	"ORE": "矿石", "FABRIC": "布料", "SILVER": "白银", "WOOL": "羊毛", "FISH": "鱼", "GLASS": "玻璃",
	"ALPACA": "羊驼", "COCOA": "可可",
}

// inChinese writes a canonical placement with the Chinese names.
func inChinese(t *testing.T, move string) string {
	t.Helper()
	var words []string
	for _, w := range strings.Fields(move) {
		c, ok := chinese[w]
		if !ok {
			t.Fatalf("no Chinese name for %q in %q", w, move)
		}
		words = append(words, c)
	}
	return strings.Join(words, " ")
}

// turn picks a turn for seat in st: an action, not a pass, if any.
func turn(st rules.State, seat rules.Seat) string {
	legal := st.Legal(seat)
	for _, m := range legal {
		if s := m.String(); !strings.HasSuffix(s, "PASS") {
			return s
		}
	}
	for _, m := range legal {
		if s := m.String(); s == "PASS" {
			return s
		}
	}
	return ""
}

// TestAltiplanoByMail plays a round of a three-player Altiplano game by
// mail: bea plans in Chinese, cai plans only once ana has declared her
// plan and never sees it before the reveal, and ana sends a programmed list
// of turns while it is not her turn, which pbem plays as her turns come.
func TestAltiplanoByMail(t *testing.T) {
	t.Parallel()
	_, sys := loopbackServers(t, "games", "ana", "bea", "cai")
	a := &altiplanoTable{t: t, post: serve(t, sys, serving{})}
	a.id, a.users = mailGame(t, a.post, "altiplano", "ana", "bea", "cai")
	g := a.load()
	a.settle()
	const ana, bea, cai = 0, 1, 2
	if v := altiplanoView(g); v.Phase != "plan" || v.Round != 1 {
		t.Fatalf("the game starts in phase %q of round %d, want planning in round 1", v.Phase, v.Round)
	}

	// Ana plans and declares her plan, in one mail.
	anaPlan := bestPlan(t, g.State, ana)
	a.mail(ana, append(slices.Clone(anaPlan), "DONE")...)
	g = a.load()
	if v := altiplanoView(g); v.Phase != "plan" || slices.Contains(v.ToAct, ana) {
		t.Fatalf("after ana's DONE the phase is %q with %v to act", v.Phase, v.ToAct)
	}
	anaSecrets := g.State.(rules.Secrets).Secrets(ana)
	if len(anaSecrets) == 0 {
		t.Fatal("ana's plan has no secrets to look for")
	}

	// Bea plans in Chinese; the history records the canonical moves.
	beaPlan := plan(t, g.State, bea, true, nil)
	var beaLines []string
	for _, m := range beaPlan {
		beaLines = append(beaLines, inChinese(t, m))
	}
	a.mail(bea, append(beaLines, "完成")...)
	g = a.load()
	var beaMoves []string
	for _, m := range g.Moves {
		if m.Seat == bea {
			beaMoves = append(beaMoves, m.Move)
		}
	}
	if want := append(slices.Clone(beaPlan), "DONE"); !slices.Equal(beaMoves, want) {
		t.Fatalf("bea mailed %q; the history records %q, want %q", beaLines, beaMoves, want)
	}

	// Nothing cai got before the reveal shows ana's plan: not her screen,
	// nor her placements, except where a mail lists them as cai's own
	// choices.
	own := map[string]bool{"PUT FARM ALPACA": true, "PUT MOVE FOOD": true} // the help's examples
	for _, m := range g.State.Legal(cai) {
		own[m.String()] = true
	}
	secrets := slices.Clone(anaSecrets)
	for _, p := range anaPlan {
		secrets = append(secrets, "ana "+p, "ana planned "+p, "seat 0 "+p, "Seat 0 "+p)
		if !own[p] {
			secrets = append(secrets, p)
		}
	}
	for _, l := range mailbox(t, sys, "cai") {
		texts := append([]string{l.p.Text, string(l.raw)}, mailParts(l.raw)...)
		for _, secret := range secrets {
			for _, text := range texts {
				if strings.Contains(text, secret) {
					t.Errorf("before the reveal cai's mail %q shows ana's plan: %q", l.p.Subject, secret)
				}
			}
		}
	}
	caiPlan := plan(t, g.State, cai, false, nil)
	a.mail(cai, append(slices.Clone(caiPlan), "DONE")...)
	g = a.load()
	v := altiplanoView(g)
	if v.Phase != "act" || !slices.Equal(v.ToAct, []int{ana}) {
		t.Fatalf("after every plan the phase is %q with %v to act, want ana acting", v.Phase, v.ToAct)
	}
	t.Logf("plans: ana %q, bea %q (%q), cai %q", anaPlan, beaPlan, beaLines, caiPlan)

	// The action phase. Ana plays her first turn, then, on bea's turn,
	// mails her next two turns as a programmed list. The test works out
	// which turns bea and cai will play, so that it can choose ana's.
	first := turn(g.State, ana)
	a.mail(ana, first)
	g = a.load()
	st := g.State
	type played struct {
		seat rules.Seat
		move string
	}
	var list []string
	var others []played
	for len(list) < 2 && len(st.ToAct()) == 1 {
		seat := st.ToAct()[0]
		m := turn(st, seat)
		if seat == ana {
			list = append(list, m)
		} else {
			others = append(others, played{seat, m})
		}
		next, err := projections.Play(st, seat, m)
		if err != nil {
			t.Fatal(err)
		}
		st = next
	}
	if len(list) < 2 {
		t.Fatalf("ana has no two more turns: %q", list)
	}
	t.Logf("ana plays %q, then lists %q; the others play %v", first, list, others)
	seq := g.Seq
	got := a.mail(ana, list...)
	g = a.load()
	for _, m := range g.Moves {
		if m.Seq > seq {
			t.Fatalf("ana's list played %q at once, on bea's turn", m.Move)
		}
	}
	if text := strings.Join(strings.Fields(got[len(got)-1].p.Text), " "); !strings.Contains(text, "as your turns come: "+strings.Join(list, ", ")) {
		t.Errorf("ana's list was answered %q:\n%s", got[len(got)-1].p.Subject, got[len(got)-1].p.Text)
	}
	for _, o := range others {
		a.mail(int(o.seat), o.move)
	}
	g = a.load()
	var queued []string
	for _, m := range g.Moves {
		if m.Seq > seq && m.Seat == ana && !m.Forced { // a forced move (her only legal one) is not from her list
			if !m.Queued {
				t.Errorf("ana's move %q after her list is not marked as queued", m.Move)
			}
			queued = append(queued, m.Move)
		}
	}
	t.Logf("ana's queued moves played: %q", queued)
	if len(queued) == 0 || queued[0] != list[0] {
		t.Fatalf("ana's list %q played as %q", list, queued)
	}
	if !slices.Equal(queued, list) {
		// The rest was dropped: ana was told.
		var told bool
		for _, l := range mailbox(t, sys, "ana") {
			told = told || strings.Contains(l.p.Text, "programmed list stopped")
		}
		if !told {
			t.Errorf("ana's list %q stopped after %q and nobody told her", list, queued)
		}
	}

	// A list whose first turn is not legal when it comes stops there, and
	// pbem tells ana so and asks her.
	if toAct := g.State.ToAct(); altiplanoView(g).Phase == "act" && len(toAct) == 1 && toAct[0] != ana && altiplanoView(g).Seats[ana].Status != "passed" {
		st := g.State
		for len(st.ToAct()) == 1 && st.ToAct()[0] != ana {
			next, err := projections.Play(st, st.ToAct()[0], "PASS")
			if err != nil {
				t.Fatal(err)
			}
			st = next
		}
		var bad string
		for _, m := range []string{"GO MINE / MINE SILVER", "GO PORT / PORT BOAT ORE", "GO ROAD / ROAD BUILD", "GO VILLAGE / VILLAGE HOUSE SILVER"} {
			if _, err := projections.Play(st, ana, m); err != nil {
				bad = m
				break
			}
		}
		if bad != "" {
			a.mail(ana, bad, "PASS")
			for len(g.State.ToAct()) == 1 && g.State.ToAct()[0] != ana {
				a.mail(int(g.State.ToAct()[0]), "PASS")
				g = a.load()
			}
			box := mailbox(t, sys, "ana")
			last := strings.Join(strings.Fields(box[len(box)-1].p.Text), " ")
			if !strings.Contains(last, "Your programmed list stopped: "+bad) || !box[len(box)-1].is("your-turn") {
				t.Errorf("ana's list %q stopped; her last mail is %q:\n%s", bad, box[len(box)-1].p.Subject, last)
			}
			if q := g.Queues[ana]; len(q) != 0 {
				t.Errorf("after the list stopped ana still has %q queued", q)
			}
			t.Logf("ana's list %q stopped at its first line", bad)
		}
	}

	// The round ends: whoever is to act passes.
	for steps := 0; altiplanoView(g).Phase == "act" && altiplanoView(g).Round == 1; steps++ {
		if steps > 20 {
			t.Fatal("round 1 does not end")
		}
		seat := g.State.ToAct()[0]
		a.mail(int(seat), "PASS")
		g = a.load()
	}
	if v := altiplanoView(g); v.Round != 2 || v.Start != bea {
		t.Errorf("after round 1 the game is in round %d (phase %q) with start player %d, want round 2 started by bea", v.Round, v.Phase, v.Start)
	}
}
