package mailroom

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
)

// TestAdmit: a mail to a game's reply address is run only from the
// seat's own player with the seat's token; a player who got it wrong is
// told why, anyone else is ignored.
func TestAdmit(t *testing.T) {
	r := newRoom(t)
	id := r.create()
	other := mail.Tokens{Secret: []byte("another secret")}
	expelled := r.create()
	if out := answers(r.seat(expelled, 0, "EXPEL 1\r\n"), seatAddrs[0]); len(out) != 0 {
		t.Fatalf("Ana's EXPEL answered %+v", out)
	}
	tests := []struct {
		name, from, to string
		answers        string // the kinds of the answers to from
		refused        string
	}{
		{name: "the seat's player", from: seatAddrs[0], to: r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0), answers: notice.KindHelp},
		{name: "in any case", from: "ANA@Example.org", to: r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0), answers: notice.KindHelp},
		{name: "a bad token", from: seatAddrs[0], to: other.ReplyTo(r.m.Mailbox, id, 0), answers: notice.KindRejected, refused: "bad.token"},
		{name: "another seat's address", from: seatAddrs[1], to: r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0), answers: notice.KindRejected, refused: "other.seat"},
		{name: "a stranger", from: "eve@example.com", to: r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0)},
		{name: "an unknown game", from: seatAddrs[0], to: r.m.Tokens.ReplyTo(r.m.Mailbox, "nosuch", 0)},
		{name: "an expelled player", from: seatAddrs[1], to: r.m.Tokens.ReplyTo(r.m.Mailbox, expelled, 1), answers: notice.KindRejected, refused: "expelled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r.t = t
			out := r.send(tc.from, tc.to, "", "HELP\r\n")
			if got := kinds(answers(out, strings.ToLower(tc.from))); got != tc.answers {
				t.Errorf("HELP from %s to %s answered %q, want %q", tc.from, tc.to, got, tc.answers)
			}
			if got := refusal(out); got != tc.refused {
				t.Errorf("HELP from %s to %s refused saying %q, want %q", tc.from, tc.to, got, tc.refused)
			}
			for _, n := range out {
				if n.To != tc.from && !strings.EqualFold(n.To, tc.from) {
					t.Errorf("HELP from %s to %s mailed %s a %s", tc.from, tc.to, n.To, n.Kind)
				}
			}
		})
	}
}

// TestAuthenticated: with a trusted server named, a mail counts only
// when that server's Authentication-Results say it passed; another
// server's say nothing.
func TestAuthenticated(t *testing.T) {
	const mx = "mx.pbem.test"
	tests := []struct {
		name, trusted, header string
		want                  bool
	}{
		{name: "nothing asked", want: true},
		{name: "nothing asked, a header", header: "Authentication-Results: " + mx + "; dmarc=fail header.from=example.org\r\n", want: true},
		{name: "passed", trusted: mx, header: "Authentication-Results: " + mx + "; dmarc=pass header.from=example.org\r\n", want: true},
		{name: "failed", trusted: mx, header: "Authentication-Results: " + mx + "; dmarc=fail header.from=example.org\r\n"},
		{name: "another server", trusted: mx, header: "Authentication-Results: evil.example; dmarc=pass header.from=example.org\r\n"},
		{name: "none", trusted: mx},
	}
	r := newRoom(t)
	for _, tc := range tests {
		r.m.TrustedAuthServID = tc.trusted
		rec := r.record("dov@example.org", r.m.Mailbox, tc.header, "HELP\r\n")
		p, err := mail.Parse(rec.Raw, r.m.limits())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.m.authenticated(rec, p, r.m.log()); got != tc.want {
			t.Errorf("%s: authenticated = %v, want %v", tc.name, got, tc.want)
		}
		before := len(r.notices())
		if err := r.m.Handle(context.Background(), rec); err != nil {
			t.Fatal(err)
		}
		if answered := len(r.notices()) > before; answered != tc.want {
			t.Errorf("%s: the mail answered = %v, want %v", tc.name, answered, tc.want)
		}
	}
}

