package archipelago

import (
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Kind is what a move does.
type Kind int8

// The kinds of move. The canonical text of each is in Move.String and in
// docs/rules/archipelago.md.
const (
	KPlace     Kind = iota + 1 // round 0: lay a hexagon next to the open sea
	KChoose                    // round 0: the cube for the market and the one to keep
	KBid                       // sealed bid for the turn order
	KOrder                     // the highest bidder sets the turn order
	KFeed                      // give cubes to a domestic consumption crisis
	KExport                    // give cubes to an export consumption crisis
	KHarvest                   // action: harvest one resource
	KTax                       // action: levy taxes
	KTrade                     // action: buy or sell a cube
	KUse                       // use a market or port you own: two transactions for 1 florin
	KExplore                   // action: lay a new region
	KRecruit                   // action: recruit citizens
	KReproduce                 // action: reproduction
	KBuild                     // action: construction
	KMigrate                   // action: migration
	KPass                      // give up the rest of your discs this round
	KOffer                     // propose a deal
	KAccept                    // accept the deal offered to you
	KDecline                   // refuse it
	KWithdraw                  // take your offer back
	KBuy                       // phase 6: buy a card and turn another
	KRotate                    // phase 6: turn two cards
	KDone                      // end a migration action
	KCard                      // action: a disc on an evolution card to use its power
)

// spot is one cell of a harvest or recruitment and how many units it takes.
type spot struct {
	cell int8
	n    int8
}

// Move is one player's move. Fields a kind does not use are zero, except
// resources and cells, which are -1 when unused. Its String is the
// canonical text.
type Move struct {
	Kind   Kind
	Seat   int8    // KOffer: the addressee; KAccept, KDecline: the offerer
	Res    int8    // KChoose: to the market; KHarvest, KTrade: the resource; KExplore: the free cube
	Keep   int8    // KChoose: behind the screen, or -1
	Tile   int8    // KPlace, KExplore: hexagon 1–24
	Side   int8    // 0: A, 1: B
	Cell   int8    // KPlace, KExplore: where; KBuild, KMigrate: the region
	Turn   int8    // KPlace, KExplore: sixths of a turn clockwise
	From   int8    // KExplore: the unit's cell; KMigrate: the destination cell, or -1 for a building of the same region
	Ship   bool    // KExplore: a ship, not a citizen, enters
	Away   bool    // KExplore: the hexagon is discarded instead of laid
	Build  int8    // KBuild: what; KMigrate: the building moved into (-1: none); KUse: bMarket or bPort
	Sell   bool    // KTrade
	Abroad bool    // KTrade: on the export market
	N      [3]int8 // KFeed, KExport: market, own, tokens; KMigrate: citizens, ships; KBuy, KRotate: slots 1–5 (0: none)
	Bid    int
	Spots  [8]spot // KHarvest, KRecruit: by cell, ascending; n = 0 ends the list
	Order  [maxSeats]int8
	Give   goods
	Ask    goods
	Card   int8 // KCard: the evolution card
}

// blank is a Move with its -1 fields set.
func blank(k Kind) Move {
	return Move{Kind: k, Res: -1, Keep: -1, Cell: -1, From: -1, Build: -1}
}

func upper(s string) string { return strings.ToUpper(s) }

func sideLetter(sd int8) string { return string(rune('A' + sd)) }

// String returns the canonical text of the move.
func (m Move) String() string {
	var b strings.Builder
	switch m.Kind {
	case KPlace:
		b.WriteString("PLACE " + m.hexText())
	case KChoose:
		b.WriteString("MARKET " + upper(resNames[m.Res]))
		if m.Keep >= 0 {
			b.WriteString(" KEEP " + upper(resNames[m.Keep]))
		}
	case KBid:
		b.WriteString("BID " + strconv.Itoa(m.Bid))
	case KOrder:
		b.WriteString("ORDER")
		for _, p := range m.Order {
			if p >= 0 {
				b.WriteString(" " + upper(colors[p]))
			}
		}
	case KFeed, KExport:
		b.WriteString(map[bool]string{true: "FEED", false: "EXPORT"}[m.Kind == KFeed])
		b.WriteString(" " + giftText(m.N))
	case KHarvest:
		b.WriteString("HARVEST " + upper(resNames[m.Res]) + spotsText(m.Spots))
	case KTax:
		b.WriteString("TAX")
	case KTrade:
		b.WriteString(map[bool]string{true: "SELL ", false: "BUY "}[m.Sell] + upper(resNames[m.Res]))
		b.WriteString(map[bool]string{true: " EXPORT", false: " HOME"}[m.Abroad])
	case KUse:
		b.WriteString("USE " + upper(buildNames[m.Build]))
	case KExplore:
		if m.Away {
			b.WriteString("EXPLORE " + strconv.Itoa(int(m.Tile)) + " DISCARD")
			break
		}
		b.WriteString("EXPLORE " + m.hexText())
		b.WriteString(map[bool]string{true: " SHIP ", false: " CITIZEN "}[m.Ship] + cellName(int(m.From)))
		if m.Res >= 0 {
			b.WriteString(" " + upper(resNames[m.Res]))
		}
	case KRecruit:
		b.WriteString("RECRUIT" + spotsText(m.Spots))
	case KReproduce:
		b.WriteString("REPRODUCE")
	case KBuild:
		b.WriteString("BUILD " + upper(buildNames[m.Build]) + " " + cellName(int(m.Cell)))
	case KMigrate:
		b.WriteString("MIGRATE " + cellName(int(m.Cell)))
		if m.From >= 0 {
			b.WriteString(" " + cellName(int(m.From)))
		}
		if m.Build >= 0 {
			b.WriteString(" " + upper(buildNames[m.Build]))
			break
		}
		if m.N[0] > 0 {
			b.WriteString(" " + strconv.Itoa(int(m.N[0])) + "C")
		}
		if m.N[1] > 0 {
			b.WriteString(" " + strconv.Itoa(int(m.N[1])) + "S")
		}
	case KDone:
		b.WriteString("DONE")
	case KCard:
		b.WriteString("CARD " + upper(cards[m.Card].name))
	case KPass:
		b.WriteString("PASS")
	case KOffer:
		b.WriteString("OFFER " + upper(colors[m.Seat]) + " " + goodsText(m.Give) + " FOR " + goodsText(m.Ask))
	case KAccept:
		b.WriteString("ACCEPT " + upper(colors[m.Seat]))
	case KDecline:
		b.WriteString("DECLINE " + upper(colors[m.Seat]))
	case KWithdraw:
		b.WriteString("WITHDRAW")
	case KBuy:
		b.WriteString("BUY " + strconv.Itoa(int(m.N[0])))
		if m.N[1] > 0 {
			b.WriteString(" ROTATE " + strconv.Itoa(int(m.N[1])))
		}
	case KRotate:
		b.WriteString("ROTATE " + strconv.Itoa(int(m.N[0])))
		if m.N[1] > 0 {
			b.WriteString(" " + strconv.Itoa(int(m.N[1])))
		}
	default:
		return "?"
	}
	return b.String()
}

// hexText is "7A F5 2": hexagon and side, cell, turn.
func (m Move) hexText() string {
	return strconv.Itoa(int(m.Tile)) + sideLetter(m.Side) + " " + cellName(int(m.Cell)) + " " + strconv.Itoa(int(m.Turn))
}

// giftText is "2 MARKET 1 OWN 1 TOKEN", or "NONE".
func giftText(n [3]int8) string {
	var parts []string
	for i, w := range []string{"MARKET", "OWN", "TOKEN"} {
		if n[i] > 0 {
			parts = append(parts, strconv.Itoa(int(n[i]))+" "+w)
		}
	}
	if len(parts) == 0 {
		return "NONE"
	}
	return strings.Join(parts, " ")
}

// spotsText is " E5 F6x2".
func spotsText(sp [8]spot) string {
	var b strings.Builder
	for _, x := range sp {
		if x.n == 0 {
			break
		}
		b.WriteString(" " + cellName(int(x.cell)))
		if x.n > 1 {
			b.WriteString("x" + strconv.Itoa(int(x.n)))
		}
	}
	return b.String()
}

// goodsText is "2 FLORINS + 1 WOOD + PERMIT", or "NOTHING".
func goodsText(g goods) string {
	var parts []string
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return strconv.Itoa(n) + " " + many
	}
	if g.florins > 0 {
		parts = append(parts, plural(g.florins, "FLORIN", "FLORINS"))
	}
	for r, n := range g.cubes {
		if n > 0 {
			parts = append(parts, strconv.Itoa(n)+" "+upper(resNames[r]))
		}
	}
	if g.tokens > 0 {
		parts = append(parts, plural(g.tokens, "TOKEN", "TOKENS"))
	}
	if g.permit {
		parts = append(parts, "PERMIT")
	}
	if len(parts) == 0 {
		return "NOTHING"
	}
	return strings.Join(parts, " + ")
}

// goodsWords is goods for people: "2 florins, 1 wood and a harvest permit".
func goodsWords(g goods) string {
	t := strings.ToLower(goodsText(g))
	t = strings.ReplaceAll(t, "permit", "a harvest permit")
	return strings.ReplaceAll(t, " + ", ", ")
}

// sortMoves sorts moves by their text with rules.SortMoves.
func sortMoves(ms []Move) []rules.Move {
	out := make([]rules.Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return rules.SortMoves(out)
}
