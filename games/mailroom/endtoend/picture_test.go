package endtoend_test

import (
	"bytes"
	"context"
	"image/png"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/templates"
)

// cidImage is an image of the HTML part that is a part of the mail.
var cidImage = regexp.MustCompile(`<img src="cid:([^"]+)" width="\d+" height="\d+" alt="([^"]+)"`)

// checkPicture checks the board picture of mail out, whose recipient sees
// v: a mail that shows the board shows it as one PNG inside the mail, no
// larger than 150 KiB, drawn from v and so from nothing the recipient may
// not see; any other mail has no image.
func checkPicture(t *testing.T, where string, v rules.View, out mail.Outgoing) {
	t.Helper()
	found := cidImage.FindAllStringSubmatch(out.HTML, -1)
	if !templates.Kind(out.Headers[letters.HeaderKind]).ShowsBoard() {
		if len(found) > 0 || len(out.Inline) > 0 || strings.Contains(out.HTML, "cid:") {
			t.Errorf("%s shows no board, but has a picture", where)
		}
		return
	}
	if len(found) != 1 || len(out.Inline) != 1 {
		t.Errorf("%s: %d images in the HTML, %d inline parts; want one of each", where, len(found), len(out.Inline))
		return
	}
	part := out.Inline[0]
	if cid, err := url.PathUnescape(found[0][1]); err != nil || cid != part.ContentID {
		t.Errorf("%s: the HTML shows cid:%s, the part is %q", where, found[0][1], part.ContentID)
	}
	if _, err := png.Decode(bytes.NewReader(part.Data)); err != nil || part.ContentType != "image/png" {
		t.Errorf("%s: the picture (%s) does not decode as PNG: %v", where, part.ContentType, err)
	}
	if len(part.Data) > 150<<10 {
		t.Errorf("%s: the picture has %d bytes, want at most 150 KiB", where, len(part.Data))
	}
	pic, err := drawAny(v, locale.Of(offered().Words(), mail.Pref{Lang: out.Headers["Content-Language"]}).Phrase)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := pic.WritePNG(&want); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(part.Data, want.Bytes()) {
		t.Errorf("%s: the picture is not the recipient's view at the mail's event", where)
	}
}

// TestPictureSameMail renders the notices of a new game twice: every mail
// has its picture, and is the same bytes both times, as the outbox may
// derive and send a mail again after a crash.
func TestPictureSameMail(t *testing.T) {
	svc, ns := newGameNotices(t, atacama.Game, 0)
	for _, n := range ns {
		first, err := svc.Render(context.Background(), matrixLetterhead, n)
		if err != nil {
			t.Fatal(err)
		}
		second, err := svc.Render(context.Background(), matrixLetterhead, n)
		if err != nil {
			t.Fatal(err)
		}
		if len(first.Inline) != 1 {
			t.Errorf("%s to %s has %d pictures, want 1", n.Kind, n.To, len(first.Inline))
		}
		if a, b := written(t, first), written(t, second); !bytes.Equal(a, b) {
			t.Errorf("%s to %s, rendered twice, differs %s", n.Kind, n.To, firstDiff(a, b))
		}
	}
}

// TestPictureLeftOut renders the mails of a game whose views cannot be
// drawn: they go without a picture, the text board in both parts.
func TestPictureLeftOut(t *testing.T) {
	svc, ns := newGameNotices(t, undrawable{atacama.Game}, 0)
	for _, n := range ns {
		out, err := svc.Render(context.Background(), matrixLetterhead, n)
		if err != nil {
			t.Fatalf("%s to %s: Render: %v", n.Kind, n.To, err)
		}
		if len(out.Inline) > 0 || strings.Contains(out.HTML, "<img") {
			t.Errorf("%s to %s has a picture of a view that cannot be drawn", n.Kind, n.To)
		}
		if !strings.Contains(out.HTML, "<pre") || !strings.Contains(out.Text, "rigs left") && !strings.Contains(out.Text, "Rigs left") {
			t.Errorf("%s to %s lacks the text board:\n%s", n.Kind, n.To, out.Text)
		}
	}
}

// newGameNotices creates a game of g for Ana, Bea and Cai, plays moves
// first moves of whoever is to move, and returns the notices it causes.
func newGameNotices(t testing.TB, g rules.Game, moves int) (*letters.Service, []mail.Notice) {
	t.Helper()
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	svc := letters.New(&games.Service{Store: storetest.MustOpen(t), Catalog: rules.NewCatalog(g), Now: func() time.Time { return now }}, offered())
	seed := rules.SeedFromInt(7)
	id, err := svc.Create(ctx, games.NewGame{Game: g.Info().Name, Host: matrixHost, Seed: &seed,
		Players: []events.Player{{Name: "Ana", Address: matrixHost}, {Name: "Bea", Address: "bea@example.net"}, {Name: "Cai", Address: "cai@example.com"}}})
	if err != nil {
		t.Fatal(err)
	}
	for range moves {
		game, _, _, err := svc.LoadAt(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		seat := game.State.ToAct()[0]
		if _, err := svc.Move(ctx, id, seat, game.State.Legal(seat)[0].String(), games.Cause{}); err != nil {
			t.Fatal(err)
		}
	}
	ns, err := mailtest.CatchUpNotices(ctx, svc.Store, "pictures", svc.Notices)
	if err != nil || len(ns) == 0 {
		t.Fatalf("notices: %d, %v", len(ns), err)
	}
	return svc, ns
}

// undrawable is a game whose views no picture is drawn of.
type undrawable struct{ rules.Game }

func (g undrawable) Start(setup rules.Setup) (rules.State, error) {
	st, err := g.Game.Start(setup)
	if err != nil {
		return nil, err
	}
	return undrawnState{st}, nil
}

type undrawnState struct{ rules.State }

func (s undrawnState) Apply(seat rules.Seat, m rules.Move) (rules.State, error) {
	next, err := s.State.Apply(seat, m)
	if err != nil {
		return nil, err
	}
	return undrawnState{next}, nil
}

func (s undrawnState) View(seat rules.Seat) rules.View { return textView(s.State.View(seat).Text()) }

// The words and stages of the game drawn, so that its mails say all the
// same but the picture (for a game that has them).
func (s undrawnState) MoveSyntax(seat rules.Seat) string {
	if g, ok := s.State.(rules.Guide); ok {
		return g.MoveSyntax(seat)
	}
	return ""
}

func (s undrawnState) Describe(seat rules.Seat, move string) string {
	if g, ok := s.State.(rules.Guide); ok {
		return g.Describe(seat, move)
	}
	return ""
}

func (s undrawnState) Stage() string { return projections.Stage(s.State) }

type textView string

func (v textView) Text() string { return string(v) }

// drawAny draws v by the drawing of whichever game pbem offers draws it.
func drawAny(v rules.View, say func(rules.Phrase) string) (*pictures.Picture, error) {
	c := offered()
	for _, name := range c.Names() {
		if pic, err := c.Draw(name, v, say); err == nil {
			return pic, nil
		}
	}
	return nil, pictures.ErrNoPicture
}
