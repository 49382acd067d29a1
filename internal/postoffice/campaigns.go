package postoffice

import (
	"context"
	"log/slog"

	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
)

// CampaignsPart is the name of the part that records each campaign
// game's result as the game ends (organiser.Recorder), and pairs the
// next round of the campaigns that ask for it, and of its lease.
const CampaignsPart = "campaigns"

// newRecorder is the campaigns' part of the post office of svc.
func newRecorder(svc *games.Service, log *slog.Logger) *organiser.Recorder {
	return &organiser.Recorder{Service: &organiser.Service{Games: svc}, Log: log.With("part", CampaignsPart)}
}

// CampaignNoticesDurable is the name of the outbox's durable consumer of
// the campaigns' events, from which it derives their mail
// (bymail.Letters): each event read once, whatever restarts, as the
// games' notices are.
const CampaignNoticesDurable = "campaign-notices"

// gamesOnly calls f for the notices of games, and does nothing for a
// campaign's: a host is told of their game's mail that failed or was
// stopped, and a campaign's mail belongs to no game.
func gamesOnly(f func(ctx context.Context, n mail.Notice, cause error) error) func(ctx context.Context, n mail.Notice, cause error) error {
	return func(ctx context.Context, n mail.Notice, cause error) error {
		if bymail.Owns(n.Kind) {
			return nil
		}
		return f(ctx, n, cause)
	}
}
