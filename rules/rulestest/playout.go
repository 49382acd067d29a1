package rulestest

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/pbem-games/pbem/rules"
)

// checker plays the playouts of one setup.
type checker struct {
	g        rules.Game
	setup    rules.Setup
	name     string
	playouts int
	deep     int // playouts checked in depth
	full     int // deep playouts that apply every legal move
	sparse   int // Options.Sparse
	maxMoves int
}

type failure struct{ prop, msg string }

// result is what one playout found.
type result struct {
	fails   []failure
	dropped map[string]int // failures beyond keepPerPlayout, by property
}

const keepPerPlayout = 3

// run plays the playouts on every processor and gathers their failures in
// playout order, keepFailures of each property.
func (c *checker) run() []Failure {
	results := make([]result, c.playouts)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), c.playouts) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= c.playouts {
					return
				}
				results[i] = c.playout(i)
			}
		})
	}
	wg.Wait()

	var fails []Failure
	kept := map[string]int{}
	more := map[string]int{}
	for _, r := range results {
		for _, f := range r.fails {
			if kept[f.prop] < keepFailures {
				kept[f.prop]++
				fails = append(fails, Failure{Setup: c.name, Property: f.prop, Message: f.msg})
			} else {
				more[f.prop]++
			}
		}
		for p, n := range r.dropped {
			more[p] += n
		}
	}
	for _, p := range setupProperties {
		if more[p] > 0 {
			fails = append(fails, Failure{Setup: c.name, Property: p, Message: fmt.Sprintf("… and %d more failures like these", more[p])})
		}
	}
	return fails
}

// checkStart checks that Start accepts the setup and is deterministic,
// whatever the order of the variants.
func (c *checker) checkStart() []Failure {
	p := &playout{c: c, index: -1}
	p.guard(func() {
		setup := c.setup
		setup.Seed = rules.SeedFromInt(0)
		variants := [][]string{setup.Variants, setup.Variants}
		if len(setup.Variants) > 1 {
			variants[1] = slices.Clone(setup.Variants)
			slices.Reverse(variants[1])
		}
		var snaps []*snapshot
		for _, vs := range variants {
			s := setup
			s.Variants = vs
			p.prop = PropStart
			p.op = call{name: "Start"}
			st, err := c.g.Start(s)
			if err != nil || st == nil {
				p.fail(PropStart, "Start(%s) = %s, want a state", describeSetup(s), noState(err))
				return
			}
			snaps = append(snaps, p.snap(st))
		}
		if d := snaps[0].diff(snaps[1]); d != "" {
			if len(setup.Variants) > 1 {
				p.fail(PropStart, "Start(%s) and Start with the variants in reverse order differ: %s", describeSetup(setup), d)
			} else {
				p.fail(PropStart, "two calls of Start(%s) with the same seed differ: %s", describeSetup(setup), d)
			}
		}
	})
	var fails []Failure
	for _, f := range p.res.fails {
		fails = append(fails, Failure{Setup: c.name, Property: f.prop, Message: f.msg})
	}
	return fails
}

// guard runs f, turning a panic of the game into a failure of the property
// being checked.
func (p *playout) guard(f func()) {
	defer func() {
		if r := recover(); r != nil {
			p.fail(p.prop, "%s panicked: %v\n%s", p.op, r, stack())
		}
	}()
	f()
}

// played is one move of a playout.
type played struct {
	seat rules.Seat
	move rules.Move
	text string
}

// call is the call into the game in progress, to report a panic.
type call struct {
	name string
	seat rules.Seat
	arg  string
	text bool // arg is the player's text, shown quoted
}

func (c call) String() string {
	switch c.name {
	case "String":
		return "String() of a move"
	case "LegalString":
		return fmt.Sprintf("String() of a move from Legal(%s)", seatName(c.seat))
	case "ViewJSON":
		return fmt.Sprintf("json.Marshal(View(%s))", seatName(c.seat))
	case "ViewText":
		return fmt.Sprintf("View(%s).Text()", seatName(c.seat))
	}
	switch {
	case c.name == "Start" || c.name == "ToAct" || c.name == "Result":
		return c.name + "()"
	case c.text:
		return fmt.Sprintf("%s(%s, %q)", c.name, seatName(c.seat), short(c.arg))
	case c.arg == "":
		return fmt.Sprintf("%s(%s)", c.name, seatName(c.seat))
	}
	return fmt.Sprintf("%s(%s, %s)", c.name, seatName(c.seat), c.arg)
}

