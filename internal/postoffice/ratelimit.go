package postoffice

import (
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// pageLimiter bounds the pages one client may ask for: a token bucket
// per client address, of burst pages at once and then one every
// interval. A page of a long game costs milliseconds of drawing; without
// a bound one client could keep every processor busy. Past the bound a
// client gets 429 and a sentence saying when to come back.
type pageLimiter struct {
	burst    float64
	interval time.Duration
	max      int // clients remembered at once
	now      func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// Page limits: thirty pages at once, then one a second, per client; at
// most 10 000 clients remembered.
const (
	pageBurst    = 30
	pageInterval = time.Second
	pageClients  = 10_000
)

func newPageLimiter(now func() time.Time) *pageLimiter {
	return &pageLimiter{burst: pageBurst, interval: pageInterval, max: pageClients, now: now, buckets: map[string]*bucket{}}
}

// limit serves h to the clients within their bound.
func (l *pageLimiter) limit(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !l.allow(client(r)) {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "Too many pages asked for from your address at once; wait a moment and try again.", http.StatusTooManyRequests)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// allow takes a token from who's bucket, and reports whether there was
// one.
func (l *pageLimiter) allow(who string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.buckets[who]
	if !ok {
		if len(l.buckets) >= l.max {
			l.forgetFull(now)
		}
		if len(l.buckets) >= l.max {
			return false // a flood of clients: the ones remembered go on
		}
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[who] = b
	}
	b.tokens = min(l.burst, b.tokens+float64(now.Sub(b.at))/float64(l.interval))
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// forgetFull forgets the clients whose buckets have filled again: they
// would start where a new one does.
func (l *pageLimiter) forgetFull(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+float64(now.Sub(b.at))/float64(l.interval) >= l.burst {
			delete(l.buckets, k)
		}
	}
}

// client is who asks for a page: the address of the connection, or, when
// that is the loopback where the reverse proxy runs, the client the proxy
// names last in X-Forwarded-For (the one it saw itself).
func client(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			hops := strings.Split(xff, ",")
			return strings.TrimSpace(hops[len(hops)-1])
		}
	}
	return host
}
