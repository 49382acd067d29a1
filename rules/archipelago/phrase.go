package archipelago

import (
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

var say = rules.Say

// pluralPhrase says n things: "1 ship", "2 ships".
func pluralPhrase(n int, one, many string) rules.Phrase {
	if n == 1 {
		return say("1 " + one)
	}
	return say("%d "+many, n)
}

// florinsPhrase says n florins: "1 florin", "3 florins".
func florinsPhrase(n int) rules.Phrase { return pluralPhrase(n, "florin", "florins") }

// join joins phrases with sep, one format for any number of them.
func join(sep string, ps []rules.Phrase) rules.Phrase {
	switch len(ps) {
	case 0:
		return rules.Phrase{}
	case 1:
		return ps[0]
	}
	return say("%s"+sep+"%s", ps[0], join(sep, ps[1:]))
}

// joinPhrases is joinWords in phrases: "a, b and c", or "nothing".
func joinPhrases(ps []rules.Phrase) rules.Phrase {
	switch len(ps) {
	case 0:
		return say("nothing")
	case 1:
		return ps[0]
	}
	return say("%s and %s", join(", ", ps[:len(ps)-1]), ps[len(ps)-1])
}

// giftPhrase is giftWords in phrases.
func giftPhrase(n [3]int8) rules.Phrase {
	var ps []rules.Phrase
	if n[0] > 0 {
		ps = append(ps, say("%s from the market", pluralPhrase(int(n[0]), "cube", "cubes")))
	}
	if n[1] > 0 {
		ps = append(ps, pluralPhrase(int(n[1]), "own cube", "own cubes"))
	}
	if n[2] > 0 {
		ps = append(ps, pluralPhrase(int(n[2]), "explorer token", "explorer tokens"))
	}
	return joinPhrases(ps)
}

// goodsPhrase is goodsWords in phrases: "2 florins, 1 wood, a harvest
// permit".
func goodsPhrase(g goods) rules.Phrase {
	var ps []rules.Phrase
	if g.florins > 0 {
		ps = append(ps, pluralPhrase(g.florins, "florin", "florins"))
	}
	for r, n := range g.cubes {
		if n > 0 {
			ps = append(ps, say("%d "+resNames[r], n))
		}
	}
	if g.tokens > 0 {
		ps = append(ps, pluralPhrase(g.tokens, "token", "tokens"))
	}
	if g.permit {
		ps = append(ps, say("a harvest permit"))
	}
	if len(ps) == 0 {
		return say("nothing")
	}
	return join(", ", ps)
}

// orderPhrase is orderWords in phrases: "Blue, Red, Green".
func (s *state) orderPhrase(o [maxSeats]int8) rules.Phrase {
	var ps []rules.Phrase
	for _, p := range o {
		if p >= 0 {
			ps = append(ps, say(s.name(int(p))))
		}
	}
	return join(", ", ps)
}

// phraseArgs are the arguments of a refusal as Say takes them.
func phraseArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = phraseArg(a)
	}
	return out
}

// phraseArg is an argument of a refusal as a phrase where it is one of
// the game's names ("iron", "Red", "domestic market"), a count of a thing
// ("3 florins") or a list of them ("fish and wood"); as it is otherwise
// (cells, numbers, the notation).
func phraseArg(a any) any {
	s, ok := a.(string)
	if !ok {
		return a
	}
	if p, ok := namePhrase(s); ok {
		return p
	}
	return s
}

// namePhrase is the phrase of a name, count or list of them, if s is one.
func namePhrase(s string) (rules.Phrase, bool) {
	if phraseNames[s] {
		return say(s), true
	}
	if n, noun, ok := strings.Cut(s, " "); ok && countNouns[noun] {
		if k, err := strconv.Atoi(n); err == nil {
			if k == 1 {
				return say("1 " + noun), true
			}
			return say("%d "+noun, k), true
		}
	}
	if rest, ok := strings.CutPrefix(s, "places "); ok {
		return say("places %s", rest), true
	}
	head, last, ok := strings.Cut(s, " and ")
	if !ok || strings.Contains(last, " and ") {
		return rules.Phrase{}, false
	}
	var ps []rules.Phrase
	for _, part := range append(strings.Split(head, ", "), last) {
		p, ok := namePhrase(part)
		if !ok {
			return rules.Phrase{}, false
		}
		ps = append(ps, p)
	}
	return joinPhrases(ps), true
}

// phraseNames are the names a refusal says as phrases: the glossary's,
// the players' (Red), the markets, the phases and the landscapes.
var phraseNames = func() map[string]bool {
	m := map[string]bool{"domestic market": true, "export market": true, "water": true, "field": true, "mountain": true, "none": true}
	for _, t := range Glossary {
		m[t.English] = true
	}
	for _, c := range colors {
		m[strings.ToUpper(c[:1])+c[1:]] = true
	}
	for _, p := range phaseNames {
		m[p] = true
	}
	for _, w := range notationNames() {
		m[w] = true
	}
	return m
}()

// notationNames are the words of the notation that a hint or a refusal
// gives as an argument (ORDER BLUE RED, OFFER BLUE …, SHIP F6 WOOD):
// phrases, so that a reader of Chinese reads them in the Chinese notation
// (zhnotation.go), which the catalog writes.
func notationNames() []string {
	out := []string{"SHIP", "CITIZEN"}
	for _, c := range colors {
		out = append(out, upper(c))
	}
	for _, r := range resNames {
		out = append(out, upper(r))
	}
	return out
}

// countNouns are the things a refusal counts.
var countNouns = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range []string{"florin", "cube", "citizen", "explorer token", "excess worker", "ship", "free ship", "free citizen", "token"} {
		m[n], m[n+"s"] = true, true
	}
	for _, r := range resNames {
		m[r] = true
	}
	return m
}()
