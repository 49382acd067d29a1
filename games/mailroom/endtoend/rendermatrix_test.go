package endtoend_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// The roles a recipient can have towards an event. A recipient may have
// several: the host also plays a seat, a newcomer may be the seat to move.
const (
	roleActed    = "the seat that acted"
	roleNext     = "the seat to move next"
	roleOther    = "another seat"
	roleHost     = "the host"
	roleObserver = "an observer"
	roleNewcomer = "a replaced player"
	rolePbem     = "anyone, pbem acting"
)

// badYou are the forms of "you" that a sentence built for a name gets
// wrong when the reader is the one named.
var badYou = regexp.MustCompile(`\b[Yy]ou(?:'s| proposes| asks| has| is| was| wants| agrees| declines)\b`)

var matrixLetterhead = letters.Letterhead{Service: "pbem games", Mailbox: "games@pbem.example.org", Tokens: mail.Tokens{Secret: []byte("k")}}

// matrix plays games of one rule set through the service and renders
// every notice they cause, noting which recipient roles each event type
// reached.
type matrix struct {
	t         *testing.T
	ctx       context.Context
	svc       *letters.Service
	now       time.Time
	rnd       *rand.Rand
	id        string
	newcomers map[string]bool
	// reached is, by event type (a move with how it was played), the roles
	// that got a mail about it.
	reached map[string]map[string]bool
	// types are the event types recorded, mail or not.
	types    map[string]bool
	rendered int
	// subjects is each game's subject, which every mail of it shares.
	subjects map[string]string
	// ticking says the events being checked are the timekeeper's, each
	// appended alone: the game's head is not the end of their batch.
	ticking bool
}

const (
	matrixHost     = "ana@example.org"
	matrixObserver = "olu@example.org"
)

func newMatrix(t *testing.T, c rules.Catalog) *matrix {
	m := &matrix{t: t, ctx: context.Background(), now: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC),
		rnd: rand.New(rand.NewPCG(1, 2)), newcomers: map[string]bool{}, reached: map[string]map[string]bool{}, types: map[string]bool{}, subjects: map[string]string{}}
	m.svc = letters.New(&games.Service{Store: storetest.MustOpen(t), Catalog: c, Now: func() time.Time { return m.now }}, offered())
	return m
}

// create starts a game of three (the host plays seat 0) and renders its
// invitations.
func (m *matrix) create(game string) {
	m.t.Helper()
	seed := rules.SeedFromInt(7)
	id, err := m.svc.Create(m.ctx, games.NewGame{Game: game, Host: matrixHost, Seed: &seed,
		Players: []events.Player{{Name: "Ana", Address: matrixHost}, {Name: "Bea", Address: "bea@example.net"}, {Name: "Cai", Address: "cai@example.com"}}})
	if err != nil {
		m.t.Fatal(err)
	}
	m.id = id
	m.check()
}

// createOpen starts a game of three whose last seat waits for a JOIN.
func (m *matrix) createOpen(game string) {
	m.t.Helper()
	seed := rules.SeedFromInt(8)
	id, err := m.svc.Create(m.ctx, games.NewGame{Game: game, Host: matrixHost, Seed: &seed,
		Players: []events.Player{{Name: "Ana", Address: matrixHost}, {Name: "Bea", Address: "bea@example.net"}, {Name: "open seat", Open: true}}})
	if err != nil {
		m.t.Fatal(err)
	}
	m.id = id
	m.check()
}

// createInvited starts a game of three made by mail: the host's guests
// are asked first, and the game waits for their answers.
func (m *matrix) createInvited(game string) {
	m.t.Helper()
	seed := rules.SeedFromInt(9)
	id, err := m.svc.Create(m.ctx, games.NewGame{Game: game, Host: matrixHost, Seed: &seed,
		Players: []events.Player{{Name: "Ana", Address: matrixHost}, {Name: "Bea", Address: "bea@example.net", Invited: true}, {Name: "Cai", Address: "cai@example.com", Invited: true}}})
	if err != nil {
		m.t.Fatal(err)
	}
	m.id = id
	m.check()
}

func (m *matrix) game() *projections.Game {
	m.t.Helper()
	g, _, err := m.svc.Load(m.ctx, m.id)
	if err != nil {
		m.t.Fatal(err)
	}
	return g
}

