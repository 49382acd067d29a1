package altiplano

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

var (
	_ rules.Secrets = (*state)(nil)
	_ rules.Guide   = (*state)(nil)
)

// Secrets returns what only seat i may see: its planning spaces, the
// placements of this round while the plans are hidden, and its missions;
// for Observer, the order of every bag, which nobody may see.
func (s *state) Secrets(i rules.Seat) []string {
	if s.phase == phaseOver {
		return nil
	}
	var out []string
	if i == rules.Observer {
		for k, p := range s.players {
			if len(p.bag) > 1 {
				top := slices.Clone(p.bag)
				slices.Reverse(top)
				out = append(out, fmt.Sprintf("seat %d bag from the top: %s", k, strings.Join(goodNames(top), ", ")))
			}
		}
		return out
	}
	if i < 0 || int(i) >= s.seats {
		return nil
	}
	o := s.ownView(int(i))
	for _, x := range o.Planning {
		out = append(out, jsonOf(x))
	}
	for _, x := range o.Placed {
		out = append(out, jsonOf(x))
	}
	for _, x := range o.Missions {
		out = append(out, fmt.Sprintf(`"seat":%d,"name":%q`, x.Seat, x.Name))
	}
	return out
}

// jsonOf is the JSON of x, as it appears inside a view's JSON.
func jsonOf(x any) string {
	b, _ := json.Marshal(x)
	return string(b)
}
