package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// A campaign export of the corpus: the file, and for a forgery what both
// verifiers must say of it.
type campaignExport struct {
	name string
	data []byte
	key  string // the fingerprint given with --key
	// line is where a forgery must be refused (-1: a refusal that names
	// no line); 0 for a genuine export.
	line int
	want string // in both refusals
	// standings is pbem campaign standings --json of a genuine export,
	// from the store it was exported from.
	standings []byte
	signer    events.SigningKey // the service's key, which signed it
}

// TestCampaignCorpus builds genuine campaign exports of every kind the
// second verifier draws again (round robins at tables of two and three,
// with place points and a withdrawal, a Swiss with byes, a knockout, a
// ladder, and a round robin still running) and forges each as an auditor
// must catch: a result changed with the chain sealed and signed again by
// the service's own key, a game's history dropped, lines reordered, a
// pairing changed, the seed changed, a result dropped, a move of a game
// changed, a signature by another key. pbem verify --campaign --file and
// scripts/verify_campaign.py, written from docs/history-format.md alone,
// must give the same verdict on every genuine export, fold the same
// standings bit for bit, and refuse every forgery at the same line.
func TestCampaignCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("plays some thirty games by command")
	}
	t.Parallel()
	var corpus []campaignExport
	for _, g := range genuineCampaigns(t) {
		corpus = append(corpus, g)
		corpus = append(corpus, campaignForgeries(t, g)...)
	}
	t.Logf("%d campaign exports, %d of them genuine", len(corpus), countCampaignGenuine(corpus))
	dir := t.TempDir()
	files := make([]string, len(corpus))
	verdicts := make([]string, len(corpus))
	for i, c := range corpus {
		files[i] = filepath.Join(dir, strconv.Itoa(i)+".jsonl")
		if err := os.WriteFile(files[i], c.data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("pbem", func(t *testing.T) {
		for i, c := range corpus {
			out, err := pbem(t, t.TempDir(), "verify", "--campaign", "--file", files[i], "--key", c.key)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			checkCampaignVerdict(t, "pbem verify --campaign", c, c.line, out, msg, err == nil)
			verdicts[i] = strings.TrimSpace(out)
		}
	})
	t.Run("python", func(t *testing.T) {
		argvs := make([][]string, len(corpus))
		for i, c := range corpus {
			argvs[i] = []string{files[i], "--key", c.key, "--standings"}
		}
		runs := runPython(t, pythonVerifier(t), "verify_campaign.py", argvs)
		for i, c := range corpus {
			r := runs[i]
			if r.Code != 0 && r.Code != 1 {
				t.Fatalf("verify_campaign.py %s: exit %d\n%s", c.name, r.Code, r.Stderr)
			}
			verdict, table, _ := strings.Cut(r.Stdout, "\n")
			checkCampaignVerdict(t, "verify_campaign.py", c, c.line, verdict, r.Stderr, r.Code == 0)
			if c.line != 0 || r.Code != 0 {
				continue
			}
			if verdict != verdicts[i] {
				t.Errorf("verify_campaign.py %s:\n%s\nwant what pbem verify --campaign says:\n%s", c.name, verdict, verdicts[i])
			}
			sameStandings(t, c, table)
		}
	})
}

func countCampaignGenuine(corpus []campaignExport) int {
	n := 0
	for _, c := range corpus {
		if c.line == 0 {
			n++
		}
	}
	return n
}

// lineNamed is the line a refusal names: "line N:" or "line N, in …".
var lineNamed = regexp.MustCompile(`\bline (\d+)[:,]`)

// checkCampaignVerdict checks one verifier's answer to one export of the
// corpus: a forgery must be refused at line (-1: naming none).
func checkCampaignVerdict(t *testing.T, who string, c campaignExport, line int, out, refusal string, ok bool) {
	t.Helper()
	if c.line == 0 {
		if !ok || !strings.HasPrefix(out, c.want) {
			t.Errorf("%s of genuine %s = %q, %s; want a verdict beginning %q", who, c.name, out, refusal, c.want)
		}
		return
	}
	if ok {
		t.Errorf("%s of forged %s = %q; want a refusal at line %d", who, c.name, out, line)
		return
	}
	named := -1
	if m := lineNamed.FindStringSubmatch(refusal); m != nil {
		named, _ = strconv.Atoi(m[1])
	}
	if named != line || !strings.Contains(refusal, c.want) {
		t.Errorf("%s of forged %s refused with %q; want line %d and %q", who, c.name, refusal, line, c.want)
	}
}

// sameStandings compares the standings the second verifier folded from
// the file (JSON lines, in sixtieths of a point) with pbem's, line by
// line and field by field.
func sameStandings(t *testing.T, c campaignExport, table string) {
	t.Helper()
	var shown struct {
		Standings []struct {
			Player          string  `json:"player"`
			Rank            int     `json:"rank"`
			Points          float64 `json:"points"`
			Played          int     `json:"played"`
			Byes            int     `json:"byes"`
			Ladder          int     `json:"ladder"`
			Out             int     `json:"out"`
			Buchholz        float64 `json:"buchholz"`
			SonnebornBerger float64 `json:"sonnebornBerger"`
			GameScore       int     `json:"gameScore"`
			Timeouts        int     `json:"timeouts"`
			Withdrawn       string  `json:"withdrawn"`
		} `json:"standings"`
	}
	if err := json.Unmarshal(c.standings, &shown); err != nil {
		t.Fatalf("%s: pbem's standings: %v", c.name, err)
	}
	lines := strings.Split(strings.TrimSpace(table), "\n")
	if len(lines) != len(shown.Standings) {
		t.Errorf("%s: verify_campaign.py folds %d standings, pbem %d:\n%s", c.name, len(lines), len(shown.Standings), table)
		return
	}
	for i, l := range lines {
		var got struct {
			Player          string `json:"player"`
			Rank            int    `json:"rank"`
			Points          int    `json:"points"`
			Played          int    `json:"played"`
			Byes            int    `json:"byes"`
			Ladder          int    `json:"ladder"`
			Out             int    `json:"out"`
			Buchholz        int    `json:"buchholz"`
			SonnebornBerger int    `json:"sonnebornBerger"`
			GameScore       int    `json:"gameScore"`
			Timeouts        int    `json:"timeouts"`
			Withdrawn       string `json:"withdrawn"`
		}
		if err := json.Unmarshal([]byte(l), &got); err != nil {
			t.Fatalf("%s: verify_campaign.py's standings line %q: %v", c.name, l, err)
		}
		w := shown.Standings[i]
		// pbem prints points as float64(sixtieths)/60, which is what the
		// division gives here too, to the bit.
		if got.Player != w.Player || got.Rank != w.Rank || float64(got.Points)/60 != w.Points || got.Played != w.Played ||
			got.Byes != w.Byes || got.Ladder != w.Ladder || got.Out != w.Out || float64(got.Buchholz)/60 != w.Buchholz ||
			float64(got.SonnebornBerger)/60 != w.SonnebornBerger || got.GameScore != w.GameScore || got.Timeouts != w.Timeouts || got.Withdrawn != w.Withdrawn {
			t.Errorf("%s: standings line %d: verify_campaign.py folds %s\npbem folds %+v", c.name, i+1, l, w)
		}
	}
}

// genuineCampaigns plays the corpus's campaigns from the command line and
// returns their exports with their games.
func genuineCampaigns(t *testing.T) []campaignExport {
	t.Helper()
	four := "ana@example.org,bea@example.net,cy@example.com,dee@example.org"
	five := four + ",eve@example.net"
	type plan struct {
		name string
		args []string
		// play runs the campaign once created, from the command line.
		play func(t *testing.T, dir, id string)
		want string
	}
	toEnd := func(t *testing.T, dir, id string) { pairAll(t, dir, id, 0, 0, nil) }
	plans := []plan{
		{"round robin of four, one withdrawing", []string{"roundrobin", "--game", "atacama", "--players", four, "--seed", "21"},
			func(t *testing.T, dir, id string) {
				pairAll(t, dir, id, 0, 0, func(round int) {
					if round == 1 {
						mustPbem(t, dir, "campaign", "withdraw", id, "dee@example.org", "--reason", "moved away")
					}
				})
			}, "ok: campaign "},
		{"round robin at tables of three, place points", []string{"roundrobin", "--game", "archipelago", "--table", "3", "--points", "3,1,0", "--players", four, "--seed", "22"},
			toEnd, "ok: campaign "},
		{"Swiss of five, byes", []string{"swiss", "--game", "atacama", "--players", five, "--tiebreaks", "head-to-head,game-score,draw", "--seed", "23"},
			toEnd, "ok: campaign "},
		{"knockout of five", []string{"knockout", "--game", "atacama", "--players", five, "--seed", "24"},
			toEnd, "ok: campaign "},
		{"ladder of four", []string{"ladder", "--game", "atacama", "--players", four, "--reach", "2", "--seed", "25"},
			func(t *testing.T, dir, id string) {
				for i, ch := range [][2]string{{"cy@example.com", "ana@example.org"}, {"dee@example.org", "bea@example.net"}, {"bea@example.net", "ana@example.org"}} {
					for _, l := range strings.Split(strings.TrimSpace(mustPbem(t, dir, "campaign", "challenge", id, ch[0], ch[1])), "\n") {
						finishGame(t, dir, strings.Fields(l)[0], i+1)
					}
				}
				mustPbem(t, dir, "campaign", "record", id)
				mustPbem(t, dir, "campaign", "decide", id, "close", "--reason", "the season is over")
			}, "ok: campaign "},
		{"round robin still running", []string{"roundrobin", "--game", "atacama", "--players", five, "--seed", "26"},
			func(t *testing.T, dir, id string) { pairAll(t, dir, id, 2, 0, nil) }, "ok: campaign "},
		// Every game a tie: every tiebreak equal but the seed's draw.
		{"round robin of five, every game drawn", []string{"roundrobin", "--game", "atacama", "--players", five, "--seed", "27"},
			func(t *testing.T, dir, id string) { pairAll(t, dir, id, 0, -1, nil) }, "ok: campaign "},
		{"Swiss of six, Sonneborn-Berger first", []string{"swiss", "--game", "atacama", "--players", five + ",fay@example.com", "--rounds", "4",
			"--tiebreaks", "sonneborn-berger,head-to-head,buchholz,draw", "--seed", "28"},
			func(t *testing.T, dir, id string) { pairAll(t, dir, id, 0, 1, nil) }, "ok: campaign "},
		// Many results, every game adjudicated: ties for every tiebreak.
		{"Swiss of eight, adjudicated", []string{"swiss", "--game", "atacama", "--players", "a,b,c,d,e,f,g,h", "--rounds", "5", "--seed", "29"},
			func(t *testing.T, dir, id string) { pairAll(t, dir, id, 0, adjudicated, nil) }, "ok: campaign "},
		{"round robin of six, adjudicated, Sonneborn-Berger first", []string{"roundrobin", "--game", "atacama", "--players", "a,b,c,d,e,f",
			"--tiebreaks", "sonneborn-berger,head-to-head,buchholz,draw", "--seed", "30"},
			func(t *testing.T, dir, id string) { pairAll(t, dir, id, 0, adjudicated, nil) }, "ok: campaign "},
		{"round robin of five at tables of three, adjudicated", []string{"roundrobin", "--game", "atacama", "--table", "3", "--players", "a,b,c,d,e",
			"--tiebreaks", "head-to-head,sonneborn-berger,draw", "--seed", "31"},
			func(t *testing.T, dir, id string) { pairAll(t, dir, id, 0, adjudicated, nil) }, "ok: campaign "},
	}
	out := make([]campaignExport, len(plans))
	for i, p := range plans {
		dir := t.TempDir()
		id := strings.TrimSpace(mustPbem(t, dir, append([]string{"campaign", "new"}, p.args...)...))
		p.play(t, dir, id)
		data := []byte(mustPbem(t, dir, "campaign", "export", id, "--games"))
		key, err := postoffice.SigningKey(dir)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = campaignExport{name: p.name, data: data, key: signerOf(t, data), signer: key,
			want: p.want + id, standings: []byte(mustPbem(t, dir, "campaign", "standings", id, "--json"))}
	}
	return out
}

// adjudicated, as pairAll's start, has the organiser adjudicate every
// game at once, its places drawn from a small generator: many results
// fast, with every kind of tie for the tiebreaks to break.
const adjudicated = -2

// pairAll pairs round after round until the campaign is over (or rounds
// are played, when not 0), ending the games in turn the ways finishGame
// does, from the way start (-1: every game as finishGame's way 0;
// adjudicated: as it says), and calling after, when given, once each
// round's results are recorded.
func pairAll(t *testing.T, dir, id string, rounds, start int, after func(round int)) {
	t.Helper()
	for round, n := 1, start; rounds == 0 || round <= rounds; round++ {
		out, err := pbem(t, dir, "campaign", "pair", id)
		if err != nil {
			if strings.Contains(err.Error(), "over") {
				return
			}
			t.Fatalf("campaign pair %s: %v", id, err)
		}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if f := strings.Fields(l); len(f) > 0 && start == adjudicated {
				_, seats, _ := strings.Cut(l, ": ")
				score := make([]int, strings.Count(seats, ",")+1)
				for i := range score {
					n = (n*1103515245 + 12345) & 0x7fffffff
					score[i] = n >> 8 % 3
				}
				places := make([]string, len(score))
				for i := range score {
					p := 1
					for _, o := range score {
						if o > score[i] {
							p++
						}
					}
					places[i] = strconv.Itoa(p)
				}
				mustPbem(t, dir, "campaign", "decide", id, "adjudicate", "--game", f[0], "--places", strings.Join(places, ","), "--reason", "stalled")
			} else if len(f) > 0 {
				finishGame(t, dir, f[0], max(n, 0))
				if n >= 0 {
					n++
				}
			}
		}
		mustPbem(t, dir, "campaign", "record", id)
		if after != nil {
			after(round)
		}
	}
}

