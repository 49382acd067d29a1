package archipelago

import (
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
