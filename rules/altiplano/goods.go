package altiplano

import "strings"

// Good is a kind of good. The order is the order of the public component
// list, and the order in which goods are written in moves and views.
type Good int8

// The goods.
const (
	Food Good = iota
	Corn
	Wood
	Stone
	Ore
	Fabric
	Silver
	Wool
	Fish
	Glass
	Alpaca
	Cocoa
	numGoods
)

// Coin is not a good: it stands for a coin placed on an action space of an
// extension or profession in a planning move.
const Coin Good = numGoods

// Name returns the good's lower-case English name ("coin" for Coin).
func (g Good) Name() string {
	if g == Coin {
		return "coin"
	}
	if g < 0 || g >= numGoods {
		return "?"
	}
	return goodData[g].name
}

// upper is the good's name in capitals, as moves write it.
func (g Good) upper() string {
	if g < 0 || g > Coin {
		return "?"
	}
	return goodUpper[g]
}

var goodUpper = func() (out [numGoods + 1]string) {
	for g := range numGoods + 1 {
		out[g] = strings.ToUpper(g.Name())
	}
	return out
}()

// Goods is a multiset of goods: how many of each kind. It is an array, so
// copying a struct that holds one copies the goods.
type Goods [numGoods]int8

// Total is the number of goods.
func (g Goods) Total() int {
	n := 0
	for _, c := range g {
		n += int(c)
	}
	return n
}

// Plus returns g with h added.
func (g Goods) Plus(h Goods) Goods {
	for i := range g {
		g[i] += h[i]
	}
	return g
}

// Minus returns g with h taken away; the caller has checked Has(h).
func (g Goods) Minus(h Goods) Goods {
	for i := range g {
		g[i] -= h[i]
	}
	return g
}

// Has reports whether g holds every good of h.
func (g Goods) Has(h Goods) bool {
	for i := range g {
		if g[i] < h[i] {
			return false
		}
	}
	return true
}

// of returns the multiset of the goods listed.
func of(gs ...Good) Goods {
	var out Goods
	for _, g := range gs {
		out[g]++
	}
	return out
}

// kinds returns the kinds of goods in g, in canonical order.
func (g Goods) kinds() []Good {
	var out []Good
	for k := range numGoods {
		if g[k] > 0 {
			out = append(out, k)
		}
	}
	return out
}

// list returns the goods one by one in canonical order.
func (g Goods) list() []Good {
	var out []Good
	for k := range numGoods {
		for range g[k] {
			out = append(out, k)
		}
	}
	return out
}

// Code is the canonical text of a list of goods in a move: the upper-case
// names in canonical order joined by "+", e.g. "WOOL+WOOL+GLASS".
func (g Goods) Code() string {
	var parts []string
	for _, k := range g.list() {
		parts = append(parts, k.upper())
	}
	return strings.Join(parts, "+")
}

// Phrase says the goods for people: "2 wool and 1 glass", or "nothing".
func (g Goods) Phrase() string {
	var parts []string
	for k := range numGoods {
		if g[k] > 0 {
			parts = append(parts, itoa(int(g[k]))+" "+k.Name())
		}
	}
	switch len(parts) {
	case 0:
		return "nothing"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// short says the goods compactly for a view: "wool 2, glass 1", or "-".
func (g Goods) short() string {
	var parts []string
	for k := range numGoods {
		if g[k] > 0 {
			parts = append(parts, k.Name()+" "+itoa(int(g[k])))
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// subsets returns every non-empty sub-multiset of g whose goods all pass
// keep, in no particular order.
func (g Goods) subsets(keep func(Good) bool) []Goods {
	out := []Goods{{}}
	for k := range numGoods {
		if g[k] == 0 || !keep(k) {
			continue
		}
		n := len(out)
		for c := int8(1); c <= g[k]; c++ {
			for i := range n {
				s := out[i]
				s[k] = c
				out = append(out, s)
			}
		}
	}
	return out[1:]
}

// itoa is strconv.Itoa for the small numbers of this game.
func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
