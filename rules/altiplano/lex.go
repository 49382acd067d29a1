package altiplano

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The words of the notation besides goods, locations, professions and
// extensions, in their canonical form.
const (
	wPut        = "PUT"
	wTake       = "TAKE"
	wDone       = "DONE"
	wEnd        = "END" // DONE while planning, PASS in a turn
	wBack       = "BACK"
	wDraw       = "DRAW"
	wChoose     = "CHOOSE"
	wGo         = "GO"
	wBy         = "BY"
	wFree       = "FREE"
	wPass       = "PASS"
	wMove       = "MOVE" // the movement spaces while planning, GO in a turn
	wProfession = "PROFESSION"
	wTimes      = "X"
	wSlash      = "/"
)

// aliases maps the other words a player may write to canonical words; ""
// drops a word.
var aliases = map[string]string{
	"FOODS": "FOOD", "MAIZE": "CORN", "TIMBER": "WOOD", "LOG": "WOOD", "LOGS": "WOOD", "WOODS": "WOOD",
	"STONES": "STONE", "ROCK": "STONE", "ROCKS": "STONE", "ORES": "ORE", "CLOTH": "FABRIC", "CLOTHS": "FABRIC",
	"FABRICS": "FABRIC", "FISHES": "FISH", "GLASSES": "GLASS", "ALPACAS": "ALPACA", "LLAMA": "ALPACA",
	"LLAMAS": "ALPACA", "CACAO": "COCOA", "COCOAS": "COCOA", "COINS": "COIN", "MONEY": "COIN",
	"HARBOR": "PORT", "HARBOUR": "PORT",
	"PLACE": wPut, "PLAN": wPut, "REMOVE": wTake, "UNDO": wTake, "READY": wEnd, "FINISH": wEnd,
	"FINISHED": wEnd, "RETURN": wBack, "PULL": wBack, "PICK": wChoose, "SELECT": wChoose,
	"TRAVEL": wGo, "WALK": wGo, "RIDE": wGo, "USING": wBy, "WITH": wBy, "VIA": wBy,
	"MOVEMENT": wMove, "PROF": wProfession, "ROLE": wProfession, "JOB": wProfession,
	"WAGON": "CART", "WAGONS": "CART", "CARTS": "CART", "SHIP": "BOAT", "SHIPS": "BOAT", "BOATS": "BOAT",
	"HOUSES": "HOUSE", "WAREHOUSE": "STORE", "STORAGE": "STORE", "PURCHASE": "BUY",
	"CONTRACTS": "CONTRACT", "ORDER": "CONTRACT", "ORDERS": "CONTRACT", "SUPPLY": "DELIVER",
	"FULFIL": "DELIVER", "FULFILL": "DELIVER", "EXCHANGE": "TRADE", "SWAP": "TRADE", "THEN": wSlash,
	"NUMBER": "", "NO": "", "PRODUCE": "", "MAKE": "", "TO": "", "ON": "", "AT": "", "THE": "", "A": "",
	"AN": "", "AND": "", "IN": "", "INTO": "", "FROM": "", "OF": "", "FOR": "", "EXTENSION": "",
	"ACTION": "", "SPACE": "", "SPACES": "",
	// Plain English: "skip", "I'm done", "use my miner", "get contract 5",
	// "a boat giving ore", "pass this round, please".
	"SKIP": wEnd, "I": "", "M": "", "IM": "", "MY": "", "USE": "", "GET": "", "GRAB": "", "NEW": "",
	"GIVING": "", "GIVES": "", "THIS": "", "ROUND": "", "TURN": "", "PLEASE": "", "NOW": "", "JUST": "",
}

