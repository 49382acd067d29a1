package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/rules"
)

// campaignShown is what pbem campaign standings --json prints, as far as
// the tests read it.
type campaignShown struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Over  bool   `json:"over"`
	Games []struct {
		ID      string   `json:"id"`
		Round   int      `json:"round"`
		Players []string `json:"players"`
		Places  []int    `json:"places"`
	} `json:"games"`
	Standings []struct {
		Player string  `json:"player"`
		Points float64 `json:"points"`
		Rank   int     `json:"rank"`
	} `json:"standings"`
}

// TestCampaignRoundRobin plays a round robin of four at two-player
// Atacama tables from the command line, as an organiser would: each
// round paired, its games played to their end move by move, the results
// recorded; the standings equal the points each game's scores give, the
// export verifies, and an export with a line dropped or a result's
// places edited does not.
func TestCampaignRoundRobin(t *testing.T) {
	if testing.Short() {
		t.Skip("plays six whole games by command")
	}
	dir := t.TempDir()
	players := []string{"ana@example.org", "bea@example.net", "cy@example.com", "dee@example.org"}
	id := strings.TrimSpace(mustPbem(t, dir, "campaign", "new", "roundrobin", "--game", "atacama", "--players", strings.Join(players, ","), "--seed", "11"))
	if len(id) != 7 || strings.Contains(id, "\n") {
		t.Fatalf("pbem campaign new printed %q, want the campaign's id alone", id)
	}
	points := map[string]float64{}
	for round := 1; round <= 3; round++ {
		out := mustPbem(t, dir, "campaign", "pair", id)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 2 {
			t.Fatalf("round %d: pair printed %q, want two games", round, out)
		}
		if _, err := pbem(t, dir, "campaign", "pair", id); err == nil || !strings.Contains(err.Error(), "still being played") {
			t.Errorf("pair while round %d is played = %v, want a refusal", round, err)
		}
		for _, l := range lines {
			game := strings.Fields(l)[0]
			playOut(t, dir, game, 2)
			var sh shownJSON
			if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", game, "--json")), &sh); err != nil {
				t.Fatal(err)
			}
			// The seats, in order, after "round N table M: ".
			_, seats, _ := strings.Cut(l, ": ")
			seat := strings.Split(seats, ", ")
			switch a, b := sh.Scores[0], sh.Scores[1]; {
			case a > b:
				points[seat[0]]++
			case a < b:
				points[seat[1]]++
			default:
				points[seat[0]] += 0.5
				points[seat[1]] += 0.5
			}
		}
		if out := mustPbem(t, dir, "campaign", "record", id); strings.Count(out, "places") != 2 {
			t.Errorf("record after round %d = %q, want two results", round, out)
		}
		if out := mustPbem(t, dir, "campaign", "record", id); !strings.Contains(out, "no game") {
			t.Errorf("record again = %q, want nothing recorded twice", out)
		}
	}
	var shown campaignShown
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "campaign", "standings", id, "--json")), &shown); err != nil {
		t.Fatal(err)
	}
	if !shown.Over || len(shown.Games) != 6 || len(shown.Standings) != 4 {
		t.Fatalf("standings --json: over %v, %d games, %d standings; want over, 6, 4", shown.Over, len(shown.Games), len(shown.Standings))
	}
	for _, st := range shown.Standings {
		if st.Points != points[st.Player] {
			t.Errorf("%s has %v points, the games' scores give %v", st.Player, st.Points, points[st.Player])
		}
	}
	table := mustPbem(t, dir, "campaign", "standings", id)
	if !strings.Contains(table, "rank") || !strings.Contains(table, shown.Standings[0].Player) || !strings.Contains(table, "over") {
		t.Errorf("standings table = %q, want a table with the leader and the campaign over", table)
	}
	if out := mustPbem(t, dir, "campaign", "verify", id); !strings.HasPrefix(out, "ok: campaign "+id) || !strings.Contains(out, "6 results match") || !strings.Contains(out, "every round paired again") {
		t.Errorf("campaign verify %s = %q, want ok, 6 results and the pairings checked", id, out)
	}
	if out := mustPbem(t, dir, "campaign", "list"); !strings.Contains(out, id) || !strings.Contains(out, "over") {
		t.Errorf("campaign list = %q, want %s over", out, id)
	}
	// Its end revealed the seed and erased the secret; one a store from
	// before kept is erased by pbem rebuild, and the campaign verifies
	// from its revealed seed either way.
	withStore(t, dir, func(st *events.Store) {
		if _, err := st.Last(context.Background(), events.SecretSubject+id); !errors.Is(err, events.ErrNotFound) {
			t.Errorf("the campaign's secret after its end = %v, want erased", err)
		}
		if _, err := st.Put(context.Background(), events.SecretSubject+id, "", []byte(rules.SeedFromInt(11).String())); err != nil {
			t.Fatal(err)
		}
	})
	if out := mustPbem(t, dir, "rebuild"); !strings.Contains(out, "erased 1 secret seeds") {
		t.Errorf("pbem rebuild with an ended campaign's secret kept printed %q, want it erased", out)
	}
	if out := mustPbem(t, dir, "campaign", "verify", id); !strings.HasPrefix(out, "ok: campaign "+id) || !strings.Contains(out, "every round paired again") {
		t.Errorf("campaign verify %s after the rebuild = %q, want ok with the pairings checked", id, out)
	}

	export := mustPbem(t, dir, "campaign", "export", id)
	write := func(name, text string) string {
		f := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	// An outsider with an empty data directory and the service's key
	// checks the export that carries its games, with no store at all.
	key, err := postoffice.LocalKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	fp := key.Public().String()
	bundleText := mustPbem(t, dir, "campaign", "export", id, "--games")
	bundle := write("bundle.jsonl", bundleText)
	empty := t.TempDir()
	out := mustPbem(t, empty, "verify", "--campaign", "--file", bundle, "--key", fp)
	if !strings.HasPrefix(out, "ok: campaign "+id) || !strings.Contains(out, "6 of them in the file") || !strings.Contains(out, "every round paired again") || !strings.Contains(out, "signed by the key given "+fp) {
		t.Errorf("verify --campaign --file of the export with its games, elsewhere = %q, want ok with 6 games from the file, the pairings and the signature checked", out)
	}
	if left, err := os.ReadDir(empty); err != nil || len(left) != 0 {
		t.Errorf("verify --campaign --file left %v in the data directory (%v), want no store opened", left, err)
	}
	// pbem campaign verify --file is the same verifier: the same verdict.
	if alias := mustPbem(t, t.TempDir(), "campaign", "verify", "--file", bundle, "--key", fp); alias != out {
		t.Errorf("campaign verify --file = %q, verify --campaign --file = %q; want one verdict", alias, out)
	}
	if out := mustPbem(t, dir, "verify", "--campaign", "--file", bundle); !strings.HasPrefix(out, "ok: campaign "+id) || !strings.Contains(out, "signed by this service's key") {
		t.Errorf("verify --campaign --file in the service's own directory = %q, want ok and signed by its key", out)
	}
	if out, err := pbem(t, t.TempDir(), "verify", "--campaign", "--file", bundle); err != nil || !strings.HasPrefix(out, "chain intact; origin not checked: campaign "+id) {
		t.Errorf("verify --campaign --file with no trusted key = %q, %v; want the chain checked, the origin not", out, err)
	}

	refused := func(what, text string, want ...string) {
		t.Helper()
		out, err := pbem(t, t.TempDir(), "verify", "--campaign", "--file", write("bad.jsonl", text), "--key", fp)
		if err == nil {
			t.Errorf("verify --campaign --file of %s = %q, want it refused", what, out)
			return
		}
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("verify --campaign --file of %s: %v; want it to say %q", what, err, w)
			}
		}
	}
	refused("an export without its games", export, "its history is not in the file", "--games")
	lines := strings.SplitAfter(bundleText, "\n")
	dropped := strings.Join(append(append([]string{}, lines[:5]...), lines[6:]...), "")
	refused("an export with a line dropped", dropped, "line 6")
	// A result's places edited: the campaign's line is refused.
	forged, at := append([]string{}, lines...), 0
	for i, l := range forged {
		if strings.Contains(l, `"type":"GameResultRecorded"`) {
			if e := swapPlaces(l); e != l {
				forged[i], at = e, i+1
				break
			}
		}
	}
	if at == 0 {
		t.Fatal("no result with places to edit")
	}
	refused("an export with a result's places edited", strings.Join(forged, ""), fmt.Sprintf("line %d", at))
	// The same edit with the campaign's chain sealed again (and so
	// unsigned): the chain holds, the game's own history does not.
	var resealed []string
	var result struct {
		Payload struct {
			Game string `json:"game"`
		} `json:"payload"`
	}
	if err := json.Unmarshal([]byte(forged[at-1]), &result); err != nil || result.Payload.Game == "" {
		t.Fatalf("the result line %q names no game (%v)", forged[at-1], err)
	}
	prev, game := "", result.Payload.Game
	for i, l := range forged {
		if strings.HasPrefix(l, `{"signature":`) {
			resealed = append(resealed, lines[i+1:]...)
			break
		}
		var ev events.Event
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			t.Fatal(err)
		}
		ev = ev.Seal(ev.Game, uint64(i+1), prev)
		prev = ev.Hash
		resealed = append(resealed, string(ev.Encode())+"\n")
	}
	refused("an export with a result's places edited and its chain sealed again", strings.Join(resealed, ""), "game "+game+"'s result says places", "its own history says")
	// A game's history edited: a move of the last game's history changed.
	edited, at := append([]string{}, lines...), 0
	for i := len(edited) - 1; i >= 0 && at == 0; i-- {
		if l := edited[i]; strings.Contains(l, `"type":"MovePlayed"`) {
			if e := strings.Replace(l, `"move":"`, `"move":"Z`, 1); e != l {
				edited[i], at = e, i+1
			}
		}
	}
	if at == 0 {
		t.Fatal("no move in the games' histories to edit")
	}
	game = gameOfLine(t, lines[at-1])
	refused("an export with a game's history edited", strings.Join(edited, ""), "game "+game)
}