// do runs a command and renders what it caused; a refusal is logged, and
// the coverage check at the end says if it mattered.
func (m *matrix) do(what string, err error) bool {
	m.t.Helper()
	var refused *games.Error
	if errors.As(err, &refused) {
		m.t.Logf("%s: refused: %v", what, err)
		return false
	}
	if err != nil {
		m.t.Fatalf("%s: %v", what, err)
	}
	m.check()
	return true
}

func (m *matrix) tick(after time.Duration) {
	m.t.Helper()
	m.now = m.now.Add(after)
	m.ticking = true
	m.do("tick", m.svc.Tick(m.ctx, m.id))
	m.ticking = false
}

// choose picks a legal move of seat, the same in every run, avoiding one
// that ends the game while another will do.
func (m *matrix) choose(st rules.State, seat rules.Seat) rules.Move {
	legal := st.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	for range 8 {
		mv := legal[m.rnd.IntN(len(legal))]
		if next, err := st.Apply(seat, mv); err == nil {
			if _, over := next.Result(); !over {
				return mv
			}
		}
	}
	return legal[0]
}

// advance plays n moves of whoever is to move and is not played by pbem.
func (m *matrix) advance(n int) {
	m.t.Helper()
	for range n {
		g := m.game()
		if g.Ended != nil {
			return
		}
		for _, seat := range g.State.ToAct() {
			if _, gone := g.Abandoned[int(seat)]; gone {
				continue
			}
			mv := m.choose(g.State, seat)
			_, err := m.svc.Move(m.ctx, m.id, seat, mv.String(), games.Cause{})
			m.do(fmt.Sprintf("seat %d plays %s", seat, mv), err)
			break
		}
	}
}

// ahead finds a move of the seat to move after which another seat, not to
// move now, is to move, and gives both seats and the other's reply; it
// plays on until there is one.
func (m *matrix) ahead() (x, y rules.Seat, mv, reply rules.Move, ok bool) {
	for range 40 {
		g := m.game()
		if g.Ended != nil {
			return
		}
		x = g.State.ToAct()[0]
		mv = m.choose(g.State, x)
		if next, err := g.State.Apply(x, mv); err == nil {
			for y := range rules.Seat(len(g.Created.Players)) {
				if _, gone := g.Abandoned[int(y)]; !gone && !slices.Contains(g.State.ToAct(), y) && slices.Contains(next.ToAct(), y) {
					if reply := m.choose(next, y); reply != nil {
						return x, y, mv, reply, true
					}
				}
			}
		}
		m.advance(1)
	}
	return
}

// conditional has a seat write its reply in advance, and the move it
// waits for played.
func (m *matrix) conditional() {
	m.t.Helper()
	x, y, mv, reply, ok := m.ahead()
	if !ok {
		m.t.Errorf("found no position for a conditional move")
		return
	}
	if m.do("conditional", errOnly(m.svc.Conditional(m.ctx, m.id, y, mv.String(), reply.String(), games.Cause{}))) {
		m.do("the awaited move", errOnly(m.svc.Move(m.ctx, m.id, x, mv.String(), games.Cause{})))
	}
}

// programmed has a seat send the move of its next turn ahead of time.
func (m *matrix) programmed() {
	m.t.Helper()
	x, y, mv, reply, ok := m.ahead()
	if !ok {
		m.t.Errorf("found no position for a programmed move")
		return
	}
	if m.do("programmed list", errOnly(m.svc.Queue(m.ctx, m.id, y, []string{reply.String()}, games.Cause{}))) {
		m.do("the move before it", errOnly(m.svc.Move(m.ctx, m.id, x, mv.String(), games.Cause{})))
	}
}

// undo has a player other than the host ask to take back the last move,
// declined, then asked again and agreed, at the first position where
// nothing hidden came out since that move.
func (m *matrix) undo() {
	m.t.Helper()
	for range 40 {
		m.advance(1)
		g := m.game()
		asker := rules.Seat(g.Moves[len(g.Moves)-1].Seat)
		if asker == 0 {
			continue // the host's undo is decided at once: a player's must be asked
		}
		if _, err := m.svc.Undo(m.ctx, m.id, asker, 1, games.Cause{}); errors.Is(err, games.ErrUndo) {
			continue
		} else if !m.do("undo asked", err) {
			return
		}
		for seat := range rules.Seat(3) {
			if seat != asker && m.game().Undo != nil {
				m.do("undo declined", errOnly(m.svc.AnswerUndo(m.ctx, m.id, seat, false, games.Cause{})))
			}
		}
		m.do("undo asked again", errOnly(m.svc.Undo(m.ctx, m.id, asker, 1, games.Cause{})))
		for seat := range rules.Seat(3) {
			if seat != asker && m.game().Undo != nil {
				m.do("undo agreed", errOnly(m.svc.AnswerUndo(m.ctx, m.id, seat, true, games.Cause{})))
			}
		}
		return
	}
	m.t.Errorf("found no position where a move could be taken back")
}

