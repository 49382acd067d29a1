package altiplano

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Phrase says why the move is refused as a phrase: the names of goods,
// locations, professions and extensions among its arguments become
// phrases of their own, written in the reader's language with the rest;
// goods counted (Goods) are said as a list; words of the notation
// (upper case) and the player's own words stay as they are.
func (e *illegalError) Phrase() rules.Phrase {
	args := make([]any, len(e.args))
	for i, a := range e.args {
		args[i] = phraseArg(a)
	}
	return rules.Say(e.format, args...)
}

// phraseArg is an argument of a refusal as Say takes it.
func phraseArg(a any) any {
	switch a := a.(type) {
	case Goods:
		return a.phrase()
	case string:
		return name(a)
	}
	return a
}

// name is the phrase of a thing of the game named in a sentence (a
// good, location, profession or extension, as "wool", "farm" or
// "Farm"), the text itself for anything else.
func name(s string) any {
	low := strings.ToLower(s)
	if s == upper(s) && s != low {
		return s // notation
	}
	for l := range numLocs {
		if locData[l].name == low {
			return rules.Say(title(low))
		}
	}
	if _, ok := nameWords[low]; ok {
		return rules.Say(low)
	}
	return s
}

// nameWords are the goods, professions and extensions by their English names.
var nameWords = func() map[string]bool {
	m := map[string]bool{}
	for g := range numGoods {
		m[goodData[g].name] = true
	}
	for _, p := range professions {
		m[p.name] = true
	}
	for _, d := range designs {
		m[d.name] = true
	}
	return m
}()

// phrase says the goods as Phrase does in English ("2 wool, 1 food and
// 1 glass"), each count with its good, for another language's counting
// words.
func (g Goods) phrase() rules.Phrase {
	var parts []any
	for k := range numGoods {
		if g[k] > 0 {
			parts = append(parts, rules.Say("%d "+k.Name(), int(g[k])))
		}
	}
	switch len(parts) {
	case 0:
		return rules.Say("nothing")
	case 1:
		return parts[0].(rules.Phrase)
	}
	return rules.Say(strings.Repeat("%s, ", len(parts)-2)+"%s and %s", parts...)
}
