package organiser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Export is the campaign's history as pbem campaign export prints it:
// its events, one a line, as stored, then the key's signature over the
// campaign's id and last hash (events.Signature), as a game's export.
// With withGames, the signed export of every game with a result follows,
// each whole as pbem export gives it, so that one file lets anyone check
// every result without the store.
func (s *Service) Export(ctx context.Context, id string, key *events.SigningKey, withGames bool) ([]byte, error) {
	c, evs, _, err := s.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	out := games.SignedExport(evs, key)
	if !withGames {
		return out, nil
	}
	for _, g := range c.Games {
		if g.Result == nil || g.Adjudicated {
			continue
		}
		gevs, err := s.Games.History(ctx, g.Game)
		if err != nil {
			return nil, fmt.Errorf("organiser: campaign %s game %s: %w", id, g.Game, err)
		}
		out = append(out, games.SignedExport(gevs, key)...)
	}
	return out, nil
}

// Report is what Verify found.
type Report struct {
	Campaign *campaigns.Campaign
	Events   int
	// Pairings says every round was paired again from the seed and
	// found as recorded; false while the seed is secret.
	Pairings bool
	// Results is how many games' results were checked against the
	// games' own histories; adjudicated games have none. FromFile is how
	// many of those histories came with the campaign's, each verified
	// as pbem verify does (the rest came from the store).
	Results, FromFile int
	// Signer is the key whose signature ends the history; nil when it
	// carries none. SignatureLine is the campaign's signature line, from
	// 1, where a refusal of its signer points.
	Signer        events.PublicKey
	SignatureLine int
}

// ErrForged is the error of a history whose content is not what its
// games or its seed say.
var ErrForged = errors.New("the campaign's history does not hold")

// Verify checks an exported campaign history: each line's canonical form
// and hash, the chain, the signature of its last line if any, the fold
// of every fact, every round's pairing again from the seed (seed, the
// service's, or the one the history reveals), and every recorded result
// against the game's own history: its last event's number and hash, its
// places and scores, its players' moves and timeouts. A game's history
// that follows the campaign's in lines (Export with its games) is
// verified as pbem verify verifies one (hashes, chain, seed, every move
// replayed, its signature by the campaign's signer) and used; the others
// are read from the store.
func (s *Service) Verify(ctx context.Context, lines [][]byte, seed *rules.Seed) (Report, error) {
	return verify(s.Games.Catalog, lines, seed, func(c *campaigns.Campaign, gs campaigns.GameStarted) (*projections.Game, error) {
		return s.game(ctx, c, gs)
	})
}

// VerifyFile checks a campaign's export as Verify does, with no store:
// every game with a result must have its history in the lines (Export
// with its games), or the export is refused naming the game whose
// history is missing. The seed is the one the history reveals.
func VerifyFile(catalog rules.Catalog, lines [][]byte) (Report, error) {
	return verify(catalog, lines, nil, func(_ *campaigns.Campaign, gs campaigns.GameStarted) (*projections.Game, error) {
		return nil, fmt.Errorf("game %s has a result, but its history is not in the file (pbem campaign export --games includes it)", gs.Game)
	})
}

