package postoffice

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
)

// TestCreateGame: the players of pbem new are read in seat order, each
// with a language of their own after a colon or the one for all, and a
// language pbem does not write is refused; the game is created with each
// address's language recorded, and a player given none keeps none.
func TestCreateGame(t *testing.T) {
	ctx := context.Background()
	if _, _, err := ReadPlayers([]string{"ana@example.org"}, "fr"); err == nil || !strings.Contains(err.Error(), `not "fr"`) {
		t.Errorf("ReadPlayers for all in fr = %v, want fr refused", err)
	}
	if _, _, err := ReadPlayers([]string{"ana@example.org:fr", "bea@example.net"}, "en"); err == nil || !strings.Contains(err.Error(), `not "fr"`) {
		t.Errorf("ReadPlayers of ana in fr = %v, want fr refused, not kept in her address", err)
	}
	players, langs, err := ReadPlayers([]string{"安娜 <ana@example.org>:zh", "bea@example.net", "Cai"}, "en")
	if err != nil {
		t.Fatal(err)
	}
	if len(players) != 3 || players[0].Name != "安娜" || players[0].Address != "ana@example.org" || players[2].Name != "Cai" || players[2].Address != "" {
		t.Fatalf("ReadPlayers = %+v, want 安娜, bea and Cai in seat order", players)
	}
	if len(langs) != 2 || langs["ana@example.org"] != "zh" || langs["bea@example.net"] != "en" {
		t.Errorf("ReadPlayers' languages = %v, want ana zh and bea en, Cai having no address", langs)
	}
	offline(t, t.TempDir(), func(svc *games.Service) {
		id, err := CreateGame(ctx, svc, games.NewGame{Game: "atacama", Players: players}, langs)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := svc.Load(ctx, id); err != nil {
			t.Fatalf("the game created: %v", err)
		}
		prefs, err := mail.OpenPrefs(ctx, svc.Store)
		if err != nil {
			t.Fatal(err)
		}
		for addr, want := range map[string]string{"ana@example.org": "zh", "bea@example.net": "en", "cy@example.com": ""} {
			if p, err := prefs.At(ctx, addr, time.Now().Add(time.Hour)); err != nil || p.Lang != want {
				t.Errorf("the language of %s = %q, %v; want %q", addr, p.Lang, err, want)
			}
		}
	})
}