// TestUnanswered: automatic mail, mail without a sender and mail whose
// header cannot be read are recorded and not answered.
func TestUnanswered(t *testing.T) {
	r := newRoom(t)
	for name, raw := range map[string]string{
		"automatic":      "From: dov@example.org\r\nTo: games@pbem.test\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <a1@example.org>\r\nSubject: away\r\n\r\nHELP\r\n",
		"no sender":      "To: games@pbem.test\r\nMessage-ID: <a2@example.org>\r\nSubject: hi\r\n\r\nHELP\r\n",
		"no header read": "\x00\x01 not a header at all\r\n",
	} {
		var bounced int
		r.m.OnBounce = func(context.Context, string, *mail.Parsed) error { bounced++; return nil }
		if err := r.m.Handle(context.Background(), mail.NewInboxRecord([]byte(raw), "INBOX", 1, 1, time.Now())); err != nil {
			t.Errorf("%s: Handle = %v", name, err)
		}
		if ns := r.notices(); len(ns) > 0 || bounced > 0 {
			t.Errorf("%s: answered %+v, %d bounces recorded", name, ns, bounced)
		}
		reading, err := r.m.Read(context.Background(), mail.NewInboxRecord([]byte(raw), "INBOX", 1, 1, time.Now()))
		if err != nil || len(reading.Notes) != 1 || len(reading.Runs) != 0 {
			t.Errorf("%s: Read = %+v, %v; want one note of why it is not answered", name, reading, err)
		}
	}
}

// TestTooLong: a mail longer than pbem reads is answered from its header
// alone, saying why, and runs nothing.
func TestTooLong(t *testing.T) {
	r := newRoom(t)
	head := "From: dov@example.org\r\nTo: games@pbem.test\r\nMessage-ID: <big@example.org>\r\nSubject: hi\r\n\r\n"
	// What the intake records of a mail past MaxRaw: its header alone.
	rec := mail.NewInboxRecord([]byte(head+"HELP\r\n"), "INBOX", 1, 1, time.Now())
	rec.Truncated, rec.Size = true, mail.MaxRaw+10<<10
	if err := r.m.Handle(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	out := r.notices()
	if kinds(out) != notice.KindRejected || refusal(out) != "unread.too.long" || out[0].Fields[ownWords] != "1" {
		t.Fatalf("a mail too long answered %+v, want one refusal in pbem's words", out)
	}
	if got, want := out[0].Fields["reason.msgs"], `[["unread.too.long","2058","2048"]]`; got != want {
		t.Errorf("the refusal says %s, want %s: the mail's and the bound's KiB", got, want)
	}
	// Too long for the mailroom's own bound: read from its header alone.
	r.m.Limits.MaxBytes = 200
	r.plain("eve@example.org", "HELP\r\n"+strings.Repeat("long line\r\n", 40))
	out = answers(r.notices(), "eve@example.org")
	if kinds(out) != notice.KindRejected || !strings.HasPrefix(refusal(out), "unread") {
		t.Errorf("a mail over Limits.MaxBytes answered %+v, want the reason it is unread", out)
	}
}

// TestReadAgain: a mail handled and answered before is neither run nor
// answered again.
func TestReadAgain(t *testing.T) {
	r := newRoom(t)
	id := r.create()
	rec := r.record(seatAddrs[0], r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0), "", "HELP\r\nSAY hi\r\n")
	for range 2 {
		if err := r.m.Handle(context.Background(), rec); err != nil {
			t.Fatal(err)
		}
	}
	if got := kinds(answers(r.notices(), seatAddrs[0])); got != notice.KindHelp {
		t.Errorf("a mail handled twice answered %q, want one help", got)
	}
	if g := r.game(id); len(g.Said) != 1 {
		t.Errorf("a mail handled twice said %+v, want its SAY once", g.Said)
	}
	// Refused once, never done when read again, though the game allows
	// it by then.
	early := r.record(seatAddrs[1], r.m.Tokens.ReplyTo(r.m.Mailbox, id, 1), "", "C3\r\n")
	if err := r.m.Handle(context.Background(), early); err != nil {
		t.Fatal(err)
	}
	r.seat(id, 0, "A1\r\n")
	if err := r.m.Handle(context.Background(), early); err != nil {
		t.Fatal(err)
	}
	if g := r.game(id); len(g.Moves) != 1 {
		t.Errorf("Bea's move refused out of turn was played when her mail was read again: %+v", g.Moves)
	}
}

