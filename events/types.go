package events

// Event types. Each payload type is named after its event and is version 1
// unless its comment says otherwise.
const (
	TypeGameCreated = "GameCreated"
	TypeMovePlayed  = "MovePlayed"
	TypeGameEnded   = "GameEnded"
)

// Player is one seat's occupant as recorded when a game is created.
type Player struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`              // how other players see them
	Address string `json:"address,omitempty"` // where their mail goes; may be empty for local play
}

// GameCreated is the first event of every game.
type GameCreated struct {
	Game       string   `json:"game"`       // the rules' name, e.g. "atacama"
	Variants   []string `json:"variants"`   // sorted
	Players    []Player `json:"players"`    // by seat
	Host       string   `json:"host"`       // who created it
	Commitment string   `json:"commitment"` // hex SHA-256 of the seed, which stays secret until GameEnded
}

// MovePlayed records one legal move by its canonical text.
type MovePlayed struct {
	Seat int    `json:"seat"`
	Move string `json:"move"`
}

// GameEnded closes a game and reveals its seed.
type GameEnded struct {
	Scores []int  `json:"scores"` // by seat
	Seed   string `json:"seed"`   // hex; its SHA-256 is GameCreated.Commitment
	Reason string `json:"reason"` // e.g. "finished"
}
