package pictures

import (
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// s writes the words of a picture: a phrase of an English format and its
// arguments (rules.Say), in the reader's language when the picture has
// one (DrawIn), in English otherwise.
func (p *Picture) s(format string, args ...any) string {
	return p.say(rules.Say(format, args...))
}

func (p *Picture) say(ph rules.Phrase) string {
	if p.words == nil {
		return ph.String()
	}
	return p.words(ph)
}

// word is a name of the game's (a good, a metal, a card) as a phrase,
// which the reader's language writes where its catalog has the name.
func word(s string) rules.Phrase {
	return rules.Phrase{Format: strings.ReplaceAll(s, "%", "%%")}
}

// w writes a name of the game's in the reader's language.
func (p *Picture) w(s string) string {
	if p.words == nil || s == "" {
		return s
	}
	return p.words(word(s))
}

// wlist writes a list of names, "fish, fruit", each in the reader's
// language.
func (p *Picture) wlist(s string) string {
	if p.words == nil || s == "" {
		return s
	}
	var out []string
	for part := range strings.SplitSeq(s, ", ") {
		out = append(out, p.w(part))
	}
	return p.list(out)
}

// list joins items as "a, b, c" in the reader's language.
func (p *Picture) list(items []string) string {
	if len(items) == 0 {
		return ""
	}
	s := items[0]
	for _, it := range items[1:] {
		s = p.s("%s, %s", s, it)
	}
	return s
}

// title writes a name as a heading: "Village" in English.
func (p *Picture) title(s string) string {
	if p.words == nil {
		return upperFirst(s)
	}
	return p.w(s)
}

// plural says n things, "1 coin", "2 coins", in the reader's language.
func (p *Picture) plural(n int, thing string) string {
	if p.words == nil {
		return plural(n, thing)
	}
	if n == 1 {
		return p.s("1 " + thing)
	}
	return p.s("%s "+thing+"s", strconv.Itoa(n))
}

// seenBy says whose view the picture shows.
func (p *Picture) seenBy(seat int) string {
	if seat < 0 {
		return p.s("seen by an observer")
	}
	return p.s("seen by seat %d", seat)
}

// seat names a seat in a sentence: "seat 2".
func seat(n int) rules.Phrase { return rules.Say("seat %d", n) }

// Say writes a phrase of the rules in the picture's language, as the
// drawings of this package write their words: for a game's drawing made
// elsewhere (Draws).
func (p *Picture) Say(ph rules.Phrase) string { return p.say(ph) }
