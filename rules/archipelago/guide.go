package archipelago

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

var _ rules.Guide = (*state)(nil)

// MoveSyntax says how seat p writes a move now.
func (s *state) MoveSyntax(p rules.Seat) string { return s.MoveSyntaxPhrase(p).String() }

// MoveSyntaxPhrase says how seat p writes a move now, as a phrase.
func (s *state) MoveSyntaxPhrase(p rules.Seat) rules.Phrase {
	q := int(p)
	switch s.phase {
	case phPlace:
		return say("Lay a hexagon of your hand next to the open sea: its number and side, the cell, the turn (0-5 sixths clockwise), e.g. PLACE 7A E5 0.")
	case phChoose:
		return say("Choose the cube for the domestic market and the one you keep, e.g. MARKET WOOD KEEP FISH.")
	case phBid:
		return say("Bid florins in secret for the turn order, e.g. BID 3, or BID 0.")
	case phOrder:
		return say("Name the players in their new turn order, e.g. %s; before it you may ask a bribe or make a deal, e.g. OFFER %s NOTHING FOR 2 FLORINS.",
			s.orderExample(s.order), say(upper(colors[s.otherSeat()])))
	case phCrisis:
		if s.crisis.kind == qExport {
			return say("Give %s for export from the export MARKET, your OWN cubes or explorer TOKENs, e.g. EXPORT 1 MARKET 1 OWN, or EXPORT NONE.", say(resNames[s.crisis.res]))
		}
		return say("Give %s to feed the citizens from the domestic MARKET, your OWN cubes or explorer TOKENs, e.g. FEED 1 MARKET 1 OWN, or FEED NONE; before it you may make a deal, e.g. OFFER %s 2 FLORINS FOR 1 %s.",
			say(resNames[s.crisis.res]), say(upper(colors[s.otherSeat()])), say(upper(resNames[s.crisis.res])))
	case phActions:
		if s.migrating && q == s.actor() {
			return say("Go on migrating with units that have not moved yet, e.g. MIGRATE E5 F6 1C or MIGRATE E5 TEMPLE, or end the migration: DONE.")
		}
		return say("Take an action: HARVEST WOOD E5 F6x2, TAX, BUY/SELL FISH HOME/EXPORT, EXPLORE 7A E5 0 SHIP F6 FISH (or EXPLORE 7 DISCARD), RECRUIT E5, REPRODUCE, BUILD CITY E5, MIGRATE E5 F6 2C 1S, CARD FISHERMAN (a card's power, another's for 2 florins), or PASS; free: USE MARKET, OFFER BLUE 1 WOOD FOR 2 FLORINS, WITHDRAW.")
	case phEvolution:
		return say("Buy a card and turn another, e.g. BUY 2 ROTATE 4, or turn two cards, e.g. ROTATE 1 3 (places 1-5 of the track).")
	}
	return say("The game is over.")
}

// otherSeat is the first seat other than the player to act.
func (s *state) otherSeat() int {
	if s.actor() == 0 {
		return 1
	}
	return 0
}

// Describe says what a recorded move did, in words that follow the
// player's name. A bid's amount stays secret.
func (s *state) Describe(p rules.Seat, move string) string {
	return s.DescribePhrase(p, move).String()
}

