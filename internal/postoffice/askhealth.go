package postoffice

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// DefaultHealthURL is where a service started with --health
// 127.0.0.1:8025 (or http_listen) answers.
const DefaultHealthURL = "http://127.0.0.1:8025/healthz"

// AskHealth asks a running service's /healthz at url, as a container's
// health check or a monitoring script does where there is no curl: it
// returns the report when the service answers 200, and an error with its
// answer otherwise. ctx bounds the wait.
func AskHealth(ctx context.Context, url string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", fmt.Errorf("health: --url %q: %v", url, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("health: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	report := strings.TrimSpace(string(body))
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("health: %s answers %s: %s", url, resp.Status, report)
	}
	return report, nil
}