// hostUndo has the host take back the last move at once, at the first
// position where nothing hidden came out since, and the game played on.
func (m *matrix) hostUndo() {
	m.t.Helper()
	for range 40 {
		m.advance(1)
		if _, err := m.svc.Undo(m.ctx, m.id, 0, 1, games.Cause{}); errors.Is(err, games.ErrUndo) {
			continue
		} else if m.do("host's undo", err) {
			m.advance(1)
		}
		return
	}
	m.t.Errorf("found no position where the host could take a move back")
}

func errOnly[T any](_ T, err error) error { return err }

// check renders every notice written since the last check, text and
// HTML, and notes the roles it reached.
func (m *matrix) check() {
	m.t.Helper()
	ns, err := mailtest.CatchUpNotices(m.ctx, m.svc.Store, "matrix", m.svc.Notices)
	if err != nil {
		m.t.Fatal(err)
	}
	for _, n := range ns {
		first := m.render(n)
		m.truth(n, first)
	}
}

func (m *matrix) render(n mail.Notice) mail.Outgoing {
	m.t.Helper()
	g, evs, _, err := m.svc.LoadAt(m.ctx, n.Game, int(n.Seq))
	if err != nil {
		m.t.Fatal(err)
	}
	e := evs[n.Seq-1]
	label := eventLabel(g, e)
	out, err := m.svc.Render(m.ctx, matrixLetterhead, n)
	m.rendered++
	switch {
	case err != nil:
		m.t.Errorf("%s to %s after %s: Render: %v", n.Kind, n.To, label, err)
		return out
	case out.Subject == "" || strings.TrimSpace(out.Text) == "" || strings.TrimSpace(out.HTML) == "":
		m.t.Errorf("%s to %s after %s: empty subject, text or HTML", n.Kind, n.To, label)
	}
	if _, gone := g.Abandoned[n.Seat]; gone && out.Headers[letters.HeaderTurn] != "" {
		m.t.Errorf("%s to %s after %s prompts a seat pbem plays:\n%s", n.Kind, n.To, label, out.Text)
	}
	if bad := badYou.FindString(out.Subject + "\n" + out.Text + "\n" + html.UnescapeString(out.HTML)); bad != "" {
		m.t.Errorf("%s to %s after %s says %q:\n%s", n.Kind, n.To, label, bad, out.Text)
	}
	// A reminder, a digest or the SAYs gathered is itself what its event
	// records; every other mail tells its event in words.
	if n.Kind != notice.KindReminder && n.Kind != notice.KindDigest && e.Type != events.TypeSaysGathered && notice.Describe(g, e, n.Seat) == "" {
		m.t.Errorf("%s to %s after %s: the event has no sentence for the recipient", n.Kind, n.To, label)
	}
	if m.reached[label] == nil {
		m.reached[label] = map[string]bool{}
	}
	for _, r := range recipientRoles(g, e, n, m.newcomers) {
		m.reached[label][r] = true
	}
	checkPicture(m.t, fmt.Sprintf("%s to %s after %s", n.Kind, n.To, label), g.State.View(rules.Seat(n.Seat)), out)
	return out
}

// promptLine opens the prompt of every mail that asks for a move.
const promptLine = "Reply with your move, for example:"