// DescribePhrase says what a recorded move did, as a phrase.
func (s *state) DescribePhrase(p rules.Seat, move string) rules.Phrase {
	if strings.EqualFold(strings.TrimSpace(move), "PASS") {
		return say("passed for the rest of the round") // Parse reads PASS in a crisis as FEED NONE
	}
	mv, err := s.Parse(p, move)
	if err != nil {
		return rules.Phrase{}
	}
	m := mv.(Move)
	hex := itoa(int(m.Tile)) + sideLetter(m.Side)
	switch m.Kind {
	case KPlace:
		return say("laid hexagon %s on %s", hex, cellName(int(m.Cell)))
	case KChoose:
		if m.Keep >= 0 {
			return say("sent %s to the domestic market and kept a cube", say(resNames[m.Res]))
		}
		return say("sent %s to the domestic market", say(resNames[m.Res]))
	case KBid:
		return say("made a sealed bid")
	case KOrder:
		return say("set the turn order: %s", s.orderPhrase(m.Order))
	case KFeed:
		return say("fed the citizens with %s", giftPhrase(m.N))
	case KExport:
		return say("exported %s", giftPhrase(m.N))
	case KHarvest:
		return say("harvested %s on %s", say(resNames[m.Res]), spotsWords(m.Spots))
	case KTax:
		return say("levied taxes")
	case KTrade:
		if m.Sell {
			return say("sold %s on the %s", say(resNames[m.Res]), say(marketName(m.Abroad)))
		}
		return say("bought %s on the %s", say(resNames[m.Res]), say(marketName(m.Abroad)))
	case KUse:
		return say("used their %s", say(buildNames[m.Build]))
	case KExplore:
		switch {
		case m.Away:
			return say("explored and discarded hexagon %d", int(m.Tile))
		case m.Ship:
			return say("explored hexagon %s on %s with a ship from %s", hex, cellName(int(m.Cell)), cellName(int(m.From)))
		}
		return say("explored hexagon %s on %s with a citizen from %s", hex, cellName(int(m.Cell)), cellName(int(m.From)))
	case KRecruit:
		return say("recruited citizens on %s", spotsWords(m.Spots))
	case KReproduce:
		return say("reproduced")
	case KBuild:
		return say("built a %s on %s", say(buildNames[m.Build]), cellName(int(m.Cell)))
	case KMigrate:
		if m.Build >= 0 && m.From >= 0 {
			return say("settled a citizen from %s in the %s on %s", cellName(int(m.Cell)), say(buildNames[m.Build]), cellName(int(m.From)))
		}
		if m.Build >= 0 {
			return say("settled a citizen in the %s on %s", say(buildNames[m.Build]), cellName(int(m.Cell)))
		}
		var parts []rules.Phrase
		if m.N[0] > 0 {
			parts = append(parts, pluralPhrase(int(m.N[0]), "citizen", "citizens"))
		}
		if m.N[1] > 0 {
			parts = append(parts, pluralPhrase(int(m.N[1]), "ship", "ships"))
		}
		return say("moved %s from %s to %s", joinPhrases(parts), cellName(int(m.Cell)), cellName(int(m.From)))
	case KDone:
		return say("ended their migration")
	case KCard:
		return say("used %s", say(cards[m.Card].name))
	case KPass:
		return say("passed")
	case KOffer:
		return say("offered %s %s for %s", say(s.name(int(m.Seat))), goodsPhrase(m.Give), goodsPhrase(m.Ask))
	case KAccept:
		return say("accepted the offer of %s", say(s.name(int(m.Seat))))
	case KDecline:
		return say("declined the offer of %s", say(s.name(int(m.Seat))))
	case KWithdraw:
		return say("withdrew their offer")
	case KBuy:
		if m.N[1] > 0 {
			return say("bought the card in place %d and turned the one in place %d", int(m.N[0]), int(m.N[1]))
		}
		return say("bought the card in place %d", int(m.N[0]))
	case KRotate:
		if m.N[1] > 0 {
			return say("turned the cards in places %d and %d", int(m.N[0]), int(m.N[1]))
		}
		return say("turned the card in place %d", int(m.N[0]))
	}
	return rules.Phrase{}
}

// spotsWords is "E5 and F6 (2)".
func spotsWords(sp [8]spot) string {
	var parts []string
	for _, x := range sp {
		if x.n == 0 {
			break
		}
		t := cellName(int(x.cell))
		if x.n > 1 {
			t += " (" + itoa(int(x.n)) + ")"
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", ")
}
