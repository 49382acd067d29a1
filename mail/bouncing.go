package mail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/pbem-games/pbem/events"
)

// Repeated bounces are scored as mailing-list software scores them
// (Mailman's bounce score and threshold, its and mlmmj's probes): one
// bounce may be a passing fault of the recipient's server, so an address
// is marked only when its hard bounces come again and again, and a
// mail of its own (the probe) bounces too.
//
//   - Each hard bounce (a report's 5.x.x failure, or a 5xx refusal when
//     sending) adds BounceWeight to the address's score, at most once in
//     BounceOncePer: one outage that bounces every mail of a day counts
//     once.
//   - The score halves in every BounceHalfLife without bounces: bounces
//     now and then (a full mailbox once a month) never reach the
//     threshold; four in a few days, or one a week for a month, do.
//   - At BounceThreshold pbem sends the address a probe, a mail of its
//     own with an envelope sender of its own ([Tokens.ProbeAddress]).
//     If the probe bounces, the address is marked: its game mail is no
//     longer sent, and the hosts and players of its games are told once.
//     If it has not bounced after ProbeWait, the address reads its mail
//     again: the score starts again from zero.
//   - A mark (and the score) is cleared by a mail from the address itself
//     (a reply to mail pbem sent it alone), or a delivery report that
//     says its mail was delivered.
const (
	BounceWeight    = 1.0
	BounceOncePer   = 24 * time.Hour
	BounceHalfLife  = 30 * 24 * time.Hour
	BounceThreshold = 3.0
	ProbeWait       = 3 * 24 * time.Hour
)

// BouncingBucket is the KV bucket of the addresses whose mail bounced:
// their score, their probe, and whether they are marked.
const BouncingBucket = "pbem_bouncing"

// maxBouncedGames bounds the games an address's record remembers.
const maxBouncedGames = 20

// maxCountedMails bounds the bounced mails an address's record remembers,
// so as to count each once: more than a score ever holds before it is
// probed or decays.
const maxCountedMails = 50

// Bouncing is an address whose mail bounced, as scored.
type Bouncing struct {
	Address string    `json:"address"`
	Score   float64   `json:"score"` // as at Last
	Last    time.Time `json:"last"`  // the last bounce counted
	Status  string    `json:"status,omitempty"`
	// Games are the games whose mail to the address bounced, the latest
	// last: they are told when it is marked.
	Games []string `json:"games,omitempty"`
	// Mails are the mails whose bounces were counted, the latest last:
	// a report of one of them delivered again counts no more.
	Mails  []string  `json:"mails,omitempty"`
	Probe  time.Time `json:"probe,omitzero"`  // when the probe was sent; zero: none out
	Marked time.Time `json:"marked,omitzero"` // when it was marked; zero: it is not
}

// ScoreAt returns the score decayed to t.
func (b Bouncing) ScoreAt(t time.Time) float64 {
	if b.Last.IsZero() || !t.After(b.Last) {
		return b.Score
	}
	return b.Score * math.Exp2(-float64(t.Sub(b.Last))/float64(BounceHalfLife))
}

// probeThrough reports whether the probe went out more than ProbeWait
// before t and has not bounced: the address reads its mail.
func (b Bouncing) probeThrough(t time.Time) bool {
	return !b.Probe.IsZero() && b.Marked.IsZero() && t.Sub(b.Probe) >= ProbeWait
}

// BounceScores is the bucket of bouncing addresses. The outbox asks it
// before every game mail, so it follows the bucket (Follow) and answers
// from memory; without Follow it reads the bucket each time.
type BounceScores struct {
	kv     events.KV
	marked keySet // while followed
}

// OpenBounceScores opens (creating if needed) the bucket of bouncing
// addresses.
func OpenBounceScores(ctx context.Context, store events.Buckets) (*BounceScores, error) {
	kv, err := store.Bucket(ctx, BouncingBucket)
	if err != nil {
		return nil, fmt.Errorf("mail: bounce scores: %w", err)
	}
	return &BounceScores{kv: kv}, nil
}

// Follow keeps the marked addresses in memory, as the bucket changes,
// until ctx ends. It returns once the bucket as it stands is read.
func (s *BounceScores) Follow(ctx context.Context) error {
	err := s.marked.follow(ctx, s.kv, func(e events.KVEntry) bool {
		var b Bouncing
		return !e.Deleted && json.Unmarshal(e.Value, &b) == nil && !b.Marked.IsZero()
	})
	if err != nil {
		return fmt.Errorf("mail: bounce scores: %w", err)
	}
	return nil
}

// Marked reports whether addr is marked: pbem sends it no game mail.
func (s *BounceScores) Marked(ctx context.Context, addr string) (bool, error) {
	if marked, known := s.marked.has(stopKey(addr)); known {
		return marked, nil
	}
	b, ok, err := s.Get(ctx, addr)
	return ok && !b.Marked.IsZero(), err
}

// Get returns addr's record; false when its mail has not bounced (or
// the record was cleared).
func (s *BounceScores) Get(ctx context.Context, addr string) (Bouncing, bool, error) {
	b, _, err := s.get(ctx, stopKey(addr))
	if errors.Is(err, events.ErrNotFound) {
		return Bouncing{}, false, nil
	}
	return b, err == nil, err
}

