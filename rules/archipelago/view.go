package archipelago

import (
	"encoding/json"

	"github.com/pbem-games/pbem/rules"
)

// View is what one seat sees. Everything is public except Private, which
// only its seat sees: the florins, cubes and explorer tokens behind the
// screen, the objective, a bid not yet revealed and the hexagons in hand.
// Once the game is over every screen and objective is shown. Lists by
// resource follow the order fish, fruit, cattle, stone, wood, iron; seats
// are numbered from 0 and have the colors red, blue, green, yellow, white.
type View struct {
	Seat      int          `json:"seat"`  // the viewer; -1 for an observer
	Round     int          `json:"round"` // 0: the initial exploration
	Phase     string       `json:"phase"`
	Length    string       `json:"length"`
	LastRound int          `json:"last_round"` // the year printed on the objectives
	ToAct     []int        `json:"to_act"`
	Order     []int        `json:"order"` // seats in turn order
	Discs     int          `json:"discs"` // action discs each player has: 3, then 4, then 5
	Players   []PlayerView `json:"players"`

	Map     []RegionView `json:"map"`
	Next    []HexView    `json:"next_hexagons"` // the hexagons one may explore next
	Regions int          `json:"regions_in_pile"`

	Home         []int     `json:"domestic_market"` // cubes by resource
	Export       []int     `json:"export_market"`
	Population   int       `json:"population"`
	Rebellion    int       `json:"rebellion"`
	Excess       int       `json:"excess_workers"`
	RecruitPrice int       `json:"recruit_price"`
	BankCubes    []int     `json:"bank_cubes"`
	BankFlorins  int       `json:"bank_florins"`
	Stacks       []int     `json:"explorer_stacks"`
	Wheel        WheelView `json:"wheel"`

	Track []CardView `json:"evolution_track"`
	Pile  int        `json:"evolution_pile"`
	Top   *BackView  `json:"pile_top"`        // the balance on the back of the pile's top card
	Trend *TrendView `json:"trend,omitempty"` // drawn at the end of round 0

	Bids    []int       `json:"bids,omitempty"` // the bids last revealed, by seat (-1: did not bid)
	Crisis  *CrisisView `json:"crisis,omitempty"`
	Offers  []OfferView `json:"offers,omitempty"`
	Permits []Permit    `json:"permits,omitempty"`
	Last    []string    `json:"last"` // what the last move did
	last    []rules.Phrase

	Over         bool            `json:"over"`
	Ending       string          `json:"ending,omitempty"` // "independence war", "objective" or "year"
	EveryoneLost bool            `json:"everyone_lost,omitempty"`
	Winners      []int           `json:"winners,omitempty"`
	Scores       []ScoreView     `json:"scores,omitempty"`
	Objectives   []ObjectiveView `json:"objectives,omitempty"` // revealed at the end

	Private *PrivateView `json:"private,omitempty"`
}

// PlayerView is what everyone sees of a player.
type PlayerView struct {
	Seat         int          `json:"seat"`
	Color        string       `json:"color"`
	Discs        int          `json:"-"` // every player has as many as View.Discs
	DiscsUsed    int          `json:"discs_used,omitempty"`
	Passed       bool         `json:"passed,omitempty"`
	Citizens     int          `json:"citizens"` // on the board, rebels included
	Rebels       int          `json:"rebels,omitempty"`
	Ships        int          `json:"ships"`
	CitizensLeft int          `json:"citizens_left"`
	ShipsLeft    int          `json:"ships_left"`
	Cards        []string     `json:"cards,omitempty"`
	Turned       []string     `json:"turned,omitempty"` // cards whose power is used this round
	HasBid       bool         `json:"has_bid,omitempty"`
	Screen       *PrivateView `json:"screen,omitempty"` // once the game is over
}

