package games

import (
	"cmp"
	"context"
	"crypto/rand"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Operator is the seat to give to the commands below when the operator,
// not a player, gives them: such commands need no host.
const Operator = operator

// hostOnly refuses a player who is not the game's host.
func hostOnly(g *projections.Game, seat rules.Seat) error {
	if seat == operator {
		return nil
	}
	if int(seat) >= 0 && strings.EqualFold(g.Created.Players[seat].Address, g.Created.Host) && g.Created.Host != "" {
		return nil
	}
	return refuse(ErrNotHost, "only the game's host (%s) may do that", HostName(g))
}

func actor(seat rules.Seat) int {
	if seat == operator {
		return events.SystemActor
	}
	return int(seat)
}

// SetSettings records the host's time settings after checking them.
func (s *Service) SetSettings(ctx context.Context, id string, seat rules.Seat, set events.Settings, c Cause) (Played, error) {
	for _, sp := range []string{set.PerMove, set.Reminder, set.Grace, set.MaxVacation} {
		if sp == "" {
			continue
		}
		if _, err := projections.ParseSpan(sp); err != nil {
			return Played{}, refuse(ErrSetup, "%v", err)
		}
	}
	for i, d := range set.Days {
		d = strings.ToLower(d)
		if len(d) > 3 {
			d = d[:3]
		}
		if !slices.Contains(projections.Weekdays, d) {
			return Played{}, refuse(ErrSetup, "%q is not a weekday: write mon, tue, wed, thu, fri, sat or sun", set.Days[i])
		}
		set.Days[i] = d
	}
	if set.Zone != "" {
		name, _, err := projections.ParseZone(set.Zone)
		if err != nil {
			return Played{}, refuse(ErrSetup, "%v", err)
		}
		set.Zone = name
	}
	if len(set.Days) == 0 || set.Zone == "UTC" {
		set.Zone = "" // the zone counts the days only
	}
	if per, _ := projections.ParseSpan(set.PerMove); set.PerMove != "" && seat != operator && per < s.minDeadline() {
		return Played{}, refuse(ErrSetup, "a deadline of %s a move is too short: pbem takes at least %v", set.PerMove, s.minDeadline())
	}
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		if err := hostOnly(g, seat); err != nil {
			return nil, "", err
		}
		evs, err := s.newEvents(c, event(events.TypeSettingsChanged, actor(seat), events.SettingsChanged{Settings: set}))
		return evs, "", err
	})
}

// Vacation records seat's absence from from to until.
func (s *Service) Vacation(ctx context.Context, id string, seat rules.Seat, from, until time.Time, c Cause) (Played, error) {
	if !until.After(from) {
		return Played{}, refuse(rules.ErrIllegal, "a vacation must end after it starts")
	}
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		limit, _ := projections.ParseSpan(cmp.Or(g.Settings.MaxVacation, "14d"))
		if until.Sub(from) > limit {
			return nil, "", refuse(rules.ErrIllegal, "this game allows vacations of at most %s", cmp.Or(g.Settings.MaxVacation, "14d"))
		}
		evs, err := s.newEvents(c, event(events.TypeVacationDeclared, int(seat), events.VacationDeclared{Seat: int(seat), From: from.UTC(), Until: until.UTC()}))
		return evs, "", err
	})
}

// Pause stops the game's clock and moves; Resume starts them again.
func (s *Service) Pause(ctx context.Context, id string, seat rules.Seat, pause bool, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		if err := hostOnly(g, seat); err != nil {
			return nil, "", err
		}
		by := "the operator"
		if seat != operator {
			by = g.Created.Players[seat].Name
		}
		switch {
		case pause && g.PausedAt != nil:
			return nil, "", refuse(ErrPaused, "the game is already paused")
		case pause:
			evs, err := s.newEvents(c, event(events.TypeGamePaused, actor(seat), events.GamePaused{By: by}))
			return evs, "", err
		case g.PausedAt == nil:
			return nil, "", refuse(ErrPaused, "the game is not paused")
		}
		evs, err := s.newEvents(c, event(events.TypeGameResumed, actor(seat), events.GameResumed{By: by}))
		return evs, "", err
	})
}

