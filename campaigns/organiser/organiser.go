// Package organiser is the command side of campaigns: it creates a
// campaign, takes entries and withdrawals, pairs each round by creating
// ordinary pbem games (games.Service.Create, their GameCreated naming the
// campaign, round and table), and records each game's result as the
// game's own history gives it. Every command decides on the campaign
// folded from its history (campaigns.Fold) and appends the facts that
// follow to pbem.campaign.<id> (events.Campaigns) with the expected
// last sequence, trying again when another writer came first.
package organiser

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Service runs campaigns whose games Games plays, on Games' store, clock
// and entropy.
type Service struct {
	Games *games.Service
}

// Errors a command may return, wrapped with what was asked.
var (
	// ErrUnknown: there is no campaign of that id.
	ErrUnknown = errors.New("organiser: unknown campaign")
	// ErrRefused: the campaign cannot do that now; the message says why.
	ErrRefused = errors.New("organiser: refused")
)

// IDPrefix begins every campaign's id: a campaign's id is one letter
// longer than a game's, so that no campaign's history, secret or
// signature is ever taken for a game's.
const IDPrefix = "c"

// idAlphabet is the games' id alphabet.
const idAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

// IsID reports whether s is written as a campaign's id is: IDPrefix and
// six letters of the games' id alphabet.
func IsID(s string) bool {
	rest, ok := strings.CutPrefix(s, IDPrefix)
	return ok && len(rest) == 6 && strings.Trim(rest, idAlphabet) == ""
}

// NewCampaign is what an organiser asks for.
type NewCampaign struct {
	Kind      string
	Game      string   // the rules' name
	Variants  []string // every game's
	Options   campaigns.Options
	Players   []string // entries, each as Player reads it
	Invited   []string // players asked first, entered once they say yes
	Organiser string
	Seed      *rules.Seed // nil: drawn from the service's entropy
	Source    string      // what asked, for an id derived from it
}

func (s *Service) log() events.Log { return s.Games.Store.Campaigns() }

// Create starts a campaign and returns its id. Its seed waits on the
// campaign's secret subject; its history carries only the commitment.
func (s *Service) Create(ctx context.Context, req NewCampaign) (string, error) {
	if _, err := s.Games.Catalog.Lookup(req.Game); err != nil {
		return "", fmt.Errorf("%w: %v", ErrRefused, err)
	}
	if d := req.Options.Deadline; d != "" {
		if _, err := projections.ParseSpan(d); err != nil {
			return "", fmt.Errorf("%w: a deadline: %v", ErrRefused, err)
		}
	}
	var seed rules.Seed
	if req.Seed != nil {
		seed = *req.Seed
	} else if _, err := io.ReadFull(s.entropy(), seed[:]); err != nil {
		return "", fmt.Errorf("organiser: draw seed: %w", err)
	}
	variants := slices.Clone(req.Variants)
	slices.Sort(variants)
	created := campaigns.Created{Kind: req.Kind, Game: req.Game, Variants: variants, Options: req.Options,
		Entries: req.Players, Organiser: req.Organiser, Invited: req.Invited}
	for try := range 10 {
		id, err := s.newID(req.Source, try)
		if err != nil {
			return "", err
		}
		facts := []campaigns.Fact{created, campaigns.SeedCommitted{Commitment: campaigns.SeedCommitment(seed, id)}}
		if _, err := campaigns.Fold(id, facts); err != nil {
			return "", refusedBy(err)
		}
		evs, err := s.events(facts)
		if err != nil {
			return "", err
		}
		evs[0].Source = req.Source
		secret := events.Message{Subject: events.SecretSubject + id, MsgID: id + ".seed", Data: []byte(seed.String())}
		_, err = s.log().Append(ctx, id, events.Head{}, evs, secret)
		if errors.Is(err, events.ErrConflict) {
			if req.Source != "" && s.createdBy(ctx, id, req.Source) {
				return id, nil
			}
			continue
		}
		if err != nil {
			return "", fmt.Errorf("organiser: create: %w", err)
		}
		return id, nil
	}
	return "", fmt.Errorf("organiser: create: no free campaign id")
}

