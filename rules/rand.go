package rules

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
)

// Rand is a deterministic random source kept inside a game state. It is a
// plain value: copying a state copies its Rand, so a state's future draws do
// not depend on what was drawn from a copy. Methods that draw need a pointer
// and must only be called on a state being built, never on a receiver.
type Rand struct {
	pcg rand.PCG
}

// NewRand returns the random source for a seed and a stream name, so that
// one game can draw independent streams (for example "tiles" and "bag").
func NewRand(seed Seed, stream string) Rand {
	// Hashing the whole seed with the stream's name makes every bit of the
	// seed count and keeps streams apart.
	h := sha256.Sum256(append(seed[:], stream...))
	return Rand{pcg: *rand.NewPCG(binary.BigEndian.Uint64(h[0:8]), binary.BigEndian.Uint64(h[8:16]))}
}

// IntN returns a number in [0, n). It panics if n <= 0.
func (r *Rand) IntN(n int) int { return rand.New(&r.pcg).IntN(n) }

// Shuffle shuffles n elements with swap.
func (r *Rand) Shuffle(n int, swap func(i, j int)) { rand.New(&r.pcg).Shuffle(n, swap) }