// finishGame ends a game one of four ways, by how: the host ends it at
// once (every score 0, a tie), seat 0 resigns, seat 1 resigns, or a few
// moves are played and the host ends it.
func finishGame(t *testing.T, dir, game string, how int) {
	t.Helper()
	switch how % 4 {
	case 1, 2:
		resign(t, dir, game, rules.Seat(how%4-1))
	case 3:
		playSome(t, dir, game, 4)
	}
	var sh shownJSON
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", game, "--json")), &sh); err != nil {
		t.Fatal(err)
	}
	if !sh.Over {
		mustPbem(t, dir, "end", game)
	}
}

// resign has seat resign game, through the command side (the command
// line has no RESIGN: players resign by mail).
func resign(t *testing.T, dir, game string, seat rules.Seat) {
	t.Helper()
	ctx := context.Background()
	st, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	svc := &games.Service{Store: st, Catalog: offered.Rules()}
	if _, err := svc.Resign(ctx, game, seat, games.Cause{Source: "test"}); err != nil {
		t.Fatalf("seat %d resigns %s: %v", seat, game, err)
	}
}

// campaignForgeries makes the forgeries of a genuine campaign export g.
func campaignForgeries(t *testing.T, g campaignExport) []campaignExport {
	t.Helper()
	lines := projections.SplitLines(g.data)
	sig := 0 // the campaign's signature line, from 1
	for i, l := range lines {
		if bytes.HasPrefix(l, []byte(`{"signature":`)) {
			sig = i + 1
			break
		}
	}
	camp := make([]events.Event, sig-1)
	for i := range camp {
		e, err := events.Decode(lines[i])
		if err != nil {
			t.Fatal(err)
		}
		camp[i] = e
	}
	rest := lines[sig:]
	var out []campaignExport
	add := func(what string, line int, want string, ls [][]byte) {
		out = append(out, campaignExport{name: g.name + ": " + what, data: append(bytes.Join(ls, []byte("\n")), '\n'), key: g.key, line: line, want: want})
	}
	// resealed is the export with the campaign's events changed by edit
	// (nil drops the event), sealed again and signed by the key that
	// signed the genuine one: only what the events say can betray it.
	key := g.signer
	resealed := func(edit func(i int, e events.Event) *events.Event) [][]byte {
		var evs []events.Event
		prev := ""
		for i, e := range camp {
			ep := edit(i, e)
			if ep == nil {
				continue
			}
			s := ep.Seal(ep.Game, uint64(len(evs)+1), prev)
			prev = s.Hash
			evs = append(evs, s)
		}
		return append(projections.SplitLines(games.SignedExport(evs, &key)), rest...)
	}
	// payloadEdit changes the payload of the last event of type typ: a
	// last result, so that no later pairing, drawn from the results,
	// betrays it before its game's history does.
	payloadEdit := func(typ string, change func([]byte) []byte) (int, [][]byte) {
		last := -1
		for i, e := range camp {
			if e.Type == typ {
				last = i
			}
		}
		at := -1
		ls := resealed(func(i int, e events.Event) *events.Event {
			if i == last {
				if p := change(bytes.Clone(e.Payload)); !bytes.Equal(p, e.Payload) {
					at, e.Payload = i, p
				}
			}
			return &e
		})
		return at, ls
	}
	resultGame := func(i int) string {
		var r struct {
			Game string `json:"game"`
		}
		if err := json.Unmarshal(camp[i].Payload, &r); err != nil {
			t.Fatal(err)
		}
		return r.Game
	}

	// A result's places, then its scores, changed: sealed again, the
	// chain holds, and only the game's own history shows the lie.
	if at, ls := payloadEdit("GameResultRecorded", swapResultPlaces); at >= 0 {
		add("a result's places changed, sealed and signed again", -1, "game "+resultGame(at)+"'s result says", ls)
		edited := bytes.Clone(lines[at])
		if p := swapResultPlaces(camp[at].Payload); !bytes.Equal(p, camp[at].Payload) {
			edited = bytes.Replace(edited, camp[at].Payload, p, 1)
		}
		add("a result's places changed", at+1, "", with(lines, at, edited))
	}
	if at, ls := payloadEdit("GameResultRecorded", func(p []byte) []byte {
		return regexp.MustCompile(`"scores":\[(-?\d+)`).ReplaceAll(p, []byte(`"scores":[9${1}`))
	}); at >= 0 {
		add("a result's scores changed, sealed and signed again", -1, "game "+resultGame(at)+"'s result says", ls)
	}
	// A game's history dropped from the file.
	if len(rest) > 0 {
		end := 0
		for end < len(rest) && !bytes.HasPrefix(rest[end], []byte(`{"signature":`)) {
			end++
		}
		game := gameOfLine(t, string(rest[0]))
		add("a game's history dropped", -1, "game "+game+" has a result, but its history is not in the file",
			append(append([][]byte{}, lines[:sig]...), rest[end+1:]...))
		// A move of that game changed.
		for i := range end {
			if e, err := events.Decode(rest[i]); err == nil && e.Type == events.TypeMovePlayed {
				changed := bytes.Replace(rest[i], []byte(`"move":"`), []byte(`"move":"Z`), 1)
				add("a move of a game changed", sig+i+1, "", with(lines, sig+i, changed))
				break
			}
		}
	}
	// Two of the campaign's lines reordered; its last event dropped.
	if sig > 3 {
		k := sig / 2
		ls := append([][]byte{}, lines...)
		ls[k-1], ls[k] = ls[k], ls[k-1]
		add("two lines of the campaign reordered", k, "", ls)
	}
	add("the campaign's last event dropped", sig-1, "", append(append([][]byte{}, lines[:sig-2]...), lines[sig-1:]...))
	// The campaign signed by another key, then the whole file: the
	// second is refused at the campaign's signature line.
	other, err := events.NewSigningKey(bytes.Repeat([]byte{42}, 32))
	if err != nil {
		t.Fatal(err)
	}
	var all [][]byte
	for i, l := range lines {
		if s, ok := events.ParseSignature(l); ok {
			resigned := other.Sign(s.Game, s.Hash)
			if i == sig-1 && len(rest) > 0 {
				add("the campaign re-signed by another key", -1, "is not signed by the key that signed the campaign", with(lines, i, resigned.Encode()))
			}
			l = resigned.Encode()
		}
		all = append(all, l)
	}
	add("every history re-signed by another key", sig, other.Public().String(), all)
	add("the campaign's signature removed, --key given", -1, "no signature", append(append([][]byte{}, lines[:sig-1]...), rest...))

	revealed := camp[len(camp)-1].Type == "PairingSeedRevealed"
	if revealed {
		// The seed changed: every pairing, and the commitment, betray it.
		_, ls := payloadEdit("PairingSeedRevealed", func(p []byte) []byte {
			i := bytes.Index(p, []byte(`"seed":"`)) + len(`"seed":"`)
			p[i] = "10"[min(int(p[i]-'0'), 1)]
			return p
		})
		add("the revealed seed changed, sealed and signed again", -1, "", ls)
		// A result dropped: the campaign is not over, so no seed.
		dropped := false
		ls = resealed(func(i int, e events.Event) *events.Event {
			if !dropped && e.Type == "GameResultRecorded" {
				dropped = true
				return nil
			}
			return &e
		})
		if dropped {
			add("a result dropped, sealed and signed again", -1, "", ls)
		}
	}
	if revealed && !strings.HasPrefix(g.name, "ladder") {
		// A table's seats swapped in its pairing and its game's start:
		// the standings change, and only the draw from the seed shows it.
		var swappedGame string
		ls := resealed(func(i int, e events.Event) *events.Event {
			if swappedGame == "" && e.Type == "RoundPaired" {
				e.Payload = swapFirstTable(t, e.Payload, "tables")
				swappedGame = "round"
			} else if swappedGame == "round" && e.Type == "CampaignGameStarted" {
				e.Payload = swapFirstTable(t, e.Payload, "seats")
				swappedGame = "game"
			}
			return &e
		})
		add("a table's seats swapped, sealed and signed again", -1, "round 1 was paired", ls)
	}
	return out
}

