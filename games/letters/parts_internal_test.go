package letters

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/templates"
)

// The pieces a mail is made of, each by what it promises.

func english(t *testing.T) locale.Locale {
	t.Helper()
	return locale.Of(offered().Words(), mail.Pref{Lang: "en"})
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// TestNaturalCompare: the numbers in moves count by value, the rest by
// character, and a move that is the start of another comes first.
func TestNaturalCompare(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"E9", "E10", -1},
		{"E10", "E9", 1},
		{"CONTRACT 2", "CONTRACT 10", -1},
		{"CONTRACT 10", "CONTRACT 2", 1},
		{"E09", "E9", 0},
		{"E12", "E13", -1},
		{"E13", "E12", 1},
		{"A", "B", -1},
		{"B", "A", 1},
		{"A1", "A1B", -1},
		{"A1B", "A1", 1},
		{"", "A", -1},
		{"PASS", "PASS", 0},
		{"7", "7", 0},
		{"1X", "1Y", -1},
		{"A", "1", 1}, // a letter after a digit, as the character set has them
		{"1", "A", -1},
	} {
		if got := naturalCompare(c.a, c.b); sign(got) != c.want {
			t.Errorf("naturalCompare(%q, %q) = %d, want the sign of %d", c.a, c.b, got, c.want)
		}
	}
}

