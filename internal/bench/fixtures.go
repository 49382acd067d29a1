package bench

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/rules"
)

// script is one whole game decided in advance by seeded random players:
// the benchmark's players then only send the moves, as people would, and
// spend no time of the machine on thinking.
type script struct {
	game  rules.Game
	setup rules.Setup
	moves []played
}

// played is one move of a script.
type played struct {
	seat rules.Seat
	text string
	// forced says it was the seat's only legal move, which the service
	// plays itself (games' forced moves): a player never sends it.
	forced bool
	// stays says the seat is still to act after the move, as a seat
	// placing its plan in a simultaneous phase is until it finishes its
	// part: its next move goes in the same mail.
	stays bool
}

// maxScriptMoves bounds a script, for a game whose random players never
// finish.
const maxScriptMoves = 2000

// playout plays game g with seats players from seed n, each seat to act
// chosen and each move drawn by a PCG seeded with n. A seat that is still
// to act after its move plays on, as a player writes their whole plan for
// a simultaneous phase in one mail: the others' moves come before or
// after it, never in the middle.
func playout(g rules.Game, seats int, n uint64) (script, error) {
	setup := rules.Setup{Seats: seats, Seed: rules.SeedFromInt(n)}
	st, err := g.Start(setup)
	if err != nil {
		return script{}, fmt.Errorf("%s: %w", g.Info().Name, err)
	}
	pick := rand.New(rand.NewPCG(n, 0xbe7c4))
	sc := script{game: g, setup: setup}
	for range maxScriptMoves {
		toAct := st.ToAct()
		if len(toAct) == 0 {
			return sc, nil
		}
		seat := toAct[pick.IntN(len(toAct))]
		if k := len(sc.moves) - 1; k >= 0 && sc.moves[k].stays {
			seat = sc.moves[k].seat
		}
		legal := st.Legal(seat)
		if len(legal) == 0 {
			return sc, fmt.Errorf("%s seed %d: seat %d to act has no legal move", g.Info().Name, n, seat)
		}
		m := legal[pick.IntN(len(legal))]
		if st, err = st.Apply(seat, m); err != nil {
			return sc, fmt.Errorf("%s seed %d: %w", g.Info().Name, n, err)
		}
		sc.moves = append(sc.moves, played{seat: seat, text: m.String(), forced: len(legal) == 1, stays: slices.Contains(st.ToAct(), seat)})
	}
	return sc, nil
}

// players returns the players of game i of a benchmark, each with an
// address, so every move writes the notices it writes in a real game.
func players(i, seats int, domain string) []events.Player {
	ps := make([]events.Player, seats)
	for s := range ps {
		name := fmt.Sprintf("p%d-%d", i, s)
		ps[s] = events.Player{Name: name, Address: name + "@" + domain}
	}
	return ps
}

// finished is a whole game, from its creation to its end, that can be
// written under any id: the background of the growth benchmark.
type finished struct {
	script script
	scores []int
}

// finishedTemplates plays n scripts of the configuration's game to their
// end.
func finishedTemplates(cfg *Config, n int) ([]finished, error) {
	scs, err := scriptsFor(cfg, n, 300_000)
	if err != nil {
		return nil, err
	}
	out := make([]finished, n)
	for i, sc := range scs {
		st, err := sc.game.Start(sc.setup)
		if err != nil {
			return nil, err
		}
		for _, m := range sc.moves {
			mv, err := st.Parse(m.seat, m.text)
			if err != nil {
				return nil, err
			}
			if st, err = st.Apply(m.seat, mv); err != nil {
				return nil, err
			}
		}
		scores, _ := st.Result()
		out[i] = finished{script: sc, scores: scores}
	}
	return out, nil
}

// messages returns game id's secret and events, as pbem stores them but
// for their message ids, for game number i of the benchmark.
func (f finished) messages(id string, i int) []*nats.Msg {
	sc := f.script
	ps := players(i, sc.setup.Seats, benchDomain)
	for s := range ps {
		ps[s].Seat = s
	}
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Minute)
	seed := sc.setup.Seed
	type fact struct {
		typ     string
		actor   int
		payload any
	}
	facts := []fact{{events.TypeGameCreated, events.SystemActor, events.GameCreated{
		Game: sc.game.Info().Name, Variants: []string{}, Players: ps, Host: ps[0].Address, Commitment: seed.Commitment()}}}
	for _, m := range sc.moves {
		facts = append(facts, fact{events.TypeMovePlayed, int(m.seat), events.MovePlayed{Seat: int(m.seat), Move: m.text}})
	}
	facts = append(facts, fact{events.TypeGameEnded, events.SystemActor,
		events.GameEnded{Scores: f.scores, Seed: seed.String(), Reason: events.EndFinished}})

	// No message ids: the server keeps the ids of the last DuplicateWindow
	// in memory, and games written long ago have none there; with ids,
	// millions written a minute ago would fill it as no real stream does.
	msg := func(subject string, data []byte) *nats.Msg {
		return &nats.Msg{Subject: subject, Data: data}
	}
	out := []*nats.Msg{msg(events.SecretSubject+id, []byte(seed.String()))}
	prev := ""
	for k, f := range facts {
		e, err := events.New(f.typ, f.actor, at.Add(time.Duration(k)*time.Second), f.payload)
		if err != nil {
			panic(err) // the payloads above always marshal
		}
		e = e.Seal(id, uint64(k+1), prev)
		prev = e.Hash
		out = append(out, msg(events.GameSubject+id, e.Encode()))
	}
	return out
}
