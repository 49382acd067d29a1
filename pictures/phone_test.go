package pictures_test

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// phoneWidth is how wide most mail is read, in CSS pixels, and
// phoneMinText the smallest text a person reads there.
const (
	phoneWidth   = 360.0
	phoneMinText = 10.0
)

// TestReadableOnAPhone: every picture of each game, at its start, along
// the way and at its end, for every number of players and as each seat
// and an observer see it, shown 360 pixels wide, has no text under 10
// pixels. The sizes are read from the SVG, as a browser would.
func TestReadableOnAPhone(t *testing.T) {
	type game struct {
		g        rules.Game
		variants [][]string
	}
	cases := positions // the goldens' positions, the enhanced Atacama among them
	for _, g := range []game{
		{atacama.Game, [][]string{nil, {"tactical"}}},
		{altiplano.Game, [][]string{nil, {"missions"}, {"choose"}}},
		{archipelago.Game, [][]string{nil}},
	} {
		info := g.g.Info()
		for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
			for _, vs := range g.variants {
				for _, moves := range []int{0, 60, 1000} {
					cases = append(cases, position{name: fmt.Sprintf("%s-%d%v-%d", info.Name, seats, vs, moves), game: g.g, seats: seats, variants: vs, seed: uint64(seats*7 + moves), moves: moves})
				}
			}
		}
	}
	for _, p := range cases {
		st := p.play(t)
		for s := rules.Observer; int(s) < p.seats; s++ {
			width, smallest, text := phoneSizes(t, svgOf(t, st.View(s)))
			if shown := smallest * phoneWidth / width; shown < phoneMinText {
				t.Errorf("%s seen by seat %d: %q is %.1f px in a picture %.0f px wide, %.1f px at %.0f px; want at least %.0f",
					p.name, s, text, smallest, width, shown, phoneWidth, phoneMinText)
			}
		}
	}
}

var (
	svgWidth = regexp.MustCompile(`^([0-9.]+)px$`)
	fontSize = regexp.MustCompile(`font:[^;"]*?([0-9.]+)px`)
)

// phoneSizes reads an SVG document's width and its smallest text's size
// and words.
func phoneSizes(t *testing.T, svg string) (width, smallest float64, text string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	smallest = 1e9
	size := 0.0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			for _, a := range tok.Attr {
				switch {
				case tok.Name.Local == "svg" && a.Name.Local == "width":
					m := svgWidth.FindStringSubmatch(a.Value)
					if m == nil {
						t.Fatalf("the SVG's width is %q, want pixels", a.Value)
					}
					width, _ = strconv.ParseFloat(m[1], 64)
				case a.Name.Local == "style":
					if m := fontSize.FindStringSubmatch(a.Value); m != nil {
						size, _ = strconv.ParseFloat(m[1], 64)
					}
				}
			}
		case xml.CharData:
			if s := strings.TrimSpace(string(tok)); s != "" && size > 0 && size < smallest {
				smallest, text = size, s
			}
		case xml.EndElement:
			if tok.Name.Local == "text" {
				size = 0
			}
		}
	}
	if width == 0 || text == "" {
		t.Fatalf("the SVG has no width or no text")
	}
	return width, smallest, text
}
