package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/web"
)

// TestCampaignShowLinks: pbem campaign show prints the address of the
// campaign's page (in its JSON too), pbem links prints the same and each
// game's public page, and each address opens its page on the handler
// pbem serve runs, with the data directory's token secret.
func TestCampaignShowLinks(t *testing.T) {
	dir := t.TempDir()
	id := strings.TrimSpace(mustPbem(t, dir, "campaign", "new", "swiss", "--game", "atacama", "--players", "Ana <ana@example.org>,Bea <bea@example.org>,Cai <cai@example.org>,Dov <dov@example.org>"))
	mustPbem(t, dir, "campaign", "pair", id)
	show := mustPbem(t, dir, "campaign", "show", id)
	first, rest, _ := strings.Cut(show, "\n")
	page, ok := strings.CutPrefix(first, "page: /c/"+id+"/")
	if !ok || !strings.Contains(rest, "rank") {
		t.Fatalf("pbem campaign show = %q, want the page's address, then the standings", show)
	}
	page = "/c/" + id + "/" + page
	var shown struct {
		Page string `json:"page"`
	}
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "campaign", "show", id, "--json")), &shown); err != nil || shown.Page != page {
		t.Errorf("pbem campaign show --json gives the page %q (%v), want %q", shown.Page, err, page)
	}
	if strings.Contains(mustPbem(t, dir, "campaign", "standings", id), "page:") {
		t.Errorf("pbem campaign standings prints the page's address; only show does")
	}
	links := strings.Split(strings.TrimSpace(mustPbem(t, dir, "links", id)), "\n")
	if len(links) != 3 || !strings.HasSuffix(links[0], " "+page) || !strings.HasPrefix(links[0], "campaign ") {
		t.Fatalf("pbem links %s = %q, want the campaign's page, then its two games'", id, links)
	}

	ctx := context.Background()
	store, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	tokens, err := postoffice.Config{Data: dir}.Tokens()
	if err != nil {
		t.Fatal(err)
	}
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	pages := &web.Pages{Service: &games.Service{Store: store, Catalog: offered.Rules()}, Games: offered, Tokens: tokens}
	mux := http.NewServeMux()
	mux.Handle("GET /g/", pages.Handler())
	mux.Handle("GET /c/", pages.Campaigns())
	srv := httptest.NewServer(mux)
	defer srv.Close()
	for i, l := range links {
		fields := strings.Fields(l)
		resp, err := http.Get(srv.URL + fields[len(fields)-1])
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		want := map[bool]string{true: "Swiss tournament of Atacama", false: "Seen by an observer."}[i == 0]
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s = %d, want a page saying %q", l, resp.StatusCode, want)
		}
	}
}
