package endtoend_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestHouseRulesTold: every game says where its rules are pbem's own, and
// the invitation and HELP about a game give that paragraph and name the
// document that explains each rule.
func TestHouseRulesTold(t *testing.T) {
	ctx := context.Background()
	mt := newMailTable(t, atacama.Game, altiplano.Game, archipelago.Game)
	svc, catalog := mt.svc, mt.svc.Catalog
	lh := letters.Letterhead{Service: "pbem games", Mailbox: "games@pbem.example.org", Tokens: mail.Tokens{Secret: []byte("k")}}
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, name := range catalog.Names() {
		info := catalog[name].Info()
		if info.HouseRules == "" {
			t.Errorf("%s: Info().HouseRules is empty", name)
			continue
		}
		id := mt.create(name, 2)
		ns, err := mailtest.CatchUpNotices(ctx, svc.Store, "house"+id, svc.Notices)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range append(ns, mail.Notice{ID: "help." + id + "@pbem.example.org", Kind: notice.KindHelp, Game: id, Seq: 1, Seat: 1, To: "bea@example.net", Name: "Bea"}) {
			if n.Game != id {
				continue
			}
			out, err := svc.Render(ctx, lh, n)
			if err != nil {
				t.Fatalf("%s: Render(%s): %v", name, n.Kind, err)
			}
			text := flat(out.Text)
			if !strings.Contains(text, flat(info.HouseRules)) || !strings.Contains(text, "docs/rules/"+name+".md") {
				t.Errorf("%s: the %s mail to %s does not give the house rules and their document:\n%s", name, n.Kind, n.To, out.Text)
			}
			if !strings.Contains(out.HTML, "House rules:") {
				t.Errorf("%s: the HTML part of the %s mail to %s has no house rules", name, n.Kind, n.To)
			}
			// Where the service serves pages, the mail links the rules'.
			web := lh
			web.WebURL = "https://games.example.org/"
			out, err = svc.Render(ctx, web, n)
			if link := "https://games.example.org/rules/" + name; err != nil || !strings.Contains(out.Text, link) || !strings.Contains(out.HTML, link) {
				t.Errorf("%s: the %s mail to %s, with pages served, does not link %s (%v)", name, n.Kind, n.To, link, err)
			}
		}
	}
}
