package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"strconv"
	"strings"
	"testing"
)

// TestShowPicture: "pbem show --format svg" writes an SVG document that
// parses as XML and "--format png" an image that decodes, for every game,
// as a player and as an observer; a format pbem does not write is refused.
func TestShowPicture(t *testing.T) {
	dir := t.TempDir()
	for _, game := range []string{"atacama", "altiplano", "archipelago"} {
		t.Run(game, func(t *testing.T) {
			id := strings.TrimSpace(mustPbem(t, dir, "new", game, "--players", "Ana,Bea,Cy", "--seed", "4"))
			for range 3 {
				var sh shownJSON
				if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", id, "--format", "json")), &sh); err != nil {
					t.Fatal(err)
				}
				seat := strconv.Itoa(sh.ToAct[0])
				first := strings.SplitN(strings.TrimSpace(mustPbem(t, dir, "legal", id, "--seat", seat)), "\n", 2)[0]
				mustPbem(t, dir, "move", id, "--seat", seat, first)
			}
			for _, seat := range [][]string{{"--seat", "1"}, nil} {
				svg := mustPbem(t, dir, append([]string{"show", id, "--format", "svg"}, seat...)...)
				if err := wellFormed(svg); err != nil {
					t.Errorf("pbem show %s %v --format svg: %v", id, seat, err)
				}
				if !strings.Contains(svg, "<title>") || !strings.Contains(svg, "seen by") {
					t.Errorf("pbem show %s %v --format svg has no title saying whose view it is", id, seat)
				}
				pic := mustPbem(t, dir, append([]string{"show", id, "--format", "png"}, seat...)...)
				img, err := png.Decode(strings.NewReader(pic))
				if err != nil {
					t.Fatalf("pbem show %s %v --format png: %v", id, seat, err)
				}
				if b := img.Bounds(); b.Dx() < 400 || b.Dy() < 300 {
					t.Errorf("pbem show %s %v --format png is %v, want a board", id, seat, b)
				}
			}
		})
	}
	id := newGame(t, dir, "--players", "Ana,Bea")
	for _, args := range [][]string{{"--format", "gif"}, {"--json", "--format", "svg"}} {
		if out, err := pbem(t, dir, append([]string{"show", id}, args...)...); !isUsage(err) {
			t.Errorf("pbem show %s %s = %q, %v, want a usage error", id, strings.Join(args, " "), out, err)
		}
	}
}

// wellFormed reads an SVG document to its end and checks its root.
func wellFormed(doc string) error {
	d := xml.NewDecoder(bytes.NewReader([]byte(doc)))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		return errors.New("the root element is " + strconv.Quote(root) + ", not svg")
	}
	return nil
}

func isUsage(err error) bool {
	var u usageError
	return errors.As(err, &u)
}
