package events_test

import (
	"context"
	"errors"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/events/storetest"
)

// TestCampaignLog: a campaign's history is a chain like a game's, on a
// subject of its own that the games' log and the games' feed do not
// see, with the same optimistic concurrency.
func TestCampaignLog(t *testing.T) {
	ctx := context.Background()
	s := storetest.MustOpen(t)
	log := s.Campaigns()
	head, err := log.Append(ctx, "c1", events.Head{}, []events.Event{move(t, 1), move(t, 2)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := log.Append(ctx, "c1", events.Head{}, []events.Event{move(t, 3)}); !errors.Is(err, events.ErrConflict) {
		t.Errorf("Append after a stale head = %v, want ErrConflict", err)
	}
	if head, err = log.Append(ctx, "c1", head, []events.Event{move(t, 3)}); err != nil {
		t.Fatal(err)
	}
	evs, got, err := log.Load(ctx, "c1")
	if err != nil || len(evs) != 3 || got != head || evs[2].Prev != evs[1].Hash || evs[0].Game != "c1" {
		t.Fatalf("Load = %d events, head %+v, %v; want 3 chained events of c1 ending at %+v", len(evs), got, err, head)
	}
	if seq, err := log.LastSeq(ctx, "c1"); err != nil || seq != head.StreamSeq {
		t.Errorf("LastSeq = %d, %v; want %d", seq, err, head.StreamSeq)
	}
	if _, _, err := s.Load(ctx, "c1"); !errors.Is(err, events.ErrNotFound) {
		t.Errorf("the games' Load of the campaign's id = %v, want ErrNotFound", err)
	}
	if n, _ := s.Counts(ctx, events.GameSubject+">"); len(n) != 0 {
		t.Errorf("game subjects after campaign appends: %v, want none", n)
	}
	if _, _, err := log.Load(ctx, "c.1"); !errors.Is(err, events.ErrInvalid) {
		t.Errorf("Load of campaign id c.1 = %v, want ErrInvalid", err)
	}
	// The games' feed hands nothing of the campaign.
	var fed int
	if err := s.CatchUp(ctx, "campaign-test", func(events.Delivery) error { fed++; return nil }); err != nil || fed != 0 {
		t.Errorf("the games' feed handed %d events, %v; want none", fed, err)
	}
}