// Undo asks to take back the last n moves. The host (or the operator)
// decides at once; a player's request waits for every other player's
// AGREE. It is refused when a hidden fact or a random draw has come out
// since, because taking back the moves would not hide it again.
func (s *Service) Undo(ctx context.Context, id string, seat rules.Seat, n int, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		back, err := undoPoint(g, n)
		if err != nil {
			return nil, "", err
		}
		if err := nothingRevealed(g, back); err != nil {
			return nil, "", err
		}
		decided := hostOnly(g, seat) == nil
		ps := []pending{event(events.TypeUndoProposed, actor(seat), events.UndoProposed{Seat: actor(seat), Back: back, Decided: decided})}
		if decided {
			ps = append(ps, event(events.TypeMovesUndone, actor(seat), events.MovesUndone{Back: back}))
		}
		evs, err := s.newEvents(c, ps...)
		return evs, "", err
	})
}

// AnswerUndo records seat's answer to the open undo request; the last
// agreement takes the moves back.
func (s *Service) AnswerUndo(ctx context.Context, id string, seat rules.Seat, agree bool, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		if g.Undo == nil {
			return nil, "", refuse(ErrUndo, "nobody has asked to take moves back")
		}
		if g.Undo.Seat == int(seat) {
			return nil, "", refuse(ErrUndo, "you asked for the undo; the other players answer it")
		}
		ps := []pending{event(events.TypeUndoAnswered, int(seat), events.UndoAnswered{Seat: int(seat), Agree: agree})}
		if agree && allAgreed(g, int(seat)) {
			if err := nothingRevealed(g, g.Undo.Back); err != nil {
				return nil, "", err
			}
			ps = append(ps, event(events.TypeMovesUndone, events.SystemActor, events.MovesUndone{Back: g.Undo.Back}))
		}
		evs, err := s.newEvents(c, ps...)
		return evs, "", err
	})
}

// allAgreed reports whether seat's agreement completes the open request.
func allAgreed(g *projections.Game, seat int) bool {
	for _, p := range g.Playing() {
		if p != g.Undo.Seat && p != seat && !g.Undo.Answers[p] {
			return false
		}
	}
	return true
}

// undoPoint returns the event after which the last n standing moves came.
func undoPoint(g *projections.Game, n int) (uint64, error) {
	if n < 1 {
		n = 1
	}
	var standing []projections.Moved
	for _, m := range g.Moves {
		if !g.Undone[m.Seq] {
			standing = append(standing, m)
		}
	}
	if len(standing) < n {
		return 0, refuse(ErrUndo, "there are only %d moves to take back", len(standing))
	}
	return standing[len(standing)-n].Seq - 1, nil
}

// nothingRevealed refuses an undo back to event back when something secret
// then is known now.
func nothingRevealed(g *projections.Game, back uint64) error {
	then, ok := g.State.(rules.Secrets)
	if !ok {
		return nil
	}
	st, err := g.StateAt(back)
	if err != nil {
		return err
	}
	earlier, _ := st.(rules.Secrets)
	seats := []rules.Seat{rules.Observer}
	for i := range g.Created.Players {
		seats = append(seats, rules.Seat(i))
	}
	for _, seat := range seats {
		now := then.Secrets(seat)
		for _, secret := range earlier.Secrets(seat) {
			if !slices.Contains(now, secret) {
				return refuse(ErrUndo, "something hidden has been revealed since (%s), so those moves cannot be taken back", revealedWhat(seat))
			}
		}
	}
	return nil
}

func revealedWhat(seat rules.Seat) string {
	if seat == rules.Observer {
		return "a face-down piece or a random draw"
	}
	return fmt.Sprintf("a secret of seat %d", seat)
}

// Replace seats a new player in seat; the newcomer gets the whole public
// history and their own view.
func (s *Service) Replace(ctx context.Context, id string, by rules.Seat, seat int, p events.Player, c Cause) (Played, error) {
	return s.act(ctx, id, by, c, func(g *projections.Game) ([]events.Event, string, error) {
		if err := hostOnly(g, by); err != nil {
			return nil, "", err
		}
		if err := CheckSeat(g, seat); err != nil {
			return nil, "", err
		}
		if p.Address != "" {
			var err error
			if p.Address, err = ParseAddress(p.Address, s.Mailbox); err != nil {
				return nil, "", err
			}
		}
		if p.Name == "" {
			p.Name, _, _ = strings.Cut(p.Address, "@")
		}
		evs, err := s.newEvents(c, event(events.TypePlayerReplaced, actor(by), events.PlayerReplaced{Seat: seat, Name: p.Name, Address: strings.ToLower(p.Address), Invited: p.Invited}))
		return evs, "", err
	})
}

