package postoffice

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games"
)

// TestWriteLinks: a game's links are each seat's page and the public one
// under web_url, the public one new after a rotation and the seats' as
// they were; a campaign's are its page, which CampaignPage gives too, and
// each of its games' public page; an id that is neither's is refused.
func TestWriteLinks(t *testing.T) {
	ctx := context.Background()
	c := Config{WebURL: "https://games.example.org/", Secret: "s3cret"}
	dir := t.TempDir()
	id := operatorGame(t, dir, "ana@example.org", "bea@example.net")
	offline(t, dir, func(svc *games.Service) {
		links := func(id string, rotate bool) []string {
			t.Helper()
			var w bytes.Buffer
			if err := WriteLinks(ctx, svc, c, id, rotate, &w); err != nil {
				t.Fatal(err)
			}
			return strings.Split(strings.TrimSuffix(w.String(), "\n"), "\n")
		}
		before := links(id, false)
		if len(before) != 3 || !strings.HasPrefix(before[0], "seat 0 (ana)") || !strings.HasPrefix(before[1], "seat 1 (bea)") || !strings.HasPrefix(before[2], "public") {
			t.Fatalf("WriteLinks(%s) =\n%s\nwant each seat's page and the public one", id, strings.Join(before, "\n"))
		}
		for _, l := range before {
			if !strings.Contains(l, " https://games.example.org/") || strings.Contains(l, ".org//") {
				t.Errorf("link %q is not under web_url", l)
			}
		}
		after := links(id, true)
		if after[0] != before[0] || after[1] != before[1] || after[2] == before[2] {
			t.Errorf("WriteLinks(%s, rotate) =\n%s\nwant the seats' as before and a new public link, before:\n%s", id, strings.Join(after, "\n"), strings.Join(before, "\n"))
		}

		cid, err := (&organiser.Service{Games: svc}).Create(ctx, organiser.NewCampaign{Kind: "roundrobin", Game: "atacama", Players: []string{"ana@example.org", "bea@example.net"}, Organiser: "operator"})
		if err != nil {
			t.Fatal(err)
		}
		page, err := c.CampaignPage(cid)
		if err != nil || !strings.HasPrefix(page, "https://games.example.org/") {
			t.Fatalf("CampaignPage(%s) = %q, %v", cid, page, err)
		}
		if got := links(cid, false); len(got) != 1 || got[0] != "campaign             "+page {
			t.Errorf("WriteLinks(%s) =\n%s\nwant its page %s alone before any round", cid, strings.Join(got, "\n"), page)
		}
		var w bytes.Buffer
		if err := WriteLinks(ctx, svc, c, "zzzzzz", false, &w); err == nil || w.Len() > 0 {
			t.Errorf("WriteLinks of a game there is not = %v, wrote %q", err, w.String())
		}
	})
}
