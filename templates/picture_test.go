package templates_test

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/templates"
)

// img is the board's picture as the HTML part shows it.
var img = regexp.MustCompile(`<img src="cid:([^"]+)" width="(\d+)" height="(\d+)" alt="([^"]+)" style="[^"]*max-width:(\d+)px;height:auto;`)

// TestPictureInPlaceOfBoard checks that every fixture with a picture shows
// it once in its HTML part, in place of the text board, with its size and
// a sentence that says what it shows, and keeps the text board in its text
// part; a mail without one, or whose kind shows no board, shows no image.
func TestPictureInPlaceOfBoard(t *testing.T) {
	for _, f := range fixtures(t) {
		t.Run(f.Name, func(t *testing.T) {
			r, err := templates.Render(f.Mail)
			if err != nil {
				t.Fatal(err)
			}
			firstRow := strings.SplitN(strings.TrimLeft(f.Mail.Board, "\n"), "\n", 2)[0]
			textBoard := f.Mail.Board != "" && strings.Contains(r.Text, firstRow)
			htmlBoard := f.Mail.Board != "" && strings.Contains(r.HTML, html.EscapeString(firstRow))
			if f.Mail.Board != "" && textBoard != f.Mail.Kind.ShowsBoard() {
				t.Errorf("%s.ShowsBoard() = %v, but its text part shows the board: %v", f.Mail.Kind, f.Mail.Kind.ShowsBoard(), textBoard)
			}
			found := img.FindAllStringSubmatch(r.HTML, -1)
			switch {
			case f.Mail.Picture.CID == "" || !textBoard:
				if strings.Contains(r.HTML, "<img") {
					t.Errorf("a mail without a picture, or without a board, shows an image")
				}
				if textBoard && !htmlBoard {
					t.Errorf("a mail without a picture lacks the text board in HTML")
				}
			case len(found) != 1:
				t.Errorf("the HTML part shows %d pictures, want 1", len(found))
			default:
				m := found[0]
				w, h := f.Mail.Picture.Shown()
				if m[1] != f.Mail.Picture.CID || m[2] != strconv.Itoa(w) || m[3] != strconv.Itoa(h) || m[5] != strconv.Itoa(w) {
					t.Errorf("img = %q, want cid:%s at %d×%d", m[0], f.Mail.Picture.CID, w, h)
				}
				if seat := f.Mail.To.Seat; seat >= 0 && !strings.Contains(m[4], "seat "+strconv.Itoa(seat)) || !strings.Contains(m[4], f.Mail.Game.Title) {
					t.Errorf("alt = %q, does not say whose view of which game", m[4])
				}
				if htmlBoard {
					t.Errorf("the HTML part shows the text board beside the picture")
				}
			}
		})
	}
}

// TestPictureShown checks the size a picture is shown at: its own in the
// column, or shrunk to the column's width with its proportions.
func TestPictureShown(t *testing.T) {
	for _, c := range []struct{ w, h, wantW, wantH int }{
		{600, 400, 600, 400},
		{728, 500, 728, 500},
		{932, 712, 728, 556},
		{1161, 906, 728, 568},
	} {
		w, h := templates.Picture{Width: c.w, Height: c.h}.Shown()
		if w != c.wantW || h != c.wantH {
			t.Errorf("Picture{%d, %d}.Shown() = %d, %d, want %d, %d", c.w, c.h, w, h, c.wantW, c.wantH)
		}
	}
}
