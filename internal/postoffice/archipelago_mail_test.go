package postoffice

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/archipelago"
)

// archipelagoTable is a three-player Archipelago game played by mail, with
// what the test knows of each player's mailbox.
type archipelagoTable struct {
	t      *testing.T
	post   *served
	id     string
	users  []string // by seat
	seen   map[string]int
	colors []string // by seat, as the notation writes them
}

// load returns the game as the running service has it.
func (a *archipelagoTable) load() *projections.Game {
	a.t.Helper()
	return a.post.game(a.t, a.id)
}

// playUntil has each seat to act mail a legal move, BID 0 where it may
// (so that the turn order stays and nobody has to set one), until done
// says the game has come where the test wants it, at most limit moves.
// after runs after each move; what names the place for the failure.
func (a *archipelagoTable) playUntil(what string, limit int, done func(*projections.Game) bool, after func()) *projections.Game {
	a.t.Helper()
	for steps := 0; ; steps++ {
		g := a.load()
		if done(g) {
			return g
		}
		if steps > limit || g.Ended != nil {
			a.t.Fatalf("no %s after %d moves; the phase is %q", what, steps, archipelagoPhase(g))
		}
		seat := int(g.State.ToAct()[0])
		legal := g.State.Legal(rules.Seat(seat))
		move := legal[0].String()
		for _, m := range legal {
			if m.String() == "BID 0" {
				move = m.String()
			}
		}
		a.play(seat, move)
		if after != nil {
			after()
		}
	}
}

// screen is what lies behind seat's screen now.
func (a *archipelagoTable) screen(g *projections.Game, seat int) *archipelago.PrivateView {
	a.t.Helper()
	v, ok := g.State.View(rules.Seat(seat)).(*archipelago.View)
	if !ok || v.Private == nil {
		a.t.Fatalf("seat %d's view has no screen: %#v", seat, g.State.View(rules.Seat(seat)))
	}
	return v.Private
}

