package postoffice

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"unicode"

	gomail "github.com/emersion/go-message/mail"
	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/catalog/catalogtest"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// TestNimByMail: a game pbem does not offer, the conformance suite's Nim,
// registered through the catalog alone (catalogtest.Nim), is played by
// mail to its end on a post office that offers it beside pbem's own: Ana
// in English, Bea in Chinese. Bea's mails tell her how to write a move, why
// a move is refused and what each move did in Nim's Chinese words, with
// the board's picture drawn by Nim's drawing in those words; the service
// serves Nim's rules document.
func TestNimByMail(t *testing.T) {
	t.Parallel()
	offered, err := catalog.New(append(all.Games(), catalogtest.Nim())...)
	if err != nil {
		t.Fatal(err)
	}
	_, sys := loopbackServers(t, "games", "ana", "bea")
	p := serve(t, sys, serving{games: offered})

	send(t, sys, sys.Address("bea"), sys.Address("games"), "语言", "", "LANG zh\n")
	waitFor(t, sys, "bea", 0, notice.KindHelp)
	id, users := mailGame(t, p, "nim turns", "ana", "bea")
	const bea = 1

	zh := offered.Words().For("zh")
	say := func(format string, args ...any) string { // a phrase of Nim's, as the catalog writes it in Chinese
		for i, a := range args {
			args[i] = fmt.Sprint(a)
		}
		return zh.S(words.ID(rules.Say(format, args...).Format), args...)
	}
	says := func(l letter, want string) bool { // in the text or any other part
		return strings.Contains(l.p.Text+strings.Join(mailParts(l.raw), ""), want)
	}
	asked := false
	for g := p.game(t, id); ; g = p.game(t, id) {
		if _, over := g.State.Result(); over {
			break
		}
		seat := int(g.State.ToAct()[0])
		// A player answers the mail that asks them, as a person does: the
		// game's record can move before that mail reaches them, and a move
		// sent in reply to the mail before it is stale.
		number := p.numberFor(t, id, g.Seq, seat)
		waitMail(t, sys, users[seat], 0, "the mail asking "+users[seat]+" to move", func(l letter) bool {
			return l.game == id && l.turn && l.seq == number
		})
		if seat == bea && !asked {
			asked = true
			// A move Nim refuses, and why, in Chinese.
			before := p.reply(t, users[bea], "take 9\n")
			refused := waitFor(t, sys, users[bea], before, notice.KindRejected)
			if want := say("you may take 1 to %d stones, not %s", 3, `"9"`); !says(refused, want) {
				t.Errorf("Bea's refusal of take 9 does not say %q:\n%s", want, refused.p.Text)
			}
			// How to write a move, in Chinese, on the mail that asks her.
			turn := waitFor(t, sys, users[bea], 0, notice.KindYourTurn)
			if want := say("Write take and how many stones you take, 1 to %d, e.g. take 2.", 3); !says(turn, want) {
				t.Errorf("Bea's turn does not say how to write a move in Chinese (%q):\n%s", want, turn.p.Text)
			}
			checkNimPicture(t, p, offered, id, turn, bea)
		}
		p.reply(t, users[seat], "take 3\n")
		until(t, p, id, fmt.Sprintf("%s's move after %d moves", users[seat], len(g.Moves)), func(n *projections.Game) bool { return len(n.Moves) > len(g.Moves) })
	}

	if !asked {
		t.Fatal("the game ended before Bea's turn")
	}
	waitFor(t, sys, users[bea], 0, notice.KindGameOver)
	waitFor(t, sys, users[0], 0, notice.KindGameOver)
	// Ana's moves, as Bea's mails tell them: one of them at least, since
	// Ana moved before the end.
	told := false
	want := zh.S("took %s stones", "3")
	for _, l := range mailbox(t, sys, users[bea]) {
		told = told || l.game == id && says(l, want)
	}
	if !told {
		t.Errorf("no mail of Bea's tells a move in Chinese (%q)", want)
	}

	base, _, _ := strings.Cut(p.health, "/healthz")
	resp, err := http.Get(base + "/rules/nim")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, _ := io.ReadAll(resp.Body)
	if want, _ := offered.Doc("nim", "en"); resp.StatusCode != http.StatusOK || !bytes.Equal(doc, want) {
		t.Errorf("GET /rules/nim = %d %q, want Nim's document", resp.StatusCode, doc)
	}
}

// checkNimPicture checks that l, a mail to seat of game id, carries the
// board's picture as Nim's drawing draws it for a reader of Chinese: the
// same PNG, with Chinese words in it.
func checkNimPicture(t *testing.T, p *served, offered *catalog.Catalog, id string, l letter, seat int) {
	t.Helper()
	got := inlinePNG(l.raw)
	if got == nil {
		t.Fatalf("Bea's turn has no picture of the board")
	}
	n, err := strconv.ParseUint(l.seq, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	g, _, _, err := p.svc.LoadAt(context.Background(), id, int(n))
	if err != nil {
		t.Fatal(err)
	}
	book := offered.Words()
	pic, err := offered.Draw("nim", g.State.View(rules.Seat(seat)), func(ph rules.Phrase) string { return phraseIn(book, "zh", ph) })
	if err != nil {
		t.Fatal(err)
	}
	if !strings.ContainsFunc(strings.Join(pic.Texts(), ""), func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
		t.Errorf("Nim's picture for a reader of Chinese has no Chinese: %q", pic.Texts())
	}
	var want bytes.Buffer
	if err := pic.WritePNG(&want); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("Bea's picture (%d bytes) is not Nim's board drawn in Chinese (%d bytes)", len(got), want.Len())
	}
}

// phraseIn writes a phrase in lang from book, each part in English where
// the book lacks it, as the mail side does.
func phraseIn(book *words.Book, lang string, ph rules.Phrase) string {
	if ph.Format == "" {
		return ph.Text
	}
	args := make([]any, len(ph.Args))
	for i, a := range ph.Args {
		args[i] = phraseIn(book, lang, a)
	}
	if book.Has(lang, words.ID(ph.Format)) {
		return book.For(lang).S(words.ID(ph.Format), args...)
	}
	return fmt.Sprintf(ph.Format, args...)
}

// inlinePNG returns the first PNG part of raw, nil when it has none.
func inlinePNG(raw []byte) []byte {
	r, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	for {
		part, err := r.NextPart()
		if err != nil {
			return nil
		}
		if ct := part.Header.Get("Content-Type"); strings.HasPrefix(ct, "image/png") {
			b, _ := io.ReadAll(part.Body)
			return b
		}
	}
}
