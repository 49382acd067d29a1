package postoffice

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestAskHealth: a service answering 200 gives its report; one answering
// otherwise, one not listening, one too slow and a malformed address each
// give an error that says which.
func TestAskHealth(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ok":
			w.Write([]byte(`{"status":"ok"}` + "\n"))
		case "/slow":
			<-r.Context().Done()
		default:
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte(`{"status":"degraded","intake":"卡住"}`))
		}
	}))
	defer srv.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	for _, tc := range []struct {
		name, url string
		report    string // when healthy
		err       string // else, in the error
	}{
		{"OK", srv.URL + "/ok", `{"status":"ok"}`, ""},
		{"Err503", srv.URL + "/healthz", "", `503 Service Unavailable: {"status":"degraded","intake":"卡住"}`},
		{"ErrNotListening", closed.URL + "/healthz", "", "health: "},
		{"ErrTimeout", srv.URL + "/slow", "", "deadline exceeded"},
		{"ErrURL", "http://[::1", "", `--url "http://[::1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			report, err := AskHealth(ctx, tc.url)
			if tc.err == "" {
				if err != nil || report != tc.report {
					t.Errorf("AskHealth(%s) = %q, %v, want %q", tc.url, report, err, tc.report)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("AskHealth(%s) = %q, %v, want an error with %q", tc.url, report, err, tc.err)
			}
		})
	}
}
