package events

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// A history's hashes prove only that it is whole: once a game is over its
// seed is public, so anyone can write a history of their own, seal every
// event and make a chain that checks. What proves where a history comes
// from is the service's signature over its last hash: a final line after
// the events of an export, which an old export simply lacks.

// KeyPrefix begins a public key written as text, its fingerprint.
const KeyPrefix = "ed25519:"

// signedPrefix separates what a history signature signs from anything else
// the key might ever sign.
const signedPrefix = "pbem history signature v1\n"

// SigningKey is the service's key for signing histories.
type SigningKey struct {
	priv ed25519.PrivateKey
}

// NewSigningKey returns the key of a 32-byte ed25519 seed.
func NewSigningKey(seed []byte) (SigningKey, error) {
	if len(seed) != ed25519.SeedSize {
		return SigningKey{}, fmt.Errorf("events: a signing key is %d bytes, not %d", ed25519.SeedSize, len(seed))
	}
	return SigningKey{priv: ed25519.NewKeyFromSeed(seed)}, nil
}

// ParseSigningKey reads a signing key as kept in a file: its seed in hex.
func ParseSigningKey(text string) (SigningKey, error) {
	seed, err := hex.DecodeString(strings.TrimSpace(text))
	if err != nil {
		return SigningKey{}, fmt.Errorf("events: a signing key is %d hex digits", 2*ed25519.SeedSize)
	}
	return NewSigningKey(seed)
}

// String returns the key as kept in a file: its seed in hex.
func (k SigningKey) String() string { return hex.EncodeToString(k.priv.Seed()) }

// Public returns the key's public half.
func (k SigningKey) Public() PublicKey { return PublicKey(k.priv.Public().(ed25519.PublicKey)) }

// Sign returns the signature line for a history of game whose last event
// hashes to hash.
func (k SigningKey) Sign(game, hash string) Signature {
	sig := ed25519.Sign(k.priv, signedMessage(game, hash))
	return Signature{Signature: base64.RawURLEncoding.EncodeToString(sig), Key: k.Public().String(), Game: game, Hash: hash}
}

// PublicKey is the public half of a signing key.
type PublicKey ed25519.PublicKey

// String returns the key's fingerprint, "ed25519:" and the key itself in
// base64url: short enough to print in a mail, and whole, so that it is all
// one needs to check a signature.
func (p PublicKey) String() string { return KeyPrefix + base64.RawURLEncoding.EncodeToString(p) }

// Equal reports whether p and q are the same key.
func (p PublicKey) Equal(q PublicKey) bool { return bytes.Equal(p, q) }

// ParsePublicKey reads a fingerprint written by PublicKey.String.
func ParsePublicKey(text string) (PublicKey, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), KeyPrefix)
	b, err := base64.RawURLEncoding.Strict().DecodeString(rest)
	if !ok || err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("events: %q is not a key fingerprint (%s and %d bytes in base64url)", text, KeyPrefix, ed25519.PublicKeySize)
	}
	return PublicKey(b), nil
}

// Signature is the last line of a signed export: the service's signature
// over the game's id and the hash of its last event, which the hash chain
// ties to every event before it.
type Signature struct {
	Signature string `json:"signature"` // ed25519, base64url
	Key       string `json:"key"`       // the signer's fingerprint (PublicKey.String)
	Game      string `json:"game"`
	Hash      string `json:"hash"`
}

// Encode returns the signature line, without its newline.
func (s Signature) Encode() []byte {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // strings only
	}
	return b
}

// signaturePrefix begins a signature line, and no other line of an
// export.
var signaturePrefix = []byte(`{"signature":`)

// IsSignature reports whether line is, or claims to be, a signature line.
func IsSignature(line []byte) bool { return bytes.HasPrefix(line, signaturePrefix) }

// ParseSignature reads a line as a signature line, exactly as Encode
// writes it; ok is false when the line is not one (an event, say, or a
// signature line with a byte changed outside its strings).
func ParseSignature(line []byte) (s Signature, ok bool) {
	line = bytes.TrimRight(line, "\r\n")
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(&s); err != nil || s.Signature == "" || d.More() || !bytes.Equal(s.Encode(), line) {
		return Signature{}, false
	}
	return s, true
}

// ErrSignature is the error of a signature that does not sign the history
// it ends.
var ErrSignature = errors.New("events: the signature does not match the history")

// Check checks that s is a good signature, by the key it names, of the
// history of game whose last event hashes to hash, and returns the key.
// A history renamed or re-chained after it was signed fails here.
func (s Signature) Check(game, hash string) (PublicKey, error) {
	key, err := ParsePublicKey(s.Key)
	if err != nil {
		return nil, err
	}
	if s.Game != game || s.Hash != hash {
		return key, fmt.Errorf("%w: it signs game %s ending in hash %.12s…, the history is game %s ending in %.12s…; the history was renamed, re-chained or changed after it was signed",
			ErrSignature, s.Game, s.Hash, game, hash)
	}
	sig, err := base64.RawURLEncoding.Strict().DecodeString(s.Signature)
	if err != nil || !ed25519.Verify(ed25519.PublicKey(key), signedMessage(game, hash), sig) {
		return key, fmt.Errorf("%w: key %s did not make this signature over game %s", ErrSignature, s.Key, game)
	}
	return key, nil
}

func signedMessage(game, hash string) []byte {
	return []byte(signedPrefix + game + "\n" + hash)
}