// truth checks notice n, rendered, against the game folded to n's event
// and against the game as the command that wrote n left it: the mail shows
// the board as it was at its event, a board no later event of its batch
// took back, a prompt only to a seat that may move then, never a move
// taken back as what happened, its event's time as its Date, the game's
// one subject and headers that say what it is, and a place in its
// recipient's thread.
func (m *matrix) truth(n mail.Notice, first mail.Outgoing) {
	m.t.Helper()
	g, _, _, err := m.svc.LoadAt(m.ctx, n.Game, int(n.Seq))
	if err != nil {
		m.t.Fatal(err)
	}
	head, evs, _, err := m.svc.LoadAt(m.ctx, n.Game, 0)
	if err != nil {
		m.t.Fatal(err)
	}
	out, err := m.svc.Render(m.ctx, matrixLetterhead, n)
	if err != nil {
		return // render has said so
	}
	e := evs[n.Seq-1]
	where := fmt.Sprintf("%s to %s after event %d (%s)", n.Kind, n.To, n.Seq, eventLabel(g, e))
	if a, b := written(m.t, first), written(m.t, out); !bytes.Equal(a, b) {
		m.t.Errorf("%s: rendered twice, the mails differ:\n%s", where, firstDiff(a, b))
	}
	for _, later := range evs[n.Seq:head.Seq] {
		if later.Type == events.TypeMovesUndone {
			m.t.Errorf("%s shows a board that event %d, recorded with it, took back:\n%s", where, later.Seq, out.Text)
		}
	}
	if view := strings.TrimRight(g.State.View(rules.Seat(n.Seat)).Text(), "\n"); n.Kind != notice.KindGameOver && !strings.Contains(out.Text, view) {
		m.t.Errorf("%s does not show the board as it was at its event:\n%s", where, out.Text)
	}
	_, gone := g.Abandoned[n.Seat]
	mayMove := slices.Contains(g.State.ToAct(), rules.Seat(n.Seat)) && g.PausedAt == nil && g.Ended == nil && !gone && len(g.Open()) == 0
	prompted := strings.Contains(out.Text, promptLine)
	if prompted && !mayMove || !prompted && (n.Kind == notice.KindYourTurn || n.Kind == notice.KindReminder) {
		m.t.Errorf("%s: prompt %v, but the seat may move then: %v (paused %v):\n%s", where, prompted, mayMove, g.PausedAt != nil, out.Text)
	}
	if acting := "Waiting for " + g.Created.Players[max(n.Seat, 0)].Name; n.Seat >= 0 && strings.Contains(strings.Join(strings.Fields(out.Text), " "), acting) {
		m.t.Errorf("%s tells its reader to wait for themselves:\n%s", where, out.Text)
	}
	if (out.Headers[letters.HeaderTurn] != "" || strings.Contains(out.Text, promptLine)) && (!mayMove || n.Seq != head.Seq && !m.ticking) {
		m.t.Errorf("%s says it is the seat's turn, which the history (now at event %d) has left behind:\n%s", where, head.Seq, out.Text)
	}
	if bad := unnatural(out.Text); bad != "" {
		m.t.Errorf("%s lists legal moves out of their natural order, %s:\n%s", where, bad, out.Text)
	}
	opening, _, _ := strings.Cut(out.Text, "\n\n")
	standing := map[string]bool{} // a move played again reads as the one taken back
	for _, mv := range g.Moves {
		if !g.Undone[mv.Seq] {
			standing[notice.Describe(g, evs[mv.Seq-1], n.Seat)] = true
		}
	}
	for _, mv := range g.Moves {
		line := notice.Describe(g, evs[mv.Seq-1], n.Seat)
		if !g.Undone[mv.Seq] || line == "" || standing[line] {
			continue
		}
		listed := strings.Contains(out.Text, "  - "+line) && n.Kind != notice.KindHistory && n.Kind != notice.KindDigest
		if listed || strings.Contains(opening, line) {
			m.t.Errorf("%s tells a move taken back as what happened, %q:\n%s", where, line, out.Text)
		}
	}
	if !out.Date.Equal(e.Time) {
		m.t.Errorf("%s: Date %v, want its event's time %v", where, out.Date, e.Time)
	}
	if want, ok := m.subjects[n.Game]; !ok {
		m.subjects[n.Game] = out.Subject
	} else if out.Subject != want {
		m.t.Errorf("%s: subject %q, want the game's %q", where, out.Subject, want)
	}
	// The event as its reader counts events: none hidden from them.
	number := notice.VisibleSeq(evs, n.Seq, n.Seat)
	if out.Headers[letters.HeaderKind] == "" || out.Headers[letters.HeaderGame] != n.Game || out.Headers[letters.HeaderSeq] != fmt.Sprint(number) {
		m.t.Errorf("%s: headers %v, want its kind, game and event %d as its reader counts", where, out.Headers, number)
	}
	if id, ok := notice.ParseMessageID(n.ID); ok && id.Notice() && (id.Visible && id.Seq != number || !id.Visible && n.Seq != 1) {
		m.t.Errorf("%s: Message-ID %s, want event %d as its reader counts", where, n.ID, number)
	}
	root := fmt.Sprintf("%s.1.%d.invitation@pbem.invalid", n.Game, n.Seat)
	switch {
	case n.Seat < 0:
	case n.Kind == notice.KindInvitation && (out.InReplyTo != "" || len(out.References) > 0):
		m.t.Errorf("%s: the invitation answers %q, refers to %v; it starts the thread", where, out.InReplyTo, out.References)
	case n.Kind != notice.KindInvitation && (len(out.References) == 0 || out.References[0] != root || out.InReplyTo != out.References[len(out.References)-1]):
		m.t.Errorf("%s: In-Reply-To %q, References %v, want the thread from %s", where, out.InReplyTo, out.References, root)
	}
}

