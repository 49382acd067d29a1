package endtoend_test

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/templates/words"
)

// gameFormats plays random games of g with each setup and gathers the
// formats of every phrase the game says: its board's lines for each seat,
// how to write a move, what each move did, and why the rules refuse the
// mistaken moves of bad.
func gameFormats(t *testing.T, g rules.Game, setups []rules.Setup, bad []string) map[string]bool {
	t.Helper()
	formats := map[string]bool{}
	add := func(p rules.Phrase) {
		for _, f := range p.Formats() {
			formats[f] = true
		}
	}
	for i, setup := range setups {
		st, err := g.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 7))
		for n := 0; n < 5000; n++ {
			for s := rules.Observer; int(s) < setup.Seats; s++ {
				if pv, ok := st.View(s).(rules.PhrasedView); ok {
					for _, l := range pv.TextLines().Lines {
						add(l)
					}
				}
			}
			if _, over := st.Result(); over {
				break
			}
			seat := st.ToAct()[0]
			pg, _ := st.(rules.PhrasedGuide)
			if pg != nil {
				add(pg.MoveSyntaxPhrase(seat))
			}
			for _, b := range bad {
				for _, s := range []rules.Seat{seat, (seat + 1) % rules.Seat(setup.Seats)} {
					mv, err := st.Parse(s, b)
					if err == nil {
						_, err = st.Apply(s, mv)
					}
					if p, ok := err.(rules.Phrased); ok {
						add(p.Phrase())
					}
				}
			}
			legal := st.Legal(seat)
			mv := legal[r.IntN(len(legal))]
			if pg != nil {
				add(pg.DescribePhrase(seat, mv.String()))
			}
			if st, err = st.Apply(seat, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	return formats
}

// TestGameTextsInCatalog: every phrase a game says (its board's lines,
// how to write a move, what a move did, why a move is refused) has a text
// in every language of the catalog, so a reader of Chinese reads the game
// in Chinese too.
func TestGameTextsInCatalog(t *testing.T) {
	seats := func(n int, variants ...string) rules.Setup {
		return rules.Setup{Seats: n, Variants: variants, Seed: rules.SeedFromInt(uint64(n))}
	}
	formats := gameFormats(t, atacama.Game, []rules.Setup{seats(2), seats(2, atacama.Enhanced, atacama.Tactical), seats(3), seats(4, atacama.Tactical)},
		[]string{"E5", "E5*", "A1", "Z9", "E55", "FROB", "PASS", "CLAIM TURQUOISE COLUMNS", "CLAIM PINK", ""})
	if len(formats) < 30 {
		t.Fatalf("Atacama says %d phrases, want its whole vocabulary", len(formats))
	}
	checkFormats(t, "Atacama", formats)

	// Altiplano says its board, how to write a move, what a move did and
	// why a move is refused so, each game played to its end.
	formats = gameFormats(t, altiplano.Game, []rules.Setup{seats(2), seats(4, altiplano.Choose), seats(3, altiplano.Missions, altiplano.Shortage)}, altiplanoMistakes)
	if len(formats) < 80 {
		t.Fatalf("Altiplano says %d phrases, want its guide's and its refusals' vocabulary", len(formats))
	}
	checkFormats(t, "Altiplano", formats)

	// Archipelago says its board, how to write a move, what a move did
	// and why a move is refused so.
	formats = gameFormats(t, archipelago.Game, []rules.Setup{seats(2), seats(4)}, archipelagoMistakes)
	if len(formats) < 200 {
		t.Fatalf("Archipelago says %d phrases, want its board's and its log's vocabulary", len(formats))
	}
	checkFormats(t, "Archipelago", formats)
}

// altiplanoMistakes are moves of Altiplano that are wrong in every way a
// player can get one wrong: in the wrong phase, at the wrong place, with
// goods they lack, words it does not know.
var altiplanoMistakes = []string{"", "FROB", "FAR", "CHOOSE MINER", "CHOOSE", "DRAW", "BACK FARM ALPACA", "DONE", "PASS",
	"PUT FARM ALPACA", "PUT FARM ALPACA+FOOD", "PUT FARM 2 ALPACA", "PUT MOVE WOOL", "PUT MOVE FOOD", "PUT MINER FOOD", "PUT SAWMILL WOOD",
	"PUT FARM COIN", "PUT ROAD FISH", "TAKE FARM WOOL", "TAKE MARKET GLASS", "PUT", "GO MINE", "GO", "GO MINE BY", "GO MINE / MINE SILVER",
	"MINE SILVER", "MINE STONE", "GO PORT BY CART / PORT BOAT ORE", "GO FARM BY FOOD / FARM FOOD", "FARM WOOL", "FARM FOOD+WOOL",
	"FOREST TRADE STONE", "FOREST TRADE GLASS", "FOREST WOOD", "PORT FOOD", "PORT STONE", "VILLAGE HOUSE SILVER", "VILLAGE STORE FOOD",
	"VILLAGE STORE WOOL", "VILLAGE CART", "MARKET SELL", "MARKET SELL FISH", "MARKET SELL WOOL", "MARKET BUY", "MARKET BUY SAWMILL",
	"MARKET BUY STOREHOUSE", "MARKET CONTRACT 99", "MARKET CONTRACT 3", "MARKET DELIVER", "MARKET DELIVER WOOL", "ROAD BUILD",
	"MINE SELL WOOL", "SELL WOOL", "MINE SILVER MINE STONE", "WOOL 9", "2 WOOL 9", "FARMER", "MINER", "SAWMILL", "GO MINE / PASS / PASS"}

// archipelagoMistakes are moves of Archipelago wrong in the ways a player
// gets one wrong.
var archipelagoMistakes = []string{"", "FROB", "PLACE", "PLACE 7", "PLACE 7C E5 0", "PLACE 99A E5 0", "PLACE 7A E5 9", "PLACE 7A Z9 0",
	"PLACE 7A E5 0", "PLACE 1A F6 0", "MARKET WOOD", "MARKET IRON KEEP IRON", "MARKET GOLD", "BID", "BID 3", "BID 99", "BID -1",
	"ORDER RED", "ORDER RED RED", "ORDER RED BLUE", "ORDER PINK", "FEED", "FEED 1 MARKET", "FEED 9 OWN", "FEED 1 TOKEN", "FEED NONE",
	"EXPORT 1 OWN", "HARVEST WOOD", "HARVEST WOOD E5", "HARVEST FISH F6x2", "HARVEST IRON E5 E5", "HARVEST WOOD E5x9", "TAX",
	"BUY FISH", "BUY FISH HOME", "SELL IRON EXPORT", "SELL FISH HOME", "USE MARKET", "USE PORT", "USE TEMPLE", "EXPLORE 7A E5 0 SHIP F6 FISH",
	"EXPLORE 7 DISCARD", "EXPLORE 99 DISCARD", "EXPLORE 7A E5 0", "RECRUIT E5", "RECRUIT F6x9", "REPRODUCE", "BUILD CITY E5",
	"BUILD PORT F6", "BUILD SHIP F6", "BUILD TEMPLE", "MIGRATE E5 F6 1C", "MIGRATE E5 F6 9S", "MIGRATE E5 TEMPLE", "MIGRATE F6 E5 1C 1S",
	"DONE", "CARD FISHERMAN", "CARD GOVERNOR", "CARD ZZZ", "CARD", "PASS", "OFFER BLUE 1 WOOD FOR 2 FLORINS", "OFFER RED 1 WOOD FOR 2 FLORINS",
	"OFFER BLUE 99 FLORINS FOR NOTHING", "OFFER BLUE NOTHING FOR NOTHING", "OFFER BLUE PERMIT FOR 1 WOOD", "OFFER BLUE", "ACCEPT BLUE", "DECLINE RED",
	"WITHDRAW", "BUY 2 ROTATE 4", "BUY 9", "ROTATE 1 1", "ROTATE 3 1", "ROTATE 1", "BUY 1", "HARVEST WOOD E5 XX"}

// checkFormats fails for every format with words of its own that a
// language has no text for, among pbem's own texts and those the game
// registers (catalog.Game.Words): not another game's.
func checkFormats(t *testing.T, game string, formats map[string]bool) {
	t.Helper()
	reg, ok := offered().Game(strings.ToLower(game))
	if !ok {
		t.Fatalf("no game %s in the catalog", game)
	}
	var missing []string
	for f := range formats {
		if !strings.ContainsFunc(strings.ReplaceAll(f, "%s", ""), func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) {
			continue // "%s, %s": no words of its own
		}
		for _, lang := range words.Languages() {
			if _, own := reg.Words[lang][words.ID(f)]; !own && !words.Has(lang, words.ID(f)) {
				missing = append(missing, lang+": "+f)
			}
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("%d phrases of %s have no text:\n%s", len(missing), game, strings.Join(missing, "\n"))
	}
}

// TestArchipelagoGlossary: the catalog writes Archipelago's names in
// Chinese as its glossary does, and the game's rules document lists each.
func TestArchipelagoGlossary(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/rules/archipelago.md")
	if err != nil {
		t.Fatal(err)
	}
	book := offered().Words()
	for _, g := range archipelago.Glossary {
		if got := book.Text("zh", words.ID(g.English)); got != g.Chinese {
			t.Errorf("zh %q = %q, want the glossary's %q", g.English, got, g.Chinese)
		}
		if !book.Has("en", words.ID(g.English)) {
			t.Errorf("en has no %q", g.English)
		}
		if row := "| " + g.English + " | " + g.Chinese + " |"; !strings.Contains(string(doc), row) {
			t.Errorf("docs/rules/archipelago.md lacks the row %s", row)
		}
	}
}
