// Package campaigns is the pure core of pbem's campaigns: round robins,
// Swiss tournaments, knockouts and ladders whose games are ordinary pbem
// games. A campaign is an aggregate with a history of its own (the facts
// declared here); its standings, tiebreaks, ratings and each player's
// reliability are folded from that history and never stored, so anyone
// holding the history folds the same table.
//
// The package does no I/O and reads no clock: it decodes facts, folds
// them (Campaign.Apply), pairs the next round from the fold and the
// campaign's seed (Campaign.Pair), and ranks (Campaign.Standings).
package campaigns

import (
	"encoding/json"
	"fmt"
)

// Kinds of campaign, in Created.Kind.
const (
	RoundRobin = "roundrobin" // every table of players meets once
	Swiss      = "swiss"      // rounds paired by score, no pair twice
	Knockout   = "knockout"   // the winner of each table goes on
	Ladder     = "ladder"     // a player challenges one ranked up to Reach places above
	League     = "league"     // seasons of round robins in divisions, with promotion and relegation
)

// Kinds lists the kinds of campaign pbem runs.
var Kinds = []string{RoundRobin, Swiss, Knockout, Ladder, League}

// Fact types: the Type of each event in a campaign's history.
const (
	TypeCreated       = "CampaignCreated"
	TypeEntered       = "PlayerEntered"
	TypeWithdrew      = "PlayerWithdrew"
	TypeSeedCommitted = "PairingSeedCommitted"
	TypeRoundPaired   = "RoundPaired"
	TypeGameStarted   = "CampaignGameStarted"
	TypeResult        = "GameResultRecorded"
	TypeDecided       = "OrganiserDecided"
	TypeSeedRevealed  = "PairingSeedRevealed"
	TypeSeasonStarted = "SeasonStarted"
)

// Fact is one event's payload in a campaign's history.
type Fact interface {
	Type() string
}

// Options are a campaign's settings, fixed when it is created.
type Options struct {
	// Table is how many seats each game has; 0 means 2. Swiss,
	// knockout and ladder campaigns play at tables of 2; a round robin
	// at tables of 2 to 5.
	Table int `json:"table,omitempty"`
	// Rounds is how many rounds a Swiss campaign plays (0: enough to
	// find a winner, the base-2 logarithm of the entries rounded up),
	// and how many times a round robin goes round (0: once).
	Rounds int `json:"rounds,omitempty"`
	// PlacePoints, when set, are the points of each place, first
	// place first, instead of one point for each seat placed behind
	// and a half for each tied with. Tied seats share the points of
	// the places they cover equally.
	PlacePoints []int `json:"placePoints,omitempty"`
	// Reach is how many places above their own a ladder's player may
	// challenge; 0 means 3.
	Reach int `json:"reach,omitempty"`
	// Tiebreaks orders the tiebreaks by name (see Tiebreaks); empty
	// means all of them in the order of Tiebreaks.
	Tiebreaks []string `json:"tiebreaks,omitempty"`
	// A league's divisions hold Division players each (0: 6), the last
	// taking the rest; each season Promote players (0: 1) go up from
	// each division and as many down; it plays Seasons seasons (0: 1),
	// each a round robin in every division, Rounds times.
	Division int `json:"division,omitempty"`
	Promote  int `json:"promote,omitempty"`
	Seasons  int `json:"seasons,omitempty"`
	// Deadline is every game's time per move, as a host's DEADLINE
	// writes it ("72h", "3d"); empty leaves pbem's default clock.
	Deadline string `json:"deadline,omitempty"`
	// AutoPair asks the serving process to pair the next round as soon
	// as every game of the round before has its result recorded (a
	// league's next season first, when one is due). A ladder has no
	// rounds to pair and refuses it.
	AutoPair bool `json:"autoPair,omitempty"`
}

// Created is the first fact of every campaign.
type Created struct {
	Kind      string   `json:"kind"`
	Game      string   `json:"game"`               // the rules' name (rules.Info.Name)
	Variants  []string `json:"variants,omitempty"` // every game's, sorted
	Options   Options  `json:"options"`
	Entries   []string `json:"entries"` // players entered at once, in order
	Organiser string   `json:"organiser"`
	// Invited are the players the organiser named who are asked first:
	// each is entered (Entered) only once they say yes, by a reply to a
	// mail that only they were sent.
	Invited []string `json:"invited,omitempty"`
}

// Entered records a player's entry, before the first round is paired.
type Entered struct {
	Player string `json:"player"`
}

// Withdrew records that a player left the campaign: they are paired no
// more; their games already started go on as the games' own rules say.
type Withdrew struct {
	Player string `json:"player"`
	Reason string `json:"reason,omitempty"`
}

// SeedCommitted carries the commitment to the campaign's seed, from
// which the pairings' draws and the last tiebreak come: "v2:" and the
// SHA-256 of the seed bound to the campaign's id (SeedCommitment). The
// seed stays secret until SeedRevealed.
type SeedCommitted struct {
	Commitment string `json:"commitment"`
}