// playout is one random game from Start to the end.
type playout struct {
	c       *checker
	index   int
	seed    rules.Seed
	seedStr string   // how the seed is shown in failures
	secret  []needle // forms of the seed no view may show before the end
	rng     *rand.Rand
	deep    bool
	noViews bool       // the next snapshot skips the views, unless the game is over
	lean    bool       // the next snapshot lists the legal moves of one seat to act only: mover
	mover   rules.Seat // the seat that moves, chosen by a lean snapshot
	setup   rules.Setup
	hist    []played
	res     result
	kept    map[string]int
	prop    string // the property being checked, for a panic
	op      call
}

func (c *checker) playout(i int) result {
	p := &playout{c: c, index: i, deep: i < c.deep, prop: PropPlayout}
	p.rng = rand.New(rand.NewPCG(uint64(i), 0x70626d2d72756c65))
	// Even playouts have small seeds, as hosts of repeatable games use, odd
	// ones random seeds, whose every part is unlikely to show by chance.
	var forms []string
	if i%2 == 0 {
		p.seed = rules.SeedFromInt(uint64(i))
		p.seedStr = fmt.Sprintf("SeedFromInt(%d)", i)
		forms = []string{p.seed.String()}
	} else {
		r := rand.New(rand.NewPCG(uint64(i), 0x5eed))
		for k := 0; k < len(p.seed); k += 8 {
			w := r.Uint64()
			binary.BigEndian.PutUint64(p.seed[k:], w)
			forms = append(forms, strconv.FormatUint(w, 10), strconv.FormatInt(int64(w), 10),
				fmt.Sprintf("%x", w), fmt.Sprintf("%X", w), fmt.Sprintf("%016x", w))
		}
		hex := p.seed.String()
		p.seedStr = hex
		arr, _ := json.Marshal(p.seed)
		forms = append(forms, hex, strings.ToUpper(hex), string(arr),
			base64.StdEncoding.EncodeToString(p.seed[:]), base64.RawURLEncoding.EncodeToString(p.seed[:]))
	}
	for _, f := range forms {
		if !slices.ContainsFunc(p.secret, func(n needle) bool { return n.s == f }) {
			p.secret = append(p.secret, newNeedle(f))
		}
	}
	p.setup = c.setup
	p.setup.Seed = p.seed
	p.guard(p.play)
	return p.res
}

func (p *playout) fail(prop, format string, args ...any) {
	if p.kept == nil {
		p.kept = map[string]int{}
	}
	if p.kept[prop] >= keepPerPlayout {
		if p.res.dropped == nil {
			p.res.dropped = map[string]int{}
		}
		p.res.dropped[prop]++
		return
	}
	p.kept[prop]++
	p.res.fails = append(p.res.fails, failure{prop: prop, msg: p.where() + fmt.Sprintf(format, args...)})
}

// where tells which playout and moves lead to a failure.
func (p *playout) where() string {
	if p.index < 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "playout %d (seed %s), after %d moves", p.index, p.seedStr, len(p.hist))
	if len(p.hist) > 0 {
		b.WriteString(" [")
		from := max(0, len(p.hist)-12)
		if from > 0 {
			b.WriteString("…, ")
		}
		for i, h := range p.hist[from:] {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%d: %s", h.seat, h.text)
		}
		b.WriteString("]")
	}
	b.WriteString(": ")
	return b.String()
}

// play runs the playout.
func (p *playout) play() {
	p.op = call{name: "Start"}
	st, err := p.c.g.Start(p.setup)
	if err != nil || st == nil {
		p.fail(PropStart, "Start(%s) = %s, want a state", describeSetup(p.setup), noState(err))
		return
	}
	var shadow rules.State // a second copy of the game, played alongside
	if p.deep {
		if shadow, err = p.c.g.Start(p.setup); err != nil || shadow == nil {
			p.fail(PropDeterminism, "a second Start(%s) = %s, want a state", describeSetup(p.setup), noState(err))
			shadow = nil
		}
	}
	var prev *snapshot
	for {
		p.prop = PropPlayout
		p.lean = !p.deep && p.c.sparse > 1
		p.noViews = p.lean && p.rng.IntN(p.c.sparse) != 0
		cur := p.snap(st)
		p.noViews, p.lean = false, false
		if !p.examine(st, cur) {
			return
		}
		var shadowSnap *snapshot
		if shadow != nil {
			p.prop = PropDeterminism
			shadowSnap = p.snap(shadow)
			if d := cur.diff(shadowSnap); d != "" {
				p.fail(PropDeterminism, "a second playout with the same seed and moves differs: %s", d)
				shadow = nil
			}
		}
		if cur.over {
			p.final(cur)
			return
		}
		if len(p.hist) >= p.c.maxMoves {
			p.fail(PropPlayout, "the game is not over after %d moves (Options.MaxMoves)", p.c.maxMoves)
			return
		}
		seat := cur.mover
		if cur.unlisted == nil {
			seat = cur.toAct[p.rng.IntN(len(cur.toAct))]
		}
		k := p.rng.IntN(len(cur.legal[seat]))
		m, text := cur.legal[seat][k], cur.texts[seat][k]
		if p.deep {
			p.checkLegal(st, cur, seat)
			p.checkIllegal(st, cur, p.illegalDeep(cur, prev))
		} else {
			p.checkParse(st, seat, text)
			p.checkIllegal(st, cur, p.illegalCheap(cur, seat, m, text))
		}
		p.prop = PropPlayout
		next, err := p.apply(st, seat, m)
		if err != nil {
			p.fail(PropPlayout, "Apply(%s, %s) = error %q, but %s is in Legal(%s)", seatName(seat), text, err, text, seatName(seat))
			return
		}
		if shadow != nil {
			p.prop = PropDeterminism
			shadow, err = p.apply(shadow, seat, shadowSnap.legal[seat][k])
			if err != nil {
				p.fail(PropDeterminism, "in a second playout with the same seed and moves, Apply(%s, %s) = error %q", seatName(seat), text, err)
				shadow = nil
			}
		}
		p.hist = append(p.hist, played{seat: seat, move: m, text: text})
		prev, st = cur, next
	}
}

