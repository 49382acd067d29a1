package endtoend_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// mailTable is a service with a mailroom, for mail written as people
// write it: greetings, sign-offs and the quote of the mail they answer.
type mailTable struct {
	t       *testing.T
	svc     *letters.Service
	m       *mailroom.Mailroom
	n       int
	subject string        // of the mails send hands over; "" is "Re: your game"
	notices []mail.Notice // the outbox's notices listed so far
}

func newMailTable(t *testing.T, g ...rules.Game) *mailTable {
	clock := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	svc := letters.New(&games.Service{
		Store:   storetest.MustOpen(t),
		Catalog: rules.NewCatalog(g...),
		Now:     func() time.Time { clock = clock.Add(time.Minute); return clock },
		Domain:  "pbem.test",
	}, offered())
	tokens := mail.Tokens{Secret: []byte("test secret")}
	return &mailTable{t: t, svc: svc, m: &mailroom.Mailroom{Service: svc, Tokens: tokens, Mailbox: "games@pbem.test", RatePerHour: 1000}}
}

// index gives the mailroom the read models of the games, as pbem serve
// does (GAMES, the strangers, the games hosted), and returns them.
func (mt *mailTable) index() *projections.Projector {
	mt.t.Helper()
	index, err := projections.NewProjector(context.Background(), mt.svc.Store, mt.svc.Catalog)
	if err != nil {
		mt.t.Fatal(err)
	}
	mt.m.Index = index
	return index
}

// tableAddrs are the addresses of the players of create's games, by seat.
var tableAddrs = []string{"ana@example.org", "bea@example.net", "cai@example.com"}

// create starts a game of ana and bea (and cai, for three), of a seed of
// its own: the same deal in every run, so that what a test finds in it
// (an offer one may make, a move one may play) is found every time.
func (mt *mailTable) create(game string, seats int) string {
	mt.t.Helper()
	players := []events.Player{{Name: "Ana", Address: tableAddrs[0]}, {Name: "Bea", Address: tableAddrs[1]}, {Name: "Cai", Address: tableAddrs[2]}}
	seed := rules.SeedFromInt(uint64(seats))
	id, err := mt.svc.Create(context.Background(), games.NewGame{Game: game, Host: "ana@example.org", Players: players[:seats], Seed: &seed})
	if err != nil {
		mt.t.Fatal(err)
	}
	return id
}

// mail hands the mailroom a mail from seat's player to its reply address,
// answering the game's invitation, with extra header lines (MIME) and a
// body, and returns the answers the mailroom and the service wrote to that
// player for it, rendered.
func (mt *mailTable) mail(id string, seat int, from, header, body string) []mail.Outgoing {
	mt.t.Helper()
	header = fmt.Sprintf("In-Reply-To: <%s.1.%d.invitation@pbem.test>\r\n%s", id, seat, header)
	return mt.send(from, mt.m.Tokens.ReplyTo(mt.m.Mailbox, id, seat), header, body)
}

// fresh hands the mailroom a mail from seat's player to its reply address
// that answers no earlier mail, so it is never stale, and returns the
// answers to it.
func (mt *mailTable) fresh(id string, seat int, body string) []mail.Outgoing {
	mt.t.Helper()
	return mt.send(tableAddrs[seat], mt.m.Tokens.ReplyTo(mt.m.Mailbox, id, seat), "", body)
}

// playFirst has each of seats play its first legal move by mail, in order.
func (mt *mailTable) playFirst(id string, seats ...int) {
	mt.t.Helper()
	for _, seat := range seats {
		move := mt.game(id).State.Legal(rules.Seat(seat))[0].String()
		if r := refusals(mt.mail(id, seat, tableAddrs[seat], "", move+"\r\n")); len(r) > 0 {
			mt.t.Fatalf("seat %d's move %s refused: %v", seat, move, r)
		}
	}
}

