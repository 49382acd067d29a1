package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestSelfplayResultTieBreak: selfplay's result line names the winners
// the final board names. Seed 36 of two Altiplano players ends 2 points
// each, and the coins break the tie, so one seat wins, not both.
func TestSelfplayResultTieBreak(t *testing.T) {
	out := mustPbem(t, t.TempDir(), "selfplay", "--game", "altiplano", "--players", "2", "--seed", "36", "--quiet")
	ranking := regexp.MustCompile(`(?m)^Ranking \(most points; a tie on points goes to the most coins\): 1\. seat \d, (\d+) points?, \d+ coins?; \d\. seat \d, (\d+) points?`).FindStringSubmatch(out)
	if ranking == nil || ranking[1] != ranking[2] {
		t.Fatalf("selfplay --seed 36 no longer ends in a tie on points (ranking %q), which this test needs: find another seed\n%s", ranking, out)
	}
	board := regexp.MustCompile(`(?m)^Game over: seat (\d) wins\.$`).FindStringSubmatch(out)
	if board == nil {
		t.Fatalf("the final board names no single winner, which this test needs: find another seed\n%s", out)
	}
	winner := demoNames[board[1][0]-'0']
	line := regexp.MustCompile(`(?m)^result: .*$`).FindString(out)
	if !strings.HasPrefix(line, "result: "+winner+" wins (") {
		t.Errorf("selfplay's result line = %q, want %s wins, as the board says: %s", line, winner, board[0])
	}
}
