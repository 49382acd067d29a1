package postoffice

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games"
)

// TestExportVerifies: a game's and a campaign's exports are signed by the
// data directory's key, so that each verifies from the file alone with
// its origin checked; signed by another data directory's key, the file
// does not pass as this one's; a game or campaign there is not is refused.
func TestExportVerifies(t *testing.T) {
	ctx := context.Background()
	dir, other := t.TempDir(), t.TempDir()
	id := operatorGame(t, dir, "ana@example.org", "bea@example.net")
	offline(t, dir, func(svc *games.Service) {
		org := &organiser.Service{Games: svc}
		cid, err := org.Create(ctx, organiser.NewCampaign{Kind: "roundrobin", Game: "atacama", Players: []string{"ana@example.org", "bea@example.net", "cy@example.com"}, Organiser: "operator"})
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name   string
			export func(data string) ([]byte, error)
			verify func(file, data string) (string, error)
			ok     string
		}{
			{"Game", func(data string) ([]byte, error) { return ExportGame(ctx, svc, data, id) },
				func(file, data string) (string, error) { return VerifyFile(svc.Catalog, data, file, "") }, "ok: game " + id},
			{"Campaign", func(data string) ([]byte, error) { return ExportCampaign(ctx, org, data, cid, true) },
				func(file, data string) (string, error) { return VerifyCampaignFile(svc.Catalog, data, file, "") }, "ok: campaign " + cid},
		} {
			t.Run(tc.name, func(t *testing.T) {
				b, err := tc.export(dir)
				if err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(t.TempDir(), "export.jsonl")
				if err := os.WriteFile(file, b, 0o600); err != nil {
					t.Fatal(err)
				}
				if line, err := tc.verify(file, dir); err != nil || !strings.HasPrefix(line, tc.ok) {
					t.Errorf("the export verified against its own key = %q, %v; want %q", line, err, tc.ok)
				}
				signed, err := tc.export(other)
				if err != nil {
					t.Fatal(err)
				}
				if bytes.Equal(signed, b) {
					t.Fatal("two data directories' keys signed alike")
				}
				if err := os.WriteFile(file, signed, 0o600); err != nil {
					t.Fatal(err)
				}
				if line, err := tc.verify(file, dir); err == nil || !strings.Contains(err.Error(), "not signed by the key trusted") {
					t.Errorf("an export signed by another data directory's key = %q, %v; want it refused as not signed by this one's", line, err)
				}
			})
		}
		if _, err := ExportGame(ctx, svc, dir, "zzzzzz"); err == nil {
			t.Error("ExportGame of a game there is not succeeded")
		}
		if _, err := ExportCampaign(ctx, org, dir, "czzzzzz", false); err == nil {
			t.Error("ExportCampaign of a campaign there is not succeeded")
		}
	})
}
