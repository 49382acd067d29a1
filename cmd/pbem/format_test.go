package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// TestHistoryFormatExample keeps docs/history-format.md's worked examples
// true: its event lines, body, header, left-out line, signature and
// commitment are what pbem writes, and its two events and signature, as a
// file, get the same verdict from pbem verify --file and from
// scripts/verify_history.py.
func TestHistoryFormatExample(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "history-format.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := func(prefix string) []byte {
		t.Helper()
		for _, b := range strings.Split(string(doc), "```\n")[1:] {
			if b = strings.TrimSpace(b); strings.HasPrefix(b, prefix) {
				return []byte(b)
			}
		}
		t.Fatalf("docs/history-format.md has no example beginning %s", prefix)
		return nil
	}
	e1, err := events.Decode(block(`{"game":"k7m2p9","seq":1,`))
	if err != nil {
		t.Fatalf("the example of event 1: %v", err)
	}
	e2, err := events.Decode(block(`{"game":"k7m2p9","seq":2,"type":"MovePlayed","v":1,"time":"2025-01-02T04:04:05.678Z","actor":1,"payload"`))
	if err != nil || e2.Prev != e1.Hash {
		t.Fatalf("the example of event 2: %v, or its prev is not event 1's hash", err)
	}
	body := block(`{"payload":`)
	sum := sha256.Sum256(body)
	if got, _ := e2.BodyHash(); got != hex.EncodeToString(sum[:]) || !bytes.Contains(doc, []byte(got)) {
		t.Errorf("event 2's body hash is %s; the example's body %s hashes to %x", got, body, sum)
	}
	header := block(`{"game":"k7m2p9","seq":2,"type":"MovePlayed","v":1,"time":"2025-01-02T04:04:05.678Z","actor":1,"body"`)
	if sum := sha256.Sum256(header); events.HashV2+hex.EncodeToString(sum[:]) != e2.Hash {
		t.Errorf("the example's header hashes to %x, event 2's hash is %s", sum, e2.Hash)
	}
	if got, want := events.Redact(e2), block(`{"redacted":true,"game":"k7m2p9"`); !bytes.Equal(got, want) {
		t.Errorf("Redact(event 2) = %s, the example says %s", got, want)
	}
	key, err := events.NewSigningKey(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	sig := block(`{"signature":"`)
	if got := key.Sign(e2.Game, e2.Hash).Encode(); !bytes.Equal(got, sig) || !bytes.Contains(doc, []byte(key.Public().String())) {
		t.Errorf("the signature of the example = %s, the example says %s with key %s", got, sig, key.Public())
	}
	var gc events.GameCreated
	if err := e1.Unmarshal(&gc); err != nil {
		t.Fatal(err)
	}
	var seed rules.Seed
	for i := range seed {
		seed[i] = byte(i)
	}
	if got := projections.Commitment(seed, e1.Game, gc); got != gc.Commitment {
		t.Errorf("the example's commitment is %s, its seed's is %s", gc.Commitment, got)
	}

	file := filepath.Join(t.TempDir(), "example.jsonl")
	if err := os.WriteFile(file, []byte(strings.Join([]string{string(e1.Encode()), string(e2.Encode()), string(sig)}, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fp := key.Public().String()
	want := "ok: game k7m2p9, 2 events, hash chain intact; the seed stays secret until the game ends, so the moves can be replayed only then; signed by the key given " + fp
	if out := strings.TrimSpace(mustPbem(t, t.TempDir(), "verify", "--file", file, "--key", fp)); out != want {
		t.Errorf("pbem verify --file of the example = %q, want %q", out, want)
	}
	python := pythonVerifier(t)
	out, err := exec.Command(python, filepath.Join("..", "..", "scripts", "verify_history.py"), file, "--key", fp).CombinedOutput()
	if got := strings.TrimSpace(string(out)); err != nil || got != want {
		t.Errorf("verify_history.py of the example = %q, %v; want %q", got, err, want)
	}
}
