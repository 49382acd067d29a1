package pictures_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/rules/rulestest"
	"github.com/tdewolff/font"
)

// shapes counts the shapes of an SVG document by class: each class of
// each path element counts once.
func shapes(t *testing.T, svg string) map[string]int {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	n := map[string]int{}
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return n
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "path" {
			for _, a := range se.Attr {
				if a.Name.Local == "class" {
					for _, c := range strings.Fields(a.Value) {
						n[c]++
					}
				}
			}
		}
	}
}

// TestPictureShowsView: the SVG of every fixed position, for each seat
// and an observer, has as many pieces of each kind as the view says.
func TestPictureShowsView(t *testing.T) {
	for _, p := range positions {
		st := p.play(t)
		for s := rules.Observer; int(s) < p.seats; s++ {
			v := st.View(s)
			got := shapes(t, svgOf(t, v))
			want := wantShapes(v)
			if len(want) == 0 {
				t.Fatalf("%s: no counts for a %T", p.name, v)
			}
			for class, n := range want {
				if got[class] != n {
					t.Errorf("%s seen by seat %d: %d shapes of class %q, want %d (from the view)", p.name, s, got[class], class, n)
				}
			}
		}
	}
}

// wantShapes is what a view says a picture shows, by class.
func wantShapes(v rules.View) map[string]int {
	want := map[string]int{}
	switch v := v.(type) {
	case *atacama.View:
		want["rig"], want["double"], want["last"] = 0, 0, 0
		want["line"], want["player"] = len(v.Lines), len(v.Rigs)
		want["field"], want["unlaid"] = len(v.Cells), 0
		for _, c := range v.Cells {
			if c.Rig != nil {
				want["rig"]++
				want[seat(c.Rig.Seat)]++
				if c.Rig.Double {
					want["double"] += 2 // the ring and the rig
				}
			}
			if v.Last != nil && strings.Trim(v.Last.Move, "*") == c.Field {
				want["last"] = 1
			}
		}
		for _, l := range v.Lines {
			want[seat(l.Seat)] += 2 // the line and its tag
		}
		for _, r := range v.Rigs {
			want[seat(r.Seat)]++
		}
		if v.Board == "square" {
			want["unlaid"] = 81 - len(v.Cells)
		}
	case *altiplano.View:
		want["pawn"], want["stored"], want["house"], want["boat"], want["planning"] = 0, 0, 0, 0, 0
		want["location"], want["board"] = len(v.Table.Circle), len(v.Table.Seats)
		for _, pv := range v.Table.Seats {
			if pv.Pawn != "" {
				want["pawn"]++
			}
			for _, w := range pv.Warehouse {
				var good string
				var n int
				if _, err := fmt.Sscan(w, &good, &n); err == nil {
					want["stored"] += n
				}
			}
			want["house"] += len(pv.Houses)
			want["boat"] += len(pv.Boats)
		}
		want["extension"] = len(v.Table.Display)
		if v.You != nil && !v.Table.Over {
			want["planning"] = len(v.You.Planning)
		}
	case *archipelago.View:
		want["region"], want["building"], want["citizens"], want["ships"] = len(v.Map), 0, 0, 0
		want["player"] = len(v.Players)
		for _, r := range v.Map {
			want["building"] += len(r.Buildings)
			for _, u := range r.Units {
				if u.Citizens+u.Working+u.Rebels+u.Housed > 0 {
					want["citizens"]++
				}
				if u.Ships+u.ShipsAtWork > 0 {
					want["ships"]++
				}
			}
		}
		want["own"] = 0
		if v.Private != nil {
			want["own"] = 1
		}
	}
	return want
}

func seat(s int) string { return "seat" + string(rune('0'+s)) }

// TestNoOtherSeatsSecrets plays each game on and looks, at every step and
// for every seat, for the facts only another seat may see (the game's
// Secrets) among the texts of the seat's picture. So that the search is
// known to find such facts, each seat's own secrets must show in its own
// picture somewhere along the way.
func TestNoOtherSeatsSecrets(t *testing.T) {
	for _, p := range []position{
		{"altiplano-3-missions", altiplano.Game, 3, []string{"missions"}, 11, 60, false},
		{"archipelago-3", archipelago.Game, 3, nil, 12, 60, false},
		{"atacama-2-enhanced", atacama.Game, 2, []string{"enhanced"}, 13, 20, false},
	} {
		t.Run(p.name, func(t *testing.T) {
			own := 0
			for i := 0; i <= p.moves; i += 4 {
				q := p
				q.moves = i
				st := q.play(t)
				sec, ok := st.(rules.Secrets)
				if !ok {
					t.Fatalf("%s keeps no secrets", p.name)
				}
				for s := rules.Observer; int(s) < p.seats; s++ {
					texts := pictureTexts(t, st.View(s))
					for o := rules.Observer; int(o) < p.seats; o++ {
						for _, secret := range rulestest.SecretFacts(sec.Secrets(o)) {
							shown := strings.Contains(texts, secret)
							switch {
							case shown && o == s && o != rules.Observer:
								own++
							case shown && o != s:
								t.Errorf("after %d moves, the picture of seat %d shows %q, which only seat %d may see", i, s, secret, o)
							}
						}
					}
				}
			}
			if own == 0 && p.game != atacama.Game {
				t.Errorf("no seat's own secrets showed in its own picture: the search finds nothing")
			}
		})
	}
}

