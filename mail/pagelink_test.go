package mail

import "testing"

// pageLinks are the page addresses of one game, one case a line.
var pageLinks = []struct {
	name, base string
	seat       int
	addr, want string
}{
	{"seat", "https://games.example.org/", 1, "bea@example.net", "https://games.example.org/g/k7q2mx/" + testTokens.Page("k7q2mx", 1, "bea@example.net")},
	{"path alone", "", 0, "ana@example.org", "/g/k7q2mx/" + testTokens.Page("k7q2mx", 0, "ana@example.org")},
	{"public", "https://games.example.org", -1, "", "https://games.example.org/g/k7q2mx/public/" + testTokens.PublicPage("k7q2mx")},
	{"open seat", "https://games.example.org", 2, "", ""},
	{"no seat", "https://games.example.org", -5, "x@example.org", ""},
}

// TestPageLink: a seat's page is its token's path under the base, the
// public page the public token's, and an open seat has none.
func TestPageLink(t *testing.T) {
	for _, c := range pageLinks {
		if got := testTokens.PageLink(c.base, "k7q2mx", c.seat, c.addr, 0); got != c.want {
			t.Errorf("%s: PageLink(%q, k7q2mx, %d, %q) = %q, want %q", c.name, c.base, c.seat, c.addr, got, c.want)
		}
	}
	if got, want := testTokens.CampaignLink("https://games.example.org/", "c7k2mxq"), "https://games.example.org/c/c7k2mxq/"+testTokens.PublicPage("c7k2mxq"); got != want {
		t.Errorf("CampaignLink(https://games.example.org/, c7k2mxq) = %q, want %q", got, want)
	}
	if got := RulesLink("https://games.example.org/", "nim"); got != "https://games.example.org/rules/nim" {
		t.Errorf("RulesLink = %q", got)
	}
}
