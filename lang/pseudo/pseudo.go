// Package pseudo is a language for tests, registered through the same
// door as a real one (lang.New): every text of the catalog, every
// template's words, every command word and every word of DEADLINE is
// English wrapped in ⟦ and ⟧, the way i18n teams pseudo-localise. A mail,
// picture or page to its reader with a run of letters outside the marks,
// beyond addresses, notation, ids and numbers, holds a string that
// bypassed the catalog. No program of pbem imports it.
package pseudo

import (
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"testing/fstest"
	"unicode"
	"unicode/utf8"

	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/lang/en"
)

// Tag is the pseudo-language's tag: a private-use BCP 47 language.
const Tag = "qps"

// Open and Close are the marks around every wrapped text.
const Open, Close = "⟦", "⟧"

// Pack returns the pseudo-language, made from English's pack.
func Pack() lang.Pack {
	eng := en.Pack()
	p := lang.Pack{
		Tag:      Tag,
		Names:    map[string]string{"pseudo": Tag},
		Detect:   func(text string) bool { return strings.Contains(text, Open) },
		Commands: map[string][]string{},
		Keywords: map[string][]string{},
		Deadline: map[string]string{},
		Texts:    Texts(eng.Texts),
		Derive:   Texts,
	}
	for id := range eng.Texts {
		if word, ok := strings.CutPrefix(id, "cmd."); ok {
			p.Commands[word] = []string{Wrap(word)}
		}
	}
	for _, kw := range []string{"WITH", "THEN", "ON", "OFF", "OPEN", "GAME"} {
		p.Keywords[kw] = []string{Wrap(kw)}
	}
	for _, w := range []string{"reminder", "grace", "vacation", "timeouts", "off", "mon", "tue", "wed", "thu", "fri", "sat", "sun"} {
		p.Deadline[Wrap(w)] = w
	}
	if t, err := Templates(eng.Templates); err == nil {
		p.Templates = t
	}
	return p
}

// Wrap writes s in the marks.
func Wrap(s string) string { return Open + s + Close }

