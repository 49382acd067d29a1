package projections

import (
	"encoding/base32"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// Key-value buckets of the read models.
const (
	GamesBucket   = "pbem_games"   // game id → Summary
	PlayersBucket = "pbem_players" // PlayerKey(address or name) → PlayerGames
)

// Summary is the read model of one game: its state as anyone may see it.
type Summary struct {
	ID       string          `json:"id"`
	Game     string          `json:"game"`
	Variants []string        `json:"variants"`
	Players  []events.Player `json:"players"`
	Host     string          `json:"host,omitempty"` // who set it up: an address, or the operator
	Seq      uint64          `json:"seq"`            // last event folded
	Hash     string          `json:"hash"`           // its hash
	ToAct    []rules.Seat    `json:"toAct"`
	Over     bool            `json:"over"`
	Scores   []int           `json:"scores"`
	Places   []int           `json:"places,omitempty"` // by seat, 1 for the winners, once the game has ended (Game.Places)
	Updated  time.Time       `json:"updated"`
	Due      time.Time       `json:"due,omitzero"` // when the clock next has something to do; zero for never
	View     json.RawMessage `json:"view"`         // the observer's view
}

// PlayerGames is the read model of one player: the games they sit in.
type PlayerGames struct {
	Games []PlayerSeat `json:"games"`
}

// PlayerSeat is one game a player sits in.
type PlayerSeat struct {
	Game string `json:"game"`
	Seat int    `json:"seat"`
}

// seated returns the players that event e of game g seats, for the
// index of each player's games: every player of a game as it is created
// (an open seat is nobody's yet), and whoever a seat is given to later,
// by REPLACE or a JOIN of an open seat.
func seated(e events.Event, g *Game) []events.Player {
	switch e.Type {
	case events.TypeGameCreated:
		return slices.DeleteFunc(slices.Clone(g.Created.Players), func(p events.Player) bool { return p.Open })
	case events.TypePlayerReplaced:
		var p events.PlayerReplaced
		if e.Unmarshal(&p) != nil || p.Address == "" && p.Name == "" {
			return nil
		}
		return []events.Player{{Seat: p.Seat, Name: p.Name, Address: p.Address}}
	}
	return nil
}

// PlayerKey returns the key of a player's address (or, without one, name)
// in PlayersBucket; keys allow only a few characters, so it is encoded.
func PlayerKey(who string) string {
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString([]byte(strings.ToLower(strings.TrimSpace(who)))))
}

// Summarize returns the read model of g at its last event.
func Summarize(g *Game, at time.Time) (Summary, error) {
	view, err := json.Marshal(g.State.View(rules.Observer))
	if err != nil {
		return Summary{}, err
	}
	scores, over := g.State.Result()
	toAct := g.State.ToAct()
	if toAct == nil || g.Ended != nil {
		toAct = []rules.Seat{} // a resignation or an agreement ends a game the rules would go on with
	}
	due, next := g.DueAt(at)
	if len(due) > 0 {
		next = at
	}
	return Summary{
		ID: g.ID, Game: g.Created.Game, Variants: g.Created.Variants, Players: g.Created.Players, Host: g.Created.Host,
		Seq: g.Seq, Hash: g.Hash, ToAct: toAct, Over: over || g.Ended != nil, Scores: scores,
		Places: g.Places(), Updated: at.UTC(), View: view, Due: next,
	}, nil
}
