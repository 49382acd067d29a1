package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// pbem runs one command in-process against the data directory dir, as a
// separate invocation would: each call starts and stops the embedded NATS
// server, so consecutive calls restart the store.
func pbem(t *testing.T, dir string, args ...string) (stdout string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(context.Background(), append([]string{"--data", dir}, args...), &out, &errOut)
	return out.String(), err
}

// lookup returns the command called name.
func lookup(name string) (command, error) { return program().Lookup(name) }

// mustPbem is pbem that fails the test on an error.
func mustPbem(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := pbem(t, dir, args...)
	if err != nil {
		t.Fatalf("pbem %s: %v", strings.Join(args, " "), err)
	}
	return out
}

func newGame(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out := mustPbem(t, dir, append([]string{"new", "atacama"}, args...)...)
	id := strings.TrimSpace(out)
	if strings.Contains(id, "\n") || len(id) != 6 {
		t.Fatalf("pbem new printed %q, want the game id alone on a line", out)
	}
	return id
}

// playOut plays the first legal move of whoever acts until the game ends
// and returns the number of moves.
func playOut(t *testing.T, dir, id string, seats int) int {
	t.Helper()
	moves := 0
	for {
		var sh shownJSON
		if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", id, "--json")), &sh); err != nil {
			t.Fatal(err)
		}
		if sh.Over {
			return moves
		}
		seat := sh.ToAct[0]
		legal := strings.Split(strings.TrimSpace(mustPbem(t, dir, "legal", id, "--seat", strconv.Itoa(seat))), "\n")
		if len(legal) == 0 {
			t.Fatalf("seat %d to act has no legal moves", seat)
		}
		mustPbem(t, dir, "move", id, "--seat", strconv.Itoa(seat), legal[len(legal)/2])
		moves++
		if moves > 200 {
			t.Fatal("the game did not end after 200 moves")
		}
	}
}

type shownJSON struct {
	Game   string `json:"game"`
	Seq    int    `json:"seq"`
	ToAct  []int  `json:"toAct"`
	Over   bool   `json:"over"`
	Scores []int  `json:"scores"`
	View   struct {
		Cells []struct {
			Row, Col int
			Metal    string
			Value    int
			Rig      *struct {
				Seat   int
				Double bool
			}
		} `json:"cells"`
		Concessions []struct {
			Seat     int
			Axis     string
			Negative string
		} `json:"concessions"`
	} `json:"view"`
}

// TestBinary runs the built command, to check what only a process shows:
// exit codes and a one-line reason on stderr.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "pbem")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	cmd := func(args ...string) (string, string, int) {
		c := exec.Command(bin, args...)
		c.Env = append(os.Environ(), "PBEM_DATA="+dir)
		var out, errOut bytes.Buffer
		c.Stdout, c.Stderr = &out, &errOut
		err := c.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errOut.String(), code
	}
	out, _, code := cmd("new", "atacama", "--players", "Ana,Bea", "--seed", "3")
	id := strings.TrimSpace(out)
	if code != 0 || len(id) != 6 {
		t.Fatalf("pbem new = %q, exit %d; want an id and exit 0", out, code)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string // in the one-line reason
	}{
		{"UnknownGame", []string{"show", "zzzzzz"}, 1, `there is no game "zzzzzz"`},
		{"SeatOutOfRange", []string{"move", id, "--seat", "5", "E5"}, 1, "seats 0 to 1"},
		{"Malformed", []string{"move", id, "--seat", "0", "Z99"}, 1, "Z99"},
		{"OutOfTurn", []string{"move", id, "--seat", "1", "E5"}, 1, "turn"},
		{"UnknownCommand", []string{"frobnicate"}, 2, "unknown command"},
		{"MissingSeat", []string{"legal", id}, 2, "--seat"},
		{"UnknownGameKind", []string{"new", "chess", "--players", "a,b"}, 1, "no game called"},
		{"TooManyPlayers", []string{"new", "atacama", "--players", "a,b,c,d,e"}, 1, "Atacama"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := cmd(tt.args...)
			if code != tt.code {
				t.Errorf("pbem %v exit = %d, want %d (stderr %q)", tt.args, code, tt.code, stderr)
			}
			if strings.Count(strings.TrimRight(stderr, "\n"), "\n") != 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("pbem %v stderr = %q, want one line containing %q", tt.args, stderr, tt.want)
			}
		})
	}
	if out, _, code := cmd("move", id, "--seat", "0", "E5"); code != 0 {
		t.Fatalf("pbem move E5 = %q, exit %d", out, code)
	}
	log, _, _ := cmd("log", id)
	if n := strings.Count(log, "\n"); n != 2 {
		t.Errorf("after refused moves and one legal move the log has %d lines, want 2:\n%s", n, log)
	}
}