// The calls into the game, noting what is called for a panic.

func (p *playout) legal(st rules.State, s rules.Seat) []rules.Move {
	p.op = call{name: "Legal", seat: s}
	return st.Legal(s)
}

func (p *playout) parse(st rules.State, s rules.Seat, text string) (rules.Move, error) {
	p.op = call{name: "Parse", seat: s, arg: text, text: true}
	return st.Parse(s, text)
}

func (p *playout) apply(st rules.State, s rules.Seat, m rules.Move) (rules.State, error) {
	text := p.str(m)
	p.op = call{name: "Apply", seat: s, arg: text}
	next, err := st.Apply(s, m)
	if err == nil && next == nil {
		return nil, fmt.Errorf("Apply returned a nil state and no error")
	}
	return next, err
}

func (p *playout) str(m rules.Move) string {
	if m == nil {
		return "<nil move>"
	}
	p.op = call{name: "String"}
	return m.String()
}

// snapshot is everything a state shows through its methods. Seats are
// indexed from 0, with Observer last.
type snapshot struct {
	toAct  []rules.Seat
	scores []int
	over   bool
	legal  [][]rules.Move
	texts  [][]string
	views  []viewKey
	broken []string // problems met while taking it
	// A lean snapshot lists the legal moves of one seat to act, mover,
	// and marks the others it did not list.
	mover    rules.Seat
	unlisted []bool
}

type viewKey struct{ json, text string }

func (p *playout) seats() int { return p.c.setup.Seats }

// index of seat s in a snapshot.
func (p *playout) at(s rules.Seat) int {
	if s == rules.Observer {
		return p.seats()
	}
	return int(s)
}

func (p *playout) seatAt(i int) rules.Seat {
	if i == p.seats() {
		return rules.Observer
	}
	return rules.Seat(i)
}

func (p *playout) snap(st rules.State) *snapshot {
	n := p.seats()
	sn := &snapshot{legal: make([][]rules.Move, n+1), texts: make([][]string, n+1)}
	p.op = call{name: "ToAct"}
	sn.toAct = slices.Clone(st.ToAct())
	p.op = call{name: "Result"}
	scores, over := st.Result()
	sn.scores, sn.over = slices.Clone(scores), over
	if p.lean && !over && len(sn.toAct) > 0 {
		sn.mover = sn.toAct[p.rng.IntN(len(sn.toAct))]
		sn.unlisted = make([]bool, n+1)
	}
	for i := range n + 1 {
		s := p.seatAt(i)
		if sn.unlisted != nil && s != sn.mover && slices.Contains(sn.toAct, s) {
			sn.unlisted[i] = true
			continue
		}
		sn.legal[i] = slices.Clone(p.legal(st, s))
		sn.texts[i] = make([]string, len(sn.legal[i]))
		for k, m := range sn.legal[i] {
			if m == nil {
				sn.broken = append(sn.broken, fmt.Sprintf("Legal(%s) holds a nil move", seatName(s)))
				sn.texts[i][k] = "<nil move>"
				continue
			}
			p.op = call{name: "LegalString", seat: s}
			sn.texts[i][k] = m.String()
		}
	}
	if !p.noViews || sn.over {
		sn.views = p.views(st, &sn.broken)
	}
	return sn
}

// views returns the JSON and Text of every seat's view, noting problems.
func (p *playout) views(st rules.State, broken *[]string) []viewKey {
	return p.someViews(st, broken, true)
}