// chinese maps the words of the Chinese rulebook, and a few more, to
// canonical words; longer words are replaced first.
var chinese = func() [][2]string {
	m := map[string]string{
		"船只": "BOAT", "船": "BOAT", "房屋": "HOUSE", "仓库": "STORE", "存放": "STORE", "货车": "CART",
		"出售": "SELL", "购买": "BUY", "扩展卡": "", "扩展": "", "订单卡": "CONTRACT", "订单": "CONTRACT", "取得": "",
		"交付": "DELIVER", "生产": "", "交易": "TRADE", "兑换": "TRADE", "建造": "", "修建": "BUILD",
		"移动": wMove, "前往": wGo, "到": "", "角色板": wProfession, "角色": wProfession, "职业": wProfession,
		"放置": wPut, "放": wPut, "取回": wTake, "收回": wBack, "移回": wBack, "抽取": wDraw, "完成": wDone,
		"结束": wEnd, "跳过": wPass, "选择": wChoose, "用": wBy, "金币": "COIN", "号": "", "个": "", "和": "",
		// The Chinese rulebook's own phrases, as Chinese players write
		// them: 船只卡 and 房屋卡 for the cards, 货物 (goods) and 本轮行动
		// (this round's actions) as fillers, the free cart 初始货车 and a
		// bought one 额外货车, the Port's 鱼兑换石头 (fish for stone, not
		// the Forest's cocoa trade), 将/把 before the object, 第 before a
		// number, counts in words (两个), 港 for the Port and 使用 for 用.
		"船只卡": "BOAT", "房屋卡": "HOUSE", "货物": "", "本轮": "", "行动": "", "规划": "", "宣布": "",
		"初始货车": wFree, "免费货车": wFree, "额外货车": "CART", "鱼兑换石头": "PORT STONE", "鱼换石头": "PORT STONE",
		"换": "TRADE", "将": "", "把": "", "第": "", "港": "PORT", "使用": wBy, "放到": wPut,
		"一": "1", "两": "2", "二": "2", "三": "3", "四": "4", "五": "5", "六": "6", "七": "7", "八": "8", "九": "9",
		// As the Chinese mails write the board: the movement spaces
		// 移动位置, a placement "农场上 1 羊驼"; and 银 for silver, as
		// they wrote it before they took the rulebook's 白银.
		"银": "SILVER", "移动位置": wMove, "行动位置": "", "存入": "", "上": "",
		"，": ",", "：": ":", "／": "/", "；": ";", "。": " ", "、": ",",
	}
	for g := range numGoods {
		m[goodData[g].zh] = upper(goodData[g].name)
	}
	for l := range numLocs {
		m[locData[l].zh] = upper(locData[l].name)
	}
	for _, p := range professions {
		m[p.zh] = upper(p.name)
	}
	for _, d := range designs {
		m[d.zh] = upper(d.name)
	}
	var out [][2]string
	for k, v := range m {
		out = append(out, [2]string{k, v})
	}
	slices.SortFunc(out, func(a, b [2]string) int {
		if d := len(b[0]) - len(a[0]); d != 0 {
			return d
		}
		return strings.Compare(a[0], b[0])
	})
	return out
}()

// vocabulary is every canonical word, for abbreviations.
var vocabulary = func() []string {
	ws := []string{wPut, wTake, wDone, wBack, wDraw, wChoose, wGo, wBy, wFree, wPass, wMove, wProfession,
		"TRADE", "BOAT", "HOUSE", "STORE", "CART", "SELL", "BUY", "CONTRACT", "DELIVER", "BUILD", "COIN"}
	for g := range numGoods {
		ws = append(ws, upper(goodData[g].name))
	}
	for l := range numLocs {
		ws = append(ws, upper(locData[l].name))
	}
	for _, p := range professions {
		ws = append(ws, upper(p.name))
	}
	for _, d := range designs {
		ws = append(ws, upper(d.name))
	}
	return ws
}()

// Words returns the canonical words of Altiplano's notation (PUT, FARM,
// ALPACA…), which its moves and its texts' examples write as they are in
// every language.
func Words() []string { return slices.Clone(vocabulary) }

// Names returns every name the game's texts give a good, location,
// profession, extension and space (the English the texts say, which is
// the catalogs' key), each with the notation word it reads as, so that a
// catalog of another language can check that a player may copy its names
// from the board into a move (catalog/altiplano).
func Names() map[string]string {
	names := map[string]string{"move": wMove, "coin": "COIN"}
	for g := range numGoods {
		names[goodData[g].name] = upper(goodData[g].name)
	}
	for l := range numLocs {
		names[title(locData[l].name)] = upper(locData[l].name)
		names[locData[l].name] = upper(locData[l].name)
	}
	for _, p := range professions {
		names[p.name] = upper(p.name)
	}
	for _, d := range designs {
		names[d.name] = upper(d.name)
	}
	return names
}

// ReadWords splits text into the notation's words as Parse reads them: a
// name in any language the notation knows becomes its canonical word.
func ReadWords(text string) ([]string, error) { return lex(text) }

// known reports whether w is a canonical word.
var known = func() map[string]bool {
	m := map[string]bool{wEnd: true, wTimes: true, wSlash: true}
	for _, w := range vocabulary {
		m[w] = true
	}
	return m
}()

