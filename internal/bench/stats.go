package bench

import (
	"slices"
	"time"
)

// Latencies collects durations and reports their percentiles.
type Latencies []time.Duration

// Percentile returns the p-th percentile (0 < p ≤ 100) by the nearest-rank
// method, 0 when there is none.
func (l Latencies) Percentile(p float64) time.Duration {
	if len(l) == 0 {
		return 0
	}
	s := slices.Clone(l)
	slices.Sort(s)
	i := int(float64(len(s))*p/100+0.999999) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// perSecond is n per d, in events per second.
func perSecond(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}
