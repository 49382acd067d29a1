package projections

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/events"
)

// Verdict is the line pbem verify prints of a history that verifies, as
// docs/history-format.md writes it: clauses joined by "; ". Only a
// history whose origin is checked (or a stored one), and whose lines
// left out are all bound, is "ok": an unsigned history's chain anyone
// could have made, and a line left out the old way could stand for any
// event.
func Verdict(rep Report, checked bool, origin string) string {
	var c []string
	switch {
	case !checked:
		c = append(c, fmt.Sprintf("chain intact; origin not checked: game %s, %d events", rep.Game, rep.Events))
	case rep.RedactedOld > 0:
		c = append(c, fmt.Sprintf("chain intact; lines left out the old way not checked: game %s, %d events", rep.Game, rep.Events))
	default:
		c = append(c, fmt.Sprintf("ok: game %s, %d events, hash chain intact", rep.Game, rep.Events))
	}
	if rep.OldHashes > 0 {
		c = append(c, fmt.Sprintf("events 1 to %d carry hashes of schema 1, which do not bind what a line leaving one out shows", rep.OldHashes))
	}
	if rep.Redacted > 0 {
		c = append(c, fmt.Sprintf("%d events left out, each bound by its hash to its type, actor, time and payload", rep.Redacted))
	}
	if rep.RedactedOld > 0 {
		c = append(c, fmt.Sprintf("%d events left out the old way, bound by no hash to the type, actor and time shown: each could stand for any event", rep.RedactedOld))
	}
	switch {
	case rep.Over:
		c = append(c, fmt.Sprintf("seed %s matches the commitment", rep.Seed), "every move replayed", "final scores "+JoinInts(rep.Scores))
	case rep.Replayed:
		c = append(c, "the service's seed matches the commitment", "every move replayed (the game is still running)")
	default:
		c = append(c, "the seed stays secret until the game ends, so the moves can be replayed only then")
	}
	if origin != "" {
		c = append(c, origin)
	}
	return strings.Join(c, "; ")
}

// ErrForeign is the error of a history signed by a key other than the one
// trusted.
var ErrForeign = errors.New("the history was not signed by the key trusted")

// CheckOrigin says what the history's signature shows of where it comes
// from, given the trusted key (nil: none), or why it did not come from
// there. A history without a signature fails only when a key was asked
// for (--key); otherwise its chain is all that was checked, and it says so.
func CheckOrigin(rep Report, trusted events.PublicKey, whose string, asked bool) (checked bool, note string, err error) {
	switch {
	case rep.Signer == nil && asked:
		return false, "", fmt.Errorf("the history carries no signature, so it cannot be shown to come from %s %s", whose, trusted)
	case rep.Signer == nil:
		return false, "the history carries no signature (exports made before histories were signed lack it), so anyone could have made it", nil
	case trusted == nil:
		return false, fmt.Sprintf("signed by key %s, but there is no trusted key to check it against (give --key FINGERPRINT)", rep.Signer), nil
	case !rep.Signer.Equal(trusted):
		return false, "", fmt.Errorf("line %d: %w: it is signed by key %s, not by %s %s; it did not come from there", rep.SignatureLine, ErrForeign, rep.Signer, whose, trusted)
	}
	return true, fmt.Sprintf("signed by %s %s", whose, trusted), nil
}

// SplitLines splits JSON lines, dropping empty lines at the end only: an
// empty line inside a history is itself a break.
func SplitLines(data []byte) [][]byte {
	lines := bytes.Split(bytes.TrimRight(data, "\r\n"), []byte("\n"))
	if len(lines) == 1 && len(lines[0]) == 0 {
		return nil
	}
	return lines
}

// joinInts writes xs as "3, 1, 2".
// JoinInts writes numbers as a list, "24, 8": scores in the verdict, the
// command line and the letters alike.
func JoinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ", ")
}