// jsonViews returns the JSON of every seat's view, which is cheaper than
// views when comparing many states.
func (p *playout) jsonViews(st rules.State, broken *[]string) []viewKey {
	return p.someViews(st, broken, false)
}

func (p *playout) someViews(st rules.State, broken *[]string, text bool) []viewKey {
	prop := p.prop
	p.prop = PropViews // for a panic
	n := p.seats()
	vs := make([]viewKey, n+1)
	for i := range n + 1 {
		s := p.seatAt(i)
		p.op = call{name: "View", seat: s}
		v := st.View(s)
		if v == nil {
			*broken = append(*broken, fmt.Sprintf("View(%s) = nil", seatName(s)))
			continue
		}
		p.op = call{name: "ViewJSON", seat: s}
		data, err := json.Marshal(v)
		if err != nil {
			*broken = append(*broken, fmt.Sprintf("json.Marshal(View(%s)) = error %q", seatName(s), err))
		}
		vs[i].json = string(data)
		if text {
			p.op = call{name: "ViewText", seat: s}
			vs[i].text = v.Text()
		}
	}
	p.prop = prop
	return vs
}

// diff describes the first difference between two snapshots, or is "".
func (a *snapshot) diff(b *snapshot) string {
	if !slices.Equal(a.toAct, b.toAct) {
		return fmt.Sprintf("ToAct() = %v, then %v", a.toAct, b.toAct)
	}
	if !slices.Equal(a.scores, b.scores) || a.over != b.over {
		return fmt.Sprintf("Result() = %v, %v, then %v, %v", a.scores, a.over, b.scores, b.over)
	}
	for i := range a.texts {
		if !slices.Equal(a.texts[i], b.texts[i]) {
			return fmt.Sprintf("Legal(%s) = %s, then %s", seatName(seatOf(i, len(a.texts)-1)), shortList(a.texts[i]), shortList(b.texts[i]))
		}
	}
	return diffViews(a.views, b.views)
}

func diffViews(a, b []viewKey) string {
	for i := range a {
		s := seatName(seatOf(i, len(a)-1))
		if a[i].json != b[i].json {
			return fmt.Sprintf("the JSON of %s's view is %s", s, diffText(a[i].json, b[i].json))
		}
		if a[i].text != b[i].text {
			return fmt.Sprintf("the Text of %s's view is %s", s, diffText(a[i].text, b[i].text))
		}
	}
	return ""
}

func seatOf(i, observer int) rules.Seat {
	if i == observer {
		return rules.Observer
	}
	return rules.Seat(i)
}

// examine checks a state's snapshot; false means the playout cannot go on.
func (p *playout) examine(st rules.State, sn *snapshot) bool {
	n := p.seats()
	for _, b := range sn.broken {
		p.fail(PropViews, "%s", b)
	}
	if len(sn.scores) != n {
		p.fail(PropResult, "Result() has %d scores, want one for each of the %d seats", len(sn.scores), n)
	}
	for i, s := range sn.toAct {
		if s < 0 || int(s) >= n {
			p.fail(PropPlayout, "ToAct() = %v holds %d, which is not a seat of %d", sn.toAct, s, n)
			return false
		}
		if i > 0 && sn.toAct[i-1] >= s {
			p.fail(PropPlayout, "ToAct() = %v, want seats ascending and unique", sn.toAct)
		}
	}
	for i, texts := range sn.texts {
		s := p.seatAt(i)
		for k := 1; k < len(texts); k++ {
			if texts[k-1] > texts[k] {
				p.fail(PropLegalSorted, "Legal(%s) is not sorted by String: %q comes before %q", seatName(s), texts[k-1], texts[k])
				break
			}
			if texts[k-1] == texts[k] {
				p.fail(PropLegalSorted, "Legal(%s) holds %q twice", seatName(s), texts[k])
				break
			}
		}
	}
	if sn.over {
		ok := true
		if len(sn.toAct) > 0 {
			p.fail(PropPlayout, "Result() says the game is over, but ToAct() = %v, want none", sn.toAct)
			ok = false
		}
		for i, texts := range sn.texts {
			if len(texts) > 0 {
				p.fail(PropPlayout, "the game is over, but Legal(%s) = %s, want none", seatName(p.seatAt(i)), shortList(texts))
				ok = false
			}
		}
		p.prop = PropResult
		p.op = call{name: "Result"}
		scores, over := st.Result()
		if !over || !slices.Equal(scores, sn.scores) {
			p.fail(PropResult, "Result() = %v, true once over, then %v, %v", sn.scores, scores, over)
		}
		p.checkLeaks(st, sn)
		return ok
	}
	if len(sn.toAct) == 0 {
		p.fail(PropPlayout, "ToAct() is empty, but Result() says the game is not over")
		return false
	}
	ok := true
	for i, texts := range sn.texts {
		s := p.seatAt(i)
		acting := slices.Contains(sn.toAct, s)
		if acting && len(texts) == 0 && (sn.unlisted == nil || !sn.unlisted[i]) {
			p.fail(PropPlayout, "%s is in ToAct() = %v, but Legal(%s) is empty", seatName(s), sn.toAct, seatName(s))
			ok = false
		}
		if !acting && len(texts) > 0 {
			p.fail(PropPlayout, "%s is not in ToAct() = %v, but Legal(%s) = %s, want none", seatName(s), sn.toAct, seatName(s), shortList(texts))
		}
	}
	p.checkLeaks(st, sn)
	return ok
}

