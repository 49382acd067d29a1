package pictures

import (
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Sf writes the words of a picture: a phrase of an English format and its
// arguments (rules.Say), in the reader's language when the picture has
// one (DrawIn), in English otherwise.
func (p *Picture) Sf(format string, args ...any) string {
	return p.say(rules.Say(format, args...))
}

func (p *Picture) say(ph rules.Phrase) string {
	if p.words == nil {
		return ph.String()
	}
	return p.words(ph)
}

// Word is a name of the game's (a good, a metal, a card) as a phrase,
// which the reader's language writes where its catalog has the name.
func Word(s string) rules.Phrase {
	return rules.Phrase{Format: strings.ReplaceAll(s, "%", "%%")}
}

// W writes a name of the game's in the reader's language.
func (p *Picture) W(s string) string {
	if p.words == nil || s == "" {
		return s
	}
	return p.words(Word(s))
}

// WList writes a list of names, "fish, fruit", each in the reader's
// language.
func (p *Picture) WList(s string) string {
	if p.words == nil || s == "" {
		return s
	}
	var out []string
	for part := range strings.SplitSeq(s, ", ") {
		// "alpaca 1": the word in the reader's language, its count after.
		if i := strings.LastIndexByte(part, ' '); i > 0 && strings.Trim(part[i+1:], "0123456789") == "" {
			out = append(out, p.W(part[:i])+" "+part[i+1:])
			continue
		}
		out = append(out, p.W(part))
	}
	return p.List(out)
}

// List joins items as "a, b, c" in the reader's language.
func (p *Picture) List(items []string) string {
	if len(items) == 0 {
		return ""
	}
	s := items[0]
	for _, it := range items[1:] {
		s = p.Sf("%s, %s", s, it)
	}
	return s
}

// Titled writes a name as a heading: "Village" in English.
func (p *Picture) Titled(s string) string {
	if p.words == nil {
		return upperFirst(s)
	}
	return p.W(s)
}

// Plural says n things, "1 coin", "2 coins", in the reader's language.
func (p *Picture) Plural(n int, thing string) string {
	if p.words == nil {
		return plural(n, thing)
	}
	if n == 1 {
		return p.Sf("1 " + thing)
	}
	return p.Sf("%s "+thing+"s", strconv.Itoa(n))
}

// SeenBy says whose view the picture shows.
func (p *Picture) SeenBy(seat int) string {
	if seat < 0 {
		return p.Sf("seen by an observer")
	}
	return p.Sf("seen by seat %d", seat)
}

// SeatWord names a seat in a sentence: "seat 2".
func SeatWord(n int) rules.Phrase { return rules.Say("seat %d", n) }

// Say writes a phrase of the rules in the picture's language (DrawIn), as
// a game's drawing (Draws) writes its words.
func (p *Picture) Say(ph rules.Phrase) string { return p.say(ph) }

// OrNone is s, or "none" in the reader's language when s is empty.
func (p *Picture) OrNone(s string) string {
	if s == "" {
		return p.Sf("none")
	}
	return s
}

// upperFirst is s with its first letter in upper case (English only).
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// plural says n things: "1 coin", "2 coins".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}