func (s *Service) newID(source string, try int) (string, error) {
	b := make([]byte, 6)
	if source != "" && try == 0 {
		h := sha256.Sum256([]byte("campaign-id:" + source))
		copy(b, h[:])
	} else if _, err := io.ReadFull(s.entropy(), b); err != nil {
		return "", fmt.Errorf("organiser: draw id: %w", err)
	}
	for i, c := range b {
		b[i] = idAlphabet[int(c)%len(idAlphabet)]
	}
	return IDPrefix + string(b), nil
}

func (s *Service) createdBy(ctx context.Context, id, source string) bool {
	evs, _, err := s.log().Load(ctx, id)
	return err == nil && len(evs) > 0 && evs[0].Source == source
}

func (s *Service) entropy() io.Reader {
	if s.Games.Entropy != nil {
		return s.Games.Entropy
	}
	return cryptoRand{}
}

// events wraps facts as unsealed events, at the service's time.
func (s *Service) events(facts []campaigns.Fact) ([]events.Event, error) {
	evs := make([]events.Event, len(facts))
	for i, f := range facts {
		ev, err := events.New(f.Type(), events.SystemActor, s.Games.Time(), f)
		if err != nil {
			return nil, err
		}
		evs[i] = ev
	}
	return evs, nil
}

// Facts decodes a campaign's events into its facts.
func Facts(evs []events.Event) ([]campaigns.Fact, error) {
	facts := make([]campaigns.Fact, len(evs))
	for i, e := range evs {
		f, err := campaigns.Decode(e.Type, e.Payload)
		if err != nil {
			return nil, fmt.Errorf("campaign %s event %d: %w", e.Game, e.Seq, err)
		}
		facts[i] = f
	}
	return facts, nil
}

// Load returns the campaign folded from its whole history, the history
// and its head.
func (s *Service) Load(ctx context.Context, id string) (*campaigns.Campaign, []events.Event, events.Head, error) {
	evs, head, err := s.log().Load(ctx, id)
	if errors.Is(err, events.ErrNotFound) || errors.Is(err, events.ErrInvalid) {
		return nil, nil, head, fmt.Errorf("%w: there is no campaign %q", ErrUnknown, id)
	}
	if err != nil {
		return nil, nil, head, err
	}
	facts, err := Facts(evs)
	if err != nil {
		return nil, nil, head, err
	}
	c, err := campaigns.Fold(id, facts)
	if err != nil {
		return nil, nil, head, err
	}
	return c, evs, head, nil
}

// errSeedGone is the secret of a campaign read as not revealed that is
// no longer there: another writer revealed and erased it since, and the
// campaign is to be read again.
var errSeedGone = errors.New("organiser: the seed was revealed since the campaign was read")

// Seed returns campaign c's seed: the one its history revealed once it is
// over (the secret erased then), and before, the secret the service keeps.
func (s *Service) Seed(ctx context.Context, c *campaigns.Campaign) (rules.Seed, error) {
	if c.Seed != nil {
		return *c.Seed, nil
	}
	data, err := s.Games.Store.Last(ctx, events.SecretSubject+c.ID)
	if errors.Is(err, events.ErrNotFound) {
		return rules.Seed{}, fmt.Errorf("%w: %w", errSeedGone, err)
	}
	if err != nil {
		return rules.Seed{}, fmt.Errorf("organiser: seed of campaign %s: %w", c.ID, err)
	}
	return rules.ParseSeed(string(data))
}

// update loads the campaign, asks decide for the facts that follow and
// appends them, with the seed revealed when they end the campaign;
// again from the load when another writer came first. It returns the
// campaign with the facts folded in.
func (s *Service) update(ctx context.Context, id string, decide func(c *campaigns.Campaign) ([]campaigns.Fact, error)) (*campaigns.Campaign, error) {
	c, _, err := s.updateFrom(ctx, id, "", decide)
	return c, err
}

