package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"net/textproto"
	"slices"
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
				if b := img.Bounds(); b.Dx() < 300 || b.Dx() > 360 || b.Dy() < 300 {
					t.Errorf("pbem show %s %v --format png is %v, want a board a phone shows whole (300 to 360 px wide)", id, seat, b)
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

// TestShowIsTheMailsPicture: "pbem show --seat N --at SEQ --lang L
// --format png" writes the very picture of the mail to seat N about event
// SEQ in language L, byte for byte, for each mail of a game in English
// and Chinese.
func TestShowIsTheMailsPicture(t *testing.T) {
	dir := t.TempDir()
	players := []string{"ana@example.org", "bea@example.net"}
	id := strings.TrimSpace(mustPbem(t, dir, "new", "altiplano", "--players", players[0]+","+players[1]+":zh", "--seed", "4"))
	mustPbem(t, dir, "move", id, "--seat", "0", strings.SplitN(mustPbem(t, dir, "legal", id, "--seat", "0"), "\n", 2)[0])
	compared := map[string]bool{}
	for _, line := range strings.Split(mustPbem(t, dir, "mail", "list", id), "\n")[1:] {
		f := strings.Fields(line)
		if len(f) < 4 {
			continue
		}
		mid, to, event := f[0], f[1], f[3]
		seat := slices.Index(players, to)
		_, seq, _ := strings.Cut(event, "#")
		m, err := netmail.ReadMessage(strings.NewReader(mustPbem(t, dir, "mail", "show", mid)))
		if err != nil || seat < 0 {
			t.Fatalf("pbem mail show %s (to %s): %v", mid, to, err)
		}
		lang := m.Header.Get("Content-Language")
		got := mailPNG(t, m)
		if got == nil {
			continue
		}
		want := mustPbem(t, dir, "show", id, "--seat", strconv.Itoa(seat), "--at", seq, "--lang", lang, "--format", "png")
		if !bytes.Equal(got, []byte(want)) {
			t.Errorf("pbem show %s --seat %d --at %s --lang %s --format png is not the picture of mail %s", id, seat, seq, lang, mid)
		}
		compared[lang] = true
	}
	if !compared["en"] || !compared["zh"] {
		t.Errorf("compared the pictures of mails in %v, want English and Chinese", compared)
	}
}

// mailPNG is the PNG part of a mail, nil if it has none.
func mailPNG(t *testing.T, m *netmail.Message) []byte {
	t.Helper()
	var find func(h textproto.MIMEHeader, body io.Reader) []byte
	find = func(h textproto.MIMEHeader, body io.Reader) []byte {
		mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasPrefix(mt, "multipart/"):
			r := multipart.NewReader(body, params["boundary"])
			for {
				p, err := r.NextRawPart()
				if err != nil {
					return nil
				}
				if b := find(p.Header, p); b != nil {
					return b
				}
			}
		case mt == "image/png":
			b, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, body))
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		return nil
	}
	return find(textproto.MIMEHeader(m.Header), m.Body)
}
