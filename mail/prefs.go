package mail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/pbem-games/pbem/events"
)

// PrefsBucket is the KV bucket of each address's language and time zone:
// what it set with LANG and TZ, or what pbem read from its first mail.
// One record per address holds its last few settings, each with the time
// it was made, so that a mail is always written as the settings stood at
// its date: rendering a notice again, after a crash, gives the same mail.
const PrefsBucket = "pbem_prefs"

// maxPrefs is how many settings of an address its record keeps: a mail
// dated before the oldest is written as the oldest says.
const maxPrefs = 8

// Pref is an address's language and time zone from a time on.
type Pref struct {
	// Lang is a BCP 47 tag, "en" or "zh"; "" leaves it as it was.
	Lang string `json:"lang,omitempty"`
	// Zone is an IANA zone ("Asia/Shanghai") or a UTC offset ("+08:00");
	// "" leaves it as it was.
	Zone string `json:"zone,omitempty"`
	// Detected says pbem read these from the address's mail rather than
	// the address setting them.
	Detected bool `json:"detected,omitempty"`
	// At is when it was set.
	At time.Time `json:"at"`
}

// Prefs holds every address's settings.
type Prefs struct{ kv events.KV }

// OpenPrefs opens (creating if needed) the bucket of settings.
func OpenPrefs(ctx context.Context, store events.Buckets) (*Prefs, error) {
	kv, err := store.Bucket(ctx, PrefsBucket)
	if err != nil {
		return nil, fmt.Errorf("mail: prefs: %w", err)
	}
	return &Prefs{kv: kv}, nil
}

// history reads addr's settings, oldest first, and the record's revision
// (0 for none).
func (p *Prefs) history(ctx context.Context, addr string) ([]Pref, uint64, error) {
	e, err := p.kv.Get(ctx, stopKey(addr))
	switch {
	case errors.Is(err, events.ErrNotFound):
		return nil, 0, nil
	case err != nil:
		return nil, 0, fmt.Errorf("mail: prefs of %s: %w", addr, err)
	}
	var h []Pref
	if err := json.Unmarshal(e.Value, &h); err != nil {
		return nil, 0, fmt.Errorf("mail: prefs of %s: %w", addr, err)
	}
	return h, e.Revision, nil
}

// Known reports whether addr has any setting, its own or detected.
func (p *Prefs) Known(ctx context.Context, addr string) (bool, error) {
	h, _, err := p.history(ctx, addr)
	return len(h) > 0, err
}

// At returns addr's settings as they stood at t, each field the last one
// set by then; the zero Pref for an address with none by then.
func (p *Prefs) At(ctx context.Context, addr string, t time.Time) (Pref, error) {
	ps, err := p.AtEach(ctx, addr, t)
	if err != nil {
		return Pref{}, err
	}
	return ps[0], nil
}

// AtEach returns addr's settings as they stood at each of ts, as At
// does, from one read of them.
func (p *Prefs) AtEach(ctx context.Context, addr string, ts ...time.Time) ([]Pref, error) {
	h, _, err := p.history(ctx, addr)
	if err != nil {
		return nil, err
	}
	out := make([]Pref, len(ts))
	for i, t := range ts {
		out[i] = prefAt(h, t)
	}
	return out, nil
}

// prefAt is the settings of history h, oldest first, as they stood at t.
func prefAt(h []Pref, t time.Time) Pref {
	var got Pref
	for _, s := range h {
		if s.At.After(t) {
			break
		}
		if s.Lang != "" {
			got.Lang, got.Detected = s.Lang, s.Detected
		}
		if s.Zone != "" {
			got.Zone = s.Zone
		}
		got.At = s.At
	}
	return got
}

// Set records s for addr. With onlyNew it records nothing for an address
// that has a setting already, and reports whether it recorded.
func (p *Prefs) Set(ctx context.Context, addr string, s Pref, onlyNew bool) (bool, error) {
	// As precise as an event's time, so that a setting made before an
	// event is in force at the event's time.
	s.At = s.At.UTC().Truncate(time.Millisecond)
	for {
		h, rev, err := p.history(ctx, addr)
		if err != nil {
			return false, err
		}
		if onlyNew && len(h) > 0 {
			return false, nil
		}
		h = append(h, s)
		if len(h) > maxPrefs {
			h = h[len(h)-maxPrefs:]
		}
		b, err := json.Marshal(h)
		if err != nil {
			return false, fmt.Errorf("mail: prefs of %s: %w", addr, err)
		}
		if rev == 0 {
			_, err = p.kv.Create(ctx, stopKey(addr), b)
		} else {
			_, err = p.kv.Update(ctx, stopKey(addr), b, rev)
		}
		if lostRace(err) {
			continue // another mail of the same address set it meanwhile
		}
		if err != nil {
			return false, fmt.Errorf("mail: prefs of %s: %w", addr, err)
		}
		return true, nil
	}
}

// lostRace reports whether err is a create or update of the bucket that
// another writer came before.
func lostRace(err error) bool {
	return errors.Is(err, events.ErrExists) || errors.Is(err, events.ErrConflict)
}