// checkLeaks looks for the seed and for secrets in the views.
func (p *playout) checkLeaks(st rules.State, sn *snapshot) {
	p.prop = PropNoLeaks
	if !sn.over {
		for i, v := range sn.views {
			for _, w := range p.secret {
				if where := find(v, w); where != "" {
					p.fail(PropNoLeaks, "the %s of %s's view shows the seed (as %q) before the game is over", where, seatName(p.seatAt(i)), w.s)
					break
				}
			}
		}
	}
	sec, ok := st.(rules.Secrets)
	if !ok || sn.views == nil {
		return
	}
	n := p.seats()
	for i := range n + 1 {
		s := p.seatAt(i)
		p.op = call{name: "Secrets", seat: s}
		for _, secret := range sec.Secrets(s) {
			if secret == "" {
				p.fail(PropNoLeaks, "Secrets(%s) holds an empty string", seatName(s))
				continue
			}
			nd := newNeedle(secret)
			for j, v := range sn.views {
				if j == i && s != rules.Observer {
					continue
				}
				if where := find(v, nd); where != "" {
					whose := seatName(s) + "'s secret"
					if s == rules.Observer {
						whose = "a secret nobody may see yet"
					}
					p.fail(PropNoLeaks, "the %s of %s's view shows %s %q", where, seatName(p.seatAt(j)), whose, secret)
				}
			}
		}
	}
}

// needle is a string no view may show, and its form inside a JSON string.
type needle struct{ s, esc string }

func newNeedle(s string) needle {
	q, _ := json.Marshal(s)
	return needle{s: s, esc: string(q[1 : len(q)-1])}
}

// find says where view v shows n: "Text", "JSON" or "".
func find(v viewKey, n needle) string {
	switch {
	case strings.Contains(v.text, n.s):
		return "Text"
	case strings.Contains(v.json, n.s) || n.esc != n.s && strings.Contains(v.json, n.esc):
		return "JSON"
	}
	return ""
}

// final checks the end of a playout, and that replaying its moves by their
// text from a fresh Start ends in the same state.
func (p *playout) final(end *snapshot) {
	p.prop = PropDeterminism
	p.op = call{name: "Start"}
	st, err := p.c.g.Start(p.setup)
	if err != nil || st == nil {
		p.fail(PropDeterminism, "Start(%s) again = %s, want a state", describeSetup(p.setup), noState(err))
		return
	}
	for i, h := range p.hist {
		m, err := p.parse(st, h.seat, h.text)
		if err == nil {
			st, err = p.apply(st, h.seat, m)
		}
		if err != nil {
			p.fail(PropDeterminism, "replaying the moves by their text from Start, move %d (%s: %s) fails: %q", i+1, seatName(h.seat), h.text, err)
			return
		}
	}
	if d := end.diff(p.snap(st)); d != "" {
		p.fail(PropDeterminism, "replaying the moves by their text from Start ends elsewhere: %s", d)
	}
}

// checkParse checks that Parse reads text, a legal move of s, back, and
// returns the parsed move or nil.
func (p *playout) checkParse(st rules.State, s rules.Seat, text string) rules.Move {
	p.prop = PropRoundTrip
	pm, err := p.parse(st, s, text)
	switch {
	case err != nil:
		p.fail(PropRoundTrip, "Parse(%s, %q) = error %q, want move %s", seatName(s), text, err, text)
		pm = nil
	case pm == nil:
		p.fail(PropRoundTrip, "Parse(%s, %q) = nil, nil; want move %s", seatName(s), text, text)
	default:
		if got := p.str(pm); got != text {
			p.fail(PropRoundTrip, "Parse(%s, %q) = move %q, want %s", seatName(s), text, got, text)
			pm = nil
		}
	}
	p.prop = PropCaseInsensitive
	for _, v := range []string{" " + strings.ToLower(text) + " ", strings.ToUpper(text)} {
		q, err := p.parse(st, s, v)
		switch {
		case err != nil:
			p.fail(PropCaseInsensitive, "Parse(%s, %q) = error %q, want move %s (notation ignores case and surrounding spaces)", seatName(s), v, err, text)
		case q == nil:
			p.fail(PropCaseInsensitive, "Parse(%s, %q) = nil, nil; want move %s", seatName(s), v, text)
		default:
			if got := p.str(q); got != text {
				p.fail(PropCaseInsensitive, "Parse(%s, %q) = move %q, want %s", seatName(s), v, got, text)
			}
		}
	}
	return pm
}

