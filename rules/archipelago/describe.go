package archipelago

import "github.com/pbem-games/pbem/rules"

// Words for the cards, events, scoring rules and end conditions, as
// phrases for the reader's language; the ...Text functions are their
// English.

// effectTexts are the cards' powers in words, by card.
var effectTexts = func() (out [len(cards)]rules.Phrase) {
	for k := range cards {
		out[k] = effectPhrase(&cards[k])
	}
	return out
}()

func effectText(c *card) string { return effectPhrase(c).String() }

func effectPhrase(c *card) rules.Phrase {
	n := c.param
	switch c.effect {
	case effGather:
		return say("an action disc on it, once a round: %s from the bank (another player pays you %s to use it)",
			say("%d "+resNames[n], gatherCubes), florinsPhrase(cardFee))
	case effBuild:
		return say("your " + buildPlurals[n] + " cost no florins")
	case effTax:
		return say("+%s when you levy taxes", florinsPhrase(n))
	case effRecruit:
		return say("each citizen you recruit costs %s less", florinsPhrase(n))
	case effFeed:
		return say("in a domestic crisis each cube you give stands up %s", pluralPhrase(n, "more citizen", "more citizens"))
	case effCalm:
		return say("when bought, the rebellion moves back %d", n)
	case effIncome:
		return say("%s from the bank at each unlink", florinsPhrase(n))
	case effExplore:
		return say("%s from the bank when you explore", florinsPhrase(n))
	case effSellHome:
		return say("+%s for each cube you sell on the domestic market", florinsPhrase(n))
	case effSellExport:
		return say("+%s for each cube you sell on the export market", florinsPhrase(n))
	}
	return rules.Phrase{}
}

var buildPlurals = [nBuild]string{"ships", "cities", "markets", "ports", "temples"}

func eventText(e, a int) string { return eventPhrase(e, a).String() }

func eventPhrase(e, a int) rules.Phrase {
	switch e {
	case evTemples:
		return say("rebellion -%d for each temple", a)
	case evMarkets:
		return say("rebellion -%d for each market", a)
	case evCities:
		return say("rebellion +%d for each city", a)
	case evImmigrants:
		return say("excess workers +%d", a)
	case evEmigrants:
		return say("excess workers -%d", a)
	case evHarvest:
		return say("%s from the bank to the domestic market", say("%d "+resNames[a], 2))
	case evDemand:
		return say("%s leave the export market for Europe", say("%d "+resNames[a], 2))
	case evUnrest:
		return say("rebellion +%d", a)
	case evFestival:
		return say("rebellion -%d", a)
	}
	return rules.Phrase{}
}

var scoringNouns = map[int][2]string{
	scTemple:    {"temple you own", "temples you own"},
	scCity:      {"city you own", "cities you own"},
	scTrade:     {"market or port you own", "markets and ports you own"},
	scBuilding:  {"building you own", "buildings you own"},
	scShip:      {"ship of yours on the board", "ships of yours on the board"},
	scCitizen:   {"citizen of yours on the board", "citizens of yours on the board"},
	scRebel:     {"rebel citizen of yours", "rebel citizens of yours"},
	scProgress:  {"progress card you own", "progress cards you own"},
	scCharacter: {"character card you own", "character cards you own"},
	scCard:      {"evolution card you own", "evolution cards you own"},
	scToken:     {"explorer token you hold", "explorer tokens you hold"},
	scFlorins:   {"florin you hold", "florins you hold"},
	scFood:      {"cube of fish, fruit or cattle you hold", "cubes of fish, fruit and cattle you hold"},
	scMaterial:  {"cube of stone, wood or iron you hold", "cubes of stone, wood and iron you hold"},
	scRegion:    {"region where you have a unit", "regions where you have a unit"},
}

// scoringText is "for every player, +2 VP for each temple you own".
func scoringText(sc scoring) string { return scoringPhrase(sc).String() }

func scoringPhrase(sc scoring) rules.Phrase {
	noun := scoringNouns[sc.what]
	per := say("each " + noun[0])
	if sc.per > 1 {
		per = say("every %d "+noun[1], sc.per)
	}
	return say("for every player, %s VP for %s", signed(sc.vp), per)
}

// rankText is "by majority of cities you own: 6 VP for the most, 3 for
// the second most and 1 for the third most".
func rankText(o *objective) string { return rankPhrase(o).String() }

func rankPhrase(o *objective) rules.Phrase {
	places := []string{"the most", "the second most", "the third most", "the fourth most", "the fifth most"}
	var parts []rules.Phrase
	for i, vp := range rankVP[o.length] {
		if vp == 0 {
			break
		}
		if i == 0 {
			parts = append(parts, say("%d VP for "+places[i], vp))
		} else {
			parts = append(parts, say("%d for "+places[i], vp))
		}
	}
	return say("by majority of "+scoringNouns[o.ranked][1]+": %s", joinPhrases(parts))
}

// endText says when objective o ends the game.
func (s *state) endText(o *objective) string { return s.endPhrase(o).String() }

func (s *state) endPhrase(o *objective) rules.Phrase {
	t := s.threshold(o)
	var c rules.Phrase
	switch o.end {
	case endNone:
		c = say("its year comes")
	case endPeace:
		c = say("a turn ends with the rebellion at 0, no rebel citizen and a population of at least %d", t)
	case endPopulation:
		c = say("the population reaches %d", t)
	case endRegions:
		c = say("%d regions are on the map", t)
	case endCities:
		c = say("the archipelago has %d cities", t)
	case endTemples:
		c = say("the archipelago has %d temples", t)
	case endBuildings:
		c = say("the archipelago has %d buildings", t)
	case endBought:
		c = say("%d evolution cards have been bought", t)
	case endShips:
		c = say("its holder has %d ships on the board", t)
	case endFlorins:
		c = say("its holder has %d florins", t)
	case endCards:
		c = say("its holder owns %d evolution cards", t)
	case endTokens:
		c = say("%d explorer tokens have been taken", t)
	}
	if o.end != endNone && o.end != endPeace {
		c = say("%s at the end of a turn", c)
	}
	if o.end != endNone {
		c = say("%s, or at the end of round %d", c, deadline[o.length])
	} else {
		c = say("%s: the end of round %d", c, deadline[o.length])
	}
	if o.special == separatist {
		c = say("%s; if an independence war breaks out, its holder wins alone", c)
	}
	return c
}