// with is lines with line i (from 0) replaced by l.
func with(lines [][]byte, i int, l []byte) [][]byte {
	c := append([][]byte{}, lines...)
	c[i] = l
	return c
}

// swapResultPlaces changes the places of a result's payload: the first
// two seats' places exchanged, or, when they are equal, the first seat
// placed alone ahead.
func swapResultPlaces(p []byte) []byte {
	var r struct {
		Places []int `json:"places"`
	}
	if json.Unmarshal(p, &r) != nil || len(r.Places) < 2 {
		return p
	}
	old, _ := json.Marshal(r.Places)
	pl := append([]int{}, r.Places...)
	if pl[0] != pl[1] {
		pl[0], pl[1] = pl[1], pl[0]
	} else {
		for s := range pl {
			if s > 0 && pl[s] == pl[0] {
				pl[s]++
			}
		}
	}
	repl, _ := json.Marshal(pl)
	return bytes.Replace(p, []byte(`"places":`+string(old)), []byte(`"places":`+string(repl)), 1)
}

// swapFirstTable reverses the seats of the payload's first table (a
// RoundPaired's "tables") or its seats (a CampaignGameStarted's "seats").
func swapFirstTable(t *testing.T, p []byte, key string) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(p, &m); err != nil {
		t.Fatal(err)
	}
	var seats []string
	if key == "tables" {
		var tables [][]string
		if err := json.Unmarshal(m[key], &tables); err != nil || len(tables) == 0 {
			t.Fatalf("no table in %s (%v)", p, err)
		}
		seats = tables[0]
	} else if err := json.Unmarshal(m[key], &seats); err != nil {
		t.Fatal(err)
	}
	old, _ := json.Marshal(seats)
	rev := make([]string, len(seats))
	for i, s := range seats {
		rev[len(seats)-1-i] = s
	}
	repl, _ := json.Marshal(rev)
	return bytes.Replace(p, old, repl, 1)
}

