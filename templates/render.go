package templates

import (
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"io"
	"io/fs"
	"slices"
	"strings"
	"sync"
	texttemplate "text/template"
	"unicode/utf8"

	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/lang/all"
	"github.com/pbem-games/pbem/templates/words"
)

// fallback is the language every other one falls back to, template by
// template.
const fallback = lang.Fallback

// Rendered is a mail's subject and parts, ready for the mail package to
// wrap in MIME.
type Rendered struct {
	// Subject is one line: it never holds CR, LF or another control
	// character.
	Subject string
	// Text is the plain text part; every line ends with "\n".
	Text string
	// HTML is the HTML part: one document, inline styles only.
	HTML string
	// Headline is what happened, in one line: the text part opens with it
	// and the HTML part carries it as its hidden preview text, the line a
	// mail client shows beside the subject, which is the same for every
	// mail of a game so that the game stays one thread.
	Headline string
}

// ErrIncomplete is returned by Render for a Mail that lacks what its Kind
// cannot do without (a prompt without a board, a refusal without a reason).
var ErrIncomplete = errors.New("templates: incomplete mail")

// maxSubject is the longest subject in runes: enough for any honest one,
// short enough that a long name cannot make a header unwieldy.
const maxSubject = 160

// clip shortens s to at most n runes, ending it with "…" if it was cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// Set is the mail templates, one set for every language (mail/*.tmpl),
// parsed once per language of a registry with that language's texts:
// *.text.tmpl define <kind>.subject, <kind>.headline and <kind>.text,
// *.html.tmpl define <kind>.html, and every word they write is the
// reader's catalog's, by id ({{t "accepted.headline" .Game.Move}}).
type Set struct {
	all map[string]set
	err error
}

// New parses the templates for the languages of book, with its texts
// (a catalog's book: the languages' own and its games').
func New(book *words.Book) (*Set, error) {
	all, err := parse(book, Files())
	if err != nil {
		return nil, err
	}
	return &Set{all: all}, nil
}

// Render renders m's subject, plain text and HTML parts in m.Lang, falling
// back to English for a language pbem does not speak. It returns
// an error wrapping ErrIncomplete if m lacks what its Kind needs.
func (s *Set) Render(m Mail) (Rendered, error) {
	if s.err != nil {
		return Rendered{}, s.err
	}
	return render(s.all, m)
}

// Default returns the templates of the languages pbem speaks (lang/all),
// parsed once; a Set that renders every mail an error if they do not
// parse (TestEnglishIsComplete).
func Default() *Set {
	all, err := parsed()
	if err != nil {
		return &Set{err: err}
	}
	return &Set{all: all}
}

// Render is Set.Render with the templates of the languages pbem speaks
// (lang/all).
func Render(m Mail) (Rendered, error) {
	all, err := parsed()
	if err != nil {
		return Rendered{}, err
	}
	return render(all, m)
}

// render renders m with the templates of all.
func render(all map[string]set, m Mail) (Rendered, error) {
	m = clean(m)
	if what := missing(&m); what != "" {
		return Rendered{}, fmt.Errorf("%w: a %q mail needs %s", ErrIncomplete, m.Kind, what)
	}
	m.Lang = language(all, m.Lang)
	s := all[m.Lang]
	var r Rendered
	// The templates get a pointer: they walk the Mail by reflection, and a
	// pointer spares a copy of it per template called.
	subject, err := execute(s, false, string(m.Kind)+".subject", &m)
	if err != nil {
		return Rendered{}, err
	}
	r.Subject = clip(oneLine(subject), maxSubject)
	m.subject = r.Subject
	headline, err := execute(s, false, string(m.Kind)+".headline", &m)
	if err != nil {
		return Rendered{}, err
	}
	m.headline = oneLine(headline)
	r.Headline = m.headline
	text, err := execute(s, false, string(m.Kind)+".text", &m)
	if err != nil {
		return Rendered{}, err
	}
	r.Text = strings.TrimRight(text, "\n") + "\n"
	if r.HTML, err = execute(s, true, string(m.Kind)+".html", &m); err != nil {
		return Rendered{}, err
	}
	return r, nil
}

