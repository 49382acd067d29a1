package campaigns_test

import (
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
)

// TestFoldRefusesUnknownKind: a campaign of a kind pbem does not run is
// refused, naming the kinds it does; each of those folds.
func TestFoldRefusesUnknownKind(t *testing.T) {
	created := campaigns.Created{Kind: "锦标赛", Game: "atacama", Entries: players(4)}
	_, err := campaigns.Fold("cabcdef", []campaigns.Fact{created})
	if want := `no kind of campaign "锦标赛"; the kinds are ` + strings.Join(campaigns.Kinds, ", "); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Fold of a 锦标赛 = %v, want %q", err, want)
	}
	for _, kind := range campaigns.Kinds {
		created.Kind = kind
		if _, err := campaigns.Fold("cabcdef", []campaigns.Fact{created}); err != nil {
			t.Errorf("Fold of a %s of 4 = %v", kind, err)
		}
	}
}