// lex reads a move's text into canonical words: goods repeated as many
// times as counted ("2 wool", "wool x2"), numbers, and "/" between a
// movement and an action.
func lex(text string) ([]string, error) {
	t := text
	if !isASCII(t) {
		for _, kv := range chinese {
			t = strings.ReplaceAll(t, kv[0], " "+kv[1]+" ")
		}
		t = strings.ReplaceAll(t, "×", " X ")
	}
	t = strings.ToUpper(t)
	var b strings.Builder
	for _, r := range t {
		switch {
		case r == '/' || r == ';' || r == '|':
			b.WriteString(" / ")
		case r == '*':
			b.WriteString(" X ")
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
		case r < utf8.RuneSelf:
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	var words []string
	for _, f := range strings.Fields(b.String()) {
		for _, w := range splitDigits(f) {
			w, err := canonical(w)
			if err != nil {
				return nil, err
			}
			if w != "" {
				words = append(words, w)
			}
		}
	}
	return counts(words)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// splitDigits splits "2WOOL" into "2", "WOOL" and "X2" into "X", "2".
func splitDigits(w string) []string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i > 0 && i < len(w) {
		return append([]string{w[:i]}, splitDigits(w[i:])...)
	}
	if len(w) > 1 && w[0] == 'X' && w[1] >= '0' && w[1] <= '9' {
		return []string{"X", w[1:]}
	}
	return []string{w}
}

// canonical returns the canonical form of one word, "" for a word to drop.
func canonical(w string) (string, error) {
	if known[w] || isNumber(w) {
		return w, nil
	}
	if a, ok := aliases[w]; ok {
		return a, nil
	}
	if len(w) >= 3 && isASCII(w) {
		var found []string
		for _, v := range vocabulary {
			if strings.HasPrefix(v, w) {
				found = append(found, v)
			}
		}
		slices.SortFunc(found, func(a, b string) int { return len(a) - len(b) })
		if len(found) > 0 && !slices.ContainsFunc(found, func(f string) bool { return !strings.HasPrefix(f, found[0]) }) {
			return found[0], nil // e.g. FAR is FARM, not FARMER
		}
		if len(found) > 1 {
			return "", illegal("%q is short for several words (%s): write more of it", quote(w), strings.ToLower(strings.Join(found, ", ")))
		}
	}
	return "", illegal("%q is not a word of Altiplano moves", quote(w))
}

func isNumber(w string) bool {
	if w == "" || len(w) > 3 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// What a canonical word names.
const (
	nGood = iota
	nLoc
	nProf
	nDesign
)

type named struct{ kind, index int }

// names maps the canonical names of goods, locations, professions and
// extensions to what they name.
var names = func() map[string]named {
	m := map[string]named{"COIN": {nGood, int(Coin)}}
	for g := range numGoods {
		m[upper(goodData[g].name)] = named{nGood, int(g)}
	}
	for l := range numLocs {
		m[upper(locData[l].name)] = named{nLoc, int(l)}
	}
	for k, p := range professions {
		m[upper(p.name)] = named{nProf, k}
	}
	for d, dg := range designs {
		m[upper(dg.name)] = named{nDesign, d}
	}
	return m
}()

// goodWord returns the good a word names; ok false if none (Coin is one).
func goodWord(w string) (Good, bool) {
	n, ok := names[w]
	return Good(n.index), ok && n.kind == nGood
}

// counts expands "2 WOOL", "2 X WOOL" and "WOOL X 2" into WOOL WOOL.
func counts(words []string) ([]string, error) {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if isNumber(w) {
			j := i + 1
			if j < len(words) && words[j] == wTimes {
				j++
			}
			if j < len(words) {
				if _, ok := goodWord(words[j]); ok {
					n, _ := strconv.Atoi(w)
					if n < 1 || n > 9 {
						return nil, illegal("%d %s is more than any action takes", n, strings.ToLower(words[j]))
					}
					for range n {
						out = append(out, words[j])
					}
					i = j
					continue
				}
			}
			out = append(out, w)
			continue
		}
		if w == wTimes {
			if len(out) > 0 && i+1 < len(words) && isNumber(words[i+1]) {
				if _, ok := goodWord(out[len(out)-1]); ok {
					n, _ := strconv.Atoi(words[i+1])
					if n < 1 || n > 9 {
						return nil, illegal("%d %s is more than any action takes", n, strings.ToLower(out[len(out)-1]))
					}
					for range n - 1 {
						out = append(out, out[len(out)-1])
					}
					i++
					continue
				}
			}
			return nil, illegal("write a count as 2 WOOL or WOOL x2")
		}
		out = append(out, w)
	}
	return out, nil
}

// quote cuts a player's text to at most 24 characters for an error.
func quote(text string) string {
	text = strings.TrimSpace(text)
	if utf8.RuneCountInString(text) <= 24 {
		return text
	}
	return string([]rune(text)[:24]) + "..."
}
