package rules

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Phrase is a sentence of a game for a player in no language in
// particular: its English format, which names it in the catalog of every
// language the mail side writes, and its arguments, each a phrase of its
// own or plain text. The rules say what they mean as phrases; the mail
// side writes them in the reader's language, and String in English.
type Phrase struct {
	// Format is the English, with %s for each argument; "" for Text.
	Format string   `json:"f,omitempty"`
	Args   []Phrase `json:"a,omitempty"`
	// Text is a phrase that is plain text: a name, a field, a number, as
	// every language writes it.
	Text string `json:"t,omitempty"`
	// Pad is the columns the phrase fills at least, spaces after its
	// words, so that a column of a table lines up in every language: a
	// %-8s of a Phrase argument to Say. The mail side counts a wide
	// character (Chinese) as two columns, as a monospace font shows it.
	Pad int `json:"w,omitempty"`
	// In is a Text that is notation (a move, or words of one) as the
	// notation of another language writes it, by language ("zh": "前往矿山"):
	// a refusal's example in the words the reader writes moves in
	// (rules.Translator). A language without it reads Text.
	In map[string]string `json:"in,omitempty"`
}

// Notated is a phrase of notation: text as the game's notation writes it,
// and in, the same as each language's notation writes it, by language.
func Notated(text string, in map[string]string) Phrase {
	p := Phrase{Text: text}
	for lang, t := range in {
		if t != "" {
			if p.In == nil {
				p.In = map[string]string{}
			}
			p.In[lang] = t
		}
	}
	return p
}

// Say makes a phrase of an English format and its arguments: a Phrase
// argument stays one, to be written in the reader's language too, and any
// other is written as its verb in format says (%q, %+d, %c…), as text.
// The games call it for every line of a board and every label of a
// picture, so it reads the verbs with a scanner of its own rather than a
// regular expression, and writes the commonest (%s of a string, %d of an
// int) without fmt.
func Say(format string, args ...any) Phrase {
	p := Phrase{Format: format}
	var b strings.Builder
	i, done := 0, 0 // the arguments taken, the bytes of format written to b
	for at := 0; at < len(format); {
		n := verbAt(format, at)
		if n == 0 {
			at++
			continue
		}
		v := format[at : at+n]
		if v != "%%" {
			if b.Len() == 0 {
				b.Grow(len(format))
			}
			b.WriteString(format[done:at])
			b.WriteString("%s")
			done = at + n
			p.Args = append(p.Args, argPhrase(v, argAt(args, i)))
			i++
		}
		at += n
	}
	if done > 0 {
		b.WriteString(format[done:])
		p.Format = b.String()
	}
	return p
}

// argPhrase is an argument of Say as the phrase of its verb v.
func argPhrase(v string, a any) Phrase {
	switch a := a.(type) {
	case Phrase:
		if w, ok := leftPad(v); ok {
			a.Pad = w
		}
		return a
	case string:
		if v == "%s" || v == "%v" {
			return Phrase{Text: a}
		}
	case int:
		if v == "%d" || v == "%v" {
			return Phrase{Text: strconv.Itoa(a)}
		}
	}
	return Phrase{Text: fmt.Sprintf(v, a)}
}

func argAt(args []any, i int) any {
	if i < len(args) {
		return args[i]
	}
	return "%!(MISSING)"
}

// verbAt is the length of the verb of a format that starts at format[at],
// with its flags, width and precision (%[-+# 0]*[0-9]*(\.[0-9]+)?[a-zA-Z%]),
// 0 if none starts there.
func verbAt(format string, at int) int {
	if format[at] != '%' {
		return 0
	}
	i := at + 1
	for i < len(format) && strings.IndexByte("-+# 0", format[i]) >= 0 {
		i++
	}
	i = digits(format, i)
	if i < len(format) && format[i] == '.' {
		if j := digits(format, i+1); j > i+1 {
			i = j
		} else {
			return 0 // a dot without a precision: no verb
		}
	}
	if i < len(format) && (format[i] == '%' || 'a' <= format[i]|0x20 && format[i]|0x20 <= 'z') {
		return i + 1 - at
	}
	return 0
}

