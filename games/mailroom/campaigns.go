package mailroom

import (
	"context"
	"strings"

	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
)

// Campaigns by mail: the handlers of CAMPAIGN, ENTER, WITHDRAW and
// STANDINGS. What a campaign allows, package bymail decides (Desk), and
// the mail a campaign's events cause it derives (Letters); here is only
// who wrote and to which address. What acts for an address (entering,
// withdrawing, an organiser's decision) runs only from a mail to the
// campaign's address for that reader (mail.ConfirmCampaign), which
// every mail of the campaign to them has as its Reply-To; the same line
// to the plain mailbox is answered with a mail that has it, to reply to.

func (m *Mailroom) desk() bymail.Desk {
	return bymail.Desk{Organiser: &organiser.Service{Games: m.Service.Service}}
}

// campaignOf returns the campaign a command is about: the id written
// first in rest, else the campaign whose address the mail came to; ""
// for none. more is rest after the id.
func campaignOf(l *letter, rest string) (id, more string) {
	first, after, _ := strings.Cut(strings.TrimSpace(rest), " ")
	if organiser.IsID(strings.ToLower(first)) {
		return strings.ToLower(first), strings.TrimSpace(after)
	}
	if l.confirm.Confirm == mail.ConfirmCampaign {
		return l.confirm.Game, strings.TrimSpace(rest)
	}
	return "", strings.TrimSpace(rest)
}

// provenFor reports whether the letter came to campaign id's address
// made for its sender.
func provenFor(l *letter, id string) bool {
	return l.confirm.Confirm == mail.ConfirmCampaign && l.confirm.Game == id
}

// askCampaignConfirm answers with a mail whose Reply-To is campaign id's
// address for the sender: what they reply to it is theirs.
func (m *Mailroom) askCampaignConfirm(l *letter, what, id string) {
	f := locale.Saying("notice", "confirm.campaign."+what, id)
	f["confirm"], f["confirm.game"], f[ownWords] = mail.ConfirmCampaign, id, "1"
	m.answerInThread(l, notice.KindHelp, f, id)
}

// answerInThread answers the letter with a mail in campaign id's thread
// for its sender, as the campaign's own mail to them is.
func (m *Mailroom) answerInThread(l *letter, kind string, fields map[string]string, id string) {
	root := bymail.ThreadRoot(m.Service.IDDomain(), id, l.p.From)
	l.queued = append(l.queued, mail.Notice{Kind: kind, Fields: fields, References: []string{root}})
}

// newCampaign runs CAMPAIGN: a new campaign, or, with a campaign's id
// first, its organiser's decision.
func (m *Mailroom) newCampaign(ctx context.Context, l *letter, rest string, c games.Cause) error {
	if id, line := campaignOf(l, rest); id != "" {
		return m.decideCampaign(ctx, l, id, line, c.Source)
	}
	spec, with, hasWith := m.Service.Commands().CutKeyword(rest, "WITH")
	s, err := bymail.ParseSpec(strings.Fields(spec))
	if err := m.desk().Check(s, err); err != nil {
		return err
	}
	var players []string
	if hasWith {
		for _, a := range strings.FieldsFunc(with, func(r rune) bool { return strings.ContainsRune(",;， ；、　", r) }) {
			addr, err := games.ParseAddress(strings.Trim(a, "<>"), m.Mailbox)
			if err != nil {
				return err
			}
			players = append(players, addr)
		}
		if len(players) == 0 {
			return locale.RefuseIn(games.ErrSetup, "refuse.campaign.usage")
		}
	}
	var invited []string
	for _, p := range players {
		if !strings.EqualFold(p, l.p.From) {
			invited = append(invited, p)
		}
	}
	stranger, err := m.stranger(ctx, l.p.From)
	if err != nil {
		return err
	}
	if !m.spend(l.p.From, stranger, len(invited)) {
		return m.overBudget(len(invited))
	}
	if err := m.unsolicited(invited); err != nil {
		return err
	}
	id, err := m.desk().Create(ctx, l.p.From, s, players, c.Source)
	if err == nil {
		m.log().Info("campaign created by mail", "campaign", id, "organiser", l.p.From)
	}
	return err
}

// decideCampaign runs an organiser's decision, written to the
// campaign's address for them, or asks them to confirm it; source is
// the line's, so that a mail read again decides once.
func (m *Mailroom) decideCampaign(ctx context.Context, l *letter, id, line, source string) error {
	if !provenFor(l, id) {
		if err := m.desk().Known(ctx, id); err != nil {
			return err
		}
		m.askCampaignConfirm(l, "organise", id)
		return nil
	}
	return m.desk().Decide(ctx, id, l.p.From, line, source)
}

// enterCampaign runs ENTER: in reply to a campaign's mail, or confirmed.
func enterCampaign(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	id, _ := campaignOf(l, rest)
	switch {
	case id == "":
		return locale.RefuseIn(games.ErrSetup, "refuse.campaign.id", "ENTER")
	case provenFor(l, id):
		return m.desk().Enter(ctx, id, l.p.From, c.Source)
	}
	if err := m.desk().CanEnter(ctx, id, l.p.From); err != nil {
		return err
	}
	m.askCampaignConfirm(l, "enter", id)
	return nil
}

// withdrawCampaign runs WITHDRAW: in reply to a campaign's mail, or
// confirmed.
func withdrawCampaign(m *Mailroom, ctx context.Context, l *letter, rest string, c games.Cause) error {
	id, _ := campaignOf(l, rest)
	switch {
	case id == "":
		return locale.RefuseIn(games.ErrSetup, "refuse.campaign.id", "WITHDRAW")
	case provenFor(l, id):
		return m.desk().Withdraw(ctx, id, l.p.From, c.Source)
	}
	if err := m.desk().Known(ctx, id); err != nil {
		return err
	}
	m.askCampaignConfirm(l, "withdraw", id)
	return nil
}

// standings runs STANDINGS: the campaign's table as it stands, rendered
// as its standings mail is (bymail.Letters).
func standings(m *Mailroom, ctx context.Context, l *letter, rest string, _ games.Cause) error {
	id, _ := campaignOf(l, rest)
	if id == "" {
		return locale.RefuseIn(games.ErrSetup, "refuse.campaign.id", "STANDINGS")
	}
	f, err := bymail.StandingsFields(ctx, m.desk(), id)
	if err != nil {
		return err
	}
	f[ownWords] = "1"
	m.answerInThread(l, bymail.KindStandings, f, id)
	return nil
}
