package postoffice

import (
	"log/slog"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games"
)

// CampaignsPart is the name of the part that records each campaign
// game's result as the game ends (organiser.Recorder), and pairs the
// next round of the campaigns that ask for it, and of its lease.
const CampaignsPart = "campaigns"

// newRecorder is the campaigns' part of the post office of svc.
func newRecorder(svc *games.Service, log *slog.Logger) *organiser.Recorder {
	return &organiser.Recorder{Service: &organiser.Service{Games: svc}, Log: log.With("part", CampaignsPart)}
}