// send hands the mailroom a mail from from to to, as mail does.
func (mt *mailTable) send(from, to, header, body string) []mail.Outgoing {
	mt.t.Helper()
	mt.n++
	raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nMessage-ID: <m%d@example.org>\r\nSubject: %s\r\nDate: Tue, 1 Dec 2026 15:%02d:00 +0000\r\n%s\r\n%s",
		from, to, mt.n, cmp.Or(mt.subject, "Re: your game"), mt.n%60, header, body)
	before := mt.outbox()
	if err := mt.m.Handle(context.Background(), mail.NewInboxRecord([]byte(raw), "INBOX", 1, uint32(mt.n), time.Now())); err != nil {
		mt.t.Fatal(err)
	}
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens, Index: mt.m.Index}
	var out []mail.Outgoing
	for _, n := range mt.outbox()[len(before):] {
		if n.To != from {
			continue
		}
		o, err := mt.svc.Render(context.Background(), lh, n)
		if err != nil {
			mt.t.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

// outbox returns every notice written so far.
func (mt *mailTable) outbox() []mail.Notice {
	mt.t.Helper()
	// The notices stored since the last call, each derived once, as
	// mail.ListNotices lists them (deriving every notice of a long game
	// again at each mail made a whole game by mail cost its length squared).
	ns, err := mailtest.CatchUpNotices(context.Background(), mt.svc.Store, "mail-table", mt.svc.Notices)
	if err != nil {
		mt.t.Fatal(err)
	}
	mt.notices = append(mt.notices, ns...)
	return slices.Clone(mt.notices)
}

func (mt *mailTable) game(id string) *projections.Game {
	mt.t.Helper()
	g, _, err := mt.svc.Load(context.Background(), id)
	if err != nil {
		mt.t.Fatal(err)
	}
	return g
}

// refusals returns the subjects of the answers that refuse something.
func refusals(out []mail.Outgoing) []string {
	var r []string
	for _, o := range out {
		if k := o.Headers[letters.HeaderKind]; k == notice.KindRejected || k == notice.KindError {
			head, _, _ := strings.Cut(o.Text, "\n\nIt is")
			r = append(r, o.Subject+": "+head)
		}
	}
	return r
}

// says reports whether one of the answers says every one of words.
func says(out []mail.Outgoing, words ...string) bool {
	for _, o := range out {
		flat := flat(o)
		if !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(flat, w) }) {
			return true
		}
	}
	return false
}

const utf8Header = "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n"

// signOffs are replies with a move and then what people write under it,
// in the shapes of the mail clients they use.
var signOffs = []struct {
	name, header, body string
	ignored            []string // what the answer must name as ignored
}{
	{"Gmail", "", "E5\r\n\r\nBest regards,\r\nBea Brandt\r\n\r\nOn Tue, 1 Dec 2026 at 15:00, pbem <games@pbem.test> wrote:\r\n> Ana, it is your turn.\r\n> Legal moves: A1 ... E5\r\n",
		[]string{"Best regards,", "Bea Brandt"}},
	{"Outlook", "", "E5\r\n\r\nThanks!\r\n\r\n-----Original Message-----\r\nFrom: pbem <games@pbem.test>\r\nSent: Tuesday, December 1, 2026 3:00 PM\r\nSubject: your turn\r\n\r\nAna, it is your turn.\r\n",
		[]string{"Thanks!"}},
	{"iPhone", "", "E5\r\nCheers, Cai\r\n\r\nSent from my iPhone\r\n\r\n> On 1 Dec 2026, at 15:00, pbem <games@pbem.test> wrote:\r\n>\r\n> Ana, it is your turn.\r\n",
		[]string{"Cheers, Cai"}},
	{"Thunderbird", "", "E5\r\n\r\nDeal! :)\r\n\r\nOn 01/12/2026 15:00, pbem wrote:\r\n> Ana, it is your turn.\r\n",
		[]string{"Deal! :)"}},
	{"Thunderbird greeting", "", "Hi Bea,\r\n\r\nE5\r\n\r\nHave fun,\r\nAna\r\n\r\n-- \r\nAna Alves, Lisbon\r\n",
		[]string{"Hi Bea,", "Have fun,", "Ana"}},
	{"a long letter", "", "E5\r\n\r\nWhat a game last week!\r\n" + strings.Repeat("I have been thinking about the mines.\r\n", 30) + "Ana\r\n",
		[]string{"What a game last week!", "and 16 more"}},
	{"Foxmail Chinese", utf8Header, "E5\r\n谢谢！\r\n\r\n在 2026年12月1日 15:00，pbem <games@pbem.test> 写道：\r\n> Ana, it is your turn.\r\n",
		[]string{"谢谢!"}},
	{"Chinese cheer", utf8Header, "E5\r\n继续加油！同意你的看法。\r\n", // begins with the words of RESUME and AGREE
		[]string{"继续加油!同意你的看法。"}},
}