// RegionView is a hexagon on the table.
type RegionView struct {
	Cell       string         `json:"cell"`
	Hex        int            `json:"hex"` // 0: the open sea
	Name       string         `json:"-"`   // the hexagon's name, from its number
	Side       string         `json:"side"`
	Edges      string         `json:"edges"`           // landscapes E, SE, SW, W, NW, NE: W water, F field, M mountain
	Icons      string         `json:"icons"`           // resource icons, e.g. "fish 2, wood 1"
	Taken      string         `json:"taken,omitempty"` // icons with a unit on them, e.g. "fish 1"
	Huts       int            `json:"huts,omitempty"`
	Controller *int           `json:"controller,omitempty"` // the seat owning its city
	Units      []UnitView     `json:"units,omitempty"`
	Buildings  []BuildingView `json:"buildings,omitempty"`
	idx        int            // the cell's number
	icons      [nRes]int8
	taken      [nRes]int8
}

// UnitView is one player's units in a region.
type UnitView struct {
	Seat        int `json:"seat"`
	Citizens    int `json:"citizens,omitempty"` // free
	Working     int `json:"working,omitempty"`  // on resource icons
	Rebels      int `json:"rebels,omitempty"`
	Housed      int `json:"housed,omitempty"` // living in buildings
	Ships       int `json:"ships,omitempty"`
	ShipsAtWork int `json:"ships_working,omitempty"`
}

// BuildingView is a building and who lives in it (-1: nobody).
type BuildingView struct {
	Kind     string `json:"kind"`
	Owner    int    `json:"owner"`
	Resident int    `json:"resident"`
}

// HexView is a hexagon not yet laid, with both sides.
type HexView struct {
	Hex   int        `json:"hex"`
	Name  string     `json:"name"`
	Sides []SideView `json:"sides"`
}

// SideView is one side of a hexagon, unturned.
type SideView struct {
	Side  string `json:"side"`
	Edges string `json:"edges"`
	Icons string `json:"icons"` // e.g. "fish 1, wood 1"
	Huts  int    `json:"huts,omitempty"`
	icons [nRes]int8
}

// WheelView is the limited zones of the action wheel this round.
type WheelView struct {
	Explore      int `json:"explore"`
	ExploreMax   int `json:"explore_max"`
	Tax          int `json:"tax"`
	TaxMax       int `json:"tax_max"`
	Reproduce    int `json:"reproduce"`
	ReproduceMax int `json:"reproduce_max"`
	Coins        int `json:"coins"` // florins paid to markets and ports
}

// LastPhrases is Last as phrases, for a reader of another language.
func (v *View) LastPhrases() []rules.Phrase {
	if len(v.last) != len(v.Last) {
		return textPhrases(v.Last)
	}
	return v.last
}

// RulePhrase is the trend's Rule as a phrase.
func (t *TrendView) RulePhrase() rules.Phrase { return orText(t.rule, t.Rule) }

// ScoresPhrase and EndsPhrase are the objective's Scores and Ends as
// phrases.
func (o *ObjectiveView) ScoresPhrase() rules.Phrase { return orText(o.scores, o.Scores) }
func (o *ObjectiveView) EndsPhrase() rules.Phrase   { return orText(o.ends, o.Ends) }

// orText is p, or the text s as a phrase when p was not made.
func orText(p rules.Phrase, s string) rules.Phrase {
	if p.Format == "" && p.Text == "" && len(p.Args) == 0 {
		return rules.Phrase{Text: s}
	}
	return p
}

func textPhrases(ss []string) []rules.Phrase {
	out := make([]rules.Phrase, len(ss))
	for i, s := range ss {
		out[i] = rules.Phrase{Text: s}
	}
	return out
}

