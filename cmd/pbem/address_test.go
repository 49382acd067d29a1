package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandLineAddresses: the operator's commands refuse what is not
// an address (RFC 5322 addr-spec) and pbem's own mailbox, saying so, and
// change nothing.
func TestCommandLineAddresses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(t.TempDir(), "pbem.toml")
	if err := os.WriteFile(file, []byte("mailbox = \"games@club.example\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	id := newGame(t, dir, "--players", "ana@example.org,bea@example.net")
	for _, bad := range []string{"a@b@c", "script>@x.y", "a b@x.y"} {
		for _, args := range [][]string{
			{"new", "atacama", "--players", "ana@example.org," + bad},
			{"replace", id, "--seat", "1", "--player", bad},
			{"watch", id, bad},
		} {
			if _, err := pbem(t, dir, args...); err == nil || !strings.Contains(err.Error(), "is not an address") {
				t.Errorf("pbem %s = %v, want it refused as no address", strings.Join(args, " "), err)
			}
		}
	}
	for _, args := range [][]string{
		{"replace", id, "--seat", "1", "--player", "Games+x@Club.example", "--config", file},
		{"watch", id, "games@club.example", "--config", file},
	} {
		if _, err := pbem(t, dir, args...); err == nil || !strings.Contains(err.Error(), "pbem's own address") {
			t.Errorf("pbem %s = %v, want it refused as pbem's own address", strings.Join(args, " "), err)
		}
	}
	if log := mustPbem(t, dir, "export", id); strings.Count(log, "PlayerReplaced")+strings.Count(log, "ObserverChanged") != 0 {
		t.Errorf("a refused command changed the game:\n%s", log)
	}
}

// TestCommandLineGamesUseConfig: a game made with pbem new and a
// configuration (--config or PBEM_CONFIG) has the configured operator
// for its host, not the word "operator" no mail reaches, and its mails'
// Message-IDs end in the configured domain, not @pbem.invalid.
func TestCommandLineGamesUseConfig(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(t.TempDir(), "pbem.toml")
	if err := os.WriteFile(file, []byte("mailbox = \"games@club.example\"\noperator = \"ops@club.example\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	id := newGame(t, dir, "--players", "ana@example.org,bea@example.net", "--config", file)
	export := mustPbem(t, dir, "export", id)
	if !strings.Contains(export, `"host":"ops@club.example"`) || strings.Contains(export, `"host":"operator"`) {
		t.Errorf("the game's host is not the configured operator:\n%.400s", export)
	}
	list := mustPbem(t, dir, "mail", "list", id)
	if !strings.Contains(list, "@club.example>") || strings.Contains(list, "pbem.invalid") {
		t.Errorf("the game's mails are not under the configured domain:\n%s", list)
	}
	t.Setenv("PBEM_CONFIG", file)
	id = newGame(t, dir, "--players", "ana@example.org,bea@example.net")
	if list := mustPbem(t, dir, "mail", "list", id); !strings.Contains(list, "@club.example>") || strings.Contains(list, "pbem.invalid") {
		t.Errorf("with PBEM_CONFIG the game's mails are not under the configured domain:\n%s", list)
	}
}

// TestLinksRotate: pbem links --rotate prints a new public link, and
// later calls print that one; the seats' links stay.
func TestLinksRotate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "ana@example.org,bea@example.net")
	public := func(out string) (seats, pub string) {
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if strings.HasPrefix(line, "public") {
				pub = line
			} else {
				seats += line + "\n"
			}
		}
		return seats, pub
	}
	seats0, pub0 := public(mustPbem(t, dir, "links", id))
	seats1, pub1 := public(mustPbem(t, dir, "links", id, "--rotate"))
	seats2, pub2 := public(mustPbem(t, dir, "links", id))
	if pub0 == "" || pub1 == pub0 || pub2 != pub1 {
		t.Errorf("public links before, at and after --rotate: %q, %q, %q; want a new one that stays", pub0, pub1, pub2)
	}
	if seats1 != seats0 || seats2 != seats0 {
		t.Errorf("the seats' links changed with --rotate:\n%s\n%s", seats0, seats1)
	}
}
