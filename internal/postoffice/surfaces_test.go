package postoffice

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestHealthzTellsThePublicOnlyStatus: /healthz answers anyone with the
// service's status alone; the report with its addresses, Message-IDs and
// errors comes only on /healthz?detail from the loopback (not through a
// proxy, which says whom it forwards for) or with the configured token.
func TestHealthzTellsThePublicOnlyStatus(t *testing.T) {
	_, ms := loopbackServers(t, "games", "ana")
	s := serve(t, ms, serving{change: func(c *Config) { c.HealthToken = "s3cret-token" }})
	h := s.po.Handler()
	for _, tt := range []struct {
		name, target, remote string
		header               map[string]string
		detail               bool
	}{
		{"Public", "/healthz", "203.0.113.9:4000", nil, false},
		{"PublicAsksDetail", "/healthz?detail", "203.0.113.9:4000", nil, false},
		{"PublicWrongToken", "/healthz?detail", "203.0.113.9:4000", map[string]string{"Authorization": "Bearer nope"}, false},
		{"PublicToken", "/healthz?detail", "203.0.113.9:4000", map[string]string{"Authorization": "Bearer s3cret-token"}, true},
		{"Loopback", "/healthz", "127.0.0.1:4000", nil, false},
		{"LoopbackDetail", "/healthz?detail", "127.0.0.1:4000", nil, true},
		{"ThroughAProxy", "/healthz?detail", "127.0.0.1:4000", map[string]string{"X-Forwarded-For": "203.0.113.9"}, false},
		{"ThroughAProxyForwarded", "/healthz?detail", "[::1]:4000", map[string]string{"Forwarded": "for=203.0.113.9"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", tt.target, nil)
			req.RemoteAddr = tt.remote
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK && rec.Code != http.StatusServiceUnavailable {
				t.Fatalf("GET %s = %d, want 200 or 503", tt.target, rec.Code)
			}
			var body map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatalf("GET %s: %v in %q", tt.target, err, rec.Body.String())
			}
			_, healthy := body["healthy"]
			_, mailroom := body["mailroom"]
			switch {
			case !healthy:
				t.Errorf("GET %s does not say whether the service is healthy: %s", tt.target, rec.Body.String())
			case tt.detail && !mailroom:
				t.Errorf("GET %s from %s gave no details: %s", tt.target, tt.remote, rec.Body.String())
			case !tt.detail && (len(body) != 1 || strings.Contains(rec.Body.String(), "@")):
				t.Errorf("GET %s from %s (%v) tells more than the status: %s", tt.target, tt.remote, tt.header, rec.Body.String())
			}
		})
	}
}

// TestHTTPServerTimeouts: the listener bounds how long a client may take
// to send its request and read the answer, and how long an idle
// connection stays open, so that slow clients cannot hold every socket.
func TestHTTPServerTimeouts(t *testing.T) {
	srv := newHTTPServer(http.NotFoundHandler())
	for name, d := range map[string]time.Duration{"ReadHeaderTimeout": srv.ReadHeaderTimeout, "ReadTimeout": srv.ReadTimeout,
		"WriteTimeout": srv.WriteTimeout, "IdleTimeout": srv.IdleTimeout} {
		if d <= 0 || d > 5*time.Minute {
			t.Errorf("the listener's %s is %v, want a bound of a few minutes at most", name, d)
		}
	}
}

// TestPagesRateLimited: one client asking for page after page gets 429
// with a sentence once past its burst; another client, and the same one a
// while later, are served.
func TestPagesRateLimited(t *testing.T) {
	_, ms := loopbackServers(t, "games", "ana")
	s := serve(t, ms, serving{})
	h := s.po.Handler()
	get := func(remote, xff string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/rules/atacama", nil)
		req.RemoteAddr = remote
		if xff != "" {
			req.Header.Set("X-Forwarded-For", xff)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	limited := 0
	for range 100 {
		if rec := get("203.0.113.9:4000", ""); rec.Code == http.StatusTooManyRequests {
			limited++
			if !strings.Contains(rec.Body.String(), "try again") {
				t.Fatalf("the 429 says %q, want a sentence saying to try again", rec.Body.String())
			}
		}
	}
	if limited < 50 {
		t.Errorf("a hundred pages at once from one client: %d answered 429, want all past the burst of %d", limited, pageBurst)
	}
	// Behind the proxy on the loopback, each of its clients has a bucket.
	for range pageBurst + 5 {
		get("127.0.0.1:5000", "198.51.100.1")
	}
	if rec := get("127.0.0.1:5000", "198.51.100.2"); rec.Code != http.StatusOK {
		t.Errorf("another client behind the proxy got %d, want 200", rec.Code)
	}
	if rec := get("198.51.100.7:4000", ""); rec.Code != http.StatusOK {
		t.Errorf("another client got %d, want 200", rec.Code)
	}
}
