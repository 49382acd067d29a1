// Package lang is the registry of the languages pbem writes and reads:
// each language is one Pack, declared in one folder (lang/en, lang/zh),
// with everything the rest of pbem needs of it: how to tell a mail
// written in it, its names, the words of the mail commands, the words of
// DEADLINE and the message catalog, whose texts the one set of mail
// templates (package templates) and the pages print. A Registry (New)
// holds the packs a service speaks; the catalog, the mail side and the
// pages read them through it. A game's own words stay with the game
// (catalog/<game>/words_<lang>.go), keyed by the pack's tag.
package lang

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Fallback is the tag of the language every other one falls back to,
// text by text: English.
const Fallback = "en"

// ID is a message id: a dotted name of what is said, not how
// ("mail.accepted.headline", "note.lang"), the same in every language.
// Every pack gives a text for each id English gives, and every id is
// printed by a template or by code (lang/all TestEveryIDIsUsed).
type ID string

// Texts are one language's texts by message id: a string, or a Plural
// for a text whose words change with a number.
type Texts map[ID]any

// Plural is a text whose words change with the count in argument Arg:
// its forms ("one", "other"; "=0" for an exact value) as
// golang.org/x/text's plural.Selectf takes them, each a selector followed
// by its text.
type Plural struct {
	Arg   int
	Cases []any
}

// Pack is one language: everything pbem needs to read and write it.
type Pack struct {
	// Tag is the language's BCP 47 base tag ("en", "zh"): what LANG
	// writes, what a reader's settings keep, what a game's words are
	// keyed by.
	Tag string
	// Names are the language's words for the languages pbem may speak,
	// which a reader may write after LANG beside their tags, in lower
	// case, each with the tag it names ("中文": "zh", "英文": "en").
	Names map[string]string
	// Detect reports whether a newcomer's mail (text and subject, quoted
	// text and pbem's own subject left out) is written in the language,
	// for one without a Content-Language pbem speaks; nil for a language
	// detected by its header alone (English, the fallback).
	Detect func(text string) bool
	// Commands are the language's words for the mail commands, by the
	// command's English word ("BOARD": {"棋盘"}).
	Commands map[string][]string
	// Keywords are its words for the keywords inside commands (WITH,
	// THEN, ON, OFF, OPEN, END's GAME), by the English keyword.
	Keywords map[string][]string
	// Deadline are its words of DEADLINE's parts and of the weekdays, in
	// lower case, each with the English word it stands for ("宽限":
	// "grace", "周一": "mon"); Marks are its marks between days
	// ("、": ",", "至": "-").
	Deadline, Marks map[string]string
	// Texts is the message catalog: a text for every id English gives.
	Texts Texts
	// Tidy mends the spacing of a sentence put together from parts, as
	// the language spaces them (nil: left as it is).
	Tidy func(s string, join bool) string
	// Derive writes a game's texts in the language from the game's
	// English, for a language no game gives texts of (the pseudo-language
	// of the tests); nil for a language each game translates.
	Derive func(english Texts) Texts
}

// ErrPack is returned by New for a pack that cannot be registered.
var ErrPack = errors.New("lang: pack incomplete")

// Registry is the languages a service speaks, English first.
type Registry struct {
	packs []Pack
}

// New registers packs, one of them English: it refuses two packs of one
// tag, a pack without texts, and one word that names two languages.
func New(packs ...Pack) (*Registry, error) {
	r := &Registry{}
	seen := map[string]bool{}
	names := map[string]string{}
	for _, p := range packs {
		for n, tag := range p.Names {
			if had, ok := names[n]; ok && had != tag {
				return nil, fmt.Errorf("%w: %q names both %s and %s", ErrPack, n, had, tag)
			}
			names[n] = tag
		}
	}
	for _, p := range packs {
		switch {
		case p.Tag == "" || p.Tag != strings.ToLower(p.Tag) || strings.Contains(p.Tag, "-"):
			return nil, fmt.Errorf("%w: tag %q is not a base tag in lower case", ErrPack, p.Tag)
		case seen[p.Tag]:
			return nil, fmt.Errorf("%w: two packs of %q", ErrPack, p.Tag)
		case len(p.Texts) == 0:
			return nil, fmt.Errorf("%w: %s has no texts", ErrPack, p.Tag)
		}
		seen[p.Tag] = true
		if p.Tag == Fallback {
			r.packs = append([]Pack{p}, r.packs...)
		} else {
			r.packs = append(r.packs, p)
		}
	}
	if !seen[Fallback] {
		return nil, fmt.Errorf("%w: no %s pack", ErrPack, Fallback)
	}
	return r, nil
}

