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
	for _, c := range []struct {
		name, from, body string
		runs, ignored    []string
		why              string
	}{
		{"sign-off", "ana@example.org", "Hi Bea,\n\nE5\nSAY good luck\n\nThanks!\nAna\n\nOn Tue, 1 Dec 2026, pbem <games@pbem.example.org> wrote:\n> your turn\n",
			[]string{"E5", "SAY good luck"}, []string{"Hi Bea,", "Thanks!", "Ana"}, ""},
		{"stranger", "cai@example.com", "E5\n", []string{}, []string{}, "not from the address of seat 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".eml")
			raw := "From: " + c.from + "\nTo: " + tokens.ReplyTo("games@pbem.example.org", id, 0) + "\nSubject: Re: your turn\n\n" + c.body
			if err := os.WriteFile(path, []byte(raw), 0o644); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Mailroom struct {
					Runs, Ignored []string
					Why           string
				}
			}
			out := mustPbem(t, dir, "mail", "parse", "--data", dir, path)
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("pbem mail parse printed %q: %v", out, err)
			}
			m := got.Mailroom
			if !slices.Equal(m.Runs, c.runs) || !slices.Equal(m.Ignored, c.ignored) || !strings.Contains(m.Why, c.why) {
				t.Errorf("mailroom = runs %q, ignored %q, why %q; want %q, %q, %q", m.Runs, m.Ignored, m.Why, c.runs, c.ignored, c.why)
			}
		})
	}
}

// TestCatalogNotation: every game pbem offers tells a line written as its
// move from a sign-off, so that the mailroom can tell them apart in a mail
// when the move is not legal now (see mailroom.Meant).
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