// CardView is an evolution card on the track.
type CardView struct {
	Place  int    `json:"place"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Effect string `json:"-"` // the card's power, from its name
	effect rules.Phrase
	Cost   int `json:"cost"`
	Turns  int `json:"turns,omitempty"`
	Next   int `json:"next_cost"` // after one more turn; -1: the skull
}

// BackView is the archipelago balance on a card's back.
type BackView struct {
	HomeRes   string `json:"domestic_resource"`
	HomePer   int    `json:"citizens_per_cube"`
	HomeRed   bool   `json:"domestic_red,omitempty"`
	ExportN   int    `json:"export_cubes"`
	ExportRes string `json:"export_resource"`
	ExportRed bool   `json:"export_red,omitempty"`
	Event     string `json:"event,omitempty"`
	EventRed  bool   `json:"event_red,omitempty"`
	event     rules.Phrase
}

// TrendView is the trend card.
type TrendView struct {
	Name string `json:"name"`
	Rule string `json:"rule"`
	rule rules.Phrase
}

// CrisisView is a consumption crisis being resolved.
type CrisisView struct {
	Kind     string `json:"kind"` // "domestic" or "export"
	Resource string `json:"resource"`
	PerCube  int    `json:"citizens_per_cube,omitempty"`
	Lying    []int  `json:"lying,omitempty"` // by seat
	Needed   int    `json:"cubes_needed"`
	Giver    int    `json:"giver"`
	Red      bool   `json:"red"`
}

// OfferView is an open offer.
type OfferView struct {
	From int    `json:"from"`
	To   int    `json:"to"`
	Give string `json:"give"`
	Ask  string `json:"ask"`
	Move string `json:"move"`

	give, ask goods // for the phrases of the text
}

// Permit is leave to harvest in the giver's regions this round.
type Permit struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// ScoreView is a player's victory points at the end.
type ScoreView struct {
	Seat   int   `json:"seat"`
	Points int   `json:"points"`
	Lines  []int `json:"lines"` // by objective in turn order, then the trend
}

// ObjectiveView is an objective card.
type ObjectiveView struct {
	Holder int    `json:"holder"`
	Name   string `json:"name"`
	Ends   string `json:"ends"`
	Scores string `json:"scores"`
	ends   rules.Phrase
	scores rules.Phrase
}

// PrivateView is what lies behind a player's screen.
type PrivateView struct {
	Color     string         `json:"color"`
	Florins   int            `json:"florins"`
	Cubes     []int          `json:"cubes"`
	Tokens    int            `json:"explorer_tokens"`
	Objective *ObjectiveView `json:"objective"`
	Bid       *int           `json:"sealed_bid"`
	Hand      []HexView      `json:"hand,omitempty"`
}

// View returns the view of seat p. Views are built once per state and
// shared; they must not be changed.
func (s *state) View(p rules.Seat) rules.View {
	i := int(p)
	if i < 0 || i >= s.seats {
		i, p = maxSeats, rules.Observer
	}
	c := s.public
	c.base.Do(func() { c.public = s.buildView() })
	c.once[i].Do(func() {
		v := *c.public
		v.Seat = int(p)
		if !s.over && p >= 0 {
			v.Private = s.privateView(int(p))
		}
		c.views[i] = &v
	})
	return c.views[i]
}

// Secrets returns, for a seat, what lies behind its screen, in the forms
// its view shows it; for Observer, the order of the face-down piles and
// the hexagons no one has seen. Once the game is over the screens are
// shown and only the piles stay hidden.
func (s *state) Secrets(p rules.Seat) []string {
	q := int(p)
	if p == rules.Observer {
		return s.pileSecrets()
	}
	if s.over || q < 0 || q >= s.seats {
		return nil
	}
	pv := s.privateView(q)
	data, _ := json.Marshal(pv)
	out := []string{string(data)}
	return append(out, privateLines(pv)...)
}

// pileSecrets are the face-down evolution cards and hexagons: each card's
// name as the view's JSON would quote it, and each hexagon's name.
func (s *state) pileSecrets() []string {
	out := make([]string, 0, len(s.pile)+len(s.regionPile)+len(s.handDiscard))
	for _, k := range s.pile {
		out = append(out, `"`+cards[k].name+`"`)
	}
	for _, h := range s.regionPile {
		out = append(out, regions[h-1].name)
	}
	for _, h := range s.handDiscard {
		out = append(out, regions[h-1].name)
	}
	return out
}
