package mailroom

import (
	"context"
	"slices"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
)

// TestCampaignCreatedByMail: CAMPAIGN to the plain mailbox creates a
// campaign its sender organises, with the players it names invited.
func TestCampaignCreatedByMail(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	org := &organiser.Service{Games: r.m.Service.Service}
	if out := r.plain("ana@example.org", "CAMPAIGN swiss atacama ROUNDS 3 WITH dora@example.net, eve@example.com\r\n"); refusal(out) != "" {
		t.Fatalf("CAMPAIGN refused: %s", refusal(out))
	}
	ids, err := org.IDs(ctx)
	if err != nil || len(ids) != 1 {
		t.Fatalf("campaigns after CAMPAIGN: %q, %v; want one", ids, err)
	}
	c, _, _, err := org.Load(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if c.Created.Organiser != "ana@example.org" || c.Created.Kind != campaigns.Swiss || c.Created.Game != "atacama" ||
		!slices.Equal(c.Created.Invited, []string{"dora@example.net", "eve@example.com"}) {
		t.Errorf("CAMPAIGN created %+v", c.Created)
	}
	// Budgets count the invited: over them, nothing is created.
	r.m.RatePerHour = 1
	if out := r.plain("fay@example.org", "CAMPAIGN swiss atacama ROUNDS 3 WITH dora@example.net, eve@example.com\r\n"); refusal(out) != "refuse.budget" {
		t.Errorf("CAMPAIGN inviting two over a budget of one refused saying %q, want refuse.budget", refusal(out))
	}
	if ids, _ := org.IDs(ctx); len(ids) != 1 {
		t.Errorf("a CAMPAIGN over budget created one: %q", ids)
	}
}

// TestCampaignByMail: ENTER, WITHDRAW and an organiser's CAMPAIGN
// decision act only from a mail to the campaign's address for their
// sender; the same line to the plain mailbox changes nothing and is
// answered in the campaign's thread with a mail whose reply does it.
// STANDINGS is answered in the thread from either. (Bea's ENTER, the
// third, pairs the first round, whose game the organiser extends.)
func TestCampaignByMail(t *testing.T) {
	ctx := context.Background()
	r := newRoom(t)
	org := &organiser.Service{Games: r.m.Service.Service}
	ana, bea := "ana@example.org", "bea@example.net"
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Organiser: ana,
		Invited: []string{bea, "cai@example.com", "dan@example.com"}, Options: campaigns.Options{AutoPair: true}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"cai@example.com", "dan@example.com"} {
		if err := org.Enter(ctx, id, p, "enter."+p); err != nil {
			t.Fatal(err)
		}
	}
	load := func() *campaigns.Campaign {
		t.Helper()
		c, _, _, err := org.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	entered := func(c *campaigns.Campaign) bool { return slices.Contains(c.Players, bea) }
	tests := []struct {
		name, from, body string
		confirmed        bool   // to the campaign's address for from
		asks             string // the kind of the answer in the thread; "" for none
		confirm          bool   // the answer's reply does what the line asks
		done             func(c *campaigns.Campaign) bool
	}{
		{name: "ENTER", from: bea, body: "ENTER " + id, asks: notice.KindHelp, confirm: true, done: entered},
		{name: "ENTER confirmed", from: bea, body: "ENTER", confirmed: true, done: entered},
		{name: "STANDINGS", from: bea, body: "STANDINGS " + id, asks: bymail.KindStandings, done: entered},
		{name: "STANDINGS in reply", from: bea, body: "STANDINGS", confirmed: true, asks: bymail.KindStandings, done: entered},
		{name: "EXTEND", from: ana, body: "CAMPAIGN " + id + " EXTEND 2d the holidays", asks: notice.KindHelp, confirm: true,
			done: func(c *campaigns.Campaign) bool { return len(c.Decisions) == 1 }},
		{name: "EXTEND confirmed", from: ana, body: "CAMPAIGN " + id + " EXTEND 2d the holidays", confirmed: true,
			done: func(c *campaigns.Campaign) bool { return len(c.Decisions) == 1 }},
		{name: "WITHDRAW", from: bea, body: "WITHDRAW " + id, asks: notice.KindHelp, confirm: true,
			done: func(c *campaigns.Campaign) bool { return c.Withdrawn[bea] != "" }},
		{name: "WITHDRAW confirmed", from: bea, body: "WITHDRAW", confirmed: true,
			done: func(c *campaigns.Campaign) bool { return c.Withdrawn[bea] != "" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r.t = t
			to := r.m.Mailbox
			if tc.confirmed {
				to = r.m.Tokens.ConfirmTo(r.m.Mailbox, mail.ConfirmCampaign, id, tc.from)
			}
			before := tc.done(load())
			out := r.send(tc.from, to, "", tc.body+"\r\n")
			if refusal(out) != "" {
				t.Fatalf("%q refused: %s", tc.body, refusal(out))
			}
			if after := tc.done(load()); after != tc.confirmed && !(before && after) {
				t.Errorf("%q to %s done: %v, want %v", tc.body, to, after, tc.confirmed)
			}
			got := answers(out, tc.from)
			if tc.asks == "" {
				if len(got) != 0 {
					t.Errorf("%q answered %q, want the campaign's own mail alone", tc.body, kinds(got))
				}
				return
			}
			root := bymail.ThreadRoot(r.m.Service.IDDomain(), id, tc.from)
			if len(got) != 1 || got[0].Kind != tc.asks || len(got[0].References) == 0 || got[0].References[0] != root {
				t.Fatalf("%q answered %+v, want a %s in the thread %s", tc.body, got, tc.asks, root)
			}
			if tc.confirm && (got[0].Fields["confirm"] != mail.ConfirmCampaign || got[0].Fields["confirm.game"] != id) {
				t.Errorf("%q answered with fields %v, want a reply to the campaign's address", tc.body, got[0].Fields)
			}
		})
	}
}
