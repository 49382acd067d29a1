// Package rules is the contract every game of pbem implements: pure,
// immutable game states, moves with a canonical text, per-seat views and
// randomness carried in the state.
//
// Nothing under rules may do I/O, read the clock, use global randomness or
// import anything outside the standard library; rules_test.go enforces it.
// The same setup and the same moves always give the same state, so a game's
// history of moves is its state.
package rules

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// Seat is a player's place at the table, counted from 0. Observer sees public
// information only.
type Seat int

// Observer is the seat of someone who is not playing: the public view.
const Observer Seat = -1

// Info describes a game to people choosing one and to the conformance suite.
type Info struct {
	Name     string    // short lower-case name used in commands, e.g. "nim"
	Title    string    // the game's printed title, e.g. "Nim"
	MinSeats int       // fewest players
	MaxSeats int       // most players
	Variants []Variant // the options a host may switch on, sorted by Name
	Hidden   bool      // some information is hidden from some seats
	Chance   bool      // the game draws from its seeded randomness
	// Programmed says players may send moves for their later turns in one
	// mail (a programmed list), which pbem plays as their turns come.
	Programmed bool
	// HouseRules says in one short paragraph, for players, where pbem's
	// rules are its own rather than the rulebook's; the game's rules
	// document (docs/rules/<Name>.md) gives each with its reason.
	HouseRules string
}

// Variant is one optional rule a host may switch on when creating a game.
type Variant struct {
	Name string // lower-case, used in commands, e.g. "tactical"
	Help string // one sentence for players
}

// Setup is what a game starts from. The same Setup always gives the same
// initial State.
type Setup struct {
	Seats    int      // number of players
	Variants []string // names from Info.Variants; order does not matter
	Seed     Seed     // all of the game's randomness derives from it
}

// Has reports whether variant name is switched on.
func (s Setup) Has(name string) bool {
	for _, v := range s.Variants {
		if v == name {
			return true
		}
	}
	return false
}

// Game is one kind of game. Implementations are stateless values.
type Game interface {
	// Info describes the game.
	Info() Info
	// Start returns the initial state, or an error a host can read when the
	// setup is not playable (wrong number of seats, unknown or incompatible
	// variants).
	Start(setup Setup) (State, error)
}

// State is one position of a game. A State is immutable: no method changes
// the receiver, so states may be shared and kept.
type State interface {
	// ToAct returns the seats that may move now, ascending. Several seats at
	// once mean a simultaneous phase. It is empty when the game is over.
	ToAct() []Seat
	// Legal returns every legal move of seat s, sorted by String and unique.
	// It is empty when s may not act now.
	Legal(s Seat) []Move
	// Parse reads a move of seat s written by a player. It accepts the
	// canonical text of every legal move and the variations documented for
	// the game; the error is written for the player.
	Parse(s Seat, text string) (Move, error)
	// Apply returns the state after seat s plays m, or an error written for
	// the player when the move is not legal now. It never changes the receiver.
	Apply(s Seat, m Move) (State, error)
	// View returns what seat s may see (Observer: the public view), and
	// nothing more: never another seat's secrets nor the seed.
	View(s Seat) View
	// Result returns each seat's score and whether the game is over.
	Result() (scores []int, over bool)
}

// OutOfTurn is implemented by the states of games in which a seat may
// play some moves whether or not the game waits for it (ToAct), such as
// deals, which any player may offer and answer at any time they may be
// made. OutOfTurn reports whether m is such a move. Legal lists
// them only for the seats to act; Parse and Apply take them from any seat
// they are open to, and a seat's programmed list never holds them: the
// mail side plays them when they come.
type OutOfTurn interface {
	OutOfTurn(m Move) bool
}

// Addressed is implemented by the states of games in which a move may ask
// another seat a question it answers out of turn, such as an offer of a
// deal. Addressees returns the seats that seat's move, as its canonical
// text reads, asks; none for any other move. The mail side mails them the
// move at once, whatever their mail settings: a question heard only in
// the next mail may lapse before it is read.
type Addressed interface {
	Addressees(seat Seat, move string) []Seat
}

// Lapsing is implemented by the states of games whose questions
// (Addressed) lapse unanswered as play moves on, such as an offer whose
// phase ends. Lapsed returns the seats whose question stood in before,
// the state this one was reached from by one move, and lapsed on the way
// here; the mail side tells each at once, whatever their mail settings,
// since their next mail may be days away.
type Lapsing interface {
	Lapsed(before State) []Seat
}

// Staged is implemented by the states of games whose Info says Programmed.
// Stage names the stretch of play that a programmed list sent now is
// written for, such as "round 3", as a player reads it. When the stage
// changes, pbem drops what is left of every seat's list and tells its
// player, so that moves written for one stretch are never read in another.
type Staged interface {
	Stage() string
}

