package archipelago

import (
	"errors"
	"testing"

	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest"
)

// notation lists what players may write and the canonical move it means,
// in a two-player game (Red and Blue) during the actions phase.
var notation = []struct{ in, want string }{
	{"harvest wood f5x2", "HARVEST WOOD F5x2"},
	{"HARV WO F5 F5", "HARVEST WOOD F5x2"},
	{"harvest fish f7, f6", "HARVEST FISH F6 F7"},
	{"Harvest Wood F5 x2", "HARVEST WOOD F5x2"},
	{"tax", "TAX"},
	{"TAXES", "TAX"},
	{"sell fi exp", "SELL FISH EXPORT"},
	{"buy livestock domestic", "BUY CATTLE HOME"},
	{"buy exotic fruit home", "BUY FRUIT HOME"},
	{"use port", "USE PORT"},
	{"explore 16a at e6 turn 2 with ship from f5", "EXPLORE 16A E6 2 SHIP F5 FISH"}, // one resource shown: the cube is named for the player
	{"explore 16 A e6 t2 ship f5 fish", "EXPLORE 16A E6 2 SHIP F5 FISH"},
	{"explore 7a e6 3 ship f5", "EXPLORE 7A E6 0 SHIP F5 FISH"}, // all water: every turn is turn 0
	{"explore 2b e5 0 citizen f5", "EXPLORE 2B E5 0 CITIZEN F5 FISH"},
	{"explore 1a e6 0 ship f5 take fr", "EXPLORE 1A E6 0 SHIP F5 FRUIT"},
	{"explore 1a e6 0 ship f5", "EXPLORE 1A E6 0 SHIP F5"}, // two shown: Apply asks which
	{"explore 16 discard", "EXPLORE 16 DISCARD"},
	{"explore discard 16", "EXPLORE 16 DISCARD"},
	{"recruit f5 f4x2", "RECRUIT F4x2 F5"},
	{"REPRO", "REPRODUCE"},
	{"build town f5", "BUILD CITY F5"},
	{"build f5 temple", "BUILD TEMPLE F5"},
	{"move f5 to f4 2 citizens", "MIGRATE F5 F4 2C"},
	{"migrate f5 f6 1s", "MIGRATE F5 F6 1S"},
	{"migrate f7 g7 1 cit 1 ship", "MIGRATE F7 G7 1C 1S"},
	{"migrate f5 into the temple", "MIGRATE F5 TEMPLE"},
	{"migrate f5 to f4 into the temple", "MIGRATE F5 F4 TEMPLE"},
	{"done", "DONE"},
	{"card fisherman", "CARD FISHERMAN"},
	{"card harbour m", "CARD HARBOUR MASTER"},
	{"end", "DONE"},
	{"pass", "PASS"},
	{"offer blue 2f + 1 wood for 1 fish", "OFFER BLUE 2 FLORINS + 1 WOOD FOR 1 FISH"},
	{"offer b 1 wood, 1 wood for 1 florin", "OFFER BLUE 2 WOOD FOR 1 FLORIN"},
	{"offer 1 permit for 3 fl", "OFFER BLUE PERMIT FOR 3 FLORINS"},
	{"offer blue 1 token for nothing", "OFFER BLUE 1 TOKEN FOR NOTHING"},
	{"accept red", "ACCEPT RED"},
	{"decline r", "DECLINE RED"},
	{"refuse 0", "DECLINE RED"},
	{"withdraw", "WITHDRAW"},
	{"buy 2 rotate 4", "BUY 2 ROTATE 4"},
	{"buy 2 4", "BUY 2 ROTATE 4"},
	{"rotate 3 1", "ROTATE 1 3"},
	{"turn 2 5", "ROTATE 2 5"},
	{"feed 2m 1o", "FEED 2 MARKET 1 OWN"},
	{"feed 1 token", "FEED 1 TOKEN"},
	{"feed none", "FEED NONE"},
	{"export 1 own 1 own", "EXPORT 2 OWN"},
	{"bid 3", "BID 3"},
	{"order blue red", "ORDER BLUE RED"},
	{"order b", "ORDER BLUE RED"},
	{"place 7a f5 0", "PLACE 7A F5 0"},
	{"lay 12 B g7 turn 4", "PLACE 12B G7 4"},
	{"market wood keep fish", "MARKET WOOD KEEP FISH"},
	{"market wood fish", "MARKET WOOD KEEP FISH"},
}