// written is out as a sender writes it.
func written(t testing.TB, out mail.Outgoing) []byte {
	t.Helper()
	s, err := mail.NewSender(mail.SMTPOptions{Addr: "127.0.0.1:25", From: matrixLetterhead.Mailbox, FromName: matrixLetterhead.Service})
	if err != nil {
		t.Fatal(err)
	}
	msg, err := s.Message(out)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := msg.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// firstDiff shows where a and b part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < min(len(a), len(b)) && a[i] == b[i] {
		i++
	}
	return fmt.Sprintf("at byte %d: %q\nagainst %q", i, a[i:min(i+80, len(a))], b[i:min(i+80, len(b))])
}

// trailingNumber splits a move into what precedes its last number and
// that number, -1 for a move that does not end in one.
var trailingNumber = regexp.MustCompile(`^(.*?)(\d+)$`)

// unnatural returns two moves listed in a prompt's "You may play" lines
// where the second, alike but for its last number, has the smaller one
// (BID 10 before BID 2), or "" if there are none.
func unnatural(text string) string {
	_, list, ok := strings.Cut(text, "You may play:\n")
	if !ok {
		return ""
	}
	list, _, _ = strings.Cut(list, "\n\n")
	moves := strings.Split(strings.Join(strings.Fields(strings.ReplaceAll(list, ",", " ,")), " "), " , ")
	for i := 1; i < len(moves); i++ {
		a, b := trailingNumber.FindStringSubmatch(moves[i-1]), trailingNumber.FindStringSubmatch(moves[i])
		if a == nil || b == nil || a[1] != b[1] {
			continue
		}
		if x, y := atoi(a[2]), atoi(b[2]); x > y {
			return moves[i-1] + " before " + moves[i]
		}
	}
	return ""
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

// eventLabel is e's type, and for a move how it was played.
func eventLabel(g *projections.Game, e events.Event) string {
	var mp events.MovePlayed
	if e.Type != events.TypeMovePlayed || e.Unmarshal(&mp) != nil {
		return e.Type
	}
	_, gone := g.Abandoned[mp.Seat]
	switch {
	case mp.Timeout && gone:
		return e.Type + " for a seat pbem plays"
	case mp.Timeout:
		return e.Type + " at a timeout"
	case mp.Conditional:
		return e.Type + " written in advance"
	case mp.Queued:
		return e.Type + " from a programmed list"
	case mp.Forced:
		return e.Type + " forced"
	}
	return e.Type
}

// recipientRoles are the roles of n's recipient towards e, with g the game after e.
func recipientRoles(g *projections.Game, e events.Event, n mail.Notice, newcomers map[string]bool) []string {
	var out []string
	acted := e.Actor
	var mp events.MovePlayed
	if e.Type == events.TypeMovePlayed && e.Unmarshal(&mp) == nil {
		acted = mp.Seat
		if mp.Timeout || mp.Conditional || mp.Queued {
			out = append(out, rolePbem)
		}
	}
	if e.Actor == events.SystemActor {
		out = append(out, rolePbem)
	}
	switch {
	case n.Seat == int(rules.Observer):
		out = append(out, roleObserver)
	case n.Seat == acted:
		out = append(out, roleActed)
	case slices.Contains(g.State.ToAct(), rules.Seat(n.Seat)):
		out = append(out, roleNext)
	default:
		out = append(out, roleOther)
	}
	if strings.EqualFold(n.To, matrixHost) {
		out = append(out, roleHost)
	}
	if newcomers[n.To] {
		out = append(out, roleNewcomer)
	}
	return out
}

// histories renders, at the end, every seat's and an observer's HISTORY of
// each game, and checks every sentence for every reader: events that no
// notice told a seat of itself (its own undo request) show there.
func (m *matrix) histories(ids ...string) {
	m.t.Helper()
	for _, id := range ids {
		g, evs, _, err := m.svc.LoadAt(m.ctx, id, 0)
		if err != nil {
			m.t.Fatal(err)
		}
		for _, e := range evs {
			m.types[e.Type] = true
		}
		for seat := -1; seat < len(g.Created.Players); seat++ {
			to := matrixObserver
			if seat >= 0 {
				to = g.Created.Players[seat].Address
			}
			n := mail.Notice{ID: fmt.Sprintf("%s.history.%d", id, seat), Kind: notice.KindHistory, Game: id, Seq: g.Seq, Seat: seat, To: to}
			out, err := m.svc.Render(m.ctx, matrixLetterhead, n)
			if err != nil {
				m.t.Errorf("history of %s for seat %d: %v", id, seat, err)
				continue
			}
			if bad := badYou.FindString(out.Text + html.UnescapeString(out.HTML)); bad != "" {
				m.t.Errorf("history of %s for seat %d says %q:\n%s", id, seat, bad, out.Text)
			}
			for _, e := range evs {
				if line := notice.Describe(g, e, seat); badYou.MatchString(line) {
					m.t.Errorf("event %d (%s) reads %q to seat %d", e.Seq, e.Type, line, seat)
				}
			}
		}
	}
}

// TestRenderMatrix plays, in every game, positions that record every
// event type: moves by players, by pbem at a timeout, for an expelled
// seat, written in advance and programmed; the clock's reminders,
// deadlines and digests; the table's pauses, vacations, undos, a new
// player, an observer and the end. Every notice each event causes is
// rendered, text and HTML, for every recipient: the seat that acted, the
// seat to move next, the others, the host, an observer, the newcomer.
func TestRenderMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("plays three games to the end")
	}
	t.Parallel() // one of the package's longest: beside the others, not after them
	for _, rg := range []rules.Game{atacama.Game, altiplano.Game, archipelago.Game} {
		t.Run(rg.Info().Name, func(t *testing.T) {
			m := newMatrix(t, rules.NewCatalog(rg))
			m.play(rg.Info())
			t.Logf("%d mails rendered", m.rendered)
			m.cover(rg.Info())
		})
	}
}