// TestAnswerHeaders: an answer goes to the sender in the game's thread of
// their seat and in reply to their mail, from the game as the mail's
// commands left it; one to the plain mailbox is of no game.
func TestAnswerHeaders(t *testing.T) {
	r := newRoom(t)
	id := r.create()
	out := answers(r.seat(id, 0, "A1\r\nBOARD\r\n"), seatAddrs[0])
	g := r.game(id)
	if len(out) != 1 {
		t.Fatalf("A1 and BOARD answered %+v", out)
	}
	n := out[0]
	want := []string{notice.ThreadRoot("pbem.test", id, 0), "m1@example.org"}
	if n.Kind != notice.KindBoard || n.Game != id || n.Seat != 0 || n.Name != "Ana" || n.Seq != g.Seq || n.InReplyTo != "m1@example.org" || !slices.Equal(n.References, want) {
		t.Errorf("the answer is %+v, want Ana's board after her move (seq %d), references %v", n, g.Seq, want)
	}
	if !strings.HasPrefix(n.ID, "re.") || !strings.HasSuffix(n.ID, ".0.board@pbem.test") {
		t.Errorf("the answer's id is %s", n.ID)
	}
	n = answers(r.plain("dov@example.org", "HELP\r\nGAMES\r\n"), "dov@example.org")[1]
	if n.Kind != notice.KindGames || n.Game != "" || n.Seat != int(rules.Observer) || n.Name != "" || !slices.Equal(n.References, []string{n.InReplyTo}) || !strings.Contains(n.ID, ".1.games@") {
		t.Errorf("the second answer to the plain mailbox is %+v", n)
	}
	// Without a Message-ID the answer replies to nothing.
	raw := "From: dov@example.org\r\nTo: games@pbem.test\r\nSubject: hi\r\n\r\nHELP\r\n"
	if err := r.m.Handle(context.Background(), mail.NewInboxRecord([]byte(raw), "INBOX", 1, 99, time.Now())); err != nil {
		t.Fatal(err)
	}
	ns := r.notices()
	if n := ns[len(ns)-1]; n.InReplyTo != "" || len(n.References) != 0 {
		t.Errorf("the answer to a mail without a Message-ID is %+v", n)
	}
}

// TestRatePerHour: a sender's answers stop at their budget, and a
// mailroom taking over counts those already sent (Warm).
func TestRatePerHour(t *testing.T) {
	r := newRoom(t)
	r.m.RatePerHour = 3
	for range 5 {
		r.plain("dov@example.org", "HELP\r\n")
	}
	if n := len(answers(r.notices(), "dov@example.org")); n != 3 {
		t.Errorf("five HELPs got %d answers, want the budget of 3", n)
	}
	for range 2 {
		r.plain("eve@example.org", "HELP\r\n")
	}
	next := &Mailroom{Service: r.m.Service, Tokens: r.m.Tokens, Mailbox: r.m.Mailbox, RatePerHour: 3}
	if err := next.Warm(context.Background()); err != nil {
		t.Fatal(err)
	}
	r.m = next
	r.plain("dov@example.org", "HELP\r\n")
	r.plain("eve@example.org", "HELP\r\n")
	if n := len(answers(r.notices(), "dov@example.org")); n != 3 {
		t.Errorf("after a restart dov got %d answers, want still 3", n)
	}
	if n := len(answers(r.notices(), "eve@example.org")); n != 3 {
		t.Errorf("after a restart eve got %d answers, want her third", n)
	}
}

// TestStrangers: with the read models, one who plays in no game gets
// one answer a day, the fixed text, also after a restart; a player
// gets every answer.
func TestStrangers(t *testing.T) {
	r := newRoom(t)
	index := r.index()
	r.create()
	if err := index.CatchUp(context.Background()); err != nil {
		t.Fatal(err)
	}
	r.plain("eve@example.org", "GAMES\r\n")
	r.plain("eve@example.org", "HELP\r\n")
	out := answers(r.notices(), "eve@example.org")
	if len(out) != 1 || out[0].Kind != notice.KindHelp || said(out[0].Fields, "notice") != "stranger" {
		t.Errorf("a stranger's two mails answered %+v, want the fixed text once", out)
	}
	next := &Mailroom{Service: r.m.Service, Tokens: r.m.Tokens, Mailbox: r.m.Mailbox, Index: index, RatePerHour: 1000}
	if err := next.Warm(context.Background()); err != nil {
		t.Fatal(err)
	}
	r.m = next
	r.plain("eve@example.org", "HELP\r\n")
	if out := answers(r.notices(), "eve@example.org"); len(out) != 1 {
		t.Errorf("after a restart the stranger got %d answers, want still 1", len(out))
	}
	r.plain(seatAddrs[1], "GAMES\r\n")
	r.plain(seatAddrs[1], "HELP\r\n")
	if got := kinds(answers(r.notices(), seatAddrs[1])); got != notice.KindGames+" "+notice.KindHelp {
		t.Errorf("a player's two mails to the plain mailbox answered %q", got)
	}
}