// gameOfLine is the game an exported event line belongs to.
func gameOfLine(t *testing.T, line string) string {
	t.Helper()
	var ev struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal([]byte(line), &ev); err != nil || ev.Game == "" {
		t.Fatalf("line %q names no game (%v)", line, err)
	}
	return ev.Game
}

// swapPlaces puts the other seat first in a result line of two seats.
func swapPlaces(line string) string {
	for _, s := range [][2]string{{`"places":[1,2]`, `"places":[2,1]`}, {`"places":[2,1]`, `"places":[1,2]`}} {
		if strings.Contains(line, s[0]) {
			return strings.Replace(line, s[0], s[1], 1)
		}
	}
	return line
}

// TestCampaignRefusals: every wrong call of pbem campaign gets its one
// line, nothing recorded.
func TestCampaignRefusals(t *testing.T) {
	dir := t.TempDir()
	id := strings.TrimSpace(mustPbem(t, dir, "campaign", "new", "swiss", "--game", "atacama", "--players", "a,b,c"))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"campaign"}, "usage: pbem campaign new"},
		{[]string{"campaign", "frobnicate"}, "usage: pbem campaign new"},
		{[]string{"campaign", "new", "tournament", "--game", "atacama", "--players", "a,b"}, `no kind of campaign "tournament"`},
		{[]string{"campaign", "new", "league", "--game", "atacama", "--players", "a,b,c", "--table", "3", "--division", "2"}, "a division of 2 cannot fill a table of 3"},
		{[]string{"campaign", "new", "swiss", "--game", "chess", "--players", "a,b"}, "chess"},
		{[]string{"campaign", "new", "swiss", "--game", "atacama"}, "--players are required"},
		{[]string{"campaign", "new", "swiss", "--game", "atacama", "--players", "a,b", "--table", "3"}, "tables of 2, not 3"},
		{[]string{"campaign", "new", "roundrobin", "--game", "atacama", "--players", "a,b", "--tiebreaks", "coin"}, `no tiebreak "coin"`},
		{[]string{"campaign", "new", "ladder", "--game", "atacama", "--players", "a,b", "--auto-pair"}, "a ladder has no rounds to pair"},
		{[]string{"campaign", "pair", "cnothere"}, `no campaign "cnothere"`},
		{[]string{"campaign", "enter", id, "a"}, "a entered already"},
		{[]string{"campaign", "withdraw", id, "zed"}, "zed never entered"},
		{[]string{"campaign", "challenge", id, "a", "b"}, "only a ladder"},
		{[]string{"campaign", "record", id, "abcdef"}, "not one of campaign"},
		{[]string{"campaign", "decide", id, "adjudicate", "--game", "abcdef", "--places", "1,2"}, "without its reason"},
		{[]string{"campaign", "verify"}, "usage: pbem campaign verify"},
	} {
		out, err := pbem(t, dir, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "organiser") {
			t.Errorf("pbem %s = %q, %v; want an error saying %q, in the operator's words", strings.Join(tc.args, " "), out, err, tc.want)
		}
	}
	var shown campaignShown
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "campaign", "standings", id, "--json")), &shown); err != nil {
		t.Fatal(err)
	}
	export := mustPbem(t, dir, "campaign", "export", id)
	if n := strings.Count(export, "\n"); len(shown.Standings) != 3 || shown.Over || n != 3 {
		t.Errorf("after the refusals: %+v and %d export lines; want three entries, two events and the signature", shown, n)
	}
}

// TestCampaignFormatExample keeps the worked example of a campaign's
// seed commitment in docs/history-format.md what pbem computes, and the
// event types its table lists the campaign's own.
func TestCampaignFormatExample(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "history-format.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## A campaign's history")
	if !ok {
		t.Fatal("docs/history-format.md has no section on a campaign's history")
	}
	var seed rules.Seed
	for i := range seed {
		seed[i] = byte(i)
	}
	if want := campaigns.SeedCommitment(seed, "c7k2mxq"); !strings.Contains(section, "`c7k2mxq`'s commitment is\n`"+want+"`") {
		t.Errorf("the section's example commitment is not %s, the one pbem computes", want)
	}
	for _, typ := range []string{campaigns.TypeCreated, campaigns.TypeSeedCommitted, campaigns.TypeEntered, campaigns.TypeWithdrew,
		campaigns.TypeSeasonStarted, campaigns.TypeRoundPaired, campaigns.TypeGameStarted, campaigns.TypeResult, campaigns.TypeDecided, campaigns.TypeSeedRevealed} {
		if !strings.Contains(section, "| `"+typ+"` |") {
			t.Errorf("the section's table of events has no line for %s", typ)
		}
	}
}