// checkLegal parses back every legal move of every seat that may act and
// applies, in several ways, the legal moves of the seat about to move (in
// a simultaneous phase, the others are applied at their own turn): all of
// them in the first playouts, a sample in the others. It checks that none
// of it changes the state. The states it makes are
// compared by the JSON of their views, which is cheaper than also
// rendering their Text.
func (p *playout) checkLegal(st rules.State, cur *snapshot, mover rules.Seat) {
	type child struct {
		seat  rules.Seat
		text  string
		st    rules.State
		views []viewKey
	}
	var children []child
	var tries []attempt
	var twice []string // failures of applying a move twice
	// Which moves of the mover to apply: all, or a sample.
	apply := make([]bool, len(cur.legal[mover]))
	if p.index < p.c.full || len(apply) <= appliedPerStep {
		for k := range apply {
			apply[k] = true
		}
	} else {
		for _, k := range p.rng.Perm(len(apply))[:appliedPerStep] {
			apply[k] = true
		}
	}
	for _, s := range cur.toAct {
		for k, m := range cur.legal[s] {
			text := cur.texts[s][k]
			pm := p.checkParse(st, s, text)
			if s != mover || !apply[k] {
				continue
			}
			tries = append(tries, attempt{seat: s, text: text, move: m, legal: true})
			p.prop = PropPlayout
			a1, err := p.apply(st, s, m)
			if err != nil {
				p.fail(PropPlayout, "Apply(%s, %s) = error %q, but %s is in Legal(%s)", seatName(s), text, err, text, seatName(s))
				continue
			}
			var broken []string
			v1 := p.jsonViews(a1, &broken)
			// The same move again is checked below.
			if pm != nil && !same(pm, m) {
				p.prop = PropRoundTrip
				a2, err := p.apply(st, s, pm)
				if err != nil {
					p.fail(PropRoundTrip, "Apply(%s, Parse(%q)) = error %q, want the state after %s", seatName(s), text, err, text)
				} else if d := diffViews(v1, p.jsonViews(a2, &broken)); d != "" {
					p.fail(PropRoundTrip, "Apply(%s, Parse(%q)) and Apply of the legal move %s differ: %s", seatName(s), text, text, d)
				}
			}
			p.prop = PropImmutable
			a3, err := p.apply(st, s, m)
			if err != nil {
				p.fail(PropImmutable, "Apply(%s, %s) succeeded once, then = error %q on the same state", seatName(s), text, err)
			} else if d := diffViews(v1, p.jsonViews(a3, &broken)); d != "" {
				twice = append(twice, fmt.Sprintf("Apply(%s, %s) twice on the same state gives different states: %s", seatName(s), text, d))
			}
			children = append(children, child{seat: s, text: text, st: a1, views: v1})
		}
	}
	p.prop = PropImmutable
	if d := cur.diff(p.snap(st)); d != "" {
		p.fail(PropImmutable, "Parse and Apply of the legal moves changed their receiver: %s%s", d, p.locate(cur.texts, tries))
		return
	}
	for _, f := range twice {
		p.fail(PropImmutable, "%s", f)
	}
	// A state that shares memory with its parent may change when the parent
	// is applied again.
	for _, k := range []int{0, len(children) - 1} {
		if k < 0 {
			continue
		}
		ch := children[k]
		var broken []string
		if d := diffViews(ch.views, p.jsonViews(ch.st, &broken)); d != "" {
			p.fail(PropImmutable, "the state from Apply(%s, %s) changed when other moves were applied to its parent: %s", seatName(ch.seat), ch.text, d)
			return
		}
	}
}

// attempt is a try to play a move: by text when move is nil, else both by
// text (if any) and by value.
type attempt struct {
	seat  rules.Seat
	text  string
	move  rules.Move
	legal bool // a legal move, parsed and applied
}

// junk are texts that are no move of a sane game.
var junk = []string{
	"", " ", " \t ", "\n", "xyzzy", "XYZZY 42 !", "-1", "99999999999999999999999999", "%s %d %v",
	"\x00", "\xff\xfe\xfd", "日本語 ♞ é", "move\nmove", "' OR 1=1 --", "<b>&amp;</b>", "{}", "null",
	strings.Repeat("x", 1000), strings.Repeat("9", 400),
}

