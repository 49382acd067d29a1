package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
)

// TestMailParseMeant: pbem mail parse --data shows which lines of a reply
// the mailroom runs for the game it is addressed to, and which it ignores.
func TestMailParseMeant(t *testing.T) {
	t.Setenv("PBEM_MAILBOX", "games@pbem.example.org")
	t.Setenv("PBEM_SECRET", "s3cret")
	tokens := mail.Tokens{Secret: []byte("s3cret")}
	dir := t.TempDir()
	id := strings.TrimSpace(mustPbem(t, dir, "new", "atacama", "--players", "ana@example.org,bea@example.net"))
	join := tokens.ConfirmTo("games@pbem.example.org", mail.ConfirmJoin, id, "dov@example.org")
	for _, c := range []struct {
		name, from, to, body string
		runs, ignored        []string
		refused, note        string
	}{
		{"sign-off", "ana@example.org", "", "Hi Bea,\n\nE5\nSAY good luck\n\nThanks!\nAna\n\nOn Tue, 1 Dec 2026, pbem <games@pbem.example.org> wrote:\n> your turn\n",
			[]string{"MOVE E5", "SAY SAY good luck"}, []string{"Hi Bea,", "Thanks!", "Ana"}, "", ""},
		{"stranger", "cai@example.com", "", "E5\n", []string{}, []string{}, "", "does not play in it"},
		// What the mailroom would do, not what a second reading guesses:
		// a question is refused unread, and a confirmation address opens
		// nothing to anyone it was not made for.
		{"question", "ana@example.org", "", "E5\n认输？\n", []string{"MOVE E5", "RESIGN 认输?"}, []string{}, "asks about RESIGN", ""},
		{"confirmation of another", "eve@example.org", join, "JOIN\n", []string{}, []string{}, "", "not made for its sender"},
		{"confirmation", "dov@example.org", join, "JOIN\n", []string{"JOIN JOIN"}, []string{}, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".eml")
			to := c.to
			if to == "" {
				to = tokens.ReplyTo("games@pbem.example.org", id, 0)
			}
			raw := "From: " + c.from + "\nTo: " + to + "\nSubject: Re: your turn\nContent-Type: text/plain; charset=utf-8\n\n" + c.body
			if err := os.WriteFile(path, []byte(raw), 0o644); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Mailroom struct {
					Runs    []struct{ Line, Command, Refused string }
					Ignored []string
					Notes   []string
				}
			}
			out := mustPbem(t, dir, "mail", "parse", "--data", dir, path)
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("pbem mail parse printed %q: %v", out, err)
			}
			m := got.Mailroom
			runs, refused := []string{}, ""
			for _, r := range m.Runs {
				runs = append(runs, r.Command+" "+r.Line)
				refused += r.Refused
			}
			notes := strings.Join(m.Notes, "; ")
			if !slices.Equal(runs, c.runs) || !slices.Equal(m.Ignored, c.ignored) || !strings.Contains(refused, c.refused) || !strings.Contains(notes, c.note) {
				t.Errorf("mailroom = runs %q, ignored %q, refused %q, notes %q; want %q, %q, %q, %q", runs, m.Ignored, refused, notes, c.runs, c.ignored, c.refused, c.note)
			}
		})
	}
}

// TestCatalogNotation: every game pbem offers tells a line written as its
// move from a sign-off, so that the mailroom can tell them apart in a mail
// when the move is not legal now (see commands.Meant).
func TestCatalogNotation(t *testing.T) {
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	for name, g := range offered.Rules() {
		st, err := g.Start(rules.Setup{Seats: g.Info().MinSeats, Seed: rules.SeedFromInt(1)})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := st.(rules.Notation); !ok {
			t.Errorf("%s does not implement rules.Notation: the mailroom reads a line as its move only when it is legal now", name)
		}
	}
}