// updateFrom is update of a command from source (a mail's line, as a
// game's Cause.Source is): each of its events records it, and a command
// whose source the history holds already is not decided again; again
// says so, and the campaign is returned as it is.
func (s *Service) updateFrom(ctx context.Context, id, source string, decide func(c *campaigns.Campaign) ([]campaigns.Fact, error)) (*campaigns.Campaign, bool, error) {
	for range 10 {
		c, evs, head, err := s.Load(ctx, id)
		if err != nil {
			return nil, false, err
		}
		if _, ok := Applied(evs, source); ok {
			return c, true, nil
		}
		facts, err := decide(c)
		if errors.Is(err, errSeedGone) {
			continue
		}
		if err != nil {
			return nil, false, err
		}
		if len(facts) == 0 {
			return c, false, nil
		}
		for _, f := range facts {
			if err := c.Apply(f); err != nil {
				return nil, false, refusedBy(err)
			}
		}
		revealing := c.Over() && c.Seed == nil
		if revealing {
			seed, err := s.Seed(ctx, c)
			if errors.Is(err, errSeedGone) {
				continue
			}
			if err != nil {
				return nil, false, err
			}
			reveal := campaigns.SeedRevealed{Seed: seed.String()}
			if err := c.Apply(reveal); err != nil {
				return nil, false, err
			}
			facts = append(facts, reveal)
		}
		evs, err = s.events(facts)
		if err != nil {
			return nil, false, err
		}
		for i := range evs {
			evs[i].Source = source
		}
		_, err = s.log().Append(ctx, id, head, evs)
		if errors.Is(err, events.ErrConflict) {
			continue
		}
		if err != nil {
			return nil, false, fmt.Errorf("organiser: campaign %s: %w", id, err)
		}
		if revealing {
			// Revealed, the secret has served (as a game's at its end);
			// should the erase fail, it stays, as in older stores.
			_ = s.Games.Store.Erase(ctx, events.SecretSubject+id)
		}
		return c, false, nil
	}
	return nil, false, fmt.Errorf("organiser: campaign %s: it kept changing while being written to", id)
}

// Applied returns the index in a campaign's history evs of the first
// event that source caused; ok is false when none did, or source is "".
func Applied(evs []events.Event, source string) (i int, ok bool) {
	if source == "" {
		return 0, false
	}
	for i, e := range evs {
		if e.Source == source {
			return i, true
		}
	}
	return 0, false
}

// Reason is a refusal's reason as a person reads it: its message
// without the package's "organiser: refused: " or "organiser: unknown
// campaign: " before it.
func Reason(err error) string {
	msg := err.Error()
	for _, kind := range []error{ErrRefused, ErrUnknown} {
		if _, after, ok := strings.Cut(msg, kind.Error()+": "); ok {
			return after
		}
	}
	return msg
}

// refusedBy is ErrRefused for the campaign's own reason err, which it
// keeps: errors.As finds the campaigns.Refusal in it, for the mail side
// to write in its reader's language.
func refusedBy(err error) error { return &refusal{msg: unwrapCore(err), err: err} }

type refusal struct {
	msg string
	err error
}

func (r *refusal) Error() string   { return ErrRefused.Error() + ": " + r.msg }
func (r *refusal) Unwrap() []error { return []error{ErrRefused, r.err} }

// unwrapCore drops the core's "campaigns: campaign X, fact N (T): "
// prefix, which says where in a history a fact failed: to the person
// asking, the reason is the answer.
func unwrapCore(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, "): "); i >= 0 && strings.HasPrefix(msg, "campaigns: ") {
		return msg[i+3:]
	}
	return strings.TrimPrefix(msg, "campaigns: ")
}

// Enter enters player; source, when not "", is what asked (a mail's
// line): asked again, the entry recorded stands and nothing is done.
func (s *Service) Enter(ctx context.Context, id, player, source string) error {
	_, _, err := s.updateFrom(ctx, id, source, func(*campaigns.Campaign) ([]campaigns.Fact, error) {
		return []campaigns.Fact{campaigns.Entered{Player: player}}, nil
	})
	return err
}

// Withdraw records that player left, for reason; source as Enter's.
func (s *Service) Withdraw(ctx context.Context, id, player, reason, source string) error {
	_, _, err := s.updateFrom(ctx, id, source, func(*campaigns.Campaign) ([]campaigns.Fact, error) {
		return []campaigns.Fact{campaigns.Withdrew{Player: player, Reason: reason}}, nil
	})
	return err
}

