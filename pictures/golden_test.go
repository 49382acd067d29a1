package pictures_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/internal/golden"
	"github.com/pbem-games/pbem/rules"
)

// pngDir, when set, is where TestGolden also writes each golden's PNG,
// for a person to look at a drawing before accepting it with -update.
var pngDir = flag.String("png", "", "also write each golden picture as PNG into this directory")

// TestGolden compares the SVG of each fixed position, as its first seat
// sees it and, where something is hidden, as an observer does, with
// testdata/NAME-seat0.svg and NAME-observer.svg; run with -update to
// rewrite them after a meant change, and review the diff.
func TestGolden(t *testing.T) {
	for _, p := range positions {
		st := p.play(t)
		seats := []rules.Seat{0}
		if p.observer {
			seats = append(seats, rules.Observer)
		}
		for _, seat := range seats {
			name := p.name + "-seat0.svg"
			if seat == rules.Observer {
				name = p.name + "-observer.svg"
			}
			t.Run(name, func(t *testing.T) {
				golden.Check(t, filepath.Join("testdata", name), svgOf(t, st.View(seat)))
				if *pngDir != "" {
					writePNG(t, filepath.Join(*pngDir, strings.TrimSuffix(name, ".svg")+".png"), st.View(seat))
				}
			})
		}
	}
}

// svgOf draws a view and returns its SVG.
func svgOf(t testing.TB, v rules.View) string {
	t.Helper()
	pic, err := drawView(v)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := pic.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// writePNG draws a view into the PNG file name.
func writePNG(t testing.TB, name string, v rules.View) {
	t.Helper()
	pic, err := drawView(v)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := pic.WritePNG(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
