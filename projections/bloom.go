package projections

import "hash/fnv"

// bloomBits is the size of a rebuild's filter of the players written:
// 4 MiB, under 1% false "maybe"s up to three million players.
const bloomBits = 1 << 25

// bloom is a Bloom filter of strings: maybe is false for a string never
// added, and seldom true for one.
type bloom struct{ bits []uint64 }

func newBloom(n int) bloom { return bloom{bits: make([]uint64, (n+63)/64)} }

// probes are the filter's three bits for s, by double hashing (Kirsch and
// Mitzenmacher) of one 64-bit FNV-1a.
func (b bloom) probes(s string) [3]uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	sum := h.Sum64()
	h1, h2 := sum&0xffffffff, sum>>32|1
	n := uint64(len(b.bits) * 64)
	return [3]uint64{h1 % n, (h1 + h2) % n, (h1 + 2*h2) % n}
}

func (b bloom) add(s string) {
	for _, i := range b.probes(s) {
		b.bits[i/64] |= 1 << (i % 64)
	}
}

func (b bloom) maybe(s string) bool {
	for _, i := range b.probes(s) {
		if b.bits[i/64]&(1<<(i%64)) == 0 {
			return false
		}
	}
	return true
}
