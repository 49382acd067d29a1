package rules

import (
	"fmt"
	"regexp"
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
}

// Say makes a phrase of an English format and its arguments: a Phrase
// argument stays one, to be written in the reader's language too, and any
// other is written as its verb in format says (%q, %+d, %c…), as text.
func Say(format string, args ...any) Phrase {
	p := Phrase{Format: format}
	i := 0
	p.Format = verb.ReplaceAllStringFunc(format, func(v string) string {
		if v == "%%" {
			return v
		}
		var arg Phrase
		switch a := at(args, i).(type) {
		case Phrase:
			arg = a
			if m := leftPad.FindStringSubmatch(v); m != nil {
				arg.Pad, _ = strconv.Atoi(m[1])
			}
		default:
			arg = Phrase{Text: fmt.Sprintf(v, a)}
		}
		p.Args = append(p.Args, arg)
		i++
		return "%s"
	})
	return p
}

func at(args []any, i int) any {
	if i < len(args) {
		return args[i]
	}
	return "%!(MISSING)"
}

// verb matches a verb of a format with its flags, width and precision.
var verb = regexp.MustCompile(`%[-+# 0]*[0-9]*(?:\.[0-9]+)?[a-zA-Z%]`)

// leftPad matches a verb that pads its text on the right: %-8s.
var leftPad = regexp.MustCompile(`^%-([0-9]+)[sv]$`)

// String writes the phrase in English.
func (p Phrase) String() string {
	if p.Format == "" {
		return p.Padded(p.Text, utf8.RuneCountInString(p.Text))
	}
	args := make([]any, len(p.Args))
	for i, a := range p.Args {
		args[i] = a.String()
	}
	s := fmt.Sprintf(p.Format, args...)
	return p.Padded(s, utf8.RuneCountInString(s))
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
