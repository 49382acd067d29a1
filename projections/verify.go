package projections

import (
	"fmt"
	"slices"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// Report says what Verify checked.
type Report struct {
	Game     string
	Events   int
	Over     bool // the history ends with GameEnded
	Replayed bool // every move was replayed through the rules
	Seed     string
	Scores   []int
	// Signer is the key whose signature ends the history, checked against
	// the history; nil when the history carries none (exports made before
	// histories were signed). Whether the key is one to trust is for the
	// caller to say.
	Signer events.PublicKey
	// Redacted is how many events the history leaves out (events.Redact):
	// a player's export leaves out the others' secret plans.
	Redacted int
}

// redactable are the event types an export may leave out: none of them
// changes the game's state, so a replay needs none of them.
var redactable = map[string]bool{
	events.TypeConditionalSet: true, events.TypeMovesQueued: true, events.TypeDigestChanged: true,
	events.TypeReminderSent: true, events.TypeDigestSent: true, events.TypeSaysGathered: true,
}

// Redactable reports whether an export may leave out events of type typ.
func Redactable(typ string) bool { return redactable[typ] }

// Verify checks an exported history, one encoded event per line: each
// event's canonical form and hash, the chain of hashes, and, when the seed
// is known (revealed by GameEnded, or given by the service that holds it),
// the seed's commitment, every move's legality and the final scores. The
// error names the line where the history breaks. A last line that is a
// signature (events.Signature) must sign the history's game and last hash.
func Verify(c rules.Catalog, lines [][]byte, seed *rules.Seed) (Report, error) {
	var r Report
	var sig *events.Signature
	if n := len(lines); n > 1 {
		if s, ok := events.ParseSignature(lines[n-1]); ok {
			sig, lines = &s, lines[:n-1]
		}
	}
	evs := make([]events.Event, 0, len(lines))
	left := map[uint64]bool{} // the events left out
	for i, line := range lines {
		e, redacted := events.ParseRedacted(line)
		var err error
		switch {
		case redacted && !redactable[e.Type]:
			return r, fmt.Errorf("line %d: a %s cannot be left out of a history", i+1, e.Type)
		case redacted:
			left[e.Seq] = true
		default:
			e, err = events.Decode(line)
		}
		if err != nil {
			return r, fmt.Errorf("line %d: %w", i+1, err)
		}
		game := e.Game
		if len(evs) > 0 {
			game = evs[0].Game
		}
		if err := events.Follows(game, evs, e); err != nil {
			return r, fmt.Errorf("line %d: %w", i+1, err)
		}
		evs = append(evs, e)
	}
	if len(evs) == 0 {
		return r, fmt.Errorf("line 1: the history is empty")
	}
	r.Game, r.Events, r.Redacted = evs[0].Game, len(evs), len(left)
	last := evs[len(evs)-1]
	if sig != nil {
		key, err := sig.Check(r.Game, last.Hash)
		if err != nil {
			return r, fmt.Errorf("line %d: %w", len(evs)+1, err)
		}
		r.Signer = key
	}
	if last.Type == events.TypeGameEnded {
		var ge events.GameEnded
		if err := last.Unmarshal(&ge); err != nil {
			return r, fmt.Errorf("line %d: %w", len(evs), err)
		}
		revealed, err := rules.ParseSeed(ge.Seed)
		if err != nil {
			return r, fmt.Errorf("line %d: revealed seed: %w", len(evs), err)
		}
		if seed != nil && *seed != revealed {
			return r, fmt.Errorf("line %d: the revealed seed is not the game's seed", len(evs))
		}
		seed, r.Over, r.Scores = &revealed, true, ge.Scores
	}
	if seed == nil {
		return r, nil // the seed is still secret: the chain is all anyone can check
	}
	r.Seed = seed.String()
	g, err := Start(c, evs[0], *seed)
	if err != nil {
		return r, fmt.Errorf("line 1: %w", err)
	}
	for i, e := range evs[1:] {
		apply := g.Apply
		if left[e.Seq] {
			apply = g.pass
		}
		if err := apply(e); err != nil {
			return r, fmt.Errorf("line %d: %w", i+2, err)
		}
	}
	r.Replayed = true
	if !r.Over {
		return r, nil
	}
	scores, over := g.State.Result()
	if !slices.Equal(scores, r.Scores) {
		return r, fmt.Errorf("line %d: GameEnded says scores %v, the replay gives %v", len(evs), r.Scores, scores)
	}
	if !over && g.Ended.Reason == events.EndFinished { // a resignation or an agreement ends a game the rules would go on with
		return r, fmt.Errorf("line %d: GameEnded says the game is %s, but the rules say it goes on", len(evs), g.Ended.Reason)
	}
	return r, nil
}
