package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
)

// TestWholeGame plays a game through the commands, each call a restart of
// the store, and checks the history, the export and its verification.
func TestWholeGame(t *testing.T) {
	for _, variant := range []string{"", "enhanced", "tactical", "enhanced,tactical"} {
		t.Run("variant="+variant, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			args := []string{"--players", "Ana,Bea"}
			if variant != "" {
				args = append(args, "--variant", variant)
			}
			id := newGame(t, dir, args...)
			moves := playOut(t, dir, id, 2)
			var sh shownJSON
			if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", id, "--json")), &sh); err != nil {
				t.Fatal(err)
			}
			if !sh.Over || len(sh.ToAct) != 0 || len(sh.Scores) != 2 {
				t.Errorf("show --json after the end = over %v, toAct %v, scores %v; want over, nobody to act, 2 scores", sh.Over, sh.ToAct, sh.Scores)
			}
			if sh.Seq != moves+2 {
				t.Errorf("seq = %d after %d moves, want %d (GameCreated, the moves, GameEnded)", sh.Seq, moves, moves+2)
			}
			out := mustPbem(t, dir, "verify", id)
			if !strings.HasPrefix(out, "ok: game "+id) || !strings.Contains(out, "every move replayed") {
				t.Errorf("verify %s = %q, want ok with every move replayed", id, out)
			}
			export := mustPbem(t, dir, "export", id)
			file := filepath.Join(t.TempDir(), "game.jsonl")
			if err := os.WriteFile(file, []byte(export), 0o644); err != nil {
				t.Fatal(err)
			}
			if out := mustPbem(t, dir, "verify", "--file", file); !strings.HasPrefix(out, "ok: game "+id) || !strings.Contains(out, "matches the commitment") || !strings.Contains(out, "signed by this service's key") {
				t.Errorf("verify --file = %q, want the seed and the signature checked", out)
			}
			_, err := pbem(t, dir, "move", id, "--seat", "0", "A1")
			if !errors.Is(err, games.ErrOver) {
				t.Errorf("move after the end = %v, want ErrOver", err)
			}
			if n := strings.Count(mustPbem(t, dir, "export", id), "\n") - 1; n != moves+2 { // and the signature
				t.Errorf("after a refused move the export has %d events, want %d", n, moves+2)
			}
		})
	}
}

// TestTamperedExport changes one byte at many places of every event of an
// exported game; verify must fail and name the line of the changed event.
func TestTamperedExport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "Ana,Bea", "--variant", "enhanced")
	playOut(t, dir, id, 2)
	lines := strings.Split(strings.TrimRight(mustPbem(t, dir, "export", id), "\n"), "\n")
	file := filepath.Join(t.TempDir(), "tampered.jsonl")
	checked := 0
	for i, line := range lines {
		for pos := 0; pos < len(line); pos += 5 {
			b := []byte(line)
			b[pos] ^= 0x01
			tampered := append(append(append([]string{}, lines[:i]...), string(b)), lines[i+1:]...)
			if err := os.WriteFile(file, []byte(strings.Join(tampered, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := pbem(t, dir, "verify", "--file", file)
			want := "line " + strconv.Itoa(i+1) + ":"
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("verify with byte %d of event %d changed = %v, want an error at %q", pos, i+1, err, want)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d tamperings checked", checked)
	}
}

// TestShowJSON checks the documented JSON of an Atacama board.
func TestShowJSON(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "Ana,Bea", "--seed", "11")
	mustPbem(t, dir, "move", id, "--seat", "0", "E5")
	var sh shownJSON
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", id, "--seat", "1", "--json")), &sh); err != nil {
		t.Fatal(err)
	}
	if sh.Game != id || sh.Seq != 2 || len(sh.ToAct) != 1 || sh.ToAct[0] != 1 {
		t.Errorf("show --json = game %q seq %d toAct %v, want %s, 2, [1]", sh.Game, sh.Seq, sh.ToAct, id)
	}
	if len(sh.View.Cells) != 81 {
		t.Fatalf("cells = %d, want 81", len(sh.View.Cells))
	}
	rigs := 0
	for _, c := range sh.View.Cells {
		if c.Value < 1 || c.Value > 5 || (c.Metal != "gold" && c.Metal != "silver" && c.Metal != "copper") {
			t.Errorf("cell %+v: want metal gold/silver/copper and value 1..5", c)
		}
		if c.Rig != nil {
			rigs++
			if c.Row != 4 || c.Col != 4 || c.Rig.Seat != 0 || c.Rig.Double {
				t.Errorf("rig at row %d col %d = %+v, want seat 0's basic rig on E5 (row 4, col 4)", c.Row, c.Col, *c.Rig)
			}
		}
	}
	if rigs != 1 {
		t.Errorf("rigs on the board = %d, want 1", rigs)
	}
	want := map[int]string{0: "columns/copper", 1: "rows/silver"}
	for _, c := range sh.View.Concessions {
		if got := c.Axis + "/" + c.Negative; got != want[c.Seat] {
			t.Errorf("concession of seat %d = %s, want %s", c.Seat, got, want[c.Seat])
		}
	}
	if len(sh.View.Concessions) != 2 {
		t.Errorf("concessions = %d, want 2", len(sh.View.Concessions))
	}
	// --at shows the past: after event 1 the board is empty.
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", id, "--at", "1", "--json")), &sh); err != nil {
		t.Fatal(err)
	}
	for _, c := range sh.View.Cells {
		if c.Rig != nil {
			t.Errorf("show --at 1: rig on row %d col %d, want an empty board", c.Row, c.Col)
		}
	}
}

