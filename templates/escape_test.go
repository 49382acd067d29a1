package templates_test

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbem-games/pbem/templates"
)

// hostile are strings a player may put in a name, a SAY or a refused line.
var hostile = []string{
	`<script>alert(1)</script>`,
	`"><img src=x onerror=alert(1)>`,
	`{{.Seed}}{{template "footer" .}}`,
	"Eve\r\nBcc: evil@example.com\r\n\r\nRESIGN",
	"Eve\nSubject: free gold\u2028Bcc: evil@example.com\x00",
	`javascript:alert(1)`,
}

// setStrings sets every string reachable from v to s, but for Kind, which
// chooses the templates, and the fields named in skip.
func setStrings(v reflect.Value, s string, skip ...string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() && f.Name != "Kind" && !slices.Contains(skip, f.Name) {
				setStrings(v.Field(i), s, skip...)
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			setStrings(v.Index(i), s, skip...)
		}
	}
}

// rawTag matches markup the templates never write: data that escaped.
var rawTag = regexp.MustCompile(`(?i)<\s*(script|img|iframe|object|svg)|<[a-z][^>]*\son\w+\s*=`)

// TestHostileStrings puts hostile text in every string of every fixture
// and checks it comes out inert: escaped in HTML, on one line in the
// subject and the text part, never executed as a template.
func TestHostileStrings(t *testing.T) {
	for _, h := range hostile {
		for _, f := range fixtures(t) {
			t.Run(f.Name+"/"+h[:4], func(t *testing.T) {
				m := f.Mail
				setStrings(reflect.ValueOf(&m).Elem(), h)
				r, err := templates.Render(m)
				if err != nil {
					t.Fatalf("Render: %v", err)
				}
				if strings.ContainsAny(r.Subject, "\r\n\x00\u2028") {
					t.Errorf("subject = %q, holds a line break", r.Subject)
				}
				if strings.ContainsAny(r.Text+r.HTML, "\r\x00\u2028") {
					t.Errorf("a part holds CR, NUL or U+2028")
				}
				// The board's picture is the one image the templates write.
				html := r.HTML
				if m.Picture.CID != "" {
					html = strings.Replace(html, `<img src="cid:`, "", 1)
				}
				if loc := rawTag.FindStringIndex(html); loc != nil {
					t.Errorf("html holds markup from the data: %q", html[max(loc[0]-60, 0):min(loc[1]+20, len(html))])
				}
				if strings.Contains(h, "{{") && !strings.Contains(r.Text, "{{.Seed}}") {
					t.Errorf("text lost the literal {{.Seed}}: data was parsed as a template")
				}
			})
		}
	}
}

// TestTemplateInjection checks that template syntax in data is shown as
// written and reaches nothing the mail does not show.
func TestTemplateInjection(t *testing.T) {
	m := named(t, "your-turn")
	m.To.Name = `{{.Seed}}{{printf "%s" .Commitment}}`
	m.Seed, m.Commitment = "0123secret", "" // a prompt never shows the seed
	r, err := templates.Render(m)
	if err != nil {
		t.Fatal(err)
	}
	for part, s := range map[string]string{"subject": r.Subject, "text": r.Text, "html": r.HTML} {
		if strings.Contains(s, "0123secret") {
			t.Errorf("%s shows the seed", part)
		}
	}
	if !strings.Contains(r.Text, m.To.Name) {
		t.Errorf("text does not show the name %q as written", m.To.Name)
	}
	if !strings.Contains(r.HTML, "{{.Seed}}{{printf &#34;%s&#34; .Commitment}}") {
		t.Errorf("html does not show the name %q escaped", m.To.Name)
	}
}

// TestLineBreaksFlattened checks that a line break in any one-line field
// lays out as a space: data never starts a line of its own, in the text
// part or in a header.
func TestLineBreaksFlattened(t *testing.T) {
	const broken = "Eve\r\nBcc: evil@example.com\n\rRESIGN\u2028\x00now"
	const flat = "Eve Bcc: evil@example.com  RESIGN  now"
	for _, f := range fixtures(t) {
		t.Run(f.Name, func(t *testing.T) {
			bad, good := f.Mail, f.Mail
			setStrings(reflect.ValueOf(&bad).Elem(), broken, "Board", "Said")
			setStrings(reflect.ValueOf(&good).Elem(), flat, "Board", "Said")
			rb, err := templates.Render(bad)
			if err != nil {
				t.Fatal(err)
			}
			rg, err := templates.Render(good)
			if err != nil {
				t.Fatal(err)
			}
			if rb != rg {
				t.Errorf("line breaks in the data changed the layout:\n%s\nwant\n%s", rb.Text, rg.Text)
			}
		})
	}
}

// TestHostileSubject checks header injection through every field that
// reaches a subject.
func TestHostileSubject(t *testing.T) {
	evil := "Ana\r\nBcc: evil@example.com"
	for _, f := range fixtures(t) {
		m := f.Mail
		m.Game.ID, m.Game.Title, m.Actor, m.OnBehalfOf, m.SaidBy = evil, evil, evil, evil, evil
		r, err := templates.Render(m)
		if err != nil {
			t.Fatalf("%s: Render: %v", f.Name, err)
		}
		if strings.ContainsAny(r.Subject, "\r\n") {
			t.Errorf("%s: subject = %q", f.Name, r.Subject)
		}
		m.SaidBy, m.Actor, m.OnBehalfOf = strings.Repeat("Ana ", 500), strings.Repeat("Ana ", 500), strings.Repeat("Ana ", 500)
		if r, _ := templates.Render(m); utf8.RuneCountInString(r.Subject) > 160 {
			t.Errorf("%s: subject has %d runes, want at most 160", f.Name, utf8.RuneCountInString(r.Subject))
		}
	}
}

// TestRenderLeavesMailAlone checks that cleaning works on a copy.
func TestRenderLeavesMailAlone(t *testing.T) {
	m := named(t, "your-turn")
	m.Happened = []string{"Ana\r\nplaced a rig on G7."}
	m.Players[0].Name = "Ana\r\n"
	if _, err := templates.Render(m); err != nil {
		t.Fatal(err)
	}
	if m.Happened[0] != "Ana\r\nplaced a rig on G7." || m.Players[0].Name != "Ana\r\n" {
		t.Errorf("Render changed the caller's Mail: %q, %q", m.Happened[0], m.Players[0].Name)
	}
}