func (s *BounceScores) get(ctx context.Context, key string) (Bouncing, uint64, error) {
	e, err := s.kv.Get(ctx, key)
	if err != nil {
		return Bouncing{}, 0, err
	}
	var b Bouncing
	if err := json.Unmarshal(e.Value, &b); err != nil {
		return Bouncing{}, 0, fmt.Errorf("mail: bounce score %s: %w", key, err)
	}
	return b, e.Revision, nil
}

// List returns every bouncing address, marked ones first, then by score
// at now.
func (s *BounceScores) List(ctx context.Context, now time.Time) ([]Bouncing, error) {
	keys, err := s.kv.Keys(ctx)
	if err != nil {
		return nil, fmt.Errorf("mail: bounce scores: %w", err)
	}
	var out []Bouncing
	for _, k := range keys {
		b, _, err := s.get(ctx, k)
		if errors.Is(err, events.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b Bouncing) int {
		if (a.Marked.IsZero()) != (b.Marked.IsZero()) {
			if a.Marked.IsZero() {
				return 1
			}
			return -1
		}
		if d := b.ScoreAt(now) - a.ScoreAt(now); d != 0 {
			if d > 0 {
				return 1
			}
			return -1
		}
		return 0
	})
	return out, nil
}

// update changes addr's record with change, which says whether to write
// it, retrying when another process wrote it meanwhile.
func (s *BounceScores) update(ctx context.Context, addr string, change func(b *Bouncing) bool) (Bouncing, error) {
	key := stopKey(addr)
	for try := 0; ; try++ {
		b, rev, err := s.get(ctx, key)
		if err != nil && !errors.Is(err, events.ErrNotFound) {
			return b, err
		}
		if b.Address == "" {
			b.Address = normAddr(addr)
		}
		if !change(&b) {
			return b, nil
		}
		data, _ := json.Marshal(b)
		if rev == 0 {
			_, err = s.kv.Create(ctx, key, data)
		} else {
			_, err = s.kv.Update(ctx, key, data, rev)
		}
		if err == nil {
			return b, nil
		}
		if try >= 10 || !lostRace(err) {
			return b, fmt.Errorf("mail: bounce score %s: %w", addr, err)
		}
	}
}

// Count counts a hard bounce of game's mail (game "" for mail about no
// game) to addr at now, with status; mailID names the mail that bounced
// (its Message-ID, or else the report's own), whose bounce counts once
// however often it is reported ("" counts each time). It says whether a
// probe is to be sent now: the score reached BounceThreshold and no probe
// is out. A marked address is counted no more.
func (s *BounceScores) Count(ctx context.Context, addr, game, status, mailID string, now time.Time) (Bouncing, bool, error) {
	probe := false
	b, err := s.update(ctx, addr, func(b *Bouncing) bool {
		probe = false
		if !b.Marked.IsZero() || mailID != "" && slices.Contains(b.Mails, mailID) {
			return false
		}
		if mailID != "" {
			b.Mails = append(b.Mails, mailID)
			if len(b.Mails) > maxCountedMails {
				b.Mails = b.Mails[len(b.Mails)-maxCountedMails:]
			}
		}
		if b.probeThrough(now) {
			b.Score, b.Probe = 0, time.Time{}
		}
		if game != "" {
			b.Games = append(slices.DeleteFunc(b.Games, func(g string) bool { return g == game }), game)
			if len(b.Games) > maxBouncedGames {
				b.Games = b.Games[len(b.Games)-maxBouncedGames:]
			}
		}
		b.Status = status
		if b.Last.IsZero() || now.Sub(b.Last) >= BounceOncePer {
			b.Score, b.Last = b.ScoreAt(now)+BounceWeight, now
		}
		if b.Score >= BounceThreshold && b.Probe.IsZero() {
			b.Probe, probe = now, true
		}
		return true
	})
	return b, probe, err
}

// ProbeBounced records that the probe to addr bounced at now: the
// address is marked. It says whether it was marked now (false when it
// already was, or no probe is out: the mark was cleared meanwhile).
func (s *BounceScores) ProbeBounced(ctx context.Context, addr, status string, now time.Time) (Bouncing, bool, error) {
	marked := false
	b, err := s.update(ctx, addr, func(b *Bouncing) bool {
		marked = b.Marked.IsZero() && !b.Probe.IsZero()
		if !marked {
			return false
		}
		b.Marked, b.Probe, b.Status = now, time.Time{}, status
		return true
	})
	return b, marked, err
}

// Clear forgets addr's bounces and lifts its mark: it reads its mail.
// It says whether there was anything to clear.
func (s *BounceScores) Clear(ctx context.Context, addr string) (bool, error) {
	key := stopKey(addr)
	if _, err := s.kv.Get(ctx, key); errors.Is(err, events.ErrNotFound) {
		return false, nil
	}
	err := s.kv.Delete(ctx, key)
	if err != nil && !errors.Is(err, events.ErrNotFound) {
		return false, fmt.Errorf("mail: clear bounces of %s: %w", addr, err)
	}
	return true, nil
}