// Decide records an organiser's decision, then does what it says to the
// campaign's running games: a pause pauses them and a resume resumes
// them (and pairs the next round when the campaign pairs itself and
// one is due), an extension declares a vacation of its span for every
// seat to move, a replacement asks the newcomer to take the seat, as a
// host's REPLACE does (in the game being played where the player has a
// seat, when d names no game). Each change to a game is made once, however
// often Decide is tried again after a failure: its source names the
// decision. A decision from a source (a mail's line) recorded before is
// not recorded again: what it does to the games is done where it was
// left.
func (s *Service) Decide(ctx context.Context, id string, d campaigns.Decided, source string) error {
	var span time.Duration
	if d.Decision == campaigns.Extended {
		var err error
		if span, err = projections.ParseSpan(d.Span); err != nil || span <= 0 {
			return fmt.Errorf("%w: an extension: %v", ErrRefused, err)
		}
	}
	n := 0
	c, again, err := s.updateFrom(ctx, id, source, func(c *campaigns.Campaign) ([]campaigns.Fact, error) {
		n = len(c.Decisions) + 1
		if d.Decision == campaigns.Replaced && d.Game == "" {
			d.Game = runningGameOf(c, d.Player)
		}
		return []campaigns.Fact{d}, nil
	})
	if err != nil {
		return err
	}
	if again {
		if d, n, err = s.DecisionOf(ctx, id, source); err != nil {
			return err
		}
	}
	cause := func(game string, seat int) games.Cause {
		return games.Cause{Source: fmt.Sprintf("campaign:%s:decision:%d:game:%s:seat:%d", id, n, game, seat)}
	}
	for _, g := range c.Running() {
		switch d.Decision {
		case campaigns.Paused, campaigns.Resumed:
			_, err = s.Games.Pause(ctx, g.Game, games.Operator, d.Decision == campaigns.Paused, cause(g.Game, -1))
			if errors.Is(err, games.ErrPaused) {
				err = nil // paused, or resumed, by its host already
			}
		case campaigns.Extended:
			err = s.extend(ctx, g.Game, span, func(seat int) games.Cause { return cause(g.Game, seat) })
		case campaigns.Replaced:
			if g.Game == d.Game {
				seat := slices.Index(g.Seats, d.Player)
				newcomer := Player(d.Replacement)
				newcomer.Invited = true
				_, err = s.Games.Replace(ctx, g.Game, games.Operator, seat, newcomer, cause(g.Game, seat))
			}
		}
		if err != nil {
			return fmt.Errorf("organiser: campaign %s game %s: %s: %w", id, g.Game, d.Decision, err)
		}
	}
	if d.Decision == campaigns.Resumed {
		_, err = s.autoPair(ctx, id)
	}
	return err
}

// runningGameOf returns the game being played in which player holds a
// seat, "" for none.
func runningGameOf(c *campaigns.Campaign, player string) string {
	for _, g := range c.Running() {
		if slices.Contains(g.Seats, player) {
			return g.Game
		}
	}
	return ""
}

// DecisionOf returns the decision source recorded in campaign id, and
// its number among the campaign's decisions (from 1).
func (s *Service) DecisionOf(ctx context.Context, id, source string) (campaigns.Decided, int, error) {
	c, evs, _, err := s.Load(ctx, id)
	if err != nil {
		return campaigns.Decided{}, 0, err
	}
	i, _ := Applied(evs, source)
	n := 0
	for _, e := range evs[:i+1] {
		if e.Type == (campaigns.Decided{}).Type() {
			n++
		}
	}
	if n == 0 || n > len(c.Decisions) {
		return campaigns.Decided{}, 0, fmt.Errorf("organiser: campaign %s: %s recorded no decision", id, source)
	}
	return c.Decisions[n-1], n, nil
}

// extend gives every seat to move in game span more time: a vacation
// of the seat from now, which moves its deadline by as long.
func (s *Service) extend(ctx context.Context, game string, span time.Duration, cause func(seat int) games.Cause) error {
	g, _, err := s.Games.Load(ctx, game)
	if err != nil {
		return err
	}
	if g.Ended != nil {
		return nil
	}
	now := s.Games.Time()
	for _, seat := range g.State.ToAct() {
		if _, err := s.Games.Vacation(ctx, game, seat, now, now.Add(span), cause(int(seat))); err != nil {
			return err
		}
	}
	return nil
}

// Player is the seat of a campaign's entry: "Name <address>", an address
// (named by what comes before the @) or a name alone, as pbem new reads
// its players.
func Player(entry string) events.Player {
	if i := strings.Index(entry, "<"); i >= 0 && strings.HasSuffix(entry, ">") {
		return events.Player{Name: strings.TrimSpace(entry[:i]), Address: entry[i+1 : len(entry)-1]}
	}
	if at := strings.Index(entry, "@"); at > 0 {
		return events.Player{Name: entry[:at], Address: entry}
	}
	return events.Player{Name: entry}
}
