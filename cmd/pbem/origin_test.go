package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// TestHistoryOrigin is issue 15's attack on a finished game's export: after
// the end the seed is public, so anyone can rename the game, swap its
// players and recompute every hash and the seed commitment. The chain of
// such a forgery checks; its origin must not. The genuine export passes
// and names the key that signed it, the same after a restart; a history
// without a signature says its origin was not checked.
func TestHistoryOrigin(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "Ana,Bea", "--seed", "5")
	playOut(t, dir, id, 2)
	genuine := mustPbem(t, dir, "export", id)
	key, err := postoffice.LocalKey(dir)
	if err != nil {
		t.Fatalf("no signing key in the data directory after an export: %v", err)
	}
	if fi, err := os.Stat(filepath.Join(dir, postoffice.SigningKeyFile)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the signing key's file mode = %v, %v; want 0600 like the token secret", fi.Mode(), err)
	}
	fp := key.Public().String()
	// The key survives a restart: every pbem call starts the store afresh,
	// and ed25519 signs alike each time.
	if again := mustPbem(t, dir, "export", id); again != genuine {
		t.Errorf("the export after a restart differs:\n%s\nwant\n%s", again, genuine)
	}
	lines := strings.Split(strings.TrimSuffix(genuine, "\n"), "\n")
	evLines, sigLine := lines[:len(lines)-1], lines[len(lines)-1]
	if _, ok := events.ParseSignature([]byte(sigLine)); !ok {
		t.Fatalf("the export's last line is no signature: %s", sigLine)
	}
	// The event lines are the stored bytes: pbem log's count, and each is
	// its own canonical encoding.
	for i, line := range evLines {
		e, err := events.Decode([]byte(line))
		if err != nil || string(e.Encode()) != line {
			t.Fatalf("export line %d is not the stored event: %v", i+1, err)
		}
	}

	write := func(name string, lines []string) string {
		t.Helper()
		file := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	genuineFile := write("genuine.jsonl", lines)
	out := mustPbem(t, dir, "verify", "--file", genuineFile)
	if !strings.HasPrefix(out, "ok: game "+id) || !strings.Contains(out, "signed by this service's key "+fp) {
		t.Errorf("verify --file of the genuine export = %q, want ok, signed by this service's key %s", out, fp)
	}

	// The forgery: another id, the players swapped, every hash and the
	// commitment recomputed from the revealed seed.
	forged := forge(t, evLines, "zzzzzz")
	if out, err := pbem(t, t.TempDir(), "verify", "--file", write("bare.jsonl", forged)); err != nil || !strings.HasPrefix(out, "chain intact; origin not checked") {
		t.Fatalf("the forgery's chain does not check on its own (%q, %v): the test forges badly", out, err)
	}
	other, err := events.NewSigningKey(bytes.Repeat([]byte{9}, 32))
	if err != nil {
		t.Fatal(err)
	}
	last, _ := events.Decode([]byte(forged[len(forged)-1]))
	for _, tt := range []struct {
		name, sig string
		dir       string // the data directory verify runs on
		args      []string
		want      string // in the error
	}{
		{"the genuine signature kept", sigLine, dir, nil, "renamed, re-chained"},
		{"the genuine signature kept, no local key", sigLine, t.TempDir(), nil, "renamed, re-chained"},
		{"signed by another key", string(other.Sign("zzzzzz", last.Hash).Encode()), dir, nil, "not by this service's key " + fp},
		{"signed by another key, --key given", string(other.Sign("zzzzzz", last.Hash).Encode()), t.TempDir(), []string{"--key", fp}, "not by the key given " + fp},
		{"unsigned, --key given", "", t.TempDir(), []string{"--key", fp}, "carries no signature"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := write("forged.jsonl", append(append([]string{}, forged...), tt.sig))
			if tt.sig == "" {
				file = write("forged.jsonl", forged)
			}
			out, err := pbem(t, tt.dir, append([]string{"verify", "--file", file}, tt.args...)...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("verify --file of the forgery = %q, %v; want an error saying %q", out, err, tt.want)
			}
		})
	}
	// Without a signature and without --key, verify cannot tell: it says so
	// rather than "ok", on the service's data directory too.
	if out, err := pbem(t, dir, "verify", "--file", write("forged.jsonl", forged)); err != nil || strings.HasPrefix(out, "ok") || !strings.Contains(out, "origin not checked") || !strings.Contains(out, "carries no signature") {
		t.Errorf("verify --file of an unsigned history = %q, %v; want chain intact, origin not checked", out, err)
	}
	// An old export, without a signature, still verifies its chain.
	if out, err := pbem(t, dir, "verify", "--file", write("old.jsonl", evLines)); err != nil || !strings.HasPrefix(out, "chain intact; origin not checked: game "+id) || !strings.Contains(out, "every move replayed") {
		t.Errorf("verify --file of an unsigned export = %q, %v; want its chain and moves checked, its origin not", out, err)
	}

	// Elsewhere, the genuine export checks against the fingerprint the
	// game-over mail gives, or the key's file; with neither, it says
	// there was nothing to check it against.
	elsewhere := t.TempDir()
	if out := mustPbem(t, elsewhere, "verify", "--file", genuineFile); !strings.HasPrefix(out, "chain intact; origin not checked") || !strings.Contains(out, "no trusted key") {
		t.Errorf("verify --file without a key = %q, want origin not checked", out)
	}
	if out := mustPbem(t, elsewhere, "verify", "--file", genuineFile, "--key", fp); !strings.HasPrefix(out, "ok: game "+id) || !strings.Contains(out, "signed by the key given "+fp) {
		t.Errorf("verify --file --key FINGERPRINT = %q, want ok", out)
	}
	fpFile := write("service.key", []string{fp})
	for _, keyFile := range []string{fpFile, filepath.Join(dir, postoffice.SigningKeyFile)} {
		if out := mustPbem(t, elsewhere, "verify", "--file", genuineFile, "--key", keyFile); !strings.HasPrefix(out, "ok: game "+id) {
			t.Errorf("verify --file --key %s = %q, want ok", keyFile, out)
		}
	}
	if _, err := os.Stat(filepath.Join(elsewhere, postoffice.SigningKeyFile)); err == nil {
		t.Error("verify --file made a signing key: only the service makes one")
	}
	// A stored game needs no signature: the store is the origin.
	if out := mustPbem(t, dir, "verify", id); !strings.HasPrefix(out, "ok: game "+id) {
		t.Errorf("verify %s = %q", id, out)
	}
}

