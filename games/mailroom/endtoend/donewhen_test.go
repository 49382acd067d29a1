package endtoend_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
)

// TestAltiplanoOfThreeWithAChineseSeat: a whole game of Altiplano by mail
// of Ana, who hosts it and reads English, Bea, who reads Chinese, and
// Cai, with a deadline that passes: pbem plays for the seat whose time
// ran out, and every player hears of it. Every mail, as sent, decodes
// without a replacement character and weighs at most 100 KiB; each
// reader's mail of the game keeps one subject from the first to the
// game's end; everything Bea gets, pictures included, is Chinese but
// for the names and ids: she writes her moves in the Chinese notation,
// and reads them, the examples and the legal moves so.
func TestAltiplanoOfThreeWithAChineseSeat(t *testing.T) {
	t.Parallel() // one of the package's longest: beside the others, not after them
	ctx := context.Background()
	start := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	var passed time.Duration // what the test lets pass at once
	ticks := 0
	svc := letters.New(&games.Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(altiplano.Game), Domain: "pbem.test",
		Now: func() time.Time { ticks++; return start.Add(passed + time.Duration(ticks)*time.Second) }}, offered())
	mt := &mailTable{t: t, svc: svc, m: &mailroom.Mailroom{Service: svc, Tokens: mail.Tokens{Secret: []byte("test secret")},
		Mailbox: "games@pbem.test", RatePerHour: 1000}}
	index := mt.index()
	keep := &games.Timekeeper{Service: svc.Service, Index: index}
	ana, bea, cai := tableAddrs[0], tableAddrs[1], tableAddrs[2]
	mt.send(bea, mt.m.Mailbox, "", "语言 中文\r\n")
	id := mt.create("altiplano", 3)
	mt.fresh(id, 0, "DEADLINE 48h GRACE 6h\r\n")
	zh := newChineseReader(mt.game(id))
	timedOut := -1
	for moves := 0; ; moves++ {
		g := mt.game(id)
		zh.seeGame(g, 1)
		if g.Ended != nil {
			break
		}
		if moves > 3000 {
			t.Fatalf("the game did not end after %d mails", moves)
		}
		seat := g.State.ToAct()[0]
		if moves == 12 && timedOut < 0 { // this seat's time runs out
			passed += 55 * time.Hour
			if err := index.CatchUp(ctx); err != nil {
				t.Fatal(err)
			}
			if err := keep.Tick(ctx); err != nil {
				t.Fatal(err)
			}
			after := mt.game(id)
			for _, m := range after.Moves[len(g.Moves):] {
				if m.Timeout && m.Seat == int(seat) {
					timedOut = int(seat)
				}
			}
			if timedOut < 0 {
				t.Fatalf("55 hours after seat %d's turn began, the moves since are %+v; want pbem's for them", seat, after.Moves[len(g.Moves):])
			}
			continue
		}
		m := g.State.(rules.Defaulter).Default(seat)
		move := m.String()
		if seat == 1 {
			move = rules.MoveIn(g.State, "zh", m) // Bea writes the Chinese notation
		}
		if r := refusals(mt.fresh(id, int(seat), move+"\r\n")); len(r) > 0 {
			t.Fatalf("seat %d's move %s refused: %v", seat, move, r)
		}
	}
	if timedOut < 0 {
		t.Fatal("no deadline passed")
	}
	sender, err := mail.NewSender(mail.SMTPOptions{Addr: "127.0.0.1:25", From: mt.m.Mailbox, FromName: "pbem"})
	if err != nil {
		t.Fatal(err)
	}
	told := map[string]bool{}
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
	for _, reader := range []string{ana, bea, cai} {
		subjects := map[string]int{}
		kinds := map[string]bool{}
		for _, n := range mt.outbox() {
			if n.To != reader {
				continue
			}
			o, err := svc.Render(ctx, lh, n)
			if err != nil {
				t.Fatal(err)
			}
			kind := o.Headers[letters.HeaderKind]
			kinds[kind] = true
			if size := weight(t, sender, o); size > maxMail {
				t.Errorf("%s's %s mail weighs %.1f KiB, want at most %d", reader, kind, float64(size)/1024, maxMail>>10)
			}
			if strings.ContainsRune(o.Subject+o.Text+o.HTML, '\uFFFD') {
				t.Errorf("%s's %s mail holds a replacement character:\n%s", reader, kind, o.Text)
			}
			if o.Headers[letters.HeaderGame] == id {
				subjects[o.Subject]++
			}
			if strings.Contains(o.Text, "pbem played") || strings.Contains(o.Text, "pbem 替") || strings.Contains(o.Text, "pbem 代") {
				told[reader] = true
			}
			if reader == bea {
				zh.check(t, o)
			}
		}
		if !told[reader] {
			t.Errorf("%s was not told by mail that pbem played for seat %d when its time ran out", reader, timedOut)
		}
		if len(subjects) != 1 {
			t.Errorf("%s's mail of the game has %d subjects, want one: %v", reader, len(subjects), subjects)
		}
		if !kinds[notice.KindGameOver] {
			t.Errorf("%s got no mail of the game's end: %v", reader, kinds)
		}
	}
	// Bea's pictures, of the board as she saw it at the end.
	pic, err := svc.PictureIn("altiplano", mt.game(id).State.View(1), "zh")
	if err != nil {
		t.Fatal(err)
	}
	zh.check(t, mail.Outgoing{Text: strings.Join(pic.Texts(), "\n"), Headers: map[string]string{letters.HeaderKind: "picture"}})
}
