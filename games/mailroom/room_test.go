package mailroom

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
)

// The mailroom's own tests: what each of its functions promises, on a
// store of their own, read from the notices it writes (their kinds and
// fields), never rendered. The mail side end to end (rendered mail,
// whole games by mail, goldens) is games/mailroom/endtoend's.

// room is a Mailroom of Atacama games on a store of its own, whose
// service's clock goes a minute on at every reading.
type room struct {
	t     *testing.T
	m     *Mailroom
	n     int      // the mails handed to it so far
	addrs []string // the players of create's games, by seat; nil for seatAddrs
	// subject is the subject of the mails record makes; "" is "Re: your game".
	subject string
}

func newRoom(t *testing.T) *room {
	t.Helper()
	c, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	svc := letters.New(&games.Service{
		Store:   storetest.MustOpen(t),
		Catalog: rules.NewCatalog(atacama.Game),
		Now:     func() time.Time { clock = clock.Add(time.Minute); return clock },
		Domain:  "pbem.test",
	}, c)
	m := &Mailroom{Service: svc, Tokens: mail.Tokens{Secret: []byte("test secret")}, Mailbox: "games@pbem.test", RatePerHour: 1000}
	return &room{t: t, m: m}
}

// seatAddrs are the addresses of the players of create's games, by seat.
var seatAddrs = []string{"ana@example.org", "bea@example.net", "cai@example.com"}

// player is the address of seat's player in create's games.
func (r *room) player(seat int) string {
	if r.addrs != nil {
		return r.addrs[seat]
	}
	return seatAddrs[seat]
}

// create starts an Atacama game of Ana (its host) and Bea.
func (r *room) create() string {
	r.t.Helper()
	id, err := r.m.Service.Create(context.Background(), games.NewGame{Game: "atacama", Host: r.player(0),
		Players: []events.Player{{Name: "Ana", Address: r.player(0)}, {Name: "Bea", Address: r.player(1)}}})
	if err != nil {
		r.t.Fatal(err)
	}
	return id
}

// index gives the mailroom the read models of the games, as pbem serve
// does, and returns them.
func (r *room) index() *projections.Projector {
	r.t.Helper()
	index, err := projections.NewProjector(context.Background(), r.m.Service.Store, r.m.Service.Catalog)
	if err != nil {
		r.t.Fatal(err)
	}
	r.m.Index = index
	return index
}

// record is the inbox record of a mail from from to to with extra header
// lines and a body, as the intake records it.
func (r *room) record(from, to, header, body string) mail.InboxRecord {
	r.n++
	raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nMessage-ID: <m%d@example.org>\r\nSubject: %s\r\nDate: Tue, 1 Dec 2026 15:%02d:00 +0000\r\n%s\r\n%s",
		from, to, r.n, cmp.Or(r.subject, "Re: your game"), r.n%60, header, body)
	return mail.NewInboxRecord([]byte(raw), "INBOX", 1, uint32(r.n), time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC))
}

// send hands the mailroom a mail and returns the notices written for it
// (to anyone).
func (r *room) send(from, to, header, body string) []mail.Notice {
	r.t.Helper()
	before := len(r.notices())
	if err := r.m.Handle(context.Background(), r.record(from, to, header, body)); err != nil {
		r.t.Fatal(err)
	}
	return r.notices()[before:]
}

// seat hands the mailroom a mail from seat's player to its reply address
// that answers no earlier mail.
func (r *room) seat(id string, seat int, body string) []mail.Notice {
	r.t.Helper()
	return r.send(r.player(seat), r.m.Tokens.ReplyTo(r.m.Mailbox, id, seat), "", body)
}

// plain hands the mailroom a mail from from to the plain mailbox.
func (r *room) plain(from, body string) []mail.Notice {
	r.t.Helper()
	return r.send(from, r.m.Mailbox, "", body)
}

// notices returns every notice written so far.
func (r *room) notices() []mail.Notice {
	r.t.Helper()
	list, err := mail.ListNotices(context.Background(), r.m.Service.Store, mail.ListOptions{Notices: r.m.Service.Notices})
	if err != nil {
		r.t.Fatal(err)
	}
	out := make([]mail.Notice, len(list))
	for i, s := range list {
		out[i] = s.Notice
	}
	return out
}

func (r *room) game(id string) *projections.Game {
	r.t.Helper()
	g, _, err := r.m.Service.Load(context.Background(), id)
	if err != nil {
		r.t.Fatal(err)
	}
	return g
}

// to returns the notices of ns to addr.
func to(ns []mail.Notice, addr string) []mail.Notice {
	var out []mail.Notice
	for _, n := range ns {
		if n.To == addr {
			out = append(out, n)
		}
	}
	return out
}

// answers returns the mailroom's answers among ns to addr (their ids
// are notice.AnswerID's), leaving out what the commands caused.
func answers(ns []mail.Notice, addr string) []mail.Notice {
	var out []mail.Notice
	for _, n := range ns {
		if strings.EqualFold(n.To, addr) && strings.HasPrefix(n.ID, "re.") {
			out = append(out, n)
		}
	}
	return out
}

// kinds returns the kinds of ns, joined by spaces.
func kinds(ns []mail.Notice) string {
	var k []string
	for _, n := range ns {
		k = append(k, n.Kind)
	}
	return strings.Join(k, " ")
}

// said returns the message ids said in field of a notice's fields (see
// locale.SayIn), joined by spaces; the field's text where it has none.
func said(fields map[string]string, field string) string {
	var msgs [][]string
	if json.Unmarshal([]byte(fields[field+".msgs"]), &msgs) != nil || len(msgs) == 0 {
		return fields[field]
	}
	var ids []string
	for _, m := range msgs {
		ids = append(ids, m[0])
	}
	return strings.Join(ids, " ")
}

// refusal is what the first refusal among ns says: the message id of its
// reason, or its text; "" for none.
func refusal(ns []mail.Notice) string {
	for _, n := range ns {
		if n.Kind == notice.KindRejected || n.Kind == notice.KindError {
			return said(n.Fields, "reason")
		}
	}
	return ""
}

// TestBudgetMapsBounded: strangers writing from ever new addresses fill
// the budgets remembered up to the bound and no further; the strangers
// past it get silence, and a player is still answered.
func TestBudgetMapsBounded(t *testing.T) {
	r := newRoom(t)
	r.index()
	r.m.MaxTracked = 40
	id := r.create()
	for i := range 200 {
		r.plain(fmt.Sprintf("s%d@d%d.example", i, i), "HELP\r\n")
	}
	if n := r.m.budgets.Len(); n > 2*40 {
		t.Errorf("after 200 strangers the mailroom remembers %d budgets, want at most twice the bound of 40", n)
	}
	answered := 0
	for _, n := range r.notices() {
		if strings.HasPrefix(n.To, "s") && strings.HasSuffix(n.To, ".example") {
			answered++
		}
	}
	if answered == 0 || answered >= 200 {
		t.Errorf("%d of 200 strangers were answered, want some and silence past the bound", answered)
	}
	if out := to(r.seat(id, 0, "BOARD\r\n"), seatAddrs[0]); len(out) != 1 {
		t.Errorf("once the budgets were full the player's BOARD got %d answers, want one", len(out))
	}
}
