package organiser

import (
	"context"
	"errors"
	"fmt"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
)

// Export is the campaign's history as pbem campaign export prints it:
// its events, one a line, as stored, then the key's signature over the
// campaign's id and last hash (events.Signature), as a game's export.
func (s *Service) Export(ctx context.Context, id string, key *events.SigningKey) ([]byte, error) {
	_, evs, _, err := s.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	return games.SignedExport(evs, key), nil
}

// Report is what Verify found.
type Report struct {
	Campaign *campaigns.Campaign
	Events   int
	// Pairings says every round was paired again from the seed and
	// found as recorded; false while the seed is secret.
	Pairings bool
	// Results is how many games' results were checked against the
	// games' own histories in the store; adjudicated games have none.
	Results int
	// Signer is the key whose signature ends the history; nil when it
	// carries none.
	Signer events.PublicKey
}

// ErrForged is the error of a history whose content is not what its
// games or its seed say.
var ErrForged = errors.New("the campaign's history does not hold")

// Verify checks an exported campaign history: each line's canonical form
// and hash, the chain, the signature of the last line if any, the fold
// of every fact, every round's pairing again from the seed (seed, the
// service's, or the one the history reveals), and every recorded result
// against the game's own history in the store: its last event's number
// and hash, its places and scores, its players' moves and timeouts.
func (s *Service) Verify(ctx context.Context, lines [][]byte, seed *rules.Seed) (Report, error) {
	var rep Report
	var evs []events.Event
	var sig *events.Signature
	for i, line := range lines {
		if sg, ok := events.ParseSignature(line); ok && i == len(lines)-1 {
			sig = &sg
			break
		}
		ev, err := events.Decode(line)
		if err != nil {
			return rep, fmt.Errorf("line %d: %w", i+1, err)
		}
		id := ev.Game
		if len(evs) > 0 {
			id = evs[0].Game
		}
		if err := events.Follows(id, evs, ev); err != nil {
			return rep, fmt.Errorf("line %d: %w", i+1, err)
		}
		evs = append(evs, ev)
	}
	if len(evs) == 0 {
		return rep, fmt.Errorf("%w: no events", ErrForged)
	}
	id, last := evs[0].Game, evs[len(evs)-1]
	if sig != nil {
		key, err := sig.Check(id, last.Hash)
		if err != nil {
			return rep, err
		}
		rep.Signer = key
	}
	facts, err := Facts(evs)
	if err != nil {
		return rep, fmt.Errorf("%w: %v", ErrForged, err)
	}
	c, checked, err := campaigns.Replay(id, facts, seed)
	if err != nil {
		return rep, fmt.Errorf("%w: %v", ErrForged, err)
	}
	rep.Campaign, rep.Events, rep.Pairings = c, len(evs), checked
	for _, g := range c.Games {
		if g.Result == nil || g.Adjudicated {
			continue
		}
		pg, err := s.game(ctx, c, g.GameStarted)
		if err != nil {
			return rep, fmt.Errorf("%w: %v", ErrForged, err)
		}
		want, err := ResultOf(pg)
		if err != nil {
			return rep, fmt.Errorf("%w: game %s has a result, but its history has not ended", ErrForged, g.Game)
		}
		if !sameResult(*g.Result, want) {
			return rep, fmt.Errorf("%w: game %s's result says places %v, scores %v, ending at event %d %.12s…; its own history says places %v, scores %v, ending at event %d %.12s…",
				ErrForged, g.Game, g.Result.Places, g.Result.Scores, g.Result.Seq, g.Result.Hash, want.Places, want.Scores, want.Seq, want.Hash)
		}
		rep.Results++
	}
	return rep, nil
}