// verb is a verb of fmt, which stays outside the marks so that what it
// prints is checked on its own.
var verb = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*\d*(?:\.\d+)?[a-zA-Z%]`)

// Text wraps every stretch of an English format between its verbs that
// holds a letter: "%[1]s placed a rig on %[2]s." is
// "%[1]s⟦ placed a rig on ⟧%[2]s."; a stretch without a letter (", ",
// ".") stays as it is.
func Text(format string) string {
	var b strings.Builder
	last := 0
	for _, m := range verb.FindAllStringIndex(format, -1) {
		b.WriteString(wrapLetters(format[last:m[0]]))
		b.WriteString(format[m[0]:m[1]])
		last = m[1]
	}
	b.WriteString(wrapLetters(format[last:]))
	return b.String()
}

// wrapLetters wraps s when it holds a letter.
func wrapLetters(s string) string {
	if !strings.ContainsFunc(s, unicode.IsLetter) {
		return s
	}
	return Wrap(s)
}

// Texts writes English texts in the pseudo-language, plural forms
// included.
func Texts(english lang.Texts) lang.Texts {
	out := lang.Texts{}
	for id, t := range english {
		switch t := t.(type) {
		case string:
			out[id] = Text(t)
		case lang.Plural:
			// The pseudo-language has no plural rules of its own: it
			// keeps English's "other" form and its exact values.
			var cases []any
			for i := 0; i+1 < len(t.Cases); i += 2 {
				sel, _ := t.Cases[i].(string)
				text, _ := t.Cases[i+1].(string)
				if sel == "other" || strings.HasPrefix(sel, "=") {
					cases = append(cases, sel, Text(text))
				}
			}
			out[id] = lang.Plural{Arg: t.Arg, Cases: cases}
		default:
			out[id] = t
		}
	}
	return out
}

// action is a template's action, {{…}}, whose output is checked on its own.
var action = regexp.MustCompile(`(?s)\{\{.*?\}\}`)

// Templates writes English's templates in the pseudo-language: the words
// of each template's text, between its actions and, in HTML, outside its
// tags, entities and style sheets, wrapped.
func Templates(english fs.FS) (fs.FS, error) {
	out := fstest.MapFS{}
	names, err := fs.Glob(english, "*.tmpl")
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		b, err := fs.ReadFile(english, name)
		if err != nil {
			return nil, err
		}
		out[name] = &fstest.MapFile{Data: []byte(template(string(b), strings.HasSuffix(name, ".html.tmpl")))}
	}
	return out, nil
}

// template wraps the words of one template's text.
func template(src string, html bool) string {
	var b strings.Builder
	st := &htmlState{}
	last := 0
	for _, m := range action.FindAllStringIndex(src, -1) {
		b.WriteString(words(src[last:m[0]], html, st))
		b.WriteString(literals(src[m[0]:m[1]]))
		last = m[1]
	}
	b.WriteString(words(src[last:], html, st))
	return b.String()
}

// naming are the actions whose strings name templates, not words.
var naming = regexp.MustCompile(`^\{\{-?\s*(define|template|block)\b`)

// literal is a string in an action.
var literal = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// literals wraps the words of the strings of an action (printf's
// formats, wrap's sentences), their verbs left outside the marks.
func literals(act string) string {
	if naming.MatchString(act) {
		return act
	}
	return literal.ReplaceAllStringFunc(act, func(q string) string {
		s, err := strconv.Unquote(q)
		if err != nil || !strings.ContainsFunc(s, unicode.IsLetter) {
			return q
		}
		return strconv.Quote(Text(s))
	})
}

// htmlState is where an HTML template's text stands, across its actions:
// inside a tag, or inside a style sheet.
type htmlState struct{ tag, style bool }

// words wraps each run of text holding a letter; in HTML, only the runs
// outside tags and style sheets, entities kept whole.
func words(s string, html bool, st *htmlState) string {
	if !html {
		return wrapRuns(s)
	}
	var b, run strings.Builder
	flush := func() { b.WriteString(wrapRuns(run.String())); run.Reset() }
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case st.tag:
			b.WriteByte(c)
			if c == '>' {
				st.tag = false
				if strings.HasPrefix(lastTag(b.String()), "<style") {
					st.style = true
				}
			}
		case c == '<':
			if st.style && !strings.HasPrefix(strings.ToLower(s[i:]), "</style") {
				b.WriteByte(c)
				continue
			}
			flush()
			st.tag, st.style = true, false
			b.WriteByte(c)
		case st.style:
			b.WriteByte(c)
		case c == '&':
			j := strings.IndexByte(s[i:], ';')
			if j < 0 || j > 10 {
				run.WriteByte(c)
				continue
			}
			flush()
			b.WriteString(s[i : i+j+1])
			i += j
		default:
			run.WriteByte(c)
		}
	}
	flush()
	return b.String()
}

// lastTag is the last tag written to s.
func lastTag(s string) string {
	i := strings.LastIndexByte(s, '<')
	if i < 0 {
		return ""
	}
	return strings.ToLower(s[i:])
}

// wrapRuns wraps the stretch of s from its first letter to its last, and
// the marks beside them, its spaces at either end left outside.
func wrapRuns(s string) string {
	start := strings.IndexFunc(s, unicode.IsLetter)
	if start < 0 {
		return s
	}
	last := strings.LastIndexFunc(s, unicode.IsLetter)
	_, size := utf8.DecodeRuneInString(s[last:])
	end := last + size
	for start > 0 && s[start-1] < utf8.RuneSelf && !unicode.IsSpace(rune(s[start-1])) {
		start--
	}
	for end < len(s) && s[end] < utf8.RuneSelf && !unicode.IsSpace(rune(s[end])) {
		end++
	}
	return s[:start] + Open + s[start:end] + Close + s[end:]
}
