package letters

// HeaderConfirm is, on a mail that asks its reader to confirm what a mail
// from their address asked (a reply to it does it), its purpose: join,
// watch or stop.
const HeaderConfirm = "X-Pbem-Confirm"

// AnsweredSubject + an inbox record's key holds the ids of the answers
// the mailroom wrote to that mail, written once with the answers in one
// atomic batch: a mail read again (after a crash lost its acknowledgement)
// is answered as it was the first time or not at all, never a second time
// with a different answer because the game has moved on since.
const AnsweredSubject = "pbem.answered."

// Answered is what AnsweredSubject holds: to whom the mailroom answered
// a mail, and the ids of the answers.
type Answered struct {
	To       string   `json:"to"`
	IDs      []string `json:"ids"`
	Stranger bool     `json:"stranger,omitempty"` // the sender played in no game: the day's one answer
}