// illegalDeep lists illegal moves of many kinds for every seat.
func (p *playout) illegalDeep(cur *snapshot, prev *snapshot) []attempt {
	var as []attempt
	n := p.seats()
	type key struct {
		seat  rules.Seat
		text  string
		value bool
	}
	seen := map[key]bool{}
	// other adds the legal moves of sn for seat s, by text and by value.
	other := func(s rules.Seat, sn *snapshot, i int) {
		for k, m := range sn.legal[i] {
			t := sn.texts[i][k]
			if !seen[key{s, t, false}] {
				seen[key{s, t, false}] = true
				as = append(as, attempt{seat: s, text: t})
			}
			if !seen[key{s, t, true}] {
				seen[key{s, t, true}] = true
				as = append(as, attempt{seat: s, move: m})
			}
		}
	}
	for _, s := range cur.toAct {
		for _, j := range junk {
			as = append(as, attempt{seat: s, text: j})
		}
		for range 2 {
			b := make([]byte, 1+p.rng.IntN(40))
			for i := range b {
				b[i] = byte(p.rng.IntN(256))
			}
			as = append(as, attempt{seat: s, text: string(b)})
		}
		if t := cur.texts[s]; len(t) > 0 {
			as = append(as, attempt{seat: s, text: strings.Repeat(t[0]+" ", 100)})
		}
		// Moves of other seats, and moves legal a step ago.
		for _, sn := range []*snapshot{cur, prev} {
			if sn == nil {
				continue
			}
			for i := range n + 1 {
				if sn != cur || p.seatAt(i) != s {
					other(s, sn, i)
				}
			}
		}
	}
	// Seats that may not act try the moves of those that may.
	for i := range n + 1 {
		s := p.seatAt(i)
		if slices.Contains(cur.toAct, s) {
			continue
		}
		for _, a := range cur.toAct {
			other(s, cur, int(a))
		}
		as = append(as, attempt{seat: s, text: junk[p.rng.IntN(len(junk))]})
	}
	return as
}

// illegalCheap lists a few illegal moves: the last move played, if it is
// not legal any more, a piece of junk, and the chosen move m of seat s for
// a seat that may not act.
func (p *playout) illegalCheap(cur *snapshot, s rules.Seat, m rules.Move, text string) []attempt {
	as := []attempt{{seat: s, text: junk[len(p.hist)%len(junk)]}}
	if len(p.hist) > 0 {
		last := p.hist[len(p.hist)-1]
		as = append(as, attempt{seat: s, text: last.text}, attempt{seat: s, move: last.move})
	}
	other := rules.Observer
	for i := range p.seats() {
		if !slices.Contains(cur.toAct, rules.Seat(i)) {
			other = rules.Seat(i)
			break
		}
	}
	return append(as, attempt{seat: other, text: text}, attempt{seat: other, move: m})
}

// checkIllegal makes the attempts, each of which must fail with an error
// for the player unless it names a legal move, and in deep playouts checks
// that the state stays as it was.
func (p *playout) checkIllegal(st rules.State, cur *snapshot, as []attempt) {
	for _, a := range as {
		p.try(st, cur, a)
	}
	if !p.deep {
		return
	}
	p.prop = PropImmutable
	if d := cur.diff(p.snap(st)); d != "" {
		p.fail(PropImmutable, "trying illegal moves changed the state: %s%s", d, p.locate(cur.texts, as))
	}
}

func (p *playout) try(st rules.State, cur *snapshot, a attempt) {
	p.prop = PropIllegal
	legal := cur.texts[p.at(a.seat)]
	m := a.move
	if m == nil {
		pm, err := p.parse(st, a.seat, a.text)
		if err != nil {
			if why := badError(err, a.text); why != "" {
				p.fail(PropIllegal, "Parse(%s, %q) = error %q: %s", seatName(a.seat), short(a.text), short(err.Error()), why)
			}
			return
		}
		if pm == nil {
			p.fail(PropIllegal, "Parse(%s, %q) = nil, nil; want a move or an error", seatName(a.seat), short(a.text))
			return
		}
		m = pm
	}
	text := p.str(m)
	if slices.Contains(legal, text) {
		return // the text means a legal move
	}
	desc := func() string {
		if a.move == nil {
			return fmt.Sprintf("Apply(%s, Parse(%q))", seatName(a.seat), short(a.text))
		}
		return fmt.Sprintf("Apply(%s, %s)", seatName(a.seat), short(text))
	}
	_, err := p.apply(st, a.seat, m)
	if ot, ok := st.(rules.OutOfTurn); err == nil && ok && ot.OutOfTurn(m) && !slices.Contains(cur.toAct, a.seat) {
		return // a move the game waits for nobody to make, which Legal lists only for the seats to act
	}
	if err == nil {
		p.fail(PropIllegal, "%s succeeded, want an error: %s is not in Legal(%s) = %s", desc(), short(text), seatName(a.seat), shortList(legal))
		return
	}
	input := text
	if a.move == nil {
		input = a.text
	}
	if why := badError(err, input); why != "" {
		p.fail(PropIllegal, "%s = error %q: %s", desc(), short(err.Error()), why)
	}
}

