package games

import "github.com/pbem-games/pbem/events"

// ExportLines returns a history as stored: one encoded event each.
func ExportLines(evs []events.Event) [][]byte {
	lines := make([][]byte, len(evs))
	for i, e := range evs {
		lines[i] = e.Encode()
	}
	return lines
}

// Export is a history's events, one a line, as stored.
func Export(evs []events.Event) []byte {
	var b []byte
	for _, line := range ExportLines(evs) {
		b = append(append(b, line...), '\n')
	}
	return b
}

// SignedExport is a history as "pbem export" prints it and a game-over
// mail attaches it: its events, then a line with key's signature over the
// game and the last hash (events.Signature). A nil key, or no events,
// leaves the signature out.
func SignedExport(evs []events.Event, key *events.SigningKey) []byte {
	return SignedExportLeaving(evs, key, nil)
}

// SignedExportLeaving is SignedExport with each event for which leave
// says so left out (events.Redact): a player's export leaves out the
// plans of the others that only they may know. A nil leave leaves out
// nothing. The history still verifies, and its signature still signs it.
func SignedExportLeaving(evs []events.Event, key *events.SigningKey, leave func(events.Event) bool) []byte {
	var b []byte
	for i, line := range ExportLines(evs) {
		if leave != nil && leave(evs[i]) {
			line = events.Redact(evs[i])
		}
		b = append(append(b, line...), '\n')
	}
	if key == nil || len(evs) == 0 {
		return b
	}
	last := evs[len(evs)-1]
	return append(append(b, key.Sign(last.Game, last.Hash).Encode()...), '\n')
}
