package letters

import (
	"context"
	"time"

	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/templates/words"
)

// campaignLetters is what derives and writes a campaign's mail
// (bymail.Letters), with the letterhead of the games' mail and each
// reader's language and zone as theirs; Render hands it a campaign's
// notices (bymail.Owns).
func (s *Service) campaignLetters(lh Letterhead) *bymail.Letters {
	return &bymail.Letters{Organiser: &organiser.Service{Games: s.Service}, Service: lh.Service, Mailbox: lh.Mailbox,
		Tokens: lh.Tokens, Domain: s.IDDomain(), WebURL: lh.WebURL,
		Printer: func(ctx context.Context, addr string, at time.Time) (words.Printer, error) {
			loc, _, err := s.LocaleAt(ctx, addr, at)
			return loc.Printer, err
		}}
}

// CampaignNotices returns the mail each campaign event causes, written
// with lh: what the outbox follows pbem.campaign.> with.
func (s *Service) CampaignNotices(lh Letterhead) mail.NoticeSource {
	return s.campaignLetters(lh).Notices
}
