package archipelago

// Words for the cards, events, scoring rules and end conditions.

// effectTexts are the cards' powers in words, by card.
var effectTexts = func() (out [len(cards)]string) {
	for k := range cards {
		out[k] = effectText(&cards[k])
	}
	return out
}()

func effectText(c *card) string {
	n := c.param
	switch c.effect {
	case effGather:
		return "an action disc on it, once a round: " + itoa(gatherCubes) + " " + resNames[n] + " from the bank (another player pays you " + florins(cardFee) + " to use it)"
	case effBuild:
		return "your " + buildPlurals[n] + " cost no florins"
	case effTax:
		return "+" + florins(n) + " when you levy taxes"
	case effRecruit:
		return "each citizen you recruit costs " + florins(n) + " less"
	case effFeed:
		return "in a domestic crisis each cube you give stands up " + plural(n, "more citizen", "more citizens")
	case effCalm:
		return "when bought, the rebellion moves back " + itoa(n)
	case effIncome:
		return florins(n) + " from the bank at each unlink"
	case effExplore:
		return florins(n) + " from the bank when you explore"
	case effSellHome:
		return "+" + florins(n) + " for each cube you sell on the domestic market"
	case effSellExport:
		return "+" + florins(n) + " for each cube you sell on the export market"
	}
	return ""
}

var buildPlurals = [nBuild]string{"ships", "cities", "markets", "ports", "temples"}

func eventText(e, a int) string {
	switch e {
	case evTemples:
		return "rebellion -" + itoa(a) + " for each temple"
	case evMarkets:
		return "rebellion -" + itoa(a) + " for each market"
	case evCities:
		return "rebellion +" + itoa(a) + " for each city"
	case evImmigrants:
		return "excess workers +" + itoa(a)
	case evEmigrants:
		return "excess workers -" + itoa(a)
	case evHarvest:
		return "2 " + resNames[a] + " from the bank to the domestic market"
	case evDemand:
		return "2 " + resNames[a] + " leave the export market for Europe"
	case evUnrest:
		return "rebellion +" + itoa(a)
	case evFestival:
		return "rebellion -" + itoa(a)
	}
	return ""
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

// scoringText is "each player scores 2 VP per temple they own".
func scoringText(sc scoring) string {
	noun := scoringNouns[sc.what]
	per := "each " + noun[0]
	if sc.per > 1 {
		per = "every " + itoa(sc.per) + " " + noun[1]
	}
	return "for every player, " + signed(sc.vp) + " VP for " + per
}

// rankText is "by majority of cities you own: 6 VP for the most, 3 for
// the second most, 1 for the third most".
func rankText(o *objective) string {
	t := "by majority of " + scoringNouns[o.ranked][1] + ": "
	places := []string{"the most", "the second most", "the third most", "the fourth most", "the fifth most"}
	var parts []string
	for i, vp := range rankVP[o.length] {
		if vp == 0 {
			break
		}
		if i == 0 {
			parts = append(parts, itoa(vp)+" VP for "+places[i])
		} else {
			parts = append(parts, itoa(vp)+" for "+places[i])
		}
	}
	return t + joinWords(parts)
}

// endText says when objective o ends the game.
func (s *state) endText(o *objective) string {
	t := itoa(s.threshold(o))
	var c string
	switch o.end {
	case endNone:
		c = "its year comes"
	case endPeace:
		c = "a round ends with the rebellion at 0, no rebel citizen and a population of at least " + t
	case endPopulation:
		c = "the population reaches " + t
	case endRegions:
		c = t + " regions are on the map"
	case endCities:
		c = "the archipelago has " + t + " cities"
	case endTemples:
		c = "the archipelago has " + t + " temples"
	case endBuildings:
		c = "the archipelago has " + t + " buildings"
	case endBought:
		c = t + " evolution cards have been bought"
	case endShips:
		c = "its holder has " + t + " ships on the board"
	case endFlorins:
		c = "its holder has " + t + " florins"
	case endCards:
		c = "its holder owns " + t + " evolution cards"
	case endTokens:
		c = t + " explorer tokens have been taken"
	}
	if o.end != endNone && o.end != endPeace {
		c += " at the end of a round"
	}
	if o.end != endNone {
		c += ", or at the end of round " + itoa(deadline[o.length])
	} else {
		c += ": the end of round " + itoa(deadline[o.length])
	}
	if o.special == separatist {
		c += "; if an independence war breaks out, its holder wins alone"
	}
	return c
}