// AnswerInvitation records an invited player's answer: they play, or
// their seat is open again for the host to fill.
func (s *Service) AnswerInvitation(ctx context.Context, id string, seat rules.Seat, accept bool, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		if err := CheckSeat(g, int(seat)); err != nil {
			return nil, "", err
		}
		if !g.Created.Players[seat].Invited {
			if accept {
				return nil, "", refuse(ErrSetup, "you play in game %s already", id)
			}
			return nil, "", refuse(ErrSetup, "you play in game %s already: RESIGN leaves it", id)
		}
		evs, err := s.newEvents(c, event(events.TypeInvitationAnswered, int(seat), events.InvitationAnswered{Seat: int(seat), Accepted: accept}))
		return evs, "", err
	})
}

// Join seats addr in the game's first open seat.
func (s *Service) Join(ctx context.Context, id, addr string, c Cause) (Played, error) {
	addr = strings.ToLower(addr)
	return s.act(ctx, id, operator, c, func(g *projections.Game) ([]events.Event, string, error) {
		if SeatOf(g, addr) != rules.Observer {
			return nil, "", refuse(ErrSetup, "you already play in game %s", id)
		}
		open := g.Open()
		if len(open) == 0 {
			return nil, "", refuse(ErrSetup, "game %s has no open seat", id)
		}
		name, _, _ := strings.Cut(addr, "@")
		evs, err := s.newEvents(c, event(events.TypePlayerReplaced, events.SystemActor, events.PlayerReplaced{Seat: open[0], Name: name, Address: addr}))
		return evs, "", err
	})
}

// ReasonExpelled is the reason of a seat the host expelled.
const ReasonExpelled = "expelled"

// Expel gives seat to pbem for good.
func (s *Service) Expel(ctx context.Context, id string, by rules.Seat, seat int, c Cause) (Played, error) {
	return s.act(ctx, id, by, c, func(g *projections.Game) ([]events.Event, string, error) {
		if err := hostOnly(g, by); err != nil {
			return nil, "", err
		}
		if err := CheckSeat(g, seat); err != nil {
			return nil, "", err
		}
		evs, err := s.newEvents(c, event(events.TypeSeatAbandoned, actor(by), events.SeatAbandoned{Seat: seat, Reason: ReasonExpelled}))
		return evs, "", err
	})
}

// ProposeEnd records seat's wish to end the game as it stands; the game
// ends when every player still playing has asked. The operator ends it at
// once.
func (s *Service) ProposeEnd(ctx context.Context, id string, seat rules.Seat, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		if seat == operator {
			scores, _ := g.State.Result()
			evs, err := s.newEvents(c, event(events.TypeGameEnded, events.SystemActor,
				events.GameEnded{Scores: scores, Seed: g.Setup.Seed.String(), Reason: events.EndAgreed}))
			return evs, "", err
		}
		evs, err := s.newEvents(c, event(events.TypeEndProposed, int(seat), events.EndProposed{Seat: int(seat)}))
		return evs, "", err
	})
}

// Watch adds (or removes) an observer, who gets the public view by mail.
func (s *Service) Watch(ctx context.Context, id string, by rules.Seat, address string, on bool, c Cause) (Played, error) {
	raw := strings.ToLower(strings.Trim(strings.TrimSpace(address), "<>"))
	address, bad := ParseAddress(address, s.Mailbox)
	if bad != nil && on {
		return Played{}, bad
	}
	return s.act(ctx, id, by, c, func(g *projections.Game) ([]events.Event, string, error) {
		if err := hostOnly(g, by); err != nil {
			return nil, "", err
		}
		if bad != nil {
			// One may stop watching what was recorded before addresses
			// were checked, and nothing else that is no address.
			if !slices.ContainsFunc(g.Observers, func(a string) bool { return strings.EqualFold(a, raw) }) {
				return nil, "", bad
			}
			address = raw
		}
		if on && by != operator && len(g.Observers) >= s.maxObservers() && !slices.ContainsFunc(g.Observers, func(a string) bool { return strings.EqualFold(a, address) }) {
			return nil, "", refuse(ErrSetup, "game %s has %d observers already, as many as pbem mails for one game", id, len(g.Observers))
		}
		// The host's observer is asked first, as a player is; the
		// operator's is not.
		invited := on && by != operator && !slices.ContainsFunc(g.Observers, func(a string) bool { return strings.EqualFold(a, address) })
		evs, err := s.newEvents(c, event(events.TypeObserverChanged, actor(by), events.ObserverChanged{Address: address, Watch: on, Invited: invited}))
		return evs, "", err
	})
}