// pictureTexts is every text of a view's picture, one a line.
func pictureTexts(t *testing.T, v rules.View) string {
	t.Helper()
	pic, err := drawView(v)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(pic.Texts(), "\n")
}

// TestPNG: every fixed position's PNG decodes, has the picture's size,
// lies on the light, opaque page and stays within 150 KiB, small enough
// to go in a mail.
func TestPNG(t *testing.T) {
	for _, p := range positions {
		pic, err := drawView(p.play(t).View(0))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := pic.WritePNG(&b); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("%s: the PNG does not decode: %v", p.name, err)
		}
		if got, want := img.Bounds().Size(), image.Pt(int(pic.Width+0.5), int(pic.Height+0.5)); got != want {
			t.Errorf("%s: the PNG is %v, want %v", p.name, got, want)
		}
		// the page's own colour, exactly: opaque and light in any mail theme
		if r, g, bl, a := img.At(1, 1).RGBA(); r>>8 != 0xfb || g>>8 != 0xf8 || bl>>8 != 0xf1 || a != 0xffff {
			t.Errorf("%s: the PNG's page is #%02x%02x%02x (alpha %d), want #fbf8f1, opaque", p.name, r>>8, g>>8, bl>>8, a>>8)
		}
		if b.Len() > 150<<10 {
			t.Errorf("%s: the PNG has %d bytes, want at most 150 KiB", p.name, b.Len())
		}
	}
}

// TestSVGFonts: the fonts an SVG embeds parse, and between them, regular
// and bold, hold a glyph for every character of the picture's texts, so
// no reader needs a font of its own.
func TestSVGFonts(t *testing.T) {
	for _, p := range positions {
		pic, err := drawView(p.play(t).View(0))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := pic.WriteSVG(&b); err != nil {
			t.Fatal(err)
		}
		faces := fontFace.FindAllStringSubmatch(b.String(), -1)
		if len(faces) != 2 {
			t.Fatalf("%s: the SVG embeds %d font faces, want regular and bold", p.name, len(faces))
		}
		var sfnts []*font.SFNT
		for _, f := range faces {
			data, err := base64.StdEncoding.DecodeString(f[2])
			if err != nil {
				t.Fatal(err)
			}
			sf, err := font.ParseFont(data, 0)
			if err != nil {
				t.Fatalf("%s: an embedded font does not parse: %v", p.name, err)
			}
			sfnts = append(sfnts, sf)
		}
		for _, r := range strings.Join(pic.Texts(), "") {
			if r != ' ' && sfnts[0].GlyphIndex(r) == 0 && sfnts[1].GlyphIndex(r) == 0 {
				t.Errorf("%s: no embedded font has a glyph for %q", p.name, r)
			}
		}
	}
}

var fontFace = regexp.MustCompile(`@font-face\{font-family:Go;(font-weight:700;)?src:url\(data:font/woff2;base64,([A-Za-z0-9+/=]+)\)\}`)

// TestHiddenChoicesUnseen: when a seat's choice changes nothing another
// seat may see (a plan in Altiplano, a sealed bid in Archipelago), the
// other seat's picture is the same whichever it chose, byte for byte.
// That the choices are drawn at all shows in the chooser's own picture,
// which must differ somewhere along the way.
func TestHiddenChoicesUnseen(t *testing.T) {
	for _, p := range []position{
		{"altiplano-3", altiplano.Game, 3, nil, 21, 40, false},
		{"archipelago-3", archipelago.Game, 3, nil, 22, 40, false},
	} {
		t.Run(p.name, func(t *testing.T) {
			checked, shown := 0, 0
			for i := 0; i <= p.moves && checked < 12; i += 5 {
				q := p
				q.moves = i
				st := q.play(t)
				for _, j := range st.ToAct() {
					legal := st.Legal(j)
					if len(legal) < 2 {
						continue
					}
					a, errA := st.Apply(j, legal[0])
					b, errB := st.Apply(j, legal[len(legal)-1])
					if errA != nil || errB != nil {
						t.Fatal(errA, errB)
					}
					hidden := false
					for o := rules.Observer; int(o) < p.seats; o++ {
						if o == j || viewJSON(t, a, o) != viewJSON(t, b, o) {
							continue
						}
						hidden = true
						checked++
						if svgOf(t, a.View(o)) != svgOf(t, b.View(o)) {
							t.Errorf("after %d moves, seat %d's picture shows whether seat %d played %s or %s, which its view does not", i, o, j, legal[0], legal[len(legal)-1])
						}
					}
					if hidden && svgOf(t, a.View(j)) != svgOf(t, b.View(j)) {
						shown++
					}
				}
			}
			if checked == 0 || shown == 0 {
				t.Errorf("checked %d pictures for hidden choices, %d choices showed in their seat's own picture; want some of each", checked, shown)
			}
		})
	}
}

func viewJSON(t *testing.T, st rules.State, s rules.Seat) string {
	t.Helper()
	b, err := json.Marshal(st.View(s))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
