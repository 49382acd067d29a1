package projections

import (
	"bytes"
	"fmt"
	"slices"
	"unicode/utf8"

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
	// a player's export leaves out the others' secret plans. Each line
	// that leaves one out is bound by its hash to the event it replaces.
	Redacted int
	// RedactedOld is how many events the history leaves out by lines of
	// hash schema 1, whose type, actor and time no hash covers: each
	// could stand for any event.
	RedactedOld int
	// OldHashes is how many events, the first ones, carry hashes of
	// schema 1 (events.HashBinds).
	OldHashes int
	// SignatureLine is the number of the signature's line; 0 without one.
	SignatureLine int
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
// signature (events.Signature) must sign the history's game and last hash;
// no line may follow it. docs/history-format.md is the format.
func Verify(c rules.Catalog, lines [][]byte, seed *rules.Seed) (Report, error) {
	var r Report
	evs, left, err := readLines(lines, &r)
	if err != nil {
		return r, err
	}
	r.Game, r.Events = evs[0].Game, len(evs)
	last := evs[len(evs)-1]
	if r.SignatureLine > 0 {
		s, _ := events.ParseSignature(lines[r.SignatureLine-1])
		key, err := s.Check(r.Game, last.Hash)
		if err != nil {
			return r, fmt.Errorf("line %d: %w", r.SignatureLine, err)
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

// readLines reads an export's lines up to its signature, which it notes
// in r, and checks each and their chain. It returns the events and which
// of them are left out.
func readLines(lines [][]byte, r *Report) ([]events.Event, map[uint64]bool, error) {
	evs := make([]events.Event, 0, len(lines))
	left := map[uint64]bool{} // the events left out
	for i, line := range lines {
		n := i + 1
		if !utf8.Valid(line) {
			return nil, nil, fmt.Errorf("line %d: not UTF-8 text", n)
		}
		line = bytes.TrimRight(line, "\r")
		if events.IsSignature(line) {
			if _, ok := events.ParseSignature(line); !ok {
				return nil, nil, fmt.Errorf("line %d: not a signature line in its canonical form (altered?)", n)
			}
			if n < len(lines) {
				return nil, nil, fmt.Errorf("line %d: a line after the history's signature", n+1)
			}
			r.SignatureLine = n
			break
		}
		e, err := readLine(line, r, left)
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", n, err)
		}
		if err := follows(evs, e); err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", n, err)
		}
		evs = append(evs, e)
	}
	if len(evs) == 0 {
		return nil, nil, fmt.Errorf("line 1: the history is empty")
	}
	return evs, left, nil
}

// readLine reads one line of an export, an event or one left out, and
// counts in r what it shows of the hashes' schemas.
func readLine(line []byte, r *Report, left map[uint64]bool) (events.Event, error) {
	if !events.IsRedacted(line) {
		e, err := events.Decode(line)
		if err == nil && !events.HashBinds(e.Hash) {
			r.OldHashes++
		}
		return e, err
	}
	e, bound, err := events.ParseRedacted(line)
	switch {
	case err != nil:
		return e, err
	case !redactable[e.Type]:
		return e, fmt.Errorf("a %s cannot be left out of a history", e.Type)
	case !bound:
		r.RedactedOld++
		r.OldHashes++
	default:
		r.Redacted++
	}
	left[e.Seq] = true
	return e, nil
}

// follows checks that e is the next link of the chain evs: it begins
// with GameCreated, ends with GameEnded if at all, and keeps to hash
// schema 2 once it began it.
func follows(evs []events.Event, e events.Event) error {
	if len(evs) == 0 {
		if e.Type != events.TypeGameCreated {
			return fmt.Errorf("the history begins with a %s, not a GameCreated", e.Type)
		}
		return events.Follows(e.Game, evs, e)
	}
	before := evs[len(evs)-1]
	switch {
	case before.Type == events.TypeGameEnded:
		return fmt.Errorf("event %d (%s) after the game ended", e.Seq, e.Type)
	case events.HashBinds(before.Hash) && !events.HashBinds(e.Hash):
		return fmt.Errorf("event %d has a hash of schema 1 after one of schema 2", e.Seq)
	}
	return events.Follows(evs[0].Game, evs, e)
}
