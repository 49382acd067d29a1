//go:build !unix

package mailtest

import "time"

const canReserve = false

type lockFile interface{ release() }

type noLock struct{}

func (noLock) release() {}

// acquire reserves nothing where there is no flock: tests of several
// packages then share the servers without waiting.
func acquire(string, func(), time.Duration) (lockFile, error) { return noLock{}, nil }