func TestNotation(t *testing.T) {
	s, _, _ := actionsFixture(t)
	for _, c := range notation {
		m, err := s.Parse(0, c.in)
		if err != nil {
			t.Errorf("Parse(%q) = error %q, want %s", c.in, err, c.want)
			continue
		}
		if got := m.String(); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
		}
		back, err := s.Parse(0, m.String())
		if err != nil || back != m {
			t.Errorf("Parse(%q) = %v, %v; want the same move back", m.String(), back, err)
		}
	}
}

// TestNotationInContext covers the texts whose meaning depends on the phase.
func TestNotationInContext(t *testing.T) {
	bids := inBids(t, 2)
	if m, err := bids.Parse(0, " 4 "); err != nil || m.String() != "BID 4" {
		t.Errorf("a bare number while bidding = %v, %v; want BID 4", m, err)
	}
	s, _, _ := crisisFixture(t, cardIndex(t, "Fishing Nets"))
	s.balance()
	if m, err := s.Parse(0, "pass"); err != nil || m.String() != "FEED NONE" {
		t.Errorf("PASS in a domestic crisis = %v, %v; want FEED NONE", m, err)
	}
}

func TestNotationErrors(t *testing.T) {
	s, _, _ := actionsFixture(t)
	for _, c := range []struct{ in, want string }{
		{"", "the move is empty"},
		{"xyzzy", `"xyzzy" is not a move`},
		{"harvest", "name a resource"},
		{"harvest gold f5", "name a resource"},
		{"harvest wood", "name the regions"},
		{"harvest wood z9", "name cells"},
		{"build castle f5", "name a building"},
		{"explore 99a f5 0 ship f6", "numbered 1 to 24"},
		{"explore 7 f5 0 ship f6", "number and side"},
		{"explore 7a f5 ship f6", "give the turn"},
		{"explore 7a f5 9 ship f6", "give the turn"},
		{"explore 1a f5 0 ship f6 iron", "shows fish and fruit"},
		{"explore 30 discard", "number 1 to 24"},
		{"offer yellow 1 wood for 1 fish", "name a player by color: RED, BLUE"},
		{"offer blue 1 gold for 1 fish", "name goods"},
		{"buy wood", "say which market"},
		{"order blue blue", "name each player once"},
		{"feed 2", "give cubes from the MARKET"},
		{"tax now", "at the end"},
		{"re", "is not a move"},
		{"migrate f5 f4 20c 20c 20c 20c 20c 20c 20c", "too many"},
		{"harvest wood f5x99 f5x99", "too many"},
		{"feed 99 market 99 market", "too many"},
	} {
		_, err := s.Parse(0, c.in)
		switch {
		case err == nil:
			t.Errorf("Parse(%q) succeeded, want an error about %q", c.in, c.want)
		case !errors.Is(err, rules.ErrIllegal):
			t.Errorf("Parse(%q) = %v, which does not wrap rules.ErrIllegal", c.in, err)
		case !contains(err.Error(), c.want):
			t.Errorf("Parse(%q) = %q, want one about %q", c.in, err, c.want)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// FuzzParse checks that Parse never panics and that what it reads is read
// back from its canonical text, in the actions phase; go test runs the
// seeds, make fuzz more.
func FuzzParse(f *testing.F) {
	var corpus []string
	for _, c := range notation {
		corpus = append(corpus, c.in)
	}
	s, _, _ := actionsFixture(f)
	rulestest.FuzzParse(f, s, corpus...)
}
