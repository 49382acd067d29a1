// Package games is pbem's command side: it creates games and plays moves by
// loading a game's history, asking the rules whether a move is legal, and
// appending the facts that follow to the event store. It never sends mail;
// what players are told follows from the events it records.
package games

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Service handles commands for every game in a catalog.
type Service struct {
	// Store is the open store's jobs. The commands use its Log and
	// Campaigns and read the games' secrets from its Records; the mail
	// side, the pages and the post office built on the service take from
	// it the parts they need (events.Follower, events.Monitor). Whoever
	// opened the store closes it: the service cannot.
	Store   events.Jobs
	Catalog rules.Catalog
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Entropy is where seeds and game ids come from; nil means crypto/rand.
	Entropy io.Reader
	// Retries is how often a command retries after a conflicting append;
	// 0 means 10.
	Retries int
	// Domain is the right-hand side of the Message-IDs of the mail the
	// service sends; "" means "pbem.invalid".
	Domain string
	// CacheGames is how many folded games the service keeps between
	// commands (see cache.go); 0 means DefaultCacheGames, a negative
	// number none.
	CacheGames int
	// MinDeadline is the shortest time per move a host may set by mail;
	// 0 means DefaultMinDeadline. The operator may set any.
	MinDeadline time.Duration
	// MaxObservers is how many observers a host may add to one game by
	// mail; 0 means DefaultMaxObservers. The operator may add any.
	MaxObservers int
	// Mailbox is the game mailbox; "" for none. No player or observer
	// may have it, or one of its reply addresses (see ParseAddress).
	Mailbox string

	cache gameCache
}

// DefaultMaxObservers is how many observers a host may add to a game.
const DefaultMaxObservers = 10

// DefaultMinDeadline is the shortest time per move a host may set by
// mail: shorter, pbem would play a whole game for its seats in minutes
// and mail every move of it.
const DefaultMinDeadline = time.Hour

// Error is a refusal whose text is written for the person who asked.
type Error struct {
	Kind error  // one of the Err… sentinels, or rules.ErrIllegal
	Msg  string // for the player or operator, in English
	// ID names the refusal in the message catalog, for the mail side to
	// write in its reader's language with Args; "" where Msg is all
	// there is.
	ID   string
	Args []string
	// Phrase is the rules' own reason as a phrase, where the refusal is
	// theirs (see rules.Illegal).
	Phrase *rules.Phrase
	// Cause is the store's error the refusal stands for, if any:
	// events.ErrNotFound for a game not stored at all, which the mail side
	// tells from a history only shorter than asked (ErrUnknownGame alone,
	// worth trying again).
	Cause error
}

func (e *Error) Error() string        { return e.Msg }
func (e *Error) Is(target error) bool { return e.Kind == target }
func (e *Error) Unwrap() []error      { return []error{e.Kind, e.Cause} }

// Sentinels that an Error may be.
var (
	ErrUnknownGame = errors.New("games: unknown game")
	ErrBadSeat     = errors.New("games: no such seat")
	ErrOver        = errors.New("games: the game is over")
	ErrSetup       = errors.New("games: the game cannot be set up so")
	ErrPaused      = errors.New("games: the game is paused")
	ErrNotHost     = errors.New("games: only the host may do that")
	ErrUndo        = errors.New("games: the moves cannot be taken back")
	ErrWaiting     = errors.New("games: the game waits for players")
)

func refuse(kind error, format string, args ...any) error {
	e := &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
	var phrased rules.Phrased
	if format == "%v" && len(args) == 1 {
		if err, ok := args[0].(error); ok && errors.As(err, &phrased) && phrased.Phrase().String() == e.Msg {
			p := phrased.Phrase()
			e.Phrase = &p
		}
	}
	if format != "%v" { // the rules' own reason, passed on
		// The English format is the refusal's message id: the mail side
		// writes it in its reader's language from there.
		e.ID = format
		for _, a := range args {
			e.Args = append(e.Args, fmt.Sprint(a))
		}
	}
	return e
}

// unstored is the refusal of game id, which the store does not hold.
func unstored(id string) error {
	e := refuse(ErrUnknownGame, "there is no game %q", id).(*Error)
	e.Cause = events.ErrNotFound
	return e
}

// Time is the service's clock's now.
func (s *Service) Time() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) entropy() io.Reader {
	if s.Entropy != nil {
		return s.Entropy
	}
	return rand.Reader
}

func (s *Service) retries() int {
	if s.Retries > 0 {
		return s.Retries
	}
	return 10
}

// Load returns a game folded from its whole history, with the store's head.
func (s *Service) Load(ctx context.Context, id string) (*projections.Game, events.Head, error) {
	g, _, head, err := s.LoadAt(ctx, id, 0)
	return g, head, err
}

// LoadAt returns a game folded from its first n events (all when n is 0),
// the history and its head. With n 0 they are the store's latest; with n
// above 0 the history holds at least n events but may end before the
// store's head. The game is the caller's; the history must not be changed.
func (s *Service) LoadAt(ctx context.Context, id string, n int) (*projections.Game, []events.Event, events.Head, error) {
	return s.loadAt(ctx, id, n)
}

// History returns a game's events as stored.
func (s *Service) History(ctx context.Context, id string) ([]events.Event, error) {
	evs, _, err := s.Store.Load(ctx, id)
	if errors.Is(err, events.ErrNotFound) {
		return nil, unstored(id)
	}
	return evs, err
}