// TestRefusals checks that bad input is refused with a reason and that
// nothing recorded is lost.
func TestRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "Ana,Bea", "--seed", "5")
	mustPbem(t, dir, "move", id, "--seat", "0", "A1")
	tests := []struct {
		name string
		args []string
		kind error
	}{
		{"UnknownGame", []string{"move", "nosuch", "--seat", "0", "E5"}, games.ErrUnknownGame},
		{"SeatOutOfRange", []string{"move", id, "--seat", "2", "E5"}, games.ErrBadSeat},
		{"NegativeSeat", []string{"legal", id, "--seat", "-1"}, games.ErrBadSeat},
		{"Malformed", []string{"move", id, "--seat", "1", "E55"}, rules.ErrIllegal},
		{"Adjacent", []string{"move", id, "--seat", "1", "A2"}, rules.ErrIllegal},
		{"Occupied", []string{"move", id, "--seat", "1", "A1"}, rules.ErrIllegal},
		{"OutOfTurn", []string{"move", id, "--seat", "0", "E5"}, rules.ErrIllegal},
		{"AtBeyondHistory", []string{"show", id, "--at", "9"}, games.ErrUnknownGame},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := pbem(t, dir, tt.args...)
			if !errors.Is(err, tt.kind) {
				t.Errorf("pbem %v = %v, want %v", tt.args, err, tt.kind)
			}
			if err != nil && (strings.Contains(err.Error(), "\n") || len(err.Error()) > 300) {
				t.Errorf("pbem %v: reason %q, want one short line", tt.args, err)
			}
		})
	}
	if out := mustPbem(t, dir, "export", id); strings.Count(out, "\n") != 2+1 { // and the signature
		t.Errorf("after the refusals the history has %d events, want 2", strings.Count(out, "\n")-1)
	}
	for _, bad := range [][]string{{"new", "atacama"}, {"show"}, {"verify"}, {"new", "atacama", "--players", "a,b", "--seed", "x"}} {
		var u usageError
		if _, err := pbem(t, dir, bad...); !errors.As(err, &u) {
			t.Errorf("pbem %v = %v, want a usage error", bad, err)
		}
	}
}

// TestGamesList checks the index of games that the projector keeps.
func TestGamesList(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if out := mustPbem(t, dir, "games"); !strings.Contains(out, "no games yet") {
		t.Errorf("games on an empty store = %q, want a hint", out)
	}
	a := newGame(t, dir, "--players", "Ana,Bea")
	b := newGame(t, dir, "--players", "Cai,Dov,Eli", "--variant", "tactical")
	mustPbem(t, dir, "move", a, "--seat", "0", "C3")
	out := mustPbem(t, dir, "games")
	for _, want := range []string{a, b, "Ana, Bea", "Cai, Dov, Eli", "atacama (tactical)", "to act: Bea", "to act: Cai"} {
		if !strings.Contains(out, want) {
			t.Errorf("games = %q, want it to contain %q", out, want)
		}
	}
}

// TestPlayFromChineseLegal plays whole games of Altiplano and Archipelago
// for three from the command line with nothing but the moves pbem legal
// --lang zh prints, each played as printed: no listed move holds an
// English word, every one is taken, and the game ends and verifies.
func TestPlayFromChineseLegal(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two whole games by command")
	}
	english := regexp.MustCompile(`[A-Za-z]{2,}`)
	for _, c := range []struct{ game, variant string }{{"altiplano", ""}, {"archipelago", "short"}} {
		t.Run(c.game, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			args := []string{"new", c.game, "--players", "Ana,Bea,Cai"}
			if c.variant != "" {
				args = append(args, "--variant", c.variant)
			}
			id := strings.TrimSpace(mustPbem(t, dir, args...))
			for moves := 0; ; moves++ {
				var sh shownJSON
				if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", id, "--json")), &sh); err != nil {
					t.Fatal(err)
				}
				if sh.Over {
					break
				}
				if moves > 3000 {
					t.Fatal("the game did not end after 3000 moves")
				}
				seat := strconv.Itoa(sh.ToAct[moves%len(sh.ToAct)])
				legal := strings.Split(strings.TrimSpace(mustPbem(t, dir, "legal", id, "--seat", seat, "--lang", "zh")), "\n")
				for _, l := range legal {
					if w := english.FindString(l); w != "" {
						t.Fatalf("pbem legal --lang zh lists %q, with the English word %q", l, w)
					}
				}
				mustPbem(t, dir, "move", id, "--seat", seat, legal[(moves*7)%len(legal)])
			}
			if out := mustPbem(t, dir, "verify", id); !strings.HasPrefix(out, "ok: game "+id) || !strings.Contains(out, "every move replayed") {
				t.Errorf("verify %s = %q, want ok with every move replayed", id, out)
			}
		})
	}
}