// Subject renders only m's subject, in m.Lang: the subject of a game's
// thread as its reader first read it, which the mail side keeps when the
// reader later reads the game in another language.
func Subject(m Mail) (string, error) {
	all, err := parsed()
	if err != nil {
		return "", err
	}
	m = clean(m)
	m.Lang = language(all, m.Lang)
	subject, err := execute(all[m.Lang], false, string(m.Kind)+".subject", &m)
	if err != nil {
		return "", err
	}
	return clip(oneLine(subject), maxSubject), nil
}

// language picks the templates for lang: its own, those of its base
// language ("zh" for "zh-Hant-TW"), or the fallback's.
func language(all map[string]set, lang string) string {
	lang = strings.ToLower(lang)
	base, _, _ := strings.Cut(lang, "-")
	for _, l := range []string{lang, base} {
		if _, ok := all[l]; ok {
			return l
		}
	}
	return fallback
}

// Languages returns the languages the templates are parsed for, sorted.
func Languages() []string {
	all, err := parsed()
	if err != nil {
		return []string{fallback}
	}
	var ls []string
	for l := range all {
		ls = append(ls, l)
	}
	slices.Sort(ls)
	return ls
}

// executor is what text and HTML templates have in common.
type executor interface {
	ExecuteTemplate(w io.Writer, name string, data any) error
}

// execute runs the template name of s on m, its text template or, with
// html, its HTML one.
func execute(s set, html bool, name string, m *Mail) (string, error) {
	var t executor = s.text
	if html {
		t = s.html
	}
	var b strings.Builder // its String is its own bytes, not one more copy
	if err := t.ExecuteTemplate(&b, name, m); err != nil {
		return "", fmt.Errorf("templates: %s in %s: %w", name, m.Lang, err)
	}
	return b.String(), nil
}

// set is one language's templates.
type set struct {
	text *texttemplate.Template
	html *htmltemplate.Template
}

// parsed parses the templates of lang/all's packs once; they never
// change.
var parsed = sync.OnceValues(func() (map[string]set, error) {
	r, err := all.Registry()
	if err != nil {
		return nil, err
	}
	book, err := words.NewBookOf(r)
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	return parse(book, Files())
})

//go:embed mail/*.tmpl
var files embed.FS

// Files returns the mail templates: one set, every language's.
func Files() fs.FS {
	sub, _ := fs.Sub(files, "mail") // the directory is embedded
	return sub
}

// parse parses the templates of fsys once for each language of book,
// their function t printing that language's texts.
func parse(book *words.Book, fsys fs.FS) (map[string]set, error) {
	all := map[string]set{}
	for _, tag := range book.Langs().Tags() {
		p := book.For(tag)
		s, err := parseLang(fsys, tag, set{
			text: texttemplate.New("").Funcs(textFuncs).Funcs(languageFuncs(p, false)),
			html: htmltemplate.New("").Funcs(htmlFuncs).Funcs(languageFuncs(p, true)),
		})
		if err != nil {
			return nil, err
		}
		all[tag] = s
	}
	if _, ok := all[fallback]; !ok {
		return nil, fmt.Errorf("templates: no %s texts", fallback)
	}
	return all, nil
}

// parseLang adds the templates of language lang, in fsys, to s.
func parseLang(fsys fs.FS, lang string, s set) (set, error) {
	var err error
	if names, _ := fs.Glob(fsys, "*.text.tmpl"); len(names) > 0 {
		if s.text, err = s.text.ParseFS(fsys, names...); err != nil {
			return set{}, fmt.Errorf("templates: %s: %w", lang, err)
		}
	}
	if names, _ := fs.Glob(fsys, "*.html.tmpl"); len(names) > 0 {
		if s.html, err = s.html.ParseFS(fsys, names...); err != nil {
			return set{}, fmt.Errorf("templates: %s: %w", lang, err)
		}
	}
	return s, nil
}