// TestMailSignOff: a move and then a greeting, a sign-off, a name or
// thanks, in any client's shape, plays the move, refuses nothing, and
// costs the mover one mail, their move's: no second mail with the board
// comes only to say that "Thanks!" was not a move.
func TestMailSignOff(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	for _, c := range signOffs {
		t.Run(c.name, func(t *testing.T) {
			mt.t = t
			id := mt.create("atacama", 2)
			out := mt.mail(id, 0, "ana@example.org", c.header, c.body)
			g := mt.game(id)
			if len(g.Moves) != 1 || g.Moves[0].Move != "E5" {
				t.Errorf("moves %v, want E5 alone", g.Moves)
			}
			if r := refusals(out); len(r) > 0 {
				t.Errorf("the mail was answered with refusals: %q", r)
			}
			if len(out) != 1 || says(out, c.ignored...) {
				t.Errorf("the mover got %d mails, want one, their move's, with no word of %q; the mails:\n%s", len(out), c.ignored, texts(out))
			}
		})
	}
}

// TestMailSignOffStillRefuses: a wrong move is refused with its reason,
// whether or not a sign-off follows it, and so is a meant move after the
// first one.
func TestMailSignOffStillRefuses(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	for _, c := range []struct {
		name, body string
		moves      int
		reason     string
	}{
		{"not a field", "Z99\r\n\r\nThanks!\r\nAna\r\n", 0, "Z99"},
		{"mistyped", "E55\r\n\r\nCheers\r\n", 0, "E55"},
		{"greeting then a wrong move", "Hi Bea,\r\nE55\r\nCheers\r\n", 0, "E55"},
		{"nothing but words", "hello there\r\n", 0, "hello there"},
		{"a second move out of turn", "E5\r\nA1\r\nThanks!\r\n", 1, "not your turn"},
	} {
		t.Run(c.name, func(t *testing.T) {
			mt.t = t
			id := mt.create("atacama", 2)
			out := mt.mail(id, 0, "ana@example.org", "", c.body)
			if g := mt.game(id); len(g.Moves) != c.moves {
				t.Errorf("moves %v, want %d", g.Moves, c.moves)
			}
			if r := refusals(out); len(r) != 1 || !strings.Contains(r[0], c.reason) {
				t.Errorf("refusals %q, want one that says %q", r, c.reason)
			}
		})
	}
}

// TestMailSignOffAltiplano: a plan, a programmed list and thanks in
// Chinese: the thanks is not an action of the list.
func TestMailSignOffAltiplano(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	id := mt.create("altiplano", 2)
	out := mt.mail(id, 0, "ana@example.org", utf8Header, "完成\r\n跳过\r\nPASS\r\n谢谢！\r\n祝好，安娜\r\n")
	g := mt.game(id)
	if q := g.Queues[0]; !slices.Equal(q, []string{"跳过", "PASS"}) {
		t.Errorf("ana's programmed list is %q, want her passes alone", q)
	}
	if r := refusals(out); len(r) > 0 {
		t.Errorf("the mail was answered with refusals: %q", r)
	}
	if says(out, "谢谢!") || says(out, "祝好") {
		t.Errorf("a mail came only to say that pbem ignored the thanks; the mails:\n%s", texts(out))
	}
}

func texts(out []mail.Outgoing) string {
	var b strings.Builder
	for _, o := range out {
		fmt.Fprintf(&b, "--- %s\n%s\n", o.Subject, o.Text)
	}
	return b.String()
}

// signOff returns the body of the sign-off case called name.
func signOff(name string) string {
	i := slices.IndexFunc(signOffs, func(c struct {
		name, header, body string
		ignored            []string
	}) bool {
		return c.name == name
	})
	return signOffs[i].body
}