// play records every event type in one game of three, and a resignation
// in another.
func (m *matrix) play(info rules.Info) {
	m.create(info.Name)
	main := m.id
	m.do("watch", errOnly(m.svc.Watch(m.ctx, m.id, 0, matrixObserver, true, games.Cause{})))
	m.do("observer accepts", errOnly(m.svc.AcceptWatch(m.ctx, m.id, matrixObserver, games.Cause{})))
	m.do("say", errOnly(m.svc.Say(m.ctx, m.id, 1, "good luck", games.Cause{})))
	m.do("say again", errOnly(m.svc.Say(m.ctx, m.id, 1, "and have fun", games.Cause{}))) // held back: the tick gathers it
	m.do("digest on", errOnly(m.svc.SetDigest(m.ctx, m.id, 2, true, games.Cause{})))
	m.do("auto off", errOnly(m.svc.SetAuto(m.ctx, m.id, 1, false, games.Cause{})))
	m.advance(2)
	m.tick(25 * time.Hour) // the digest
	m.do("digest off", errOnly(m.svc.SetDigest(m.ctx, m.id, 2, false, games.Cause{})))

	m.undo()
	m.hostUndo()
	m.do("vacation", errOnly(m.svc.Vacation(m.ctx, m.id, 2, m.now.Add(30*24*time.Hour), m.now.Add(31*24*time.Hour), games.Cause{})))
	m.do("pause", errOnly(m.svc.Pause(m.ctx, m.id, 0, true, games.Cause{})))
	m.do("say while paused", errOnly(m.svc.Say(m.ctx, m.id, 2, "back soon", games.Cause{})))
	m.do("resume", errOnly(m.svc.Pause(m.ctx, m.id, 0, false, games.Cause{})))
	m.do("end proposed", errOnly(m.svc.ProposeEnd(m.ctx, m.id, 1, games.Cause{})))
	m.conditional()
	if info.Programmed {
		m.programmed()
	}
	m.do("replace", errOnly(m.svc.Replace(m.ctx, m.id, 0, 1, events.Player{Name: "Dee", Address: "dee@example.org"}, games.Cause{})))
	m.newcomers["dee@example.org"] = true
	m.advance(3)

	// The clock: a reminder, the deadline, the grace, and pbem moves.
	set, err := locale.ParseDeadline("48h GRACE 6h")
	if err != nil {
		m.t.Fatal(err)
	}
	m.do("deadline", errOnly(m.svc.SetSettings(m.ctx, m.id, 0, set, games.Cause{})))
	m.tick(37 * time.Hour)
	m.tick(12 * time.Hour)
	m.tick(6 * time.Hour)
	m.advance(3)

	// The host expels a seat: pbem plays it at once and whenever its turn
	// comes; the two players left agree to end.
	m.do("expel", errOnly(m.svc.Expel(m.ctx, m.id, 0, 2, games.Cause{})))
	m.advance(4)
	m.do("end proposed", errOnly(m.svc.ProposeEnd(m.ctx, m.id, 0, games.Cause{})))
	m.do("end proposed", errOnly(m.svc.ProposeEnd(m.ctx, m.id, 1, games.Cause{})))

	// A game that waits for a player to JOIN: nobody is asked for a move
	// until every seat is taken.
	m.createOpen(info.Name)
	m.do("join", errOnly(m.svc.Join(m.ctx, m.id, "cai@example.com", games.Cause{})))
	m.advance(1)

	// A game made by mail: the guests are asked first and hear nothing
	// else until they answer; one declines, and their seat waits for a
	// JOIN.
	m.createInvited(info.Name)
	invited := m.id
	m.do("say before the answers", errOnly(m.svc.Say(m.ctx, m.id, 0, "welcome", games.Cause{})))
	m.do("accept", errOnly(m.svc.AnswerInvitation(m.ctx, m.id, 1, true, games.Cause{})))
	m.do("decline", errOnly(m.svc.AnswerInvitation(m.ctx, m.id, 2, false, games.Cause{})))
	m.do("join", errOnly(m.svc.Join(m.ctx, m.id, "dee@example.org", games.Cause{})))
	m.advance(1)

	// Another game, which a player resigns.
	m.create(info.Name)
	m.advance(2)
	m.do("resign", errOnly(m.svc.Resign(m.ctx, m.id, 2, games.Cause{})))
	m.histories(main, invited, m.id)
}