// waitAll waits until every player (only first, when alone) has got one
// more mail than the test has seen, and returns each player's new mail.
func (a *archipelagoTable) waitAll(first string, alone bool) map[string]letter {
	a.t.Helper()
	got := map[string]letter{}
	deadline := time.Now().Add(20 * time.Second)
	users := append([]string{first}, a.users...)
	for _, u := range users {
		if _, done := got[u]; done || alone && u != first {
			continue
		}
		for {
			box := mailbox(a.t, a.post.ms, u)
			if len(box) > a.seen[u] {
				if len(box) > a.seen[u]+1 {
					a.t.Fatalf("%s got %d mails at once: %v", u, len(box)-a.seen[u], box[a.seen[u]:])
				}
				got[u] = box[a.seen[u]]
				a.seen[u] = len(box)
				if u == first && got[u].bounced() {
					a.t.Fatalf("%s's mail got %s:\n%s", u, got[u], got[u].p.Text)
				}
				break
			}
			if time.Now().After(deadline) {
				a.t.Fatalf("%s got no answer within 20s; has %v", u, box)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	return got
}

// play mails move from seat to the reply address of that seat's latest
// mail, waits for pbem's answers to everyone, and returns them.
func (a *archipelagoTable) play(seat int, move string) map[string]letter {
	a.t.Helper()
	u := a.users[seat]
	moves := len(a.load().Moves)
	sealed := strings.HasPrefix(move, "BID ") && len(a.load().State.ToAct()) > 1 // others still bid: only the bidder hears
	a.post.reply(a.t, u, move+"\n")
	got := a.waitAll(u, sealed)
	g := a.load()
	if len(g.Moves) != moves+1 || g.Moves[moves].Seat != seat {
		a.t.Fatalf("after %s mailed %q the game has moves %v", u, move, g.Moves)
	}
	return got
}

// noLeaks checks that no mail the onlooker got shows what lies behind the
// screens of seats, as they are now.
func (a *archipelagoTable) noLeaks(onlooker string, seats ...int) {
	a.t.Helper()
	st, ok := a.load().State.(rules.Secrets)
	if !ok {
		a.t.Fatal("the Archipelago state does not implement rules.Secrets")
	}
	var secrets []string
	for _, s := range seats {
		secrets = append(secrets, st.Secrets(rules.Seat(s))...)
	}
	if len(secrets) == 0 {
		a.t.Fatal("no secrets to look for")
	}
	for _, l := range mailbox(a.t, a.post.ms, onlooker) {
		texts := append([]string{l.p.Text, string(l.raw)}, mailParts(l.raw)...)
		for _, secret := range secrets {
			for _, text := range texts {
				if strings.Contains(text, secret) {
					a.t.Errorf("%s's mail %q shows another player's secret %q", onlooker, l.p.Subject, secret)
				}
			}
		}
	}
}

// decodedPart is a part of a mail, its transfer encoding undone.
type decodedPart struct {
	contentType string
	body        []byte
}

// decodedParts returns raw's inline parts and attachments, decoded; none
// when raw is no mail go-message reads.
func decodedParts(raw []byte) []decodedPart {
	r, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	var out []decodedPart
	for {
		part, err := r.NextPart()
		if err != nil {
			return out
		}
		b, _ := io.ReadAll(part.Body)
		out = append(out, decodedPart{part.Header.Get("Content-Type"), b})
	}
}

// mailParts returns the decoded text of every part of raw, HTML parts also
// with their entities unescaped.
func mailParts(raw []byte) []string {
	var out []string
	for _, p := range decodedParts(raw) {
		out = append(out, string(p.body), html.UnescapeString(string(p.body)))
	}
	return out
}

// textParts returns the text of raw's text parts, plain and HTML, decoded.
func textParts(raw []byte) string {
	var b strings.Builder
	for _, p := range decodedParts(raw) {
		if strings.HasPrefix(p.contentType, "text/") {
			b.Write(p.body)
		}
	}
	return b.String()
}

// TestArchipelagoDealByMail plays a three-player Archipelago game by mail
// into the actions phase, where two players make deals by mail: one
// accepted, which moves exactly the goods offered, and one declined, which
// moves nothing. The third player's mails never show the other two
// players' screens.
func TestArchipelagoDealByMail(t *testing.T) {
	t.Parallel()
	a := newArchipelagoTable(t, nil)
	sys := a.post.ms
	const ana, bea, cai = 0, 1, 2
	a.noLeaks("cai", ana, bea)
	var g *projections.Game
	phase := archipelagoPhase

	// The setup and the bidding: each seat to act mails a legal move, BID 0
	// where it may, so that the order stays and nobody chooses one.
	g = a.playUntil("actions phase", 30, func(g *projections.Game) bool { return strings.Contains(phase(g), "action") },
		func() { a.noLeaks("cai", ana, bea) })

	// actor returns the seat to act in the actions phase.
	actor := func() int {
		g := a.load()
		if !strings.Contains(phase(g), "action") {
			t.Fatalf("the phase is %q, not the actions", phase(g))
		}
		return int(g.State.ToAct()[0])
	}
	// Cai stands aside for the round, so that the deals are between ana
	// and bea.
	seat := actor()
	if seat == cai {
		a.play(cai, "PASS")
		a.noLeaks("cai", ana, bea)
		seat = actor()
	}
	other := ana + bea - seat

	// The first offer: two florins and a cube the offerer holds, if any,
	// for a florin and a cube the addressee holds, if any.
	g = a.load()
	from, to := a.screen(g, seat), a.screen(g, other)
	if from.Florins < 2 || to.Florins < 1 {
		t.Fatalf("florins before the deal: %d and %d", from.Florins, to.Florins)
	}
	resources := []string{"FISH", "FRUIT", "CATTLE", "STONE", "WOOD", "IRON"}
	give, ask := []int{0, 0, 0, 0, 0, 0}, []int{0, 0, 0, 0, 0, 0}
	offer := "OFFER " + a.colors[other] + " 2 FLORINS"
	for r, n := range from.Cubes {
		if n > 0 {
			give[r] = 1
			offer += " + 1 " + resources[r]
			break
		}
	}
	offer += " FOR 1 FLORIN"
	for r, n := range to.Cubes {
		if n > 0 {
			ask[r] = 1
			offer += " + 1 " + resources[r]
			break
		}
	}
	t.Logf("%s: %s", a.users[seat], offer)
	got := a.play(seat, offer)
	note := got[a.users[other]]
	// The game waits for no deal: the addressee is told of the offer, not
	// asked to move, and answers whenever they write, in turn or not.
	if note.is("your-turn") || !strings.Contains(note.p.Text, "answers ACCEPT "+a.colors[seat]+" or DECLINE "+a.colors[seat]) {
		t.Errorf("the addressee's mail about the offer is %q:\n%s", note.p.Subject, note.p.Text)
	}
	a.noLeaks("cai", ana, bea)
	a.play(other, "ACCEPT "+a.colors[seat])
	a.noLeaks("cai", ana, bea)

	g = a.load()
	fromAfter, toAfter := a.screen(g, seat), a.screen(g, other)
	if fromAfter.Florins != from.Florins-1 || toAfter.Florins != to.Florins+1 {
		t.Errorf("florins after the deal: %d and %d, want %d and %d",
			fromAfter.Florins, toAfter.Florins, from.Florins-1, to.Florins+1)
	}
	for r := range resources {
		if d := give[r] - ask[r]; fromAfter.Cubes[r] != from.Cubes[r]-d || toAfter.Cubes[r] != to.Cubes[r]+d {
			t.Errorf("%s after the deal: %d and %d, want %d and %d", resources[r],
				fromAfter.Cubes[r], toAfter.Cubes[r], from.Cubes[r]-d, to.Cubes[r]+d)
		}
	}
	if fromAfter.Tokens != from.Tokens || toAfter.Tokens != to.Tokens {
		t.Errorf("explorer tokens changed in a deal that moved none")
	}
	if v := g.State.View(rules.Observer).(*archipelago.View); len(v.Offers) > 0 {
		t.Errorf("the offer is still open after ACCEPT: %+v", v.Offers)
	}

	// The offerer ends the turn; the next offer, by whichever of ana and
	// bea acts next, is declined and moves nothing.
	a.play(seat, "PASS")
	a.noLeaks("cai", ana, bea)
	if actor() == cai {
		a.play(cai, "PASS")
		a.noLeaks("cai", ana, bea)
	}
	seat = actor()
	if seat == cai {
		t.Fatal("cai acts again after passing")
	}
	other = ana + bea - seat
	g = a.load()
	from, to = a.screen(g, seat), a.screen(g, other)
	offer = "OFFER " + a.colors[other] + " 1 FLORIN FOR NOTHING"
	got = a.play(seat, offer)
	if note := got[a.users[other]]; !strings.Contains(note.p.Text, "DECLINE "+a.colors[seat]) {
		t.Errorf("the addressee's mail about the second offer is %q:\n%s", note.p.Subject, note.p.Text)
	}
	a.noLeaks("cai", ana, bea)
	a.play(other, "DECLINE "+a.colors[seat])
	a.noLeaks("cai", ana, bea)
	g = a.load()
	if fromAfter, toAfter := a.screen(g, seat), a.screen(g, other); !samePrivate(fromAfter, from) || !samePrivate(toAfter, to) {
		t.Errorf("a declined offer changed the screens: %+v → %+v, %+v → %+v", from, fromAfter, to, toAfter)
	}
	if v := g.State.View(rules.Observer).(*archipelago.View); len(v.Offers) > 0 {
		t.Errorf("the offer is still open after DECLINE: %+v", v.Offers)
	}
	// The search above finds a screen where one is shown: cai's latest
	// mail shows cai's own.
	box := mailbox(t, sys, "cai")
	own := g.State.(rules.Secrets).Secrets(cai)
	if len(own) < 2 || !strings.Contains(box[len(box)-1].p.Text, own[1]) {
		t.Errorf("cai's latest mail does not show cai's own screen %q:\n%s", own, box[len(box)-1].p.Text)
	}
}

// newArchipelagoTable creates a three-player Archipelago game by mail
// between ana, bea and cai, seated in that order, and waits for the
// invitations. The game's id and seed come from entropy (nil: the
// system's secure source).
func newArchipelagoTable(t *testing.T, entropy io.Reader, chinese ...string) *archipelagoTable {
	t.Helper()
	_, sys := loopbackServers(t, "games", "ana", "bea", "cai")
	return archipelagoTableOn(t, sys, entropy, chinese...)
}

// archipelagoTableOn is newArchipelagoTable on the mail servers sys.
func archipelagoTableOn(t *testing.T, sys mailtest.Servers, entropy io.Reader, chinese ...string) *archipelagoTable {
	t.Helper()
	a := &archipelagoTable{t: t, post: serve(t, sys, serving{entropy: entropy}), seen: map[string]int{},
		colors: []string{"RED", "BLUE", "GREEN"}}
	for _, u := range chinese { // they read Chinese from before the game
		send(t, sys, sys.Address(u), sys.Address("games"), "语言", "", "LANG zh\n")
		waitFor(t, sys, u, 0, notice.KindHelp)
	}
	a.id, a.users = mailGame(t, a.post, "archipelago", "ana", "bea", "cai")
	for _, u := range a.users { // the invitations, the answers and the start
		a.seen[u] = len(mailbox(t, sys, u))
	}
	return a
}

func archipelagoPhase(g *projections.Game) string {
	return g.State.View(rules.Observer).(*archipelago.View).Phase
}

// TestArchipelagoSealedBidsByMail plays a three-player game by mail to the
// first bidding. The bids are sealed until everyone has bid: only the
// bidder hears of a bid, and no mail shows another player's bid; the last
// bid reveals them all at once to everyone, and the highest bidder is
// asked to set the turn order.
func TestArchipelagoSealedBidsByMail(t *testing.T) {
	t.Parallel()
	a := newArchipelagoTable(t, nil)
	const ana, bea, cai = 0, 1, 2
	// Everyone bids at once.
	a.playUntil("bidding", 30, func(g *projections.Game) bool { return len(g.State.ToAct()) == 3 }, nil)
	if p := archipelagoPhase(a.load()); p != "turn order" {
		t.Fatalf("everyone is to move in the %q phase, want the bidding", p)
	}
	// Bea bids first, then cai, then ana: distinct bids, so no tie.
	bids := []struct {
		seat int
		bid  string
	}{{bea, "2"}, {cai, "1"}, {ana, "3"}}
	for i, b := range bids[:2] {
		// The bidder's secrets name the bid: look for them in the others'
		// mail while it is still sealed.
		got := a.play(b.seat, "BID "+b.bid)
		secret := a.colors[b.seat][:1] + strings.ToLower(a.colors[b.seat][1:]) + "'s sealed bid: " + b.bid + " florin"
		own := a.load().State.(rules.Secrets).Secrets(rules.Seat(b.seat))
		if !slices.ContainsFunc(own, func(s string) bool { return strings.HasPrefix(s, secret) }) {
			t.Fatalf("the secrets of %s hold no %q: %q", a.users[b.seat], secret, own)
		}
		if !strings.Contains(got[a.users[b.seat]].p.Text, secret) {
			t.Errorf("%s's own mail does not show the bid %q:\n%s", a.users[b.seat], secret, got[a.users[b.seat]].p.Text)
		}
		for _, o := range []int{ana, bea, cai} {
			if o == b.seat {
				continue
			}
			for _, earlier := range bids[:i+1] {
				if earlier.seat != o {
					a.noLeaks(a.users[o], earlier.seat)
				}
			}
			if n := len(mailbox(t, a.post.ms, a.users[o])); n != a.seen[a.users[o]] {
				t.Errorf("%s got %d mails about %s's sealed bid, want none until the bids are revealed", a.users[o], n-a.seen[a.users[o]], a.users[b.seat])
			}
		}
	}
	got := a.play(ana, "BID 3")
	for _, u := range a.users {
		if txt := got[u].p.Text; !strings.Contains(txt, "Bids revealed this round: Red 3, Blue 2, Green 1") {
			t.Errorf("%s's mail after the last bid does not reveal the bids:\n%s", u, txt)
		}
	}
	if !got["ana"].is("your-turn") {
		t.Errorf("ana, the highest bidder, got %q, want to be asked to set the order", got["ana"].p.Subject)
	}
	g := a.load()
	if to := g.State.ToAct(); !slices.Equal(to, []rules.Seat{ana}) {
		t.Errorf("after the bids ToAct() = %v, want ana alone to set the order", to)
	}
	v := g.State.View(rules.Observer).(*archipelago.View)
	if !slices.Equal(v.Bids, []int{3, 2, 1}) {
		t.Errorf("the revealed bids are %v, want [3 2 1]", v.Bids)
	}
}

// samePrivate says whether two screens hold the same goods.
func samePrivate(a, b *archipelago.PrivateView) bool {
	return a.Florins == b.Florins && a.Tokens == b.Tokens && slices.Equal(a.Cubes, b.Cubes)
}

// refused mails move from seat, whose turn it is not, and checks that pbem
// answers that seat alone that the move is refused, with a reason that
// holds because, and that the game is as it was.
func (a *archipelagoTable) refused(seat int, move, because string) {
	a.t.Helper()
	u := a.users[seat]
	before := a.load()
	view, _ := json.Marshal(before.State.View(rules.Observer))
	a.post.reply(a.t, u, move+"\n")
	answer := waitFor(a.t, a.post.ms, u, a.seen[u], "")
	if box := mailbox(a.t, a.post.ms, u); len(box) != a.seen[u]+1 {
		a.t.Fatalf("%s got %d mails for %q: %v", u, len(box)-a.seen[u], move, box[a.seen[u]:])
	}
	a.seen[u]++
	if !answer.is("rejected") || !strings.Contains(answer.p.Text, because) {
		a.t.Errorf("%s mailed %q out of turn and got %q, want it refused because %q:\n%s", u, move, answer.p.Subject, because, answer.p.Text)
	}
	after := a.load()
	if len(after.Moves) != len(before.Moves) {
		a.t.Errorf("%s's %q out of turn was played: the moves are %v", u, move, after.Moves[len(before.Moves):])
	}
	if now, _ := json.Marshal(after.State.View(rules.Observer)); !bytes.Equal(now, view) {
		a.t.Errorf("%s's %q out of turn changed the game:\n%s\n%s", u, move, view, now)
	}
	for _, o := range a.users {
		if n := len(mailbox(a.t, a.post.ms, o)); n != a.seen[o] {
			a.t.Errorf("%s got %d mails for %s's %q out of turn", o, n-a.seen[o], u, move)
		}
	}
}

// TestArchipelagoCrisisByMail plays a seeded three-player game by mail to
// the first round's consumption crises, a domestic then an export one,
// and through them; the seed makes Green first in the turn order. (A gift
// mailed before its turn is the player's programmed list, played when the
// turn comes: TestArchipelagoProgrammedListByMail.) At each gift the
// giver is the next seat in turn order, and after each gift every player's
// mail shows what it did: the citizens it stood up, the giver's own first
// and then those of the players after them in turn order, or what Europe
// still asks, and at the end the rebels. No step of a crisis is sealed.
func TestArchipelagoCrisisByMail(t *testing.T) {
	t.Parallel()
	a := newArchipelagoTable(t, rand.NewChaCha8([32]byte{42}))
	// Every gift is written by mail, FEED NONE too: nobody lets pbem play
	// a gift that is the only one.
	for seat, u := range a.users {
		if _, err := a.post.svc.SetAuto(context.Background(), a.id, rules.Seat(seat), false, games.Cause{}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, a.post.ms, u, a.seen[u], "")
		a.seen[u] = len(mailbox(t, a.post.ms, u))
	}
	observer := func() *archipelago.View { return a.load().State.View(rules.Observer).(*archipelago.View) }
	a.playUntil("crisis", 40, func(g *projections.Game) bool {
		return g.State.View(rules.Observer).(*archipelago.View).Crisis != nil
	}, nil)

	name := func(v *archipelago.View, q int) string {
		c := v.Players[q].Color
		return strings.ToUpper(c[:1]) + c[1:]
	}
	gifts, crises := 0, map[string]bool{}
	for v := observer(); v.Crisis != nil; v = observer() {
		c := *v.Crisis
		if !crises[c.Kind] {
			crises[c.Kind], gifts = true, 0 // a new crisis begins with the first player
		}
		if gifts >= len(v.Order) || c.Giver != v.Order[gifts] {
			t.Fatalf("gift %d to the %s crisis: %s gives, want seat %d of the turn order %v", gifts+1, c.Kind, name(v, c.Giver), gifts, v.Order)
		}
		verb := map[string]string{"domestic": "FEED", "export": "EXPORT"}[c.Kind]

		// The first player gives the first gift the rules list that is
		// not nothing, the others nothing.
		var gift archipelago.Move
		for _, m := range a.load().State.Legal(rules.Seat(c.Giver)) {
			if m, ok := m.(archipelago.Move); ok && strings.HasPrefix(m.String(), verb+" ") && (m.N == [3]int8{}) == (gifts > 0) {
				gift = m
				break
			}
		}
		if !strings.HasPrefix(gift.String(), verb+" ") {
			t.Fatalf("%s has no gift to the %s crisis: %v", name(v, c.Giver), c.Kind, a.load().State.Legal(rules.Seat(c.Giver)))
		}
		n := int(gift.N[0] + gift.N[1] + gift.N[2])
		t.Logf("%s: %s", name(v, c.Giver), gift)

		// What the gift does, as the rules say.
		lying := slices.Clone(c.Lying)
		needed, rebels := c.Needed-n, 0
		var want []string
		if c.Kind == "domestic" {
			up := n * c.PerCube
			at := slices.Index(v.Order, c.Giver)
			for i := range v.Order {
				q := v.Order[(at+i)%len(v.Order)]
				k := min(up, lying[q])
				lying[q] -= k
				up -= k
			}
			if n == 0 {
				want = append(want, name(v, c.Giver)+" gave nothing.")
			} else {
				want = append(want, name(v, c.Giver)+" gave ", ", standing up "+strconv.Itoa(n*c.PerCube-up)+" citizens.")
			}
			if last := gifts == len(v.Order)-1 || slices.Max(lying) == 0; !last {
				var words []string
				for q, k := range lying {
					words = append(words, name(v, q)+" "+strconv.Itoa(k))
				}
				want = append(want, "Lying down: "+strings.Join(words, ", "))
			} else {
				for q, k := range lying {
					rebels += k
					if k > 0 {
						want = append(want, strconv.Itoa(k)+" citizen")
						want[len(want)-1] += map[bool]string{true: "", false: "s"}[k == 1] + " of " + name(v, q) + " rebelled."
					}
				}
				if rebels > 0 {
					want = append(want, "Rebellion +"+strconv.Itoa(rebels)+".")
				} else {
					want = append(want, "Every citizen was fed.")
				}
			}
		} else {
			if n == 0 {
				want = append(want, name(v, c.Giver)+" exported nothing.")
			} else {
				want = append(want, name(v, c.Giver)+" exported ")
			}
			if gifts < len(v.Order)-1 && needed > 0 {
				want = append(want, "Europe still asks "+strconv.Itoa(needed)+" "+c.Resource)
			} else if needed > 0 {
				want = append(want, strconv.Itoa(needed)+" cubes were missing for Europe: rebellion +"+strconv.Itoa(needed)+".")
			} else {
				want = append(want, "Europe's demand was met.")
			}
		}

		got := a.play(c.Giver, gift.String())
		gifts++
		after := observer()
		for _, u := range a.users {
			for _, w := range want {
				if !strings.Contains(got[u].p.Text, w) {
					t.Errorf("%s's mail after %s's %s does not say %q:\n%s", u, name(v, c.Giver), gift, w, got[u].p.Text)
				}
			}
		}
		if next := after.Crisis; next != nil && next.Kind == c.Kind {
			if next.Giver != v.Order[gifts] || !slices.Equal(after.ToAct, []int{next.Giver}) {
				t.Errorf("after %s's gift %s gives and %v may move, want %s alone", name(v, c.Giver), name(after, next.Giver), after.ToAct, name(v, v.Order[gifts]))
			}
			for q, u := range a.users {
				if turn := got[u].is("your-turn"); turn != (q == next.Giver) {
					t.Errorf("%s's mail after %s's gift is %q, but %s gives next", u, name(v, c.Giver), got[u].p.Subject, name(after, next.Giver))
				}
			}
		} else if c.Kind == "domestic" && after.Round == v.Round { // a new round stands the rebels up
			for q := range after.Players {
				if r := after.Players[q].Rebels - v.Players[q].Rebels; r != lying[q] {
					t.Errorf("%s has %d more rebels after the crisis, want %d", name(v, q), r, lying[q])
				}
			}
		}
	}
	if !crises["domestic"] || !crises["export"] {
		t.Errorf("the game went through the crises %v, want a domestic and an export one", crises)
	}
	a.noLeaks("cai", 0, 1)
}

// TestArchipelagoDealsOutOfTurnByMail: the game waits for no deal. A
// player whose turn it is not offers a deal by mail and it stands at once,
// not kept for their turn; the player to act answers it in the mail that
// takes their action, and both are played, in the order written.
func TestArchipelagoDealsOutOfTurnByMail(t *testing.T) {
	t.Parallel()
	a := newArchipelagoTable(t, nil)
	g := a.playUntil("actions phase", 30, func(g *projections.Game) bool { return strings.Contains(archipelagoPhase(g), "action") }, nil)
	seat := int(g.State.ToAct()[0])
	other := (seat + 1) % len(a.users)
	florins := func(g *projections.Game, p int) int { return a.screen(g, p).Florins }
	before := [2]int{florins(g, seat), florins(g, other)}
	latest := func(p int) letter {
		box := mailbox(t, a.post.ms, a.users[p])
		a.seen[a.users[p]] = len(box)
		return box[len(box)-1]
	}
	start := len(g.Moves)

	// An answer to an offer nobody made is refused at once, not kept for
	// the player's turn.
	answer(t, a.post.ms, a.users[other], latest(other), "ACCEPT "+a.colors[seat]+"\n")
	refused := waitMail(t, a.post.ms, a.users[other], a.seen[a.users[other]], "the refusal", func(l letter) bool { return l.bounced() })
	if g := a.load(); !strings.Contains(refused.p.Text, "nobody has offered you a deal") || len(g.Queues[other]) > 0 || len(g.Moves) != start {
		t.Errorf("an ACCEPT of no offer: queued %v, moves %d (from %d), answered:\n%s", g.Queues[other], len(g.Moves), start, refused.p.Text)
	}

	answer(t, a.post.ms, a.users[other], latest(other), "Hello all,\n\nOFFER "+a.colors[seat]+" 1 FLORIN FOR NOTHING\n\nCheers\n")
	g = until(t, a.post, a.id, "the offer out of turn", func(g *projections.Game) bool { return len(g.Moves) > start })
	if m := g.Moves[start]; m.Seat != other || m.Move != "OFFER "+a.colors[seat]+" 1 FLORIN FOR NOTHING" || len(g.Queues[other]) > 0 {
		t.Fatalf("after the offer out of turn: move %+v, %s's list %v; want the offer played at once", m, a.users[other], g.Queues[other])
	}
	if got := g.State.ToAct(); len(got) != 1 || int(got[0]) != seat {
		t.Errorf("ToAct() = %v after the offer, want the player to act alone", got)
	}

	// The player to act answers the mail that tells of the offer: a reply
	// to one before it is stale, the offer having changed what they may do.
	offered := waitMail(t, a.post.ms, a.users[seat], a.seen[a.users[seat]], "the offer", func(l letter) bool {
		return strings.Contains(l.p.Text, "answers ACCEPT "+a.colors[other])
	})
	var action string
	for _, m := range g.State.Legal(rules.Seat(seat)) {
		if w := strings.Fields(m.String())[0]; w == "PASS" || w == "TAX" {
			action = m.String()
		}
	}
	answer(t, a.post.ms, a.users[seat], offered, "ACCEPT "+a.colors[other]+"\n"+action+"\n")
	a.seen[a.users[seat]] = len(mailbox(t, a.post.ms, a.users[seat]))
	g = until(t, a.post, a.id, "the answer and the action", func(g *projections.Game) bool { return len(g.Moves) >= start+3 })
	var played []string
	for _, m := range g.Moves[start+1:] {
		if m.Seat == seat {
			played = append(played, m.Move)
		}
	}
	if want := []string{"ACCEPT " + a.colors[other], action}; !slices.Equal(played[:min(2, len(played))], want) {
		t.Errorf("%s mailed %q; the history holds %q", a.users[seat], want, played)
	}
	if after := [2]int{florins(g, seat), florins(g, other)}; after[0] < before[0]+1 || after[1] != before[1]-1 {
		t.Errorf("florins %v after the deal, from %v: the florin did not change hands", after, before)
	}
	time.Sleep(time.Second) // any mail still on its way
	for _, u := range a.users {
		for _, l := range mailbox(t, a.post.ms, u)[a.seen[u]:] {
			if l.bounced() {
				t.Errorf("%s's mail was bounced: %s\n%s", u, l, l.p.Text)
			}
		}
	}
}

// TestArchipelagoProgrammedListByMail: a bidder mails their bid and, below
// it, the action they mean to take once the turns come; pbem plays the
// bid, keeps the action, and plays it when the actions phase reaches
// them, without asking. Nobody else hears of the list.
func TestArchipelagoProgrammedListByMail(t *testing.T) {
	t.Parallel()
	a := newArchipelagoTable(t, nil)
	a.playUntil("bidding", 30, func(g *projections.Game) bool { return len(g.State.ToAct()) == 3 }, nil)
	g := a.load()
	// Where everyone bids nothing, the order stays: who acts first then,
	// and with what, the rules say of the state after the three bids.
	after := g.State
	for seat := range a.users {
		m, err := after.Parse(rules.Seat(seat), "BID 0")
		if err != nil {
			t.Fatal(err)
		}
		if after, err = after.Apply(rules.Seat(seat), m); err != nil {
			t.Fatal(err)
		}
	}
	first := after.ToAct()[0]
	var action string
	for _, m := range after.Legal(first) {
		if w := strings.Fields(m.String())[0]; w != "OFFER" && w != "USE" {
			action = m.String()
			break
		}
	}
	if action == "" {
		t.Fatalf("seat %d has no action to take at the start of the actions phase: %v", first, after.Legal(first))
	}
	var prompts []letter
	for _, u := range a.users {
		box := mailbox(t, a.post.ms, u)
		prompts = append(prompts, box[len(box)-1])
		a.seen[u] = len(box)
	}
	start := len(g.Moves)
	answer(t, a.post.ms, a.users[first], prompts[first], "BID 0\n"+action+"\n")
	until(t, a.post, a.id, "the list's bid", func(g *projections.Game) bool { return len(g.Queues[int(first)]) == 1 })
	for seat, u := range a.users {
		if rules.Seat(seat) != first {
			answer(t, a.post.ms, u, prompts[seat], "BID 0\n")
		}
	}
	g = until(t, a.post, a.id, "the action from the list", func(g *projections.Game) bool {
		return slices.ContainsFunc(g.Moves[start:], func(m projections.Moved) bool { return m.Seat == int(first) && m.Queued })
	})
	var played []string
	var at uint64 // the event the action from the list was played at
	for _, m := range g.Moves[start:] {
		if m.Seat == int(first) {
			played = append(played, m.Move)
		}
		if m.Seat == int(first) && m.Queued && at == 0 {
			at = m.Seq
		}
	}
	if want := []string{"BID 0", action}; !slices.Equal(played[:min(len(played), 2)], want) {
		t.Errorf("%s mailed %q; the history holds %q", a.users[first], want, played)
	}
	time.Sleep(time.Second) // any mail still on its way
	for seat, u := range a.users {
		seen, _ := strconv.ParseUint(a.post.numberFor(t, a.id, at, seat), 10, 64) // the event as the seat counts them
		for _, l := range mailbox(t, a.post.ms, u)[a.seen[u]:] {
			if l.bounced() {
				t.Errorf("%s's mail was bounced: %s\n%s", u, l, l.p.Text)
			}
			if rules.Seat(seat) != first && strings.Contains(l.p.Text, action) && seqOf(l) < seen {
				t.Errorf("%s read of the list before it was played: %s", u, l)
			}
		}
	}
}

// seqOf is the event a mail shows its game as after (X-Pbem-Seq).
func seqOf(l letter) uint64 {
	n, _ := strconv.ParseUint(l.seq, 10, 64)
	return n
}