// Packs returns the packs, English first, then as registered.
func (r *Registry) Packs() []Pack { return slices.Clone(r.packs) }

// Tags returns the tags of the languages, sorted.
func (r *Registry) Tags() []string {
	var tags []string
	for _, p := range r.packs {
		tags = append(tags, p.Tag)
	}
	slices.Sort(tags)
	return tags
}

// Pack returns the pack of tag.
func (r *Registry) Pack(tag string) (Pack, bool) {
	for _, p := range r.packs {
		if p.Tag == tag {
			return p, true
		}
	}
	return Pack{}, false
}

// Match returns the language of the registry for tag ("zh" for
// "zh-Hant-TW" or "ZH"), and whether it speaks it; Fallback when not.
func (r *Registry) Match(tag string) (string, bool) {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
	if _, ok := r.Pack(base); ok {
		return base, true
	}
	return Fallback, false
}

// ParseLang reads the language of a LANG command: a tag ("zh", "zh-CN")
// or a name ("中文", "English"), in any case.
func (r *Registry) ParseLang(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, p := range r.packs {
		if tag, ok := p.Names[s]; ok {
			if _, speaks := r.Pack(tag); speaks {
				return tag, true
			}
		}
	}
	return r.Match(s)
}

// Detect returns the language a mail's text is written in, by the packs'
// hints: the first pack other than English that claims it, else English.
func (r *Registry) Detect(text string) string {
	for _, p := range r.packs {
		if p.Detect != nil && p.Detect(text) {
			return p.Tag
		}
	}
	return Fallback
}

// Aliases returns every language's words for the command of English word
// w, in the order the packs were registered.
func (r *Registry) Aliases(w string) []string {
	var out []string
	for _, p := range r.packs {
		out = append(out, p.Commands[w]...)
	}
	return out
}

// Keywords returns every language's words for keyword kw.
func (r *Registry) Keywords(kw string) []string {
	var out []string
	for _, p := range r.packs {
		out = append(out, p.Keywords[kw]...)
	}
	return out
}

// DeadlineWord returns the English of w, a word of DEADLINE in lower
// case written in any language (w itself where no pack has it).
func (r *Registry) DeadlineWord(w string) string {
	for _, p := range r.packs {
		if en, ok := p.Deadline[w]; ok {
			return en
		}
	}
	return w
}

// Days writes the weekdays of w, as any language writes them, as
// DEADLINE reads them in English: "周一-周五" is "mon-fri".
func (r *Registry) Days(w string) string {
	var pairs []string
	for _, p := range r.packs {
		for _, m := range []map[string]string{p.Deadline, p.Marks} {
			for _, k := range sortedLongestFirst(m) {
				pairs = append(pairs, k, m[k])
			}
		}
	}
	return strings.NewReplacer(pairs...).Replace(w)
}

// sortedLongestFirst returns m's keys, the longest first, so that a
// replacer reads "星期一" before "星期".
func sortedLongestFirst(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if d := len(b) - len(a); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return keys
}

// Tidy mends the spacing of s as the language of tag spaces a sentence
// put together from parts; join says runs of spaces become one.
func (r *Registry) Tidy(tag, s string, join bool) string {
	if p, ok := r.Pack(tag); ok && p.Tidy != nil {
		return p.Tidy(s, join)
	}
	return s
}
