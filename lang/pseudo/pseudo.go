// Package pseudo is a language for tests, registered through the same
// door as a real one (lang.New): every text of the catalog (and so
// every word of the mail templates), every command word and every word
// of DEADLINE is
// English wrapped in ⟦ and ⟧, the way i18n teams pseudo-localise. A mail,
// picture or page to its reader with a run of letters outside the marks,
// beyond addresses, notation, ids and numbers, holds a string that
// bypassed the catalog. No program of pbem imports it.
package pseudo

import (
	"regexp"
	"strings"
	"unicode"

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
		if word, ok := strings.CutPrefix(string(id), "cmd."); ok {
			p.Commands[word] = []string{Wrap(word)}
		}
	}
	for _, kw := range []string{"WITH", "THEN", "ON", "OFF", "OPEN", "GAME"} {
		p.Keywords[kw] = []string{Wrap(kw)}
	}
	for _, w := range []string{"reminder", "grace", "vacation", "timeouts", "off", "mon", "tue", "wed", "thu", "fri", "sat", "sun"} {
		p.Deadline[Wrap(w)] = w
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
