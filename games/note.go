package games

import (
	"cmp"

	"github.com/pbem-games/pbem/events"
)

// Note is what the notice policy needs to know of an Append beyond its
// events: the command side writes it in the headers of the Append's last
// event, and the outbox reads it there to derive the Append's mail.
type Note struct {
	ReplyTo string // the Message-ID of the player's mail that caused it, if any
	More    bool   // more moves of the same mail follow
	Domain  string // of the Message-IDs, the service's when it was stored
}

// Headers of the note of an Append of games.
const (
	noteReplyTo = "Pbem-Reply-To"
	noteMore    = "Pbem-More" // "1" for true
	noteDomain  = "Pbem-Domain"
)

// note returns the note of the Append of the events c causes.
func (s *Service) note(c Cause) map[string]string {
	n := map[string]string{noteDomain: s.IDDomain()}
	if c.ReplyTo != "" {
		n[noteReplyTo] = c.ReplyTo
	}
	if c.More {
		n[noteMore] = "1"
	}
	return n
}

// ReadNote reads the note of the Append whose last event is r.
func (s *Service) ReadNote(r events.Record) Note {
	return Note{ReplyTo: r.Header[noteReplyTo], More: r.Header[noteMore] == "1", Domain: cmp.Or(r.Header[noteDomain], s.IDDomain())}
}

// IDDomain is the right-hand side of the Message-IDs of the mail the
// service's events cause.
func (s *Service) IDDomain() string { return cmp.Or(s.Domain, "pbem.invalid") }
