package projections

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/events"
)

// ErrDamaged marks read models that disagree with the stream: an entry
// that cannot be read, or a game the projector has folded with no entry
// or an entry behind. The stream is the truth; Repair folds them again.
var ErrDamaged = errors.New("projections: read models damaged")

// damaged is the error apply returns for damage it finds: it stops the
// subscription (events.ErrPoison) so that Run can repair.
func damaged(format string, args ...any) error {
	return fmt.Errorf("%w: %w: %s", events.ErrPoison, ErrDamaged, fmt.Sprintf(format, args...))
}

// checkAll is the most entries a bucket may hold for Check to read every
// one; beyond it an unreadable entry is found when its game next moves.
const checkAll = 20000

// Check looks the read models over: every entry of both buckets must be
// readable (when they hold at most checkAll entries), and once the
// projector has folded every event stored, every game in the stream must
// have a summary. It returns why they are damaged, or "" when they look
// whole.
func (p *Projector) Check(ctx context.Context) (string, error) {
	var summaries uint64 // games with a summary
	for _, b := range []struct {
		kv   events.KV
		look func(key string, value []byte) string
	}{
		{p.games, func(key string, value []byte) string {
			var s Summary
			if err := json.Unmarshal(value, &s); err != nil || s.ID != key {
				return fmt.Sprintf("the summary of game %s cannot be read", key)
			}
			summaries++
			return ""
		}},
		{p.players, func(key string, value []byte) string {
			var pg PlayerGames
			if err := json.Unmarshal(value, &pg); err != nil {
				return fmt.Sprintf("the games of player %s cannot be read", key)
			}
			return ""
		}},
	} {
		n, err := b.kv.Len(ctx)
		if err != nil {
			return "", fmt.Errorf("projections: check: %w", err)
		}
		if n > checkAll {
			if b.kv.Name() == p.games.Name() {
				summaries = n // deleted entries count too: a rougher check
			}
			continue
		}
		err = p.each(ctx, b.kv, b.look)
		if why, ok := err.(damage); ok {
			return string(why), nil
		}
		if err != nil {
			return "", err
		}
	}
	cons, err := p.store.Consumer(ctx, Durable)
	if errors.Is(err, events.ErrNotFound) {
		return "", nil // nothing folded yet: Run folds everything
	}
	if err != nil {
		return "", fmt.Errorf("projections: check: %w", err)
	}
	if cons.Pending > 0 {
		return "", nil // games not folded yet have no summary, rightly
	}
	games, err := p.store.Counts(ctx, events.GameSubject+">")
	if err != nil {
		return "", fmt.Errorf("projections: check: %w", err)
	}
	if n := uint64(len(games)); summaries < n {
		return fmt.Sprintf("the stream holds %d games and the read models %d", n, summaries), nil
	}
	return "", nil
}

// damage is why Check's walk found the read models damaged.
type damage string

func (d damage) Error() string { return string(d) }

// each hands every entry of kv to look, which returns why the entry is
// damaged or "".
func (p *Projector) each(ctx context.Context, kv events.KV, look func(key string, value []byte) string) error {
	err := kv.Each(ctx, ">", func(e events.KVEntry) error {
		if why := look(e.Key, e.Value); why != "" {
			return damage(why)
		}
		return nil
	})
	if _, ok := err.(damage); ok || err == nil {
		return err
	}
	return fmt.Errorf("projections: check %s: %w", kv.Name(), err)
}

// Repair folds the read models again from the stream, as Rebuild does,
// but over the entries they hold rather than into new buckets, so that
// readers meanwhile see the old entries until each is written again. Run
// calls it when it finds them damaged; its subscription must be stopped.
func (p *Projector) Repair(ctx context.Context) error {
	// A bucket thrown away is made again under its name, which the
	// handles others read through keep using.
	for _, name := range []string{GamesBucket, PlayersBucket} {
		if _, err := bucket(ctx, p.store, name); err != nil {
			return err
		}
	}
	clear(p.cache)
	return p.refold(ctx)
}

func (p *Projector) repair(ctx context.Context, why string) error {
	why = strings.TrimPrefix(why, "events: subscribe "+Durable+": ")
	if p.OnRepair != nil {
		p.OnRepair(why, false, nil)
	}
	err := p.Repair(ctx)
	if p.OnRepair != nil {
		p.OnRepair(why, true, err)
	}
	if err != nil {
		return fmt.Errorf("projections: repair (%s): %w", why, err)
	}
	return nil
}
