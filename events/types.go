package events

// Event types. Each payload type is named after its event and is version 1
// unless its comment says otherwise.
const (
	TypeGameCreated    = "GameCreated"
	TypeMovePlayed     = "MovePlayed"
	TypePlayerSaid     = "PlayerSaid"
	TypePlayerResigned = "PlayerResigned"
	TypeGameEnded      = "GameEnded"

	// Long-running games: see longgame.go.
	TypeSettingsChanged    = "SettingsChanged"
	TypeReminderSent       = "ReminderSent"
	TypeDeadlinePassed     = "DeadlinePassed"
	TypeSeatAbandoned      = "SeatAbandoned"
	TypeVacationDeclared   = "VacationDeclared"
	TypeGamePaused         = "GamePaused"
	TypeGameResumed        = "GameResumed"
	TypeUndoProposed       = "UndoProposed"
	TypeUndoAnswered       = "UndoAnswered"
	TypeMovesUndone        = "MovesUndone"
	TypePlayerReplaced     = "PlayerReplaced"
	TypeEndProposed        = "EndProposed"
	TypeObserverChanged    = "ObserverChanged"
	TypeInvitationAnswered = "InvitationAnswered"
	TypeAutoChanged        = "AutoChanged"
	TypeDigestChanged      = "DigestChanged"
	TypeDigestSent         = "DigestSent"
	TypeConditionalSet     = "ConditionalSet"
	TypeMovesQueued        = "MovesQueued"
	TypeSaysGathered       = "SaysGathered"
)

// Player is one seat's occupant as recorded when a game is created.
type Player struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`              // how other players see them
	Address string `json:"address,omitempty"` // where their mail goes; may be empty for local play
	Open    bool   `json:"open,omitempty"`    // nobody sits here yet: the seat waits for a JOIN
	// Invited says the player was invited by mail and has not yet said
	// they want to play: they get their invitation and nothing else, and
	// the game waits, until InvitationAnswered.
	Invited bool `json:"invited,omitempty"`
}

// GameCreated is the first event of every game.
type GameCreated struct {
	Game       string   `json:"game"`       // the rules' name (rules.Info.Name)
	Variants   []string `json:"variants"`   // sorted
	Players    []Player `json:"players"`    // by seat
	Host       string   `json:"host"`       // who created it
	Commitment string   `json:"commitment"` // "v2:" and the hex SHA-256 of the seed bound to the game (projections.Commitment); in older games of the seed alone. The seed stays secret until GameEnded
	// Campaign, Round and Table name the campaign table this game plays
	// (round and table counted from 1); empty in a game of no campaign,
	// and in every game created before campaigns.
	Campaign string `json:"campaign,omitempty"`
	Round    int    `json:"round,omitempty"`
	Table    int    `json:"table,omitempty"`
}

// MovePlayed records one legal move by its canonical text.
type MovePlayed struct {
	Seat int    `json:"seat"`
	Move string `json:"move"`
	// Timeout marks a move pbem played for the seat because its deadline
	// and grace passed (or the seat is abandoned): never the player's choice.
	Timeout bool `json:"timeout,omitempty"`
	// Conditional marks a move the player wrote in advance (IF … THEN …).
	Conditional bool `json:"conditional,omitempty"`
	// Queued marks the next move of the seat's programmed list.
	Queued bool `json:"queued,omitempty"`
	// Forced marks the seat's only legal move, which pbem played at once
	// instead of asking for it (unless the player said AUTO OFF).
	Forced bool `json:"forced,omitempty"`
}

// PlayerSaid records a message a player sent to the others (SAY), so the
// table talk is part of the history like the moves.
type PlayerSaid struct {
	Seat int    `json:"seat"`
	Text string `json:"text"`
	// Gather says the SAY may be gathered with others into one mail to
	// each player (see SaysGathered); SAYs recorded before pbem gathered
	// them each had a mail of their own.
	Gather bool `json:"gather,omitempty"`
}

// PlayerResigned records that a player gave up. The game ends with it.
type PlayerResigned struct {
	Seat int `json:"seat"`
}

// Reasons a game ends, in GameEnded.Reason.
const (
	EndFinished  = "finished"  // the rules say the game is over
	EndResigned  = "resigned"  // a player resigned; the scores are those at that moment
	EndAgreed    = "agreed"    // every player still playing agreed to end it; the scores are those at that moment
	EndAbandoned = "abandoned" // pbem played every seat for good: nobody plays any more; the scores are those at that moment
)

// GameEnded closes a game and reveals its seed.
type GameEnded struct {
	Scores []int  `json:"scores"` // by seat
	Seed   string `json:"seed"`   // hex; GameCreated.Commitment commits to it
	Reason string `json:"reason"` // EndFinished, EndResigned or EndAgreed
}