// cover fails for an event type that was never recorded, and for a move
// played any way that did not reach every role it should.
func (m *matrix) cover(info rules.Info) {
	for _, typ := range notice.EventTypes() {
		if !m.types[typ] && (typ != events.TypeMovesQueued || info.Programmed) {
			m.t.Errorf("no %s was recorded", typ)
		}
	}
	want := map[string][]string{
		events.TypeMovePlayed:                            {roleActed, roleNext, roleOther, roleHost, roleObserver, roleNewcomer},
		events.TypeMovePlayed + " at a timeout":          {rolePbem, roleActed, roleNext, roleObserver},
		events.TypeMovePlayed + " for a seat pbem plays": {rolePbem, roleActed, roleObserver},
		events.TypeMovePlayed + " written in advance":    {rolePbem, roleActed, roleObserver},
	}
	if info.Programmed {
		want[events.TypeMovePlayed+" from a programmed list"] = []string{rolePbem, roleActed, roleObserver}
	}
	for label, rs := range want {
		for _, r := range rs {
			if !m.reached[label][r] {
				m.t.Errorf("no mail about a %s reached %s", label, r)
			}
		}
	}
	for _, label := range slices.Sorted(maps.Keys(m.reached)) {
		m.t.Logf("%-40s %s", label, strings.Join(slices.Sorted(maps.Keys(m.reached[label])), ", "))
	}
}

// TestRenderAnswersTrue mails the host's UNDO and a move refused after it
// in one mail, and HELP to the plain mailbox: the refusal shows the board
// as the undo left it, and every answer is dated when its mail came in.
func TestRenderAnswersTrue(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	if r := refusals(mt.mail(id, 0, "ana@example.org", "", "E5\r\n")); len(r) > 0 {
		t.Fatalf("ana's first move refused: %v", r)
	}
	out := mt.mail(id, 0, "ana@example.org", "", "UNDO\r\nZ99\r\n")
	g := mt.game(id)
	if len(g.Moves) != 1 || !g.Undone[g.Moves[0].Seq] {
		t.Fatalf("ana's UNDO left moves %v, undone %v", g.Moves, g.Undone)
	}
	board := strings.TrimRight(g.State.View(0).Text(), "\n")
	var refused bool
	for _, o := range out {
		if o.Headers[letters.HeaderKind] != notice.KindRejected {
			continue
		}
		refused = true
		if o.Headers[letters.HeaderSeq] != fmt.Sprint(g.Seq) || !strings.Contains(o.Text, board) {
			t.Errorf("the refusal after the UNDO shows the game as after event %s, not %d:\n%s", o.Headers[letters.HeaderSeq], g.Seq, o.Text)
		}
	}
	if !refused {
		t.Errorf("Z99 after UNDO was not refused: %d answers", len(out))
	}

	received := time.Date(2026, 12, 2, 8, 30, 0, 0, time.UTC)
	raw := "From: eve@example.com\r\nTo: games@pbem.test\r\nMessage-ID: <help@example.com>\r\nSubject: help\r\nDate: Wed, 2 Dec 2026 08:29:00 +0000\r\n\r\nHELP\r\n"
	before := len(mt.outbox())
	if err := mt.m.Handle(context.Background(), mail.NewInboxRecord([]byte(raw), "INBOX", 1, 999, received)); err != nil {
		t.Fatal(err)
	}
	notices := mt.outbox()[before:]
	if len(notices) != 1 {
		t.Fatalf("HELP to the plain mailbox got %d answers, want 1", len(notices))
	}
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	o, err := mt.svc.Render(context.Background(), lh, notices[0])
	if err != nil {
		t.Fatal(err)
	}
	if !o.Date.Equal(received) {
		t.Errorf("the answer to HELP is dated %v, want %v, when its mail came in", o.Date, received)
	}
}

