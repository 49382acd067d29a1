package games

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// NewGame is what a host asks for.
type NewGame struct {
	Game     string          // rules name, e.g. "atacama"
	Variants []string        // variant names
	Players  []events.Player // in seat order; Seat is set from the order
	Host     string          // who asks
	Seed     *rules.Seed     // nil: drawn from Entropy
	Source   string          // what caused it, e.g. an inbox record
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
	created := events.GameCreated{
		Game: info.Name, Variants: variants, Players: players,
		Host: req.Host, Commitment: seed.Commitment(),
	}
	for range s.retries() {
		id, err := s.newID()
		if err != nil {
			return "", err
		}
		ev, err := events.New(events.TypeGameCreated, events.SystemActor, s.now(), created)
		if err != nil {
			return "", err
		}
		ev.Source = req.Source
		secret := events.Message{Subject: events.SecretSubject + id, MsgID: id + ".seed", Data: []byte(seed.String())}
		_, err = s.Store.Append(ctx, id, events.Head{}, []events.Event{ev}, secret)
		if errors.Is(err, events.ErrConflict) {
			continue // the id is taken: draw another
		}
		if err != nil {
			return "", fmt.Errorf("games: create: %w", err)
		}
		return id, nil
	}
	return "", fmt.Errorf("games: create: no free game id after %d tries", s.retries())
}

func (s *Service) newID() (string, error) {
	b := make([]byte, 6)
	if _, err := io.ReadFull(s.entropy(), b); err != nil {
		return "", fmt.Errorf("games: draw id: %w", err)
	}
	for i, c := range b {
		b[i] = idAlphabet[int(c)%len(idAlphabet)]
	}
	return string(b), nil
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