// TestCampaignVerifierLeague: the second verifier does not draw a
// league's seasons, and says so with exit status 2, giving no verdict,
// where pbem verify --campaign --file checks the same export.
func TestCampaignVerifierLeague(t *testing.T) {
	if testing.Short() {
		t.Skip("adjudicates a league's games by command")
	}
	python := pythonVerifier(t)
	dir := t.TempDir()
	id := strings.TrimSpace(mustPbem(t, dir, "campaign", "new", "league", "--game", "atacama", "--players", "a,b,c,d", "--division", "4", "--seed", "32"))
	pairAll(t, dir, id, 0, adjudicated, nil)
	file := filepath.Join(t.TempDir(), "league.jsonl")
	if err := os.WriteFile(file, []byte(mustPbem(t, dir, "campaign", "export", id, "--games")), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := mustPbem(t, dir, "verify", "--campaign", "--file", file); !strings.HasPrefix(out, "ok: campaign "+id) {
		t.Errorf("pbem verify --campaign --file of a league = %q, want ok", out)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(python, filepath.Join("..", "..", "scripts", "verify_campaign.py"), file)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || stdout.Len() > 0 || !strings.Contains(stderr.String(), "cannot check: this verifier does not fold a league's seasons") {
		t.Errorf("verify_campaign.py of a league: %v, %q, %q; want exit 2, no verdict, saying it cannot check a league", err, stdout.String(), stderr.String())
	}
}