// AcceptWatch records that an observer the host asked by mail wants the
// game's mail.
func (s *Service) AcceptWatch(ctx context.Context, id, address string, c Cause) (Played, error) {
	address = strings.ToLower(strings.TrimSpace(address))
	return s.act(ctx, id, operator, c, func(g *projections.Game) ([]events.Event, string, error) {
		if !g.Asked[address] {
			return nil, "", refuse(ErrSetup, "nobody asked you to follow game %s", id)
		}
		evs, err := s.newEvents(c, event(events.TypeObserverChanged, events.SystemActor, events.ObserverChanged{Address: address, Watch: true, Accepted: true}))
		return evs, "", err
	})
}

// SetDigest switches seat between a mail per event and one mail a day.
func (s *Service) SetDigest(ctx context.Context, id string, seat rules.Seat, on bool, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		evs, err := s.newEvents(c, event(events.TypeDigestChanged, int(seat), events.DigestChanged{Seat: int(seat), On: on}))
		return evs, "", err
	})
}

// SetAuto records whether pbem plays seat's only legal move by itself
// (on, the default) or asks for it like any other.
func (s *Service) SetAuto(ctx context.Context, id string, seat rules.Seat, on bool, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		evs, err := s.newEvents(c, event(events.TypeAutoChanged, int(seat), events.AutoChanged{Seat: int(seat), Off: !on}))
		return evs, "", err
	})
}

// Conditional records seat's move in advance: when the seat to move plays
// ifMove, pbem plays thenMove for seat if it is legal then.
func (s *Service) Conditional(ctx context.Context, id string, seat rules.Seat, ifMove, thenMove string, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		if IsToAct(g.State, int(seat)) {
			return nil, "", refuse(rules.ErrIllegal, "it is your turn: play your move rather than a conditional one")
		}
		toAct := g.State.ToAct()
		if len(toAct) == 0 {
			return nil, "", refuse(rules.ErrIllegal, "nobody is to move")
		}
		m, err := g.State.Parse(toAct[0], ifMove)
		if err != nil {
			return nil, "", refuse(rules.ErrIllegal, "IF %s: %v", ifMove, err)
		}
		evs, err := s.newEvents(c, event(events.TypeConditionalSet, int(seat), events.ConditionalSet{Seat: int(seat), If: m.String(), Then: strings.TrimSpace(thenMove), Salt: salt()}))
		return evs, "", err
	})
}

// Queue records seat's programmed list: moves pbem plays for the seat, in
// order, as its turns come, stopping at the first that is no longer legal.
func (s *Service) Queue(ctx context.Context, id string, seat rules.Seat, moves []string, c Cause) (Played, error) {
	return s.act(ctx, id, seat, c, func(g *projections.Game) ([]events.Event, string, error) {
		if !g.Rules.Info().Programmed {
			return nil, "", refuse(rules.ErrIllegal, "%v", rules.Illegal("it is not your turn, and %s takes no moves for later turns", rules.Say(g.Rules.Info().Title)))
		}
		if lr, ok := g.State.(rules.ListReader); ok {
			moves = lr.ReadList(seat, moves) // kept as meant when written
		}
		evs, err := s.newEvents(c, event(events.TypeMovesQueued, int(seat), events.MovesQueued{Seat: int(seat), Moves: moves, Salt: salt()}))
		return evs, "", err
	})
}

// salt returns 128 random bits as text, to hide a secret plan in its
// event's hash. It hides, and nothing replays it, so it comes from the
// system's secure source, never from Entropy, which tests seed so that
// games get the same ids.
func salt() string {
	return rand.Text()
}

func (s *Service) minDeadline() time.Duration { return cmp.Or(s.MinDeadline, DefaultMinDeadline) }

func (s *Service) maxObservers() int { return cmp.Or(s.MaxObservers, DefaultMaxObservers) }
