package events_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
)

func open(t *testing.T, dir string) *events.Store {
	t.Helper()
	s, err := events.Open(context.Background(), events.Options{DataDir: dir})
	if err != nil {
		t.Fatalf("Open(%s) = %v, want nil", dir, err)
	}
	return s
}

func TestStoreEmbedded(t *testing.T) {
	storetest.Run(t, open)
}

func TestOpenWithoutDataDir(t *testing.T) {
	if s, err := events.Open(context.Background(), events.Options{}); err == nil {
		s.Close()
		t.Errorf("Open(no URL, no DataDir) = nil, want an error")
	}
}

// move returns an unsealed move event.
func move(t *testing.T, n int) events.Event {
	t.Helper()
	e, err := events.New(events.TypeMovePlayed, 0, time.Unix(int64(n), 0), events.MovePlayed{Move: "m"})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestLoadDamaged writes messages past Append onto game subjects: Load must
// refuse a history that is not one intact chain.
func TestLoadDamaged(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	defer s.Close()
	first := move(t, 1).Seal("", 1, "") // game set per case below
	tests := []struct {
		name string
		next func(game string, first events.Event) []byte // the second message
		want string
	}{
		{"changed byte", func(g string, f events.Event) []byte {
			return bytes.Replace(move(t, 2).Seal(g, 2, f.Hash).Encode(), []byte(`"m"`), []byte(`"n"`), 1)
		}, "hashes to"},
		{"gap", func(g string, f events.Event) []byte { return move(t, 2).Seal(g, 3, f.Hash).Encode() }, "where event 2 belongs"},
		{"broken link", func(g string, f events.Event) []byte { return move(t, 2).Seal(g, 2, first.Hash).Encode() }, "has prev"},
		{"other game", func(g string, f events.Event) []byte { return move(t, 2).Seal("x", 2, f.Hash).Encode() }, "belongs to game"},
		{"not an event", func(string, events.Event) []byte { return []byte("hello") }, "not an event"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			game := strings.ReplaceAll(tt.name, " ", "-")
			evs := []events.Event{move(t, 1)}
			head, err := s.Append(ctx, game, events.Head{}, evs)
			if err != nil {
				t.Fatal(err)
			}
			f := evs[0].Seal(game, 1, "")
			if _, err := s.Put(ctx, events.GameSubject+game, "damage."+game, tt.next(game, f)); err != nil {
				t.Fatal(err)
			}
			_, _, err = s.Load(ctx, game)
			if err == nil || errors.Is(err, events.ErrNotFound) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load(%s) = %v, want an error with %q", game, err, tt.want)
			}
			if _, err := s.Append(ctx, game, head, []events.Event{move(t, 3)}); !errors.Is(err, events.ErrConflict) {
				t.Errorf("Append(%s, seq 1) = %v, want ErrConflict", game, err)
			}
		})
	}
}

// TestSubscribeDamaged stops a subscription at an event that fails Decode
// instead of skipping it.
func TestSubscribeDamaged(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s := open(t, t.TempDir())
	defer s.Close()
	if _, err := s.Append(ctx, "g", events.Head{}, []events.Event{move(t, 1)}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Put(ctx, events.GameSubject+"g", "damage.g", []byte(`{"game":"g"}`)); err != nil {
		t.Fatal(err)
	}
	var got []uint64
	err := s.Subscribe(ctx, "d", func(d events.Delivery) error {
		got = append(got, d.Event.Seq)
		return nil
	})
	if err == nil || ctx.Err() != nil || len(got) != 1 {
		t.Errorf("Subscribe(d) over a damaged event = %v after events %v, want a decode error after [1]", err, got)
	}
}