// TestCatchUp: the mailroom handles the recorded mail in order, skips
// what retention left of a mail handled before and unreadable records,
// and keeps of a stranger's mail its header alone; a process that no
// longer holds the mailroom reads nothing.
func TestCatchUp(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	index := r.index()
	id := r.create()
	if err := index.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	store := mail.StoreInbox(r.m.Service.Store)
	stranger := r.record("eve@example.org", r.m.Mailbox, "", "HELP\r\n")
	player := r.record(seatAddrs[0], r.m.Tokens.ReplyTo(r.m.Mailbox, id, 0), "", "SAY hi\r\n")
	pruned := r.record("dov@example.org", r.m.Mailbox, "", "HELP\r\n")
	pruned.Pruned = mail.PrunedBody
	for _, rec := range []mail.InboxRecord{stranger, player, pruned} {
		if err := store(ctx, rec); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.m.Service.Store.PutOnce(ctx, mail.InboxSubject+"garbled", []byte("{not json")); err != nil {
		t.Fatal(err)
	}
	holding := false
	r.m.Holding = func() bool { return holding }
	data, err := json.Marshal(stranger)
	if err != nil {
		t.Fatal(err)
	}
	invitations := len(r.notices())
	if err := r.m.handleRecord(ctx)(events.Record{Data: data}); !errors.Is(err, errStandingBy) || len(r.notices()) > invitations {
		t.Errorf("a mail read by a process that does not hold the mailroom: %v, %d notices; want %v and none", err, len(r.notices())-invitations, errStandingBy)
	}
	holding = true
	if err := r.m.CatchUp(ctx); err != nil {
		t.Fatal(err)
	}
	if got := kinds(r.notices()); !strings.Contains(got, notice.KindHelp) || len(answers(r.notices(), "dov@example.org")) != 0 {
		t.Errorf("CatchUp wrote %q; want the stranger answered and nothing for the pruned record", got)
	}
	if g := r.game(id); len(g.Said) != 1 {
		t.Errorf("the player's SAY was said %d times, want once", len(g.Said))
	}
	kept := map[string]string{}
	if _, err := r.m.Service.Store.ReadSince(ctx, mail.InboxSubject+">", time.Time{}, func(rec events.Record) error {
		var in mail.InboxRecord
		if json.Unmarshal(rec.Data, &in) == nil {
			kept[in.Key] = in.Pruned
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if kept[stranger.Key] != mail.PrunedBody || kept[player.Key] != "" {
		t.Errorf("after CatchUp the stranger's mail is pruned %q and the player's %q; want the stranger's body gone and the player's kept", kept[stranger.Key], kept[player.Key])
	}
}

// TestOrderKey: mail about one game waits for earlier mail about it;
// outside games, mail from one sender for that sender's.
func TestOrderKey(t *testing.T) {
	r := newRoom(t)
	record := func(rec mail.InboxRecord) events.Record {
		data, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		return events.Record{Data: data}
	}
	tests := []struct {
		rec  events.Record
		want string
	}{
		{record(r.record("Ana@Example.org", r.m.Tokens.ReplyTo(r.m.Mailbox, "g1", 0), "", "A1\r\n")), "game g1"},
		{record(r.record("Dov@Example.org", r.m.Mailbox, "", "HELP\r\n")), "from dov@example.org"},
		{record(mail.NewInboxRecord([]byte("\x00 no header"), "INBOX", 1, 1, time.Now())), ""},
		{events.Record{Data: []byte("{not json")}, ""},
	}
	for i, tc := range tests {
		if got := r.m.orderKey(tc.rec); got != tc.want {
			t.Errorf("orderKey of mail %d = %q, want %q", i, got, tc.want)
		}
	}
}

// TestDefaults: what a Mailroom's zero fields mean.
func TestDefaults(t *testing.T) {
	var m Mailroom
	m.Mailbox = "games@pbem.test"
	if got := workers(0); got != DefaultWorkers {
		t.Errorf("workers(0) = %d, want %d", got, DefaultWorkers)
	}
	if got := workers(3); got != 3 {
		t.Errorf("workers(3) = %d", got)
	}
	l := m.limits()
	if l.MaxBytes != mail.MaxRaw || !slices.Equal(l.Self, []string{"games@pbem.test"}) {
		t.Errorf("limits() = %+v, want MaxRaw and the mailbox as pbem's own", l)
	}
	m.Limits = mail.Limits{MaxBytes: 100, Self: []string{"bounces@pbem.test"}}
	if l := m.limits(); l.MaxBytes != 100 || !slices.Equal(l.Self, []string{"bounces@pbem.test", "games@pbem.test"}) {
		t.Errorf("limits() = %+v, want the bound set and both addresses pbem's", l)
	}
	if m.log() == nil {
		t.Error("log() of no Log is nil")
	}
	m.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	if m.log() != m.Log {
		t.Error("log() is not the Log set")
	}
	lim := m.budgetLimits()
	if lim.PerHour != 30 || lim.PerDay != 120 || lim.DomainFactor != DefaultDomainFactor || lim.UnsolicitedPerDay != DefaultUnsolicitedPerDay || lim.MaxTracked != DefaultMaxTracked {
		t.Errorf("budgetLimits() of no fields = %+v", lim)
	}
	m.RatePerHour, m.RatePerDay, m.DomainFactor, m.UnsolicitedPerDay, m.MaxTracked = 5, 7, 2, 1, 9
	if lim := m.budgetLimits(); lim.PerHour != 5 || lim.PerDay != 7 || lim.DomainFactor != 2 || lim.UnsolicitedPerDay != 1 || lim.MaxTracked != 9 {
		t.Errorf("budgetLimits() = %+v, want the fields set", lim)
	}
	m.RatePerDay = 0
	if lim := m.budgetLimits(); lim.PerDay != 20 {
		t.Errorf("budgetLimits().PerDay of RatePerHour 5 = %d, want four hours' worth", lim.PerDay)
	}
}

// TestOnBounce: a delivery report is recorded, not answered, and handed
// to OnBounce with what failed; OnBounce's error is Handle's. Automatic
// mail that is no delivery report is not handed to it.
func TestOnBounce(t *testing.T) {
	const report = "From: MAILER-DAEMON@mx.example.net\r\nTo: games@pbem.test\r\nMessage-ID: <dsn1@mx.example.net>\r\nSubject: Undelivered Mail\r\n" +
		"Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n" +
		"--b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n" +
		"--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.net\r\n\r\nFinal-Recipient: rfc822; ana@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n--b--\r\n"
	const away = "From: dov@example.org\r\nTo: games@pbem.test\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <a1@example.org>\r\nSubject: away\r\n\r\nHELP\r\n"
	refused := errors.New("the report could not be recorded")
	tests := []struct {
		name, raw string
		fail      error  // what OnBounce returns
		failed    string // the recipients OnBounce is told failed; "" for not called
	}{
		{name: "a delivery report", raw: report, failed: "ana@example.org"},
		{name: "a delivery report not recorded", raw: report, fail: refused, failed: "ana@example.org"},
		{name: "an automatic answer", raw: away},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRoom(t)
			var failed []string
			var key string
			r.m.OnBounce = func(_ context.Context, k string, p *mail.Parsed) error {
				key = k
				for _, rc := range p.Bounce.Recipients {
					failed = append(failed, rc.Recipient)
				}
				return tc.fail
			}
			rec := mail.NewInboxRecord([]byte(tc.raw), "INBOX", 1, 1, time.Now())
			if err := r.m.Handle(context.Background(), rec); !errors.Is(err, tc.fail) {
				t.Errorf("Handle = %v, want %v", err, tc.fail)
			}
			if got := strings.Join(failed, " "); got != tc.failed {
				t.Errorf("OnBounce told %q failed, want %q", got, tc.failed)
			}
			if tc.failed != "" && key != rec.Key {
				t.Errorf("OnBounce told of mail %q, want %q", key, rec.Key)
			}
			if ns := r.notices(); len(ns) > 0 {
				t.Errorf("answered %+v", ns)
			}
		})
	}
}