// digits is where the digits of s from i end.
func digits(s string, i int) int {
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}

// leftPad is the width of a verb that pads its text on the right, the 8
// of %-8s (or %-8v); ok is false for any other verb.
func leftPad(v string) (width int, ok bool) {
	if len(v) < 4 || v[:2] != "%-" || v[len(v)-1] != 's' && v[len(v)-1] != 'v' {
		return 0, false
	}
	w := v[2 : len(v)-1]
	if digits(w, 0) != len(w) {
		return 0, false
	}
	width, _ = strconv.Atoi(w)
	return width, true
}

// String writes the phrase in English.
func (p Phrase) String() string {
	if p.Format == "" {
		return p.Padded(p.Text, utf8.RuneCountInString(p.Text))
	}
	s, ok := p.fill()
	if !ok {
		args := make([]any, len(p.Args))
		for i, a := range p.Args {
			args[i] = a.String()
		}
		s = fmt.Sprintf(p.Format, args...)
	}
	return p.Padded(s, utf8.RuneCountInString(s))
}

// fill writes p's format with its arguments as fmt.Sprintf would, where
// the format has no verbs but %s and %% and a %s for each argument, as
// Say makes them: every line of a board is such a phrase, and fmt's
// reflection cost the most of writing one. ok is false for any other
// format, which fmt writes.
func (p Phrase) fill() (string, bool) {
	var b strings.Builder
	b.Grow(len(p.Format) + 8*len(p.Args))
	f, i := p.Format, 0
	for {
		at := strings.IndexByte(f, '%')
		if at < 0 {
			b.WriteString(f)
			break
		}
		if at+1 == len(f) {
			return "", false
		}
		b.WriteString(f[:at])
		switch f[at+1] {
		case 's':
			if i == len(p.Args) {
				return "", false
			}
			b.WriteString(p.Args[i].String())
			i++
		case '%':
			b.WriteByte('%')
		default:
			return "", false
		}
		f = f[at+2:]
	}
	return b.String(), i == len(p.Args)
}

// Column is p as a column of a table width columns wide, as a %-8s of it
// in Say makes it: written with spaces after it up to width columns.
func Column(p Phrase, width int) Phrase {
	p.Pad = width
	return p
}

// Padded is s, the phrase as written, followed by the spaces that fill it
// to the phrase's Pad columns; width is how many columns s takes.
func (p Phrase) Padded(s string, width int) string {
	return s + strings.Repeat(" ", max(0, p.Pad-width))
}

// Formats lists the formats of p and of the phrases inside it.
func (p Phrase) Formats() []string {
	var out []string
	if p.Format != "" {
		out = append(out, p.Format)
	}
	for _, a := range p.Args {
		out = append(out, a.Formats()...)
	}
	return out
}

// Phrased is implemented by what says itself as a phrase: the errors of
// Illegal.
type Phrased interface {
	Phrase() Phrase
}

// Lines is a text of a game in phrases: a drawing, in no language (a
// board of field names, letters and numbers), and the lines under it.
type Lines struct {
	Drawing string
	Lines   []Phrase // each a line; a Phrase{} is an empty line
}

// String writes the text in English, as the View's Text does.
func (l Lines) String() string {
	var b strings.Builder
	b.WriteString(l.Drawing)
	for _, p := range l.Lines {
		b.WriteString(p.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// PhrasedView is a View that gives its Text as Lines, for the mail side
// to write in a reader's language; Text is then TextLines().String().
type PhrasedView interface {
	TextLines() Lines
}

// PhrasedGuide is a Guide that also says how to write a move and what a
// move did as phrases.
type PhrasedGuide interface {
	MoveSyntaxPhrase(s Seat) Phrase
	DescribePhrase(s Seat, move string) Phrase
}

// PhrasedStage is a Staged state that also names its stage as a phrase,
// for the mail side to write in a reader's language; Stage stays the
// stage's English, by which pbem compares stages.
type PhrasedStage interface {
	StagePhrase() Phrase
}
