package mail

import (
	"encoding/json"
	"fmt"
	"time"
)

// OutboxSubject is the prefix of the outbox's subjects: OutboxSubject plus
// a game id, or plus ServiceMail for mail about no game.
const OutboxSubject = "pbem.outbox."

// ServiceMail is the outbox subject token of mail about no game in
// particular, such as the answer to HELP.
const ServiceMail = "_"

// Notice is one mail to send, written to the outbox with the events that
// caused it. It names what to say, not how: the outbox renders it when it
// sends, from the game as it was at Seq, so sending it again gives the same
// mail with the same Message-ID.
type Notice struct {
	ID         string            `json:"id"`                   // Message-ID left of the @, unique and stable
	Kind       string            `json:"kind"`                 // which template
	Game       string            `json:"game,omitempty"`       // "" for service mail
	Seq        uint64            `json:"seq,omitempty"`        // the game as after this event
	Seat       int               `json:"seat"`                 // the recipient's seat; -1 if not playing
	To         string            `json:"to"`                   // address
	Name       string            `json:"name,omitempty"`       // the recipient's name
	InReplyTo  string            `json:"inReplyTo,omitempty"`  // Message-ID answered, full
	References []string          `json:"references,omitempty"` // Message-IDs of the thread, full
	Fields     map[string]string `json:"fields,omitempty"`     // what the kind needs: reason, attempt, said…
	// Time is when the mail was written, for its Date: the time of the
	// mail it answers as the mailroom received it. Zero for a notice of a
	// game's event, whose Date is the event's own time.
	Time time.Time `json:"time,omitzero"`
}

// Subject returns the outbox subject of n.
func (n Notice) Subject() string {
	if n.Game == "" {
		return OutboxSubject + ServiceMail
	}
	return OutboxSubject + n.Game
}

// Encode returns n as stored.
func (n Notice) Encode() []byte {
	b, err := json.Marshal(n)
	if err != nil { // a Notice holds only strings and numbers
		panic(fmt.Sprintf("mail: encode notice: %v", err))
	}
	return b
}

// DecodeNotice reads a stored notice.
func DecodeNotice(data []byte) (Notice, error) {
	var n Notice
	if err := json.Unmarshal(data, &n); err != nil {
		return n, fmt.Errorf("mail: notice: %w", err)
	}
	if n.ID == "" || n.To == "" || n.Kind == "" {
		return n, fmt.Errorf("mail: notice without id, recipient or kind")
	}
	return n, nil
}
