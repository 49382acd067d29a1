package events

import "context"

// A campaign (a round robin, a Swiss, a ladder…) is an aggregate with a
// history of its own, kept exactly as a game's: sealed events in one
// hash chain, appended with the expected last subject sequence, loaded
// and checked link by link, and signed on export by the same key. Only
// its subject differs, pbem.campaign.<id>, which the followers of the
// games' histories (the projector, the outbox) do not read. In its
// events the envelope's Game is the campaign's id.

// Campaigns returns the log of the campaigns' histories: Append,
// AppendNoted, Load and LastSeq as for games, each on
// pbem.campaign.<id>, with the same errors.
func (s *Store) Campaigns() Log { return campaignLog{s} }

type campaignLog struct{ s *Store }

func (l campaignLog) Append(ctx context.Context, id string, head Head, evs []Event, extra ...Message) (Head, error) {
	return l.s.appendNoted(ctx, CampaignSubject, id, head, evs, nil, extra...)
}

func (l campaignLog) AppendNoted(ctx context.Context, id string, head Head, evs []Event, note map[string]string, extra ...Message) (Head, error) {
	return l.s.appendNoted(ctx, CampaignSubject, id, head, evs, note, extra...)
}

func (l campaignLog) Load(ctx context.Context, id string) ([]Event, Head, error) {
	return l.s.load(ctx, CampaignSubject, id)
}

func (l campaignLog) LastSeq(ctx context.Context, id string) (uint64, error) {
	return l.s.lastSeq(ctx, CampaignSubject, id)
}