// TestAskedHeader mails a player's UNDO in a game of three: the mail that
// asks each other player to answer it says so in X-Pbem-Asked, for bots
// and filters; the asker's own mail, and the mail once it is settled, do
// not.
func TestAskedHeader(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 3)
	addrs := tableAddrs
	mt.playFirst(id, 0, 1)
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	asked := func(body string, seat int) map[string]string {
		t.Helper()
		before := len(mt.outbox())
		mt.mail(id, seat, addrs[seat], "", body)
		got := map[string]string{}
		for _, n := range mt.outbox()[before:] {
			o, err := mt.svc.Render(context.Background(), lh, n)
			if err != nil {
				t.Fatal(err)
			}
			got[n.To] += o.Headers[letters.HeaderAsked]
		}
		return got
	}
	got := asked("UNDO\r\n", 1)
	if want := map[string]string{addrs[0]: "undo", addrs[2]: "undo"}; !maps.Equal(got, want) {
		t.Errorf("after bea's UNDO, X-Pbem-Asked by recipient: %q, want %q", got, want)
	}
	if g := mt.game(id); g.Undo == nil {
		t.Fatal("bea's UNDO waits for nobody")
	}
	for _, seat := range []int{0, 2} {
		for to, h := range asked("AGREE\r\n", seat) {
			if h != "" {
				t.Errorf("after an AGREE, %s's mail asks them %q", to, h)
			}
		}
	}
	if g := mt.game(id); g.Undo != nil || len(g.Undone) == 0 {
		t.Errorf("every other player agreed, yet the undo waits (%v) or undid nothing (%v)", g.Undo, g.Undone)
	}
}

// TestJoinHeader: a host's mail, while their game has an open seat,
// carries the line that takes it (X-Pbem-Join), which works when a
// newcomer sends it; nobody else's mail does, and once the seat is taken
// the host's does not either.
func TestJoinHeader(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	out := mt.send("ana@example.org", mt.m.Mailbox, "", "NEW atacama WITH OPEN\r\n")
	var join string
	for _, n := range mt.outbox() {
		o, err := mt.svc.Render(ctx, letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}, n)
		if err != nil {
			t.Fatal(err)
		}
		if h := o.Headers[letters.HeaderJoin]; h != "" {
			join = h
			if n.To != "ana@example.org" {
				t.Errorf("%s, not the host, got the line %q", n.To, h)
			}
		}
	}
	if !strings.HasPrefix(join, "JOIN ") {
		t.Fatalf("the host's mails after NEW … WITH OPEN carry no %s (answers: %d)", letters.HeaderJoin, len(out))
	}
	id := strings.Fields(join)[1]
	before := len(mt.outbox())
	if r := refusals(mt.confirmed("dan@example.com", join)); len(r) > 0 {
		t.Fatalf("the newcomer's %s was refused: %v", join, r)
	}
	if g := mt.game(id); g.Waiting() || g.Created.Players[1].Address != "dan@example.com" {
		t.Errorf("after the newcomer's JOIN the game waits (%v) or seat 1 is %q", g.Waiting(), g.Created.Players[1].Address)
	}
	for _, n := range mt.outbox()[before:] {
		o, err := mt.svc.Render(ctx, letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}, n)
		if err != nil {
			t.Fatal(err)
		}
		if h := o.Headers[letters.HeaderJoin]; h != "" {
			t.Errorf("after the seat was taken, %s's %s mail still carries %q", n.To, n.Kind, h)
		}
	}
}
