package endtoend_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestCampaignMailReadAgain hands the mailroom each campaign command's
// mail a second time, as after a crash between what the mail did and
// the record of its answer (an ENTER, a WITHDRAW and an organiser's
// EXTEND are answered by the campaign's own mail, so nothing else
// records them as answered): read again, each is done once and
// answered as the first reading was, with nothing; not "you are in
// already", nor a second extension.
func TestCampaignMailReadAgain(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	org := &organiser.Service{Games: mt.svc.Service}
	ana, players := "ana@example.org", []string{"bea@example.net", "cai@example.com", "dan@example.com"}
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Organiser: ana,
		Invited: players, Options: campaigns.Options{AutoPair: true}})
	if err != nil {
		t.Fatal(err)
	}
	campaign := func(id string) *campaigns.Campaign {
		t.Helper()
		c, _, _, err := org.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	n := 0
	twice := func(id, from, body string) {
		t.Helper()
		n++
		to := mt.m.Tokens.ConfirmTo(mt.m.Mailbox, mail.ConfirmCampaign, id, from)
		raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nMessage-ID: <campaign-again%d@example.org>\r\nSubject: Re: the campaign\r\nDate: Tue, 1 Dec 2026 16:%02d:00 +0000\r\n\r\n%s\r\n",
			from, to, n, n, body)
		rec := mail.NewInboxRecord([]byte(raw), "INBOX", 1, uint32(700+n), time.Now())
		if err := mt.m.Handle(ctx, rec); err != nil {
			t.Fatal(err)
		}
		first, before := len(mt.outbox()), campaign(id)
		if err := mt.m.Handle(ctx, rec); err != nil {
			t.Fatal(err)
		}
		if again := mt.outbox()[first:]; len(again) > 0 {
			t.Errorf("%s's %q read again was answered: %s %v", from, body, again[0].Kind, again[0].Fields)
		}
		after := campaign(id)
		if len(after.Players) != len(before.Players) || len(after.Decisions) != len(before.Decisions) ||
			len(after.Rounds) != len(before.Rounds) || len(after.Withdrawn) != len(before.Withdrawn) {
			t.Errorf("%s's %q read again changed the campaign: players %d → %d, decisions %d → %d, rounds %d → %d, withdrawn %d → %d",
				from, body, len(before.Players), len(after.Players), len(before.Decisions), len(after.Decisions),
				len(before.Rounds), len(after.Rounds), len(before.Withdrawn), len(after.Withdrawn))
		}
	}
	for _, p := range players {
		twice(id, p, "ENTER")
	}
	if c := campaign(id); len(c.Players) != 3 || len(c.Rounds) != 1 {
		t.Fatalf("after every ENTER: players %v, %d rounds; want three players and round 1 paired", c.Players, len(c.Rounds))
	}
	twice(id, ana, "CAMPAIGN "+id+" EXTEND 2d the holidays")
	if c := campaign(id); len(c.Decisions) != 1 || c.Decisions[0].Decision != campaigns.Extended {
		t.Errorf("after one EXTEND: decisions %+v, want one extension", c.Decisions)
	}
	twice(id, players[2], "WITHDRAW")
	if c := campaign(id); c.Withdrawn[players[2]] == "" {
		t.Errorf("after dan's WITHDRAW: withdrawn %v, want dan", c.Withdrawn)
	}
	// A campaign of entries the organiser starts: START read again pairs
	// no second round and is not refused for the first one's games.
	open, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Organiser: ana,
		Players: players[:2]})
	if err != nil {
		t.Fatal(err)
	}
	twice(open, ana, "CAMPAIGN "+open+" START")
	if c := campaign(open); len(c.Rounds) != 1 || len(c.Running()) != 1 {
		t.Errorf("after START: %d rounds, %d games being played; want round 1's one game", len(c.Rounds), len(c.Running()))
	}
}

// TestCampaignMailLinksItsPage: the standings a player asks for by mail
// give the address of the campaign's page, the one its page is served
// at (mail.Tokens.CampaignLink), when the service has one.
func TestCampaignMailLinksItsPage(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game)
	org := &organiser.Service{Games: mt.svc.Service}
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Organiser: "ana@example.org",
		Players: []string{"ana@example.org", "bea@example.net"}})
	if err != nil {
		t.Fatal(err)
	}
	before := len(mt.outbox())
	mt.send("bea@example.net", mt.m.Mailbox, "", "STANDINGS "+id+"\r\n")
	const base = "https://games.example.org"
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens, Index: mt.m.Index, WebURL: base}
	link := mt.m.Tokens.CampaignLink(base, id)
	var found bool
	for _, n := range mt.outbox()[before:] {
		o, err := mt.svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		if o.Headers[letters.HeaderKind] != bymail.KindStandings {
			continue
		}
		found = true
		if !strings.Contains(o.Text, link) || !strings.Contains(o.HTML, link) {
			t.Errorf("the standings mail does not give the campaign's page %s:\n%s", link, o.Text)
		}
	}
	if !found {
		t.Fatalf("STANDINGS %s was not answered with the standings", id)
	}
}
