package events

import (
	"encoding/json"
	"time"
)

// Settings are what a game's host decides about time. Zero fields mean
// "no deadline" and the defaults documented for each.
type Settings struct {
	PerMove     string   `json:"perMove,omitempty"`     // time a seat has to move, e.g. "48h"; "" means no deadline
	Days        []string `json:"days,omitempty"`        // weekdays on which the clock runs ("mon"…"sun"); empty means every day
	Reminder    string   `json:"reminder,omitempty"`    // how long before the deadline to remind; "" means a quarter of PerMove
	Grace       string   `json:"grace,omitempty"`       // after the deadline, before pbem moves for the seat; "" means none
	MaxTimeouts int      `json:"maxTimeouts,omitempty"` // timeouts after which the seat is played by pbem for good; 0 means 3
	MaxVacation string   `json:"maxVacation,omitempty"` // the longest a vacation may push one deadline; "" means 14 days
	// Zone is the host's time zone when they set Days, in which the days
	// are counted: an IANA name ("Asia/Shanghai") or an offset from UTC
	// ("+08:00"), as their TZ gave it; "" means UTC.
	Zone string `json:"zone,omitempty"`
}

// SettingsChanged records the host's settings, replacing the earlier ones.
type SettingsChanged struct {
	Settings Settings `json:"settings"`
}

// ReminderSent records that the seat to move was reminded of its deadline.
type ReminderSent struct {
	Seat     int       `json:"seat"`
	Deadline time.Time `json:"deadline"`
}

// DeadlinePassed records that a seat's deadline passed without a move.
type DeadlinePassed struct {
	Seat     int       `json:"seat"`
	Deadline time.Time `json:"deadline"`
}

// SeatAbandoned records that pbem plays a seat for good from now on: after
// too many timeouts, or because the host expelled its player.
type SeatAbandoned struct {
	Seat   int    `json:"seat"`
	Reason string `json:"reason"` // "timeouts" or "expelled"
}

// VacationDeclared records a player's absence; deadlines that fall inside
// it move past its end.
type VacationDeclared struct {
	Seat  int       `json:"seat"`
	From  time.Time `json:"from"`
	Until time.Time `json:"until"`
}

// GamePaused and GameResumed record the host stopping and restarting the
// clock and the moves.
type GamePaused struct {
	By string `json:"by"`
}

// GameResumed ends a pause.
type GameResumed struct {
	By string `json:"by"`
}

// UndoProposed records a request to take back moves back to the game as
// it was after event Back. With Decided the host decided it, and
// MovesUndone follows at once.
type UndoProposed struct {
	Seat    int    `json:"seat"` // -1 for the host or operator
	Back    uint64 `json:"back"`
	Decided bool   `json:"decided,omitempty"`
}

// UndoAnswered records one player's answer to the open undo proposal.
type UndoAnswered struct {
	Seat  int  `json:"seat"`
	Agree bool `json:"agree"`
}

// MovesUndone takes back every move after event Back: the game is again as
// it was then. The moves stay in the history, marked undone.
type MovesUndone struct {
	Back uint64 `json:"back"`
}

// PlayerReplaced records a new player taking over a seat. Invited says
// the host named them by mail: they must accept, as an invited player of
// a new game must.
type PlayerReplaced struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Address string `json:"address"`
	Invited bool   `json:"invited,omitempty"`
	// Accepted says the address said yes to the host's asking; events
	// stored before it was recorded leave it false.
	Accepted bool `json:"accepted,omitempty"`
}

// InvitationAnswered records an invited player's answer: with Accepted
// they play, and the game starts once nobody else is awaited; without,
// their seat is open again for the host to fill.
type InvitationAnswered struct {
	Seat     int  `json:"seat"`
	Accepted bool `json:"accepted"`
}

// EndProposed records a player's wish to end the game as it stands; when
// every player still playing has proposed it, GameEnded follows.
type EndProposed struct {
	Seat int `json:"seat"`
}

// ObserverChanged adds or removes someone who follows the public view.
// Invited says the host asked them by mail: they get one invitation and
// nothing else until they accept (an ObserverChanged without Invited).
type ObserverChanged struct {
	Address string `json:"address"`
	Watch   bool   `json:"watch"`
	Invited bool   `json:"invited,omitempty"`
	// Accepted says the address said yes to the host's asking; events
	// stored before it was recorded leave it false.
	Accepted bool `json:"accepted,omitempty"`
}

// AutoChanged records a player's choice about their forced moves: with
// Off, pbem asks for a move even when it is their only one.
type AutoChanged struct {
	Seat int  `json:"seat"`
	Off  bool `json:"off"`
}

// DigestChanged records a player choosing one mail a day instead of a mail
// per event (prompts still come at once).
type DigestChanged struct {
	Seat int  `json:"seat"`
	On   bool `json:"on"`
}

// SaysGathered records that the SAYs held back from the seat's mail since
// From went to it in one mail: a seat gets one mail of SAYs at most
// every projections.SayEvery, so a burst of SAYs reaches it as two mails
// (the first, and the rest gathered), not one mail each.
type SaysGathered struct {
	Seat int    `json:"seat"`
	From uint64 `json:"from"` // the first SAY held back
}

// DigestSent records that the seat's digest covering events up to UpTo was
// sent.
type DigestSent struct {
	Seat int    `json:"seat"`
	UpTo uint64 `json:"upTo"`
}

// ConditionalSet records a move a player wrote in advance: when another
// seat plays If, pbem plays Then for this seat, if it is then legal. It is
// the player's secret until it is played.
type ConditionalSet struct {
	Seat int    `json:"seat"`
	If   string `json:"if"`
	Then string `json:"then"`
	// Salt is random: with it, the event's hash tells nothing of the
	// moves to whoever holds the hash alone (an export from which the
	// event is left out, see Redacted).
	Salt string `json:"salt,omitempty"`
}

// MovesQueued records a seat's programmed list: moves pbem plays for it,
// in order, as its turns come. An empty list with Dropped ends the list
// early because its next move was no longer legal.
type MovesQueued struct {
	Seat    int      `json:"seat"`
	Moves   []string `json:"moves"`
	Dropped string   `json:"dropped,omitempty"` // why the rest of the list was dropped
	Salt    string   `json:"salt,omitempty"`    // as ConditionalSet's
	// Why is Dropped as the rules' phrase (a rules.Phrase as JSON), for
	// the mail side to write in the reader's language; absent from the
	// events written before it, whose Dropped is English.
	Why json.RawMessage `json:"why,omitempty"`
	// Skipped is a line written "… IF NEEDED" that could not be played
	// when its turn came, so pbem left it out and went on with the list
	// (Moves).
	Skipped string `json:"skipped,omitempty"`
}