// locate finds which attempt changes its receiver by trying them one by
// one on a fresh copy of the state.
func (p *playout) locate(legal [][]string, as []attempt) string {
	p.op = call{name: "Start"}
	st, err := p.c.g.Start(p.setup)
	if err != nil || st == nil {
		return ""
	}
	for _, h := range p.hist {
		if st, err = p.apply(st, h.seat, h.move); err != nil {
			return ""
		}
	}
	before := p.snap(st)
	for _, a := range as {
		m := a.move
		if a.legal || m == nil {
			if pm, err := p.parse(st, a.seat, a.text); err == nil && m == nil {
				m = pm
			}
		}
		if m != nil && (a.legal || !slices.Contains(legal[p.at(a.seat)], p.str(m))) {
			p.apply(st, a.seat, m)
		}
		if d := before.diff(p.snap(st)); d != "" {
			if a.move != nil {
				return fmt.Sprintf(" (first after Apply(%s, %s))", seatName(a.seat), short(p.str(a.move)))
			}
			return fmt.Sprintf(" (first after Parse(%s, %q))", seatName(a.seat), short(a.text))
		}
	}
	return ""
}

// badError says what is wrong with err as the answer to the illegal move
// input, or is "".
func badError(err error, input string) string {
	msg := err.Error()
	lower := strings.ToLower(msg)
	switch {
	case !errors.Is(err, rules.ErrIllegal):
		return "want an error wrapping rules.ErrIllegal"
	case strings.TrimSpace(msg) == "":
		return "want a reason for the player"
	case strings.ContainsAny(msg, "\r\n"):
		return "want one line"
	case len(msg) > 300:
		return fmt.Sprintf("it is %d bytes long, want under 300: cut the player's text short", len(msg))
	case !utf8.ValidString(msg):
		return "it is not valid UTF-8: quote the player's text with %q"
	}
	for _, internal := range []string{"%!", "panic", "nil pointer", "runtime", "goroutine", "invalid memory address", "index out of range", "strconv."} {
		// The player's own text may say anything.
		if strings.Contains(lower, internal) && !strings.Contains(strings.ToLower(input), internal) {
			return fmt.Sprintf("it looks like a Go internal (%q), want a reason for the player", internal)
		}
	}
	return ""
}

func seatName(s rules.Seat) string {
	if s == rules.Observer {
		return "Observer"
	}
	return fmt.Sprintf("seat %d", s)
}

// short cuts s for a failure message.
func short(s string) string {
	const most = 60
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("…(%d bytes)", len(s))
}

func shortList(texts []string) string {
	if len(texts) <= 6 {
		return fmt.Sprintf("%q", texts)
	}
	return fmt.Sprintf("%q (%d moves)", append(slices.Clone(texts[:6]), "…"), len(texts))
}

// diffText shows where two texts first differ.
func diffText(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-20)
	cut := func(s string) string {
		to := min(len(s), i+20)
		out := s[from:to]
		if from > 0 {
			out = "…" + out
		}
		if to < len(s) {
			out += "…"
		}
		return strconv.Quote(out)
	}
	return fmt.Sprintf("%s, then %s", cut(a), cut(b))
}

// catch runs f and returns what it panicked with, or "".
func catch(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("%v\n%s", r, stack())
		}
	}()
	f()
	return ""
}

// stack returns the stack of a panic being recovered, from the frame that
// panicked to the call from the suite.
func stack() string {
	lines := strings.Split(string(debug.Stack()), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") && i+2 < len(lines) {
			lines = lines[i+2:]
			break
		}
	}
	suite := reflect.TypeFor[checker]().PkgPath() + "."
	for i, l := range lines {
		if strings.HasPrefix(l, suite) || i == 20 {
			lines = lines[:i]
			break
		}
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// same reports whether a and b are equal values of one comparable type, so
// that applying either is the same call.
func same(a, b rules.Move) (eq bool) {
	defer func() {
		if recover() != nil { // an interface inside holds an uncomparable value
			eq = false
		}
	}()
	ta := reflect.TypeOf(a)
	return ta == reflect.TypeOf(b) && ta.Comparable() && a == b
}

// noState describes what Start returned instead of a state.
func noState(err error) string {
	if err != nil {
		return fmt.Sprintf("error %q", err)
	}
	return "a nil state and no error"
}