// forge rewrites a finished game's event lines as game id with the players
// swapped: every event resealed, the commitment recomputed for the new game
// from the seed GameEnded revealed.
func forge(t *testing.T, lines []string, id string) []string {
	t.Helper()
	var evs []events.Event
	for _, line := range lines {
		e, err := events.Decode([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, e)
	}
	var ge events.GameEnded
	if err := evs[len(evs)-1].Unmarshal(&ge); err != nil {
		t.Fatal(err)
	}
	seed, err := rules.ParseSeed(ge.Seed)
	if err != nil {
		t.Fatal(err)
	}
	var gc events.GameCreated
	if err := evs[0].Unmarshal(&gc); err != nil {
		t.Fatal(err)
	}
	gc.Players[0].Name, gc.Players[1].Name = gc.Players[1].Name, gc.Players[0].Name
	gc.Players[0].Address, gc.Players[1].Address = gc.Players[1].Address, gc.Players[0].Address
	gc.Commitment = projections.Commitment(seed, id, gc)
	if evs[0].Payload, err = json.Marshal(gc); err != nil {
		t.Fatal(err)
	}
	var out []string
	prev := ""
	for i, e := range evs {
		e = e.Seal(id, uint64(i+1), prev)
		prev = e.Hash
		out = append(out, string(e.Encode()))
	}
	return out
}

// TestSigningKeyKept: the signing key is made once, whole, readable by its
// owner only, and commands making it at once all get the same one.
func TestSigningKeyKept(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "data")
	keys := make(chan string, 8)
	for range cap(keys) {
		go func() {
			k, err := postoffice.SigningKey(dir)
			if err != nil {
				t.Error(err)
			}
			keys <- k.Public().String()
		}()
	}
	first := <-keys
	for range cap(keys) - 1 {
		if k := <-keys; k != first {
			t.Errorf("commands making the key at once got %s and %s", first, k)
		}
	}
	if k, err := postoffice.SigningKey(dir); err != nil || k.Public().String() != first {
		t.Errorf("the key read again = %s, %v; want %s", k.Public(), err, first)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != postoffice.SigningKeyFile {
		t.Errorf("the data directory holds %v, want the key alone", entries)
	}
	if fi, err := os.Stat(filepath.Join(dir, postoffice.SigningKeyFile)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the key's mode: %v, %v; want 0600", fi, err)
	}
}