// ListReader is implemented by the states of games whose Info says
// Programmed and some of whose move texts mean different moves as the
// turns come. ReadList returns the lines of seat s's programmed list,
// sent now, as pbem is to keep them: each written so that, when its turn
// comes, it means what it meant when the player wrote it (a PASS that
// in a crisis gives nothing and otherwise passes for the round is kept
// as the gift of nothing it stands for). Lines it does not
// change come back as they were.
type ListReader interface {
	ReadList(s Seat, lines []string) []string
}

// TieBreaker is implemented by states whose rules break a tie on points.
// Once the game is over, TieBreak gives each seat's second measure, by
// seat (coins left, say): of seats with equal scores, the higher ranks
// higher, and equal measures share the place.
type TieBreaker interface {
	TieBreak() []int
}

// Unwon is a state whose game may end with nobody winning, whatever the
// scores (a war that everyone loses, say). NoWinner reports whether the
// game is over that way.
type Unwon interface {
	NoWinner() bool
}

// Move is one seat's action. Its String is the canonical text that the
// history records, and Parse of that text gives the same move back.
type Move interface {
	String() string
}

// View is what one seat may see of a state. It marshals to JSON for
// programs, and Text renders it for a person reading a mail in a monospace
// font.
type View interface {
	Text() string
}

// Secrets is implemented by states that hold hidden information. It returns,
// for seat s, the facts only s may see (Observer: facts nobody may see yet,
// such as face-down tiles), each written as a string that must never appear
// in another seat's view. The conformance suite uses it to look for leaks.
type Secrets interface {
	Secrets(s Seat) []string
}

// ErrIllegal is wrapped by every error Parse and Apply return for a move that
// is malformed or not allowed; the rest of the error's text is for the player.
var ErrIllegal = errors.New("illegal move")

// Illegal returns an error wrapping ErrIllegal whose text is exactly the
// formatted reason, ready to show a player in English, and whose Phrase
// is the same reason for the mail side to write in the player's language
// (see Say). It formats only when read: Legal tries many moves and throws
// most reasons away.
func Illegal(format string, args ...any) error {
	return &illegalError{format: format, args: args}
}

type illegalError struct {
	format string
	args   []any
}

func (e *illegalError) Error() string  { return fmt.Sprintf(e.format, e.args...) }
func (e *illegalError) Phrase() Phrase { return Say(e.format, e.args...) }
func (e *illegalError) Is(target error) bool {
	return target == ErrIllegal
}

// Seed is the secret from which all of a game's randomness derives. It is
// drawn when a game is created, committed to by its SHA-256 hash, and
// revealed when the game ends.
type Seed [32]byte

// SeedFromInt returns the seed for a small number, for tests and for hosts
// who want a repeatable game. Such seeds are easy to guess.
func SeedFromInt(n uint64) Seed {
	var s Seed
	binary.BigEndian.PutUint64(s[24:], n)
	return s
}

// String returns the seed in hex.
func (s Seed) String() string { return hex.EncodeToString(s[:]) }

// Commitment returns the hex SHA-256 of the seed, which players receive at
// the start and can check once the seed is revealed. It is the commitment
// of games created before CommitmentTo; it binds the seed to nothing else.
func (s Seed) Commitment() string {
	h := sha256.Sum256(s[:])
	return hex.EncodeToString(h[:])
}

// CommitmentV2 marks a commitment made by CommitmentTo.
const CommitmentV2 = "v2:"

// commitmentDomain separates CommitmentTo's hashes from any other.
const commitmentDomain = "pbem seed commitment v2\x00"

// CommitmentTo returns the commitment of the seed bound to a game: "v2:"
// and the hex SHA-256 of a marker, the seed and each of bound (such as
// the game's id and players), each prefixed with its length, so that no
// two lists hash alike. The commitment of one game then fits no other.
func (s Seed) CommitmentTo(bound ...string) string {
	h := sha256.New()
	h.Write([]byte(commitmentDomain))
	h.Write(s[:])
	var n [8]byte
	for _, b := range bound {
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write([]byte(b))
	}
	return CommitmentV2 + hex.EncodeToString(h.Sum(nil))
}

// Commits reports whether commitment is the seed's: made by CommitmentTo
// with bound when it carries the "v2:" marker, else a plain Commitment.
func (s Seed) Commits(commitment string, bound ...string) bool {
	if strings.HasPrefix(commitment, CommitmentV2) {
		return commitment == s.CommitmentTo(bound...)
	}
	return commitment == s.Commitment()
}

// ParseSeed reads a seed written by Seed.String.
func ParseSeed(text string) (Seed, error) {
	var s Seed
	b, err := hex.DecodeString(text)
	if err != nil || len(b) != len(s) {
		return s, fmt.Errorf("rules: seed must be %d hex digits", 2*len(s))
	}
	copy(s[:], b)
	return s, nil
}