// meantCases are mails as clients write them and the commands the
// mailroom runs of them, for a game at its start (or none).
var meantCases = []struct {
	name, game   string
	seat         rules.Seat
	header, body string
	run, ignored []string
}{
	{"Gmail", "atacama", 0, "", signOff("Gmail"), []string{"E5"}, []string{"Best regards,", "Bea Brandt"}},
	{"Outlook", "atacama", 0, "", signOff("Outlook"), []string{"E5"}, []string{"Thanks!"}},
	{"iPhone", "atacama", 0, "", signOff("iPhone"), []string{"E5"}, []string{"Cheers, Cai"}},
	{"Thunderbird", "atacama", 0, "", signOff("Thunderbird"), []string{"E5"}, []string{"Deal! :)"}},
	{"Foxmail", "atacama", 0, utf8Header, signOff("Foxmail Chinese"), []string{"E5"}, []string{"谢谢!"}},
	{"greeting, moves, name", "atacama", 0, "", "Hi Bea,\r\n\r\nE5\r\nG7\r\nCheers, Ana\r\n", []string{"E5", "G7"}, []string{"Hi Bea,", "Cheers, Ana"}},
	{"commands among moves", "atacama", 0, "", "E5\r\nSAY good luck!\r\nBOARD\r\n\r\nBest,\r\nAna\r\n", []string{"E5", "SAY good luck!", "BOARD"}, []string{"Best,", "Ana"}},
	{"conditional", "atacama", 1, "", "IF E5 THEN G7\r\nthanks\r\n", []string{"IF E5 THEN G7"}, []string{"thanks"}},
	{"mistyped field", "atacama", 0, "", "E55\r\nCheers\r\n", []string{"E55"}, []string{"Cheers"}},
	{"double mark", "atacama", 0, "", "* E5\r\nE7*\r\nthx\r\n", []string{"* E5", "E7*"}, []string{"thx"}},
	{"claim", "atacama", 0, "", "turquoise columns\r\nCLAIM ORANGE\r\nta\r\n", []string{"turquoise columns", "CLAIM ORANGE"}, []string{"ta"}},
	{"a sign-off after the commands ends them", "atacama", 0, "", "E5\r\nThanks!\r\nG7\r\n", []string{"E5"}, []string{"Thanks!", "G7"}},
	{"no command at all", "atacama", 0, "", "hello\r\nthere\r\n", []string{"hello"}, []string{"there"}},
	{"no game", "", rules.Observer, "", "Hi,\r\nNEW atacama WITH bea@example.net\r\nCheers, Ana\r\n", []string{"NEW atacama WITH bea@example.net"}, []string{"Hi,", "Cheers, Ana"}},
	{"no game, a move", "", rules.Observer, "", "E5\r\nThanks\r\n", []string{"E5"}, []string{"Thanks"}},
	{"plan and list", "altiplano", 0, utf8Header, "PUT FARM ALPACA\r\nput mine fooood\r\nDONE\r\nGO MINE / MINE SILVER\r\nthe end\r\n谢谢！\r\n",
		[]string{"PUT FARM ALPACA", "put mine fooood", "DONE", "GO MINE / MINE SILVER", "the end"}, []string{"谢谢!"}},
	{"plan in Chinese", "altiplano", 1, utf8Header, "您好！\r\n放置农场羊驼\r\n完成\r\n前往矿山/矿山白银\r\n谢谢，祝好\r\n小贝\r\n",
		[]string{"放置农场羊驼", "完成", "前往矿山/矿山白银"}, []string{"您好!", "谢谢,祝好", "小贝"}},
	{"Archipelago", "archipelago", 0, "", "Hello all\r\nharv fish\r\n12\r\nDECLINE\r\nCheers, Ana\r\nSent from Proton Mail\r\n", []string{"harv fish", "12", "DECLINE"}, []string{"Hello all", "Cheers, Ana"}},
}

