package archipelago

import (
	"strings"

	"github.com/pbem-games/pbem/rules"
)

var _ rules.Guide = (*state)(nil)

// MoveSyntax says how seat p writes a move now.
func (s *state) MoveSyntax(p rules.Seat) string {
	q := int(p)
	if s.deal.open && q == int(s.deal.to) && q != s.actor() {
		c := upper(colors[s.deal.from])
		return "Answer the offer: ACCEPT " + c + " or DECLINE " + c + "."
	}
	switch s.phase {
	case phPlace:
		return "Lay a hexagon of your hand next to the open sea: its number and side, the cell, the turn (0-5 sixths clockwise), e.g. PLACE 7A E5 0."
	case phChoose:
		return "Choose the cube for the domestic market and the one you keep, e.g. MARKET WOOD KEEP FISH."
	case phBid:
		return "Bid florins in secret for the turn order, e.g. BID 3, or BID 0."
	case phOrder:
		return "Name the players in their new turn order, e.g. ORDER " + s.orderText(s.order) + "; before it you may ask a bribe or make a deal, e.g. OFFER " + upper(colors[s.otherSeat()]) + " NOTHING FOR 2 FLORINS."
	case phCrisis:
		if s.crisis.kind == qExport {
			return "Give " + resNames[s.crisis.res] + " for export from the export MARKET, your OWN cubes or explorer TOKENs, e.g. EXPORT 1 MARKET 1 OWN, or EXPORT NONE."
		}
		return "Give " + resNames[s.crisis.res] + " to feed the citizens from the domestic MARKET, your OWN cubes or explorer TOKENs, e.g. FEED 1 MARKET 1 OWN, or FEED NONE; before it you may make a deal, e.g. OFFER " + upper(colors[s.otherSeat()]) + " 2 FLORINS FOR 1 " + upper(resNames[s.crisis.res]) + "."
	case phActions:
		if s.migrating && q == s.actor() {
			return "Go on migrating with units that have not moved yet, e.g. MIGRATE E5 F6 1C or MIGRATE E5 TEMPLE, or end the migration: DONE."
		}
		return "Take an action: HARVEST WOOD E5 F6x2, TAX, BUY/SELL FISH HOME/EXPORT, EXPLORE 7A E5 0 SHIP F6 FISH (or EXPLORE 7 DISCARD), RECRUIT E5, REPRODUCE, BUILD CITY E5, MIGRATE E5 F6 2C 1S, CARD FISHERMAN (a card's power, another's for 2 florins), or PASS; free: USE MARKET, OFFER BLUE 1 WOOD FOR 2 FLORINS, WITHDRAW."
	case phEvolution:
		return "Buy a card and turn another, e.g. BUY 2 ROTATE 4, or turn two cards, e.g. ROTATE 1 3 (places 1-5 of the track)."
	}
	return "The game is over."
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
	if strings.EqualFold(strings.TrimSpace(move), "PASS") {
		return "passed for the rest of the round" // Parse reads PASS in a crisis as FEED NONE
	}
	mv, err := s.Parse(p, move)
	if err != nil {
		return ""
	}
	m := mv.(Move)
	switch m.Kind {
	case KPlace:
		return "laid hexagon " + itoa(int(m.Tile)) + sideLetter(m.Side) + " on " + cellName(int(m.Cell))
	case KChoose:
		d := "sent " + resNames[m.Res] + " to the domestic market"
		if m.Keep >= 0 {
			d += " and kept a cube"
		}
		return d
	case KBid:
		return "made a sealed bid"
	case KOrder:
		return "set the turn order: " + s.orderWords(m.Order)
	case KFeed:
		return "fed the citizens with " + giftWords(m.N)
	case KExport:
		return "exported " + giftWords(m.N)
	case KHarvest:
		return "harvested " + resNames[m.Res] + " on " + spotsWords(m.Spots)
	case KTax:
		return "levied taxes"
	case KTrade:
		if m.Sell {
			return "sold " + resNames[m.Res] + " on the " + marketName(m.Abroad)
		}
		return "bought " + resNames[m.Res] + " on the " + marketName(m.Abroad)
	case KUse:
		return "used their " + buildNames[m.Build]
	case KExplore:
		if m.Away {
			return "explored and discarded hexagon " + itoa(int(m.Tile))
		}
		unit := "a citizen"
		if m.Ship {
			unit = "a ship"
		}
		return "explored hexagon " + itoa(int(m.Tile)) + sideLetter(m.Side) + " on " + cellName(int(m.Cell)) + " with " + unit + " from " + cellName(int(m.From))
	case KRecruit:
		return "recruited citizens on " + spotsWords(m.Spots)
	case KReproduce:
		return "reproduced"
	case KBuild:
		return "built a " + buildNames[m.Build] + " on " + cellName(int(m.Cell))
	case KMigrate:
		if m.Build >= 0 && m.From >= 0 {
			return "settled a citizen from " + cellName(int(m.Cell)) + " in the " + buildNames[m.Build] + " on " + cellName(int(m.From))
		}
		if m.Build >= 0 {
			return "settled a citizen in the " + buildNames[m.Build] + " on " + cellName(int(m.Cell))
		}
		var parts []string
		if m.N[0] > 0 {
			parts = append(parts, plural(int(m.N[0]), "citizen", "citizens"))
		}
		if m.N[1] > 0 {
			parts = append(parts, plural(int(m.N[1]), "ship", "ships"))
		}
		return "moved " + joinWords(parts) + " from " + cellName(int(m.Cell)) + " to " + cellName(int(m.From))
	case KDone:
		return "ended their migration"
	case KCard:
		return "used " + cards[m.Card].name
	case KPass:
		return "passed"
	case KOffer:
		return "offered " + s.name(int(m.Seat)) + " " + goodsWords(m.Give) + " for " + goodsWords(m.Ask)
	case KAccept:
		return "accepted the offer of " + s.name(int(m.Seat))
	case KDecline:
		return "declined the offer of " + s.name(int(m.Seat))
	case KWithdraw:
		return "withdrew their offer"
	case KBuy:
		d := "bought the card in place " + itoa(int(m.N[0]))
		if m.N[1] > 0 {
			d += " and turned the one in place " + itoa(int(m.N[1]))
		}
		return d
	case KRotate:
		if m.N[1] > 0 {
			return "turned the cards in places " + itoa(int(m.N[0])) + " and " + itoa(int(m.N[1]))
		}
		return "turned the card in place " + itoa(int(m.N[0]))
	}
	return ""
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
