package games

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// NewGame is what a host asks for.
type NewGame struct {
	Game     string          // rules name (rules.Info.Name)
	Variants []string        // variant names
	Players  []events.Player // in seat order; Seat is set from the order
	Host     string          // who asks
	Seed     *rules.Seed     // nil: drawn from Entropy
	Source   string          // what caused it, e.g. an inbox record
	ReplyTo  string          // the Message-ID of the host's mail asking for it, if any
	// Campaign, Round and Table name the campaign's table the game
	// plays, for a game a campaign creates; GameCreated records them.
	Campaign     string
	Round, Table int
}

// idAlphabet leaves out letters that read like digits, so ids survive being
// copied by hand.
const idAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

// Create starts a new game and returns its id. The seed stays secret on the
// game's secret subject; the first event carries its commitment.
func (s *Service) Create(ctx context.Context, req NewGame) (string, error) {
	rg, err := s.Catalog.Lookup(req.Game)
	if err != nil {
		return "", refuse(ErrSetup, "%v", err)
	}
	info := rg.Info()
	variants := normalizeVariants(req.Variants)
	players := slices.Clone(req.Players)
	for i := range players {
		players[i].Seat = i
		if players[i].Address != "" {
			if players[i].Address, err = ParseAddress(players[i].Address, s.Mailbox); err != nil {
				return "", err
			}
		}
	}
	var seed rules.Seed
	if req.Seed != nil {
		seed = *req.Seed
	} else if _, err := io.ReadFull(s.entropy(), seed[:]); err != nil {
		return "", fmt.Errorf("games: draw seed: %w", err)
	}
	if _, err := rg.Start(rules.Setup{Seats: len(players), Variants: variants, Seed: seed}); err != nil {
		return "", refuse(ErrSetup, "%s cannot start: %v", info.Title, err)
	}
	created := events.GameCreated{Game: info.Name, Variants: variants, Players: players, Host: req.Host,
		Campaign: req.Campaign, Round: req.Round, Table: req.Table}
	for try := range s.retries() {
		id, err := s.newID(req.Source, try)
		if err != nil {
			return "", err
		}
		// The commitment binds the seed to this game's id and table.
		created.Commitment = projections.Commitment(seed, id, created)
		ev, err := events.New(events.TypeGameCreated, events.SystemActor, s.Time(), created)
		if err != nil {
			return "", err
		}
		ev.Source = req.Source
		sealed := ev.Seal(id, 1, "")
		g, err := projections.Start(s.Catalog, sealed, seed)
		if err != nil {
			return "", err
		}
		secret := events.Message{Subject: events.SecretSubject + id, MsgID: id + ".seed", Data: []byte(seed.String())}
		head, err := s.Store.AppendNoted(ctx, id, events.Head{}, []events.Event{ev}, s.note(Cause{ReplyTo: req.ReplyTo}), secret)
		if err == nil {
			s.remember(id, events.Head{}, g, []events.Event{sealed}, head)
		}
		if errors.Is(err, events.ErrConflict) {
			if s.createdBy(ctx, id, req.Source) {
				return id, nil // this very request was handled before
			}
			continue // the id is taken: draw another
		}
		if err != nil {
			return "", fmt.Errorf("games: create: %w", err)
		}
		return id, nil
	}
	return "", fmt.Errorf("games: create: no free game id after %d tries", s.retries())
}

// newID returns a game id. The first id for a source is derived from it,
// so a request handled twice (a mail read again after a crash) finds the
// game it created; otherwise ids are drawn at random.
func (s *Service) newID(source string, try int) (string, error) {
	b := make([]byte, 6)
	if source != "" && try == 0 {
		h := sha256.Sum256([]byte("game-id:" + source))
		copy(b, h[:])
	} else if _, err := io.ReadFull(s.entropy(), b); err != nil {
		return "", fmt.Errorf("games: draw id: %w", err)
	}
	for i, c := range b {
		b[i] = idAlphabet[int(c)%len(idAlphabet)]
	}
	return string(b), nil
}

// createdBy reports whether game id was created by source.
func (s *Service) createdBy(ctx context.Context, id, source string) bool {
	if source == "" {
		return false
	}
	evs, _, err := s.Store.Load(ctx, id)
	return err == nil && len(evs) > 0 && evs[0].Source == source
}

func normalizeVariants(vs []string) []string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		if v = strings.ToLower(strings.TrimSpace(v)); v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}