// RoundPaired records a round's tables, each the players in seat order,
// and the players left without a table (a bye).
type RoundPaired struct {
	Round  int        `json:"round"`
	Tables [][]string `json:"tables"`
	Byes   []string   `json:"byes,omitempty"`
}

// GameStarted records the pbem game that plays a table of a round.
type GameStarted struct {
	Game  string   `json:"game"` // the game's id
	Round int      `json:"round"`
	Table int      `json:"table"` // counted from 1
	Seats []string `json:"seats"` // the players in seat order
}

// Result records how a campaign's game ended, as its own history says:
// its last event's hash (and number), each seat's place (1 for the
// winners, equal for a tie) and score, and what each seat did.
type Result struct {
	Game      string `json:"game"`
	Seq       uint64 `json:"seq"`       // the game's last event
	Hash      string `json:"hash"`      // the hash of the game's last event
	Places    []int  `json:"places"`    // by seat
	Scores    []int  `json:"scores"`    // by seat, the game's own
	Moves     []int  `json:"moves"`     // by seat: moves the player made
	Timeouts  []int  `json:"timeouts"`  // by seat: moves pbem made when time ran out
	Abandoned []bool `json:"abandoned"` // by seat: pbem played the seat for good
	Reason    string `json:"reason"`    // why the game ended (events.GameEnded.Reason)
}

// Organiser decisions, in Decided.Decision.
const (
	Adjudicated  = "adjudicate" // the organiser set a stalled game's places
	Disqualified = "disqualify" // the organiser removed a player
	Closed       = "close"      // the organiser ended a ladder
	Paused       = "pause"      // no round is paired, and the running games wait, until Resumed
	Resumed      = "resume"     // the campaign and its running games go on
	Extended     = "extend"     // every seat to move in a running game is given Span more
	Replaced     = "replace"    // Replacement plays Player's seat in Game, for Player
)

// Decided records an organiser's decision and its reason.
type Decided struct {
	Decision string `json:"decision"`
	Player   string `json:"player,omitempty"` // whom it concerns (disqualify, replace)
	Game     string `json:"game,omitempty"`   // which game (adjudicate, replace)
	Places   []int  `json:"places,omitempty"` // by seat (adjudicate)
	// Span is how much more time each seat to move is given (extend),
	// as a host's DEADLINE writes it ("48h", "3d").
	Span string `json:"span,omitempty"`
	// Replacement plays the seat of Player in Game from now on
	// (replace); the seat's result still counts for Player, whose entry
	// it is.
	Replacement string `json:"replacement,omitempty"`
	Reason      string `json:"reason"`
}

// SeasonStarted records a league season's divisions, the first
// division first, each its players in the order its schedule seats
// them: in season 1 the entries in order; later, from the season before,
// each division's finishing order with the players promoted and
// relegated moved (Campaign.NextSeason).
type SeasonStarted struct {
	Season    int        `json:"season"`
	Divisions [][]string `json:"divisions"`
}

// SeedRevealed reveals the campaign's seed once it is over.
type SeedRevealed struct {
	Seed string `json:"seed"` // hex
}

func (Created) Type() string       { return TypeCreated }
func (Entered) Type() string       { return TypeEntered }
func (Withdrew) Type() string      { return TypeWithdrew }
func (SeedCommitted) Type() string { return TypeSeedCommitted }
func (RoundPaired) Type() string   { return TypeRoundPaired }
func (GameStarted) Type() string   { return TypeGameStarted }
func (Result) Type() string        { return TypeResult }
func (Decided) Type() string       { return TypeDecided }
func (SeedRevealed) Type() string  { return TypeSeedRevealed }
func (SeasonStarted) Type() string { return TypeSeasonStarted }

// Decode reads a fact of type typ from its JSON payload.
func Decode(typ string, payload []byte) (Fact, error) {
	var f Fact
	var err error
	switch typ {
	case TypeCreated:
		f, err = decodeAs[Created](payload)
	case TypeEntered:
		f, err = decodeAs[Entered](payload)
	case TypeWithdrew:
		f, err = decodeAs[Withdrew](payload)
	case TypeSeedCommitted:
		f, err = decodeAs[SeedCommitted](payload)
	case TypeRoundPaired:
		f, err = decodeAs[RoundPaired](payload)
	case TypeGameStarted:
		f, err = decodeAs[GameStarted](payload)
	case TypeResult:
		f, err = decodeAs[Result](payload)
	case TypeDecided:
		f, err = decodeAs[Decided](payload)
	case TypeSeasonStarted:
		f, err = decodeAs[SeasonStarted](payload)
	case TypeSeedRevealed:
		f, err = decodeAs[SeedRevealed](payload)
	default:
		return nil, fmt.Errorf("campaigns: no fact of type %q", typ)
	}
	if err != nil {
		return nil, fmt.Errorf("campaigns: %s: %w", typ, err)
	}
	return f, nil
}

func decodeAs[T Fact](payload []byte) (Fact, error) {
	var v T
	err := json.Unmarshal(payload, &v)
	return v, err
}
