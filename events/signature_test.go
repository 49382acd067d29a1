package events

import (
	"bytes"
	"errors"
	"testing"
)

// TestSignature signs a history's end and checks that only that game and
// hash, signed by that key, pass; the line reads back as it was written.
func TestSignature(t *testing.T) {
	key, err := NewSigningKey(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	again, err := ParseSigningKey(key.String() + "\n")
	if err != nil || !again.Public().Equal(key.Public()) {
		t.Fatalf("ParseSigningKey(String()) = %v, %v; want the same key", again.Public(), err)
	}
	pub, err := ParsePublicKey(key.Public().String())
	if err != nil || !pub.Equal(key.Public()) {
		t.Fatalf("ParsePublicKey(%s) = %v, %v", key.Public(), pub, err)
	}
	hash := hashBytes([]byte("last event"))
	sig := key.Sign("abc234", hash)
	line := sig.Encode()
	got, ok := ParseSignature(line)
	if !ok || got != sig {
		t.Fatalf("ParseSignature(%s) = %+v, %v", line, got, ok)
	}
	if signer, err := got.Check("abc234", hash); err != nil || !signer.Equal(key.Public()) {
		t.Errorf("Check of a good signature = %v, %v", signer, err)
	}
	if _, err := got.Check("xyz789", hash); !errors.Is(err, ErrSignature) {
		t.Errorf("Check for another game = %v, want ErrSignature", err)
	}
	if _, err := got.Check("abc234", hashBytes([]byte("other"))); !errors.Is(err, ErrSignature) {
		t.Errorf("Check for another hash = %v, want ErrSignature", err)
	}
	renamed := got
	renamed.Game, renamed.Hash = "xyz789", hashBytes([]byte("other"))
	if _, err := renamed.Check("xyz789", renamed.Hash); !errors.Is(err, ErrSignature) {
		t.Errorf("Check of a signature moved to another history = %v, want ErrSignature", err)
	}
	other, _ := NewSigningKey(bytes.Repeat([]byte{8}, 32))
	stolen := got
	stolen.Key = other.Public().String()
	if _, err := stolen.Check("abc234", hash); !errors.Is(err, ErrSignature) {
		t.Errorf("Check under another key = %v, want ErrSignature", err)
	}
	for _, notSig := range []string{`{"game":"abc234","seq":1}`, `{"signature":""}`, `{"signature":"x","extra":1}`, `not json`} {
		if _, ok := ParseSignature([]byte(notSig)); ok {
			t.Errorf("ParseSignature(%s) took it for a signature", notSig)
		}
	}
}
