package archipelago

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// ReadList keeps seat p's programmed list, sent now, so that each line
// means when played what it meant when written. Players write a list in
// the order their turns come: the bid, the gifts to this round's crises,
// the actions, the evolution. So a PASS written before any action, while
// a gift of p's to a crisis of this round is still to come, is that gift
// of nothing: the first such PASS is FEED NONE if a domestic crisis is
// ahead, the next EXPORT NONE if an export crisis is. A gift of nothing
// (those, and FEED NONE or EXPORT NONE written out) is kept with IF
// NEEDED: when the crisis is over before p's turn to give, it is left out
// and the list goes on, where a plain line would stop it. A PASS written
// after an action line, or when no gift is ahead, passes for the round.
func (s *state) ReadList(p rules.Seat, lines []string) []string {
	if int(p) < 0 || int(p) >= s.seats {
		return lines
	}
	ahead := s.giftsAhead(int(p))
	out := slices.Clone(lines)
	for i, line := range lines {
		bare, cond := cutIfNeeded(line)
		words := tokens(bare)
		if len(words) == 0 {
			continue
		}
		if _, err := strconv.Atoi(words[0]); err == nil {
			continue // a bid
		}
		verb, ok := lookup(words[0], verbs)
		switch {
		case !ok:
			ahead = nil
		case verb == KBid || verb == KOrder || verb == KOffer || verb == KAccept || verb == KDecline || verb == KWithdraw:
		case verb == KPass && len(words) == 1 && len(ahead) > 0:
			m := blank(ahead[0])
			ahead = ahead[1:]
			out[i] = m.String() + " IF NEEDED"
		case verb == KFeed || verb == KExport:
			if j := slices.Index(ahead, verb); j >= 0 {
				ahead = ahead[j+1:]
			}
			if mv, err := s.Parse(p, bare); err == nil && !cond {
				if m := mv.(Move); sum3(m.N) == 0 {
					out[i] = m.String() + " IF NEEDED"
				}
			}
		default:
			ahead = nil
		}
	}
	return out
}

// cutIfNeeded returns line without its condition "IF NEEDED" (or
// "如有需要"), and whether it had one, as the mail side reads it
// (games.IfNeeded).
func cutIfNeeded(line string) (string, bool) {
	w := strings.Fields(line)
	n := len(w)
	switch {
	case n > 2 && strings.EqualFold(w[n-2], "IF") && strings.EqualFold(w[n-1], "NEEDED"):
		return strings.Join(w[:n-2], " "), true
	case n > 0 && strings.HasSuffix(w[n-1], "如有需要"):
		if bare := strings.TrimSpace(strings.TrimSuffix(strings.Join(w, " "), "如有需要")); bare != "" {
			return bare, true
		}
	}
	return line, false
}

// giftsAhead are the gifts seat p still has to make to this round's
// crises, in order: KFeed for the domestic crisis, KExport for the export
// crisis.
func (s *state) giftsAhead(p int) []Kind {
	var out []Kind
	switch {
	case s.round > 1 && (s.phase == phBid || s.phase == phOrder):
		if n := len(s.pile); n > 0 {
			b := cards[s.pile[n-1]].back
			if !b.homeRed {
				out = append(out, KFeed)
			}
			if !b.exportRed {
				out = append(out, KExport)
			}
		}
	case s.phase == phCrisis && s.after == phActions:
		given := slices.Index(s.order[:s.seats], int8(p)) < int(s.crisis.idx)
		if !given && s.crisis.kind == qHome {
			out = append(out, KFeed)
		} else if !given {
			out = append(out, KExport)
		}
		if s.crisis.kind == qHome && slices.ContainsFunc(s.queue, func(q queued) bool { return q.kind == qExport }) {
			out = append(out, KExport)
		}
	}
	return out
}