// TestMeant reads mails as clients write them and checks which lines the
// mailroom runs as commands and which it ignores.
func TestMeant(t *testing.T) {
	catalog := rules.NewCatalog(atacama.Game, altiplano.Game, archipelago.Game)
	for _, c := range meantCases {
		t.Run(c.name, func(t *testing.T) {
			var g *projections.Game
			if c.game != "" {
				st, err := catalog[c.game].Start(rules.Setup{Seats: 3, Seed: rules.SeedFromInt(7)})
				if err != nil {
					t.Fatal(err)
				}
				g = &projections.Game{State: st}
			}
			raw := "From: ana@example.org\r\nTo: games@pbem.test\r\nSubject: Re: game\r\n" + c.header + "\r\n" + c.body
			p, err := mail.Parse([]byte(raw), mail.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			run, ignored := commands.Meant(g, c.seat, p.Commands)
			if !slices.Equal(run, c.run) || !slices.Equal(ignored, c.ignored) {
				t.Errorf("Meant(%q) = %q, ignored %q; want %q, ignored %q", p.Commands, run, ignored, c.run, c.ignored)
			}
		})
	}
}

// TestMeantLegalMoves plays every game some way and checks that each legal
// move, written as pbem writes it, is run when any seat sends it, its own
// turn or not (as in a programmed list), and a sign-off after it is not.
func TestMeantLegalMoves(t *testing.T) {
	for _, game := range []rules.Game{atacama.Game, altiplano.Game, archipelago.Game} {
		t.Run(game.Info().Name, func(t *testing.T) {
			st, err := game.Start(rules.Setup{Seats: 3, Seed: rules.SeedFromInt(3)})
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 150 && len(st.ToAct()) > 0; step++ {
				g := &projections.Game{State: st}
				toAct := st.ToAct()
				legal := st.Legal(toAct[0])
				for i, m := range legal {
					if i%7 != step%7 { // a sample, each move's kind in time
						continue
					}
					for seat := range rules.Seat(3) {
						lines := []string{m.String(), "Thanks, Ana"}
						run, ignored := commands.Meant(g, seat, lines)
						if !slices.Equal(run, lines[:1]) || !slices.Equal(ignored, lines[1:]) {
							t.Fatalf("step %d, seat %d: Meant(%q) = %q, ignored %q", step, seat, lines, run, ignored)
						}
					}
				}
				next, err := st.Apply(toAct[0], legal[(step*31)%len(legal)])
				if err != nil {
					t.Fatal(err)
				}
				st = next
			}
		})
	}
}

// TestMailEndInAltiplano: in Altiplano END is written for DONE while
// planning, and a player who mails it means that, not to end the game for
// everyone; END GAME still asks to end it.
func TestMailEndInAltiplano(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	id := mt.create("altiplano", 2)
	out := mt.mail(id, 0, "ana@example.org", "", "END\r\n")
	g := mt.game(id)
	if len(g.EndVotes) != 0 {
		t.Errorf("END while planning was taken as a vote to end the game: votes %v", g.EndVotes)
	}
	if len(g.Moves) != 1 || g.Moves[0].Move != "DONE" && g.Moves[0].Move != "END" {
		t.Errorf("END while planning played %+v, want ana's plan declared done", g.Moves)
	}
	if r := refusals(out); len(r) > 0 {
		t.Errorf("END while planning was refused: %q", r)
	}
	mt.mail(id, 1, "bea@example.net", "", "END GAME\r\n")
	if g := mt.game(id); !g.EndVotes[1] {
		t.Errorf("END GAME did not ask to end the game: votes %v", g.EndVotes)
	}
}

// TestMoveInTheSubject: a player who writes their move in the subject and
// leaves the body empty, or quotes only, is told that pbem reads the body
// and what their subject said; nothing is played from a subject.
func TestMoveInTheSubject(t *testing.T) {
	for _, c := range []struct{ name, subject, body, word, want string }{
		{"a move", "E5", "", "subject", `"E5"`},
		{"a reply's subject", "Re: [pbem x] E5", "> Ana, it is your turn.\r\n", "subject", `"E5"`},
		{"a command in Chinese", "回复：认输", "", "主题", `"认输"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			mt := newMailTable(t, atacama.Game)
			id := mt.create("atacama", 2)
			mt.subject = c.subject
			out := mt.mail(id, 0, "ana@example.org", utf8Header, c.body)
			if g := mt.game(id); len(g.Moves) != 0 || g.Ended != nil {
				t.Errorf("the subject was played: moves %v, ended %v", g.Moves, g.Ended != nil)
			}
			if !says(out, c.word, c.want) {
				t.Errorf("no answer names the subject %s; the answers:\n%s", c.want, texts(out))
			}
		})
	}
}

// TestHostSetsUpAndMoves: a host's mail that sets the deadline, asks
// someone to watch and then plays the first move costs the host no mail
// asking for the move the same mail makes: the move's mail says it all.
func TestHostSetsUpAndMoves(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	out := mt.mail(id, 0, "ana@example.org", "", "DEADLINE 48h\r\nWATCH olu@example.org\r\nE5\r\n")
	if g := mt.game(id); len(g.Moves) != 1 || g.Settings.PerMove == "" || len(g.Observers) != 1 {
		t.Fatalf("moves %v, settings %+v, observers %v; want E5, a deadline and olu", g.Moves, g.Settings, g.Observers)
	}
	for _, o := range out {
		if o.Headers[letters.HeaderKind] == notice.KindYourTurn {
			t.Errorf("the host was asked to move by a mail the same mail's move made stale:\n%s", o.Text)
		}
	}
	if !says(out, "E5", "48") {
		t.Errorf("no mail to the host tells both the deadline and the move; the mails:\n%s", texts(out))
	}
}
