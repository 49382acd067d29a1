package rules

import (
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
	hi := binary.BigEndian.Uint64(seed[0:8]) ^ binary.BigEndian.Uint64(seed[16:24])
	lo := binary.BigEndian.Uint64(seed[8:16]) ^ binary.BigEndian.Uint64(seed[24:32])
	for _, c := range []byte(stream) { // FNV-1a of the stream name
		hi ^= uint64(c)
		hi *= 1099511628211
	}
	return Rand{pcg: *rand.NewPCG(hi, lo)}
}

// IntN returns a number in [0, n). It panics if n <= 0.
func (r *Rand) IntN(n int) int { return rand.New(&r.pcg).IntN(n) }

// Shuffle shuffles n elements with swap.
func (r *Rand) Shuffle(n int, swap func(i, j int)) { rand.New(&r.pcg).Shuffle(n, swap) }