// TestDigits: only the ASCII digits a move starts with count.
func TestDigits(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{{"", 0}, {"12a3", 2}, {"a12", 0}, {"٣4", 0}, {"007", 3}} {
		if got := digits(c.s); got != c.want {
			t.Errorf("digits(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

// TestBase64Size is the size of n bytes as a mail writer sends them:
// base64 in lines of 76, each ended by CRLF.
func TestBase64Size(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 4, 56, 57, 58, 114, 1000} {
		enc := base64.StdEncoding.EncodeToString(make([]byte, n))
		want := len(enc)
		for len(enc) > 0 {
			want += 2
			enc = enc[min(76, len(enc)):]
		}
		if got := base64Size(n); got != want {
			t.Errorf("base64Size(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestWeight: the headroom and every part, each as base64.
func TestWeight(t *testing.T) {
	three := []byte("abc")
	for _, c := range []struct {
		o    mail.Outgoing
		want int
	}{
		{mail.Outgoing{}, headroom},
		{mail.Outgoing{Text: "abc"}, headroom + 6},
		{mail.Outgoing{HTML: "abc"}, headroom + 6},
		{mail.Outgoing{Inline: []mail.Attachment{{Data: three}, {Data: three}}}, headroom + 12},
		{mail.Outgoing{Attachments: []mail.Attachment{{Data: three}}}, headroom + 6},
		{mail.Outgoing{Text: "abc", HTML: "abcdef", Inline: []mail.Attachment{{Data: three}}, Attachments: []mail.Attachment{{Data: make([]byte, 57)}}}, headroom + 6 + 10 + 6 + 78},
	} {
		if got := weight(c.o); got != c.want {
			t.Errorf("weight(%+v) = %d, want %d", c.o, got, c.want)
		}
	}
}

// TestHistoryFile: the export, gzipped under the game's name, the same
// bytes every time.
func TestHistoryFile(t *testing.T) {
	export := []byte(strings.Repeat(`{"game":"k7q2mx","seq":1}`+"\n", 40))
	a := historyFile("k7q2mx", export)
	if a.Name != "k7q2mx.jsonl.gz" || a.ContentType != "application/gzip" {
		t.Errorf("historyFile = %q, %q; want k7q2mx.jsonl.gz, application/gzip", a.Name, a.ContentType)
	}
	z, err := gzip.NewReader(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(z)
	if err != nil || !bytes.Equal(got, export) {
		t.Errorf("historyFile gunzipped = %q, %v; want the export", got, err)
	}
	if len(a.Data) >= len(export) {
		t.Errorf("historyFile is %d bytes of %d: not compressed", len(a.Data), len(export))
	}
	if b := historyFile("k7q2mx", export); !bytes.Equal(b.Data, a.Data) {
		t.Error("historyFile gave other bytes the second time")
	}
}

func created(t *testing.T, names ...string) events.Event {
	t.Helper()
	var ps []events.Player
	for i, n := range names {
		ps = append(ps, events.Player{Seat: i, Name: n, Address: strings.ToLower(n) + "@example.org"})
	}
	e, err := events.New(events.TypeGameCreated, events.SystemActor, time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), events.GameCreated{Game: "atacama", Players: ps})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func event(t *testing.T, typ string, actor int, p any) events.Event {
	t.Helper()
	e, err := events.New(typ, actor, time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC), p)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestNames: the players of a game as its mail's subject names them.
func TestNames(t *testing.T) {
	loc := english(t)
	for _, c := range []struct {
		e    events.Event
		want string
	}{
		{created(t), ""},
		{created(t, "Ana"), "Ana"},
		{created(t, "Ana", "Bea"), "Ana vs Bea"},
		{created(t, "Ana", "Bea", "Cai"), "Ana, Bea and Cai"},
		{events.Event{Type: events.TypeGameCreated, Payload: []byte(`[`)}, ""},
	} {
		if got := names(c.e, loc); got != c.want {
			t.Errorf("names(%s) = %q, want %q", c.e.Payload, got, c.want)
		}
	}
}

// TestLastDigest: how many events the seat's last digest, or its last
// choice of digests, covered; another seat's count for nothing.
func TestLastDigest(t *testing.T) {
	move := event(t, events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0, Move: "E5"})
	sent0 := event(t, events.TypeDigestSent, events.SystemActor, events.DigestSent{Seat: 0, UpTo: 1})
	sent1 := event(t, events.TypeDigestSent, events.SystemActor, events.DigestSent{Seat: 1, UpTo: 1})
	chose1 := event(t, events.TypeDigestChanged, 1, events.DigestChanged{Seat: 1, On: true})
	bad := events.Event{Type: events.TypeDigestSent, Payload: []byte(`{`)}
	for _, c := range []struct {
		evs  []events.Event
		seat int
		want int
	}{
		{nil, 0, 0},
		{[]events.Event{move, move}, 0, 0},
		{[]events.Event{move, sent0, move}, 0, 2},
		{[]events.Event{move, sent0, move, sent1}, 0, 2},
		{[]events.Event{sent0, move, sent0, move}, 0, 3},
		{[]events.Event{move, chose1, move, sent0}, 1, 2},
		{[]events.Event{move, bad}, 0, 0},
	} {
		if got := lastDigest(c.evs, c.seat); got != c.want {
			t.Errorf("lastDigest(%d events, seat %d) = %d, want %d", len(c.evs), c.seat, got, c.want)
		}
	}
}

func TestIsSeatIn(t *testing.T) {
	for _, c := range []struct {
		seats []rules.Seat
		seat  int
		want  bool
	}{{nil, 0, false}, {[]rules.Seat{1, 2}, 2, true}, {[]rules.Seat{1, 2}, 0, false}} {
		if got := isSeatIn(c.seats, c.seat); got != c.want {
			t.Errorf("isSeatIn(%v, %d) = %v, want %v", c.seats, c.seat, got, c.want)
		}
	}
}

func TestLegalText(t *testing.T) {
	if got := string(legalText([]string{"E5", "PASS"})); got != "E5\nPASS\n" {
		t.Errorf("legalText = %q, want one move a line", got)
	}
}

func players(names ...string) *projections.Game {
	g := &projections.Game{ID: "k7q2mx"}
	for i, n := range names {
		g.Created.Players = append(g.Created.Players, events.Player{Seat: i, Name: n, Address: strings.ToLower(n) + "@example.org"})
	}
	return g
}

// TestTellSays: the first SAY and its speaker, then the rest, naming the
// speaker only where it changes.
func TestTellSays(t *testing.T) {
	g := players("Ana", "Bea")
	said := func(seat int, text string) projections.Said {
		return projections.Said{PlayerSaid: events.PlayerSaid{Seat: seat, Text: text}}
	}
	var m templates.Mail
	tellSays(&m, g, []projections.Said{said(0, "hi"), said(0, "again"), said(1, "hello"), said(0, "bye")})
	want := []templates.Saying{{Said: "again"}, {By: "Bea", Said: "hello"}, {By: "Ana", Said: "bye"}}
	if m.Said != "hi" || m.SaidBy != "Ana" || !reflect.DeepEqual(m.SaidMore, want) {
		t.Errorf("tellSays = %q by %q, then %+v; want \"hi\" by Ana, then %+v", m.Said, m.SaidBy, m.SaidMore, want)
	}
	var none templates.Mail
	if tellSays(&none, g, nil); none.Said != "" || none.SaidMore != nil {
		t.Errorf("tellSays(none) = %+v", none)
	}
}

// TestHeaders: kind and language always, the game and its event on a
// game's mail, the turn and its example only on a prompt about an event.
func TestHeaders(t *testing.T) {
	game := templates.Game{ID: "k7q2mx", Seq: 4}
	for _, c := range []struct {
		m      templates.Mail
		notice bool
		want   map[string]string
	}{
		{templates.Mail{Kind: templates.Help, Lang: "zh"}, false, map[string]string{HeaderKind: "help", "Content-Language": "zh"}},
		{templates.Mail{Kind: templates.Moved, Lang: "en", Game: game}, true,
			map[string]string{HeaderKind: "moved", "Content-Language": "en", HeaderGame: "k7q2mx", HeaderSeq: "4"}},
		{templates.Mail{Kind: templates.YourTurn, Lang: "en", Game: game, YourTurn: true, ExampleMove: "E5"}, true,
			map[string]string{HeaderKind: "your-turn", "Content-Language": "en", HeaderGame: "k7q2mx", HeaderSeq: "4", HeaderTurn: "yours", HeaderExample: "E5"}},
		{templates.Mail{Kind: templates.YourTurn, Lang: "en", Game: game, YourTurn: true}, true,
			map[string]string{HeaderKind: "your-turn", "Content-Language": "en", HeaderGame: "k7q2mx", HeaderSeq: "4", HeaderTurn: "yours"}},
		{templates.Mail{Kind: templates.Board, Lang: "en", Game: game, YourTurn: true, ExampleMove: "E5"}, false,
			map[string]string{HeaderKind: "board", "Content-Language": "en", HeaderGame: "k7q2mx", HeaderSeq: "4"}},
	} {
		if got := headers(c.m, c.notice); !reflect.DeepEqual(got, c.want) {
			t.Errorf("headers(%s, notice %v) = %v, want %v", c.m.Kind, c.notice, got, c.want)
		}
	}
}

func TestNameSeats(t *testing.T) {
	loc := english(t)
	g := players("Ana", "", "Cai")
	for _, c := range []struct {
		seats []int
		want  string
	}{{[]int{0}, "Ana"}, {[]int{0, 2}, "Ana and Cai"}, {[]int{1, 2}, "seat 1 and Cai"}} {
		if got := nameSeats(g, c.seats, loc); got != c.want {
			t.Errorf("nameSeats(%v) = %q, want %q", c.seats, got, c.want)
		}
	}
}

func TestRulesDoc(t *testing.T) {
	loc := english(t)
	info := rules.Info{Name: "atacama"}
	if got, want := rulesDoc(info, loc, ""), "docs/rules/atacama.md in pbem's source"; got != want {
		t.Errorf("rulesDoc(no web) = %q, want %q", got, want)
	}
	if got, want := rulesDoc(info, loc, "https://pbem.example.org/"), "https://pbem.example.org/rules/atacama"; got != want {
		t.Errorf("rulesDoc(web) = %q, want %q", got, want)
	}
}

// TestDeadline: when the seat must move by, and, with grace, when pbem
// plays for it.
func TestDeadline(t *testing.T) {
	loc := english(t)
	d := time.Date(2026, 12, 4, 18, 0, 0, 0, time.UTC)
	g := players("Ana", "Bea")
	if got, want := deadline(g, d, loc), loc.When(d); got != want {
		t.Errorf("deadline(no grace) = %q, want %q", got, want)
	}
	g.Settings.Grace = "0s"
	if got, want := deadline(g, d, loc), loc.When(d); got != want {
		t.Errorf("deadline(grace 0s) = %q, want %q", got, want)
	}
	g.Settings.Grace = "2h"
	if got, want := deadline(g, d, loc), loc.S("deadline.grace", loc.When(d), "2h", loc.When(d.Add(2*time.Hour))); got != want {
		t.Errorf("deadline(grace 2h) = %q, want %q", got, want)
	}
}

// TestLocalize: a refusal and a notice by message id in the reader's
// words, and the notes on their language and zone after the notice.
func TestLocalize(t *testing.T) {
	loc := english(t)
	date := time.Date(2026, 12, 4, 18, 0, 0, 0, time.UTC)
	fields := map[string]string{}
	locale.SayIn(fields, "reason", "undelivered.reason", "bea@example.net", "550 no such user")
	locale.SayIn(fields, "notice", "marked.notice", "Bea")
	var m templates.Mail
	localize(&m, loc, mail.Notice{Fields: fields}, date)
	if want := "mail to bea@example.net was refused for good: 550 no such user"; m.Reason != want {
		t.Errorf("localize: reason %q, want %q", m.Reason, want)
	}
	if want := loc.S("marked.notice", "Bea"); m.Notice != want {
		t.Errorf("localize: notice %q, want %q", m.Notice, want)
	}
	m = templates.Mail{}
	localize(&m, loc, mail.Notice{Fields: map[string]string{"set": "lang zone", "detected": "yes"}}, date)
	want := loc.S("note.lang") + " " + loc.S("note.zone", loc.ZoneLabel(date), loc.When(date)) + " " + loc.S("note.detected", "English", loc.ZoneLabel(date))
	if m.Notice != want || m.Reason != "" {
		t.Errorf("localize(set lang zone, detected) = %q, %q; want %q", m.Reason, m.Notice, want)
	}
	m = templates.Mail{Reason: "as stored", Notice: "as stored"}
	if localize(&m, loc, mail.Notice{}, date); m.Reason != "as stored" || m.Notice != "as stored" {
		t.Errorf("localize(nothing by id) = %q, %q; want the mail as it was", m.Reason, m.Notice)
	}
}

// TestBoardIn: a board whose game gives its lines in phrases is written in
// the reader's language; in English it is the view's own text.
func TestBoardIn(t *testing.T) {
	s := New(nil, offered())
	st, err := atacama.Game.Start(rules.Setup{Seats: 2, Seed: rules.SeedFromInt(3)})
	if err != nil {
		t.Fatal(err)
	}
	v := st.View(0)
	if got := s.BoardIn(v, "en"); got != v.Text() {
		t.Errorf("BoardIn(en) = %q, want the view's text %q", got, v.Text())
	}
	zh := s.BoardIn(v, "zh")
	if zh == v.Text() || !strings.ContainsFunc(zh, func(r rune) bool { return r >= 0x4E00 && r <= 0x9FFF }) {
		t.Errorf("BoardIn(zh) = %q, want its lines in Chinese", zh)
	}
}
