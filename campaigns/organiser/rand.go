package organiser

import "crypto/rand"

// cryptoRand reads crypto/rand, the entropy of a service given none.
type cryptoRand struct{}

func (cryptoRand) Read(b []byte) (int, error) { return rand.Read(b) }