// verify is Verify and VerifyFile, with load giving the game of a table
// whose history is not in lines.
func verify(catalog rules.Catalog, lines [][]byte, seed *rules.Seed, load func(*campaigns.Campaign, campaigns.GameStarted) (*projections.Game, error)) (Report, error) {
	var rep Report
	parts, err := split(lines)
	if err != nil {
		return rep, err
	}
	evs, sig := parts[0].evs, parts[0].sig
	id, last := evs[0].Game, evs[len(evs)-1]
	if sig != nil {
		key, err := sig.Check(id, last.Hash)
		if err != nil {
			return rep, fmt.Errorf("line %d: %w", len(parts[0].lines), err)
		}
		rep.Signer, rep.SignatureLine = key, len(parts[0].lines)
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
	given := map[string]part{}
	for _, p := range parts[1:] {
		g := p.evs[0].Game
		if _, twice := given[g]; twice {
			return rep, fmt.Errorf("%w: lines %d to %d: game %s's history is in the file twice", ErrForged, p.first, p.first+len(p.lines)-1, g)
		}
		if indexGame(c, g) < 0 {
			return rep, fmt.Errorf("%w: lines %d to %d: game %s is not a game of campaign %s", ErrForged, p.first, p.first+len(p.lines)-1, g, c.ID)
		}
		given[g] = p
	}
	for _, g := range c.Games {
		if g.Result == nil || g.Adjudicated {
			continue
		}
		var pg *projections.Game
		if p, ok := given[g.Game]; ok {
			if pg, err = givenGame(catalog, c, g.GameStarted, p, rep.Signer); err != nil {
				return rep, fmt.Errorf("%w: lines %d to %d: %v", ErrForged, p.first, p.first+len(p.lines)-1, err)
			}
			rep.FromFile++
		} else if pg, err = load(c, g.GameStarted); err != nil {
			return rep, fmt.Errorf("%w: %v", ErrForged, err)
		}
		want, err := resultOf(pg)
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

// part is one history of an export: its lines, events and signature.
type part struct {
	first int // the number of its first line in the export
	lines [][]byte
	evs   []events.Event
	sig   *events.Signature
}

// split reads an export into its histories, the campaign's first: a
// history ends at its signature line, or where the next event belongs
// to another history. Each history must be one chain.
func split(lines [][]byte) ([]part, error) {
	var parts []part
	cur := part{}
	for i, line := range lines {
		if sg, ok := events.ParseSignature(line); ok {
			if len(cur.evs) == 0 {
				return nil, fmt.Errorf("line %d: a signature of no history", i+1)
			}
			cur.lines, cur.sig = append(cur.lines, line), &sg
			parts, cur = append(parts, cur), part{}
			continue
		}
		ev, err := events.Decode(line)
		if err != nil {
			var named struct {
				Game string `json:"game"`
			}
			if json.Unmarshal(line, &named) == nil && named.Game != "" {
				return nil, fmt.Errorf("line %d, in %s's history: %w", i+1, historyName(parts, cur, named.Game), err)
			}
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if len(cur.evs) > 0 && ev.Game != cur.evs[0].Game {
			parts, cur = append(parts, cur), part{}
		}
		if len(cur.lines) == 0 {
			cur.first = i + 1
		}
		id := ev.Game
		if len(cur.evs) > 0 {
			id = cur.evs[0].Game
		}
		if err := events.Follows(id, cur.evs, ev); err != nil {
			return nil, fmt.Errorf("line %d, in %s's history: %w", i+1, historyName(parts, cur, ev.Game), err)
		}
		cur.lines, cur.evs = append(cur.lines, line), append(cur.evs, ev)
	}
	if len(cur.evs) > 0 {
		parts = append(parts, cur)
	}
	if len(parts) == 0 {
		return nil, fmt.Errorf("%w: no events", ErrForged)
	}
	return parts, nil
}

// historyName names the history a line of game (or campaign) id
// belongs to while split reads: the campaign's comes first.
func historyName(parts []part, cur part, id string) string {
	if len(parts) == 0 && (len(cur.evs) == 0 || cur.evs[0].Game == id) {
		return "campaign " + id
	}
	return "game " + id
}

// givenGame verifies a game's history that came with the campaign's and
// folds it: verified as pbem verify does, signed by the campaign's own
// signer (when the campaign is signed), and naming its table.
func givenGame(catalog rules.Catalog, c *campaigns.Campaign, gs campaigns.GameStarted, p part, signer events.PublicKey) (*projections.Game, error) {
	rep, err := projections.Verify(catalog, p.lines, nil)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", gs.Game, err)
	}
	if signer != nil && (rep.Signer == nil || !rep.Signer.Equal(signer)) {
		return nil, fmt.Errorf("game %s is not signed by the key that signed the campaign", gs.Game)
	}
	if !rep.Over {
		return nil, fmt.Errorf("game %s's history has not ended", gs.Game)
	}
	seed, err := rules.ParseSeed(rep.Seed)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", gs.Game, err)
	}
	g, err := projections.Replay(catalog, p.evs, seed, 0)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", gs.Game, err)
	}
	return g, checkTable(c, gs, g)
}
