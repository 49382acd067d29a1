package games

import (
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// Kinds of notices, each with its template.
const (
	KindInvitation = "invitation" // a game was created: who plays, the rules, the seed's commitment
	KindYourTurn   = "your-turn"  // the board, your view, and the prompt
	KindAccepted   = "accepted"   // your move was recorded
	KindMoved      = "moved"      // someone else moved; not your turn
	KindSaid       = "said"       // a player's SAY
	KindGameOver   = "game-over"  // scores, the seed, how to verify
	KindRejected   = "rejected"   // a move was refused, and why; the prompt again
	KindError      = "error"      // a command was refused or not understood, and why
	KindStale      = "stale"      // a reply to an old prompt, and what changed since
	KindHelp       = "help"
	KindBoard      = "board"    // BOARD and STATUS
	KindHistory    = "history"  // HISTORY
	KindGames      = "games"    // GAMES
	KindReminder   = "reminder" // your deadline is near
	KindNews       = "news"     // something happened to the game itself: a deadline, a pause, an undo, a new player
	KindDigest     = "digest"   // what happened in a day, for players who asked for digests
)

// messageID returns the Message-ID of the notice of kind for seat after
// event seq of game: stable, so a notice sent twice is one mail.
func (s *Service) messageID(game string, seq uint64, seat int, kind string) string {
	return fmt.Sprintf("%s.%d.%d.%s@%s", game, seq, seat, kind, s.domain())
}

// threadRoot is the first mail a seat got about a game, the invitation;
// every later mail refers to it, so each game is one thread.
func (s *Service) threadRoot(game string, seat int) string {
	return s.messageID(game, 1, seat, KindInvitation)
}

func (s *Service) domain() string {
	if s.Domain != "" {
		return s.Domain
	}
	return "pbem.invalid"
}

// notices returns the mail that the events evs, just recorded, cause; g is
// the game after them. replyTo is the Message-ID of the player's mail that
// caused them, if any.
func (s *Service) notices(g *projections.Game, evs []events.Event, replyTo string) []events.Message {
	var out []events.Message
	ended := len(evs) > 0 && evs[len(evs)-1].Type == events.TypeGameEnded
	add := func(n mail.Notice) {
		out = append(out, events.Message{Subject: n.Subject(), MsgID: n.ID, Data: n.Encode()})
	}
	for _, e := range evs {
		for _, p := range g.Created.Players {
			kind := s.noticeKind(g, e, p.Seat, ended)
			if kind == "" || p.Address == "" || g.Digest[p.Seat] && digested[kind] && e.Type != events.TypeDigestChanged {
				continue
			}
			n := mail.Notice{
				ID:   s.messageID(g.ID, e.Seq, p.Seat, kind),
				Kind: kind, Game: g.ID, Seq: e.Seq, Seat: p.Seat, To: p.Address, Name: p.Name,
				InReplyTo: s.threadRoot(g.ID, p.Seat),
			}
			if kind != KindInvitation {
				n.References = []string{n.InReplyTo}
			}
			if replyTo != "" && e.Actor == p.Seat {
				n.InReplyTo = replyTo
				n.References = append(n.References, replyTo)
			}
			add(n)
		}
		for i, addr := range g.Observers {
			if kind := observerKind(e, addr); kind != "" {
				add(mail.Notice{ID: fmt.Sprintf("%s.%d.o%d.%s@%s", g.ID, e.Seq, i, kind, s.domain()),
					Kind: kind, Game: g.ID, Seq: e.Seq, Seat: int(rules.Observer), To: addr, Name: addr})
			}
		}
	}
	return out
}

// digested are the kinds a player who chose digests gets in the digest
// instead of one by one.
var digested = map[string]bool{KindMoved: true, KindAccepted: true, KindSaid: true, KindNews: true}

// observerKind says what an observer hears of event e.
func observerKind(e events.Event, addr string) string {
	switch e.Type {
	case events.TypeMovePlayed, events.TypeMovesUndone, events.TypePlayerReplaced:
		return KindMoved
	case events.TypeGameEnded:
		return KindGameOver
	case events.TypeObserverChanged:
		var oc events.ObserverChanged
		if e.Unmarshal(&oc) == nil && oc.Watch && strings.EqualFold(oc.Address, addr) {
			return KindBoard
		}
	}
	return ""
}

// noticeKind says what seat hears of event e, "" for nothing.
func (s *Service) noticeKind(g *projections.Game, e events.Event, seat int, ended bool) string {
	prompt := isToAct(g.State, seat) && e.Seq == g.Seq && !ended
	switch e.Type {
	case events.TypeGameCreated:
		return KindInvitation
	case events.TypeGameEnded:
		return KindGameOver
	case events.TypePlayerSaid:
		if e.Actor != seat {
			return KindSaid
		}
	case events.TypeMovePlayed:
		var mp events.MovePlayed
		_ = e.Unmarshal(&mp)
		switch {
		case ended: // the game-over mail says it all
		case prompt:
			return KindYourTurn
		case mp.Seat == seat && (mp.Timeout || mp.Conditional || mp.Queued):
			return KindNews
		case mp.Seat == seat:
			return KindAccepted
		default:
			return KindMoved
		}
	case events.TypeReminderSent:
		var r events.ReminderSent
		if e.Unmarshal(&r) == nil && r.Seat == seat {
			return KindReminder
		}
	case events.TypeDigestSent:
		var d events.DigestSent
		if e.Unmarshal(&d) == nil && d.Seat == seat {
			return KindDigest
		}
	case events.TypePlayerReplaced:
		var pr events.PlayerReplaced
		if e.Unmarshal(&pr) == nil && pr.Seat == seat {
			return KindHistory // the newcomer: everything so far, and their view
		}
		if prompt {
			return KindYourTurn
		}
		return KindNews
	case events.TypeMovesQueued:
		var q events.MovesQueued
		if e.Unmarshal(&q) == nil && q.Seat == seat {
			if prompt {
				return KindYourTurn
			}
			return KindNews
		}
	case events.TypeConditionalSet, events.TypeDigestChanged:
		if e.Actor == seat {
			return KindNews // a confirmation; nobody else may know
		}
	case events.TypeUndoAnswered, events.TypeEndProposed, events.TypeUndoProposed:
		if e.Actor != seat {
			return KindNews
		}
	case events.TypeSettingsChanged, events.TypeDeadlinePassed, events.TypeSeatAbandoned,
		events.TypeVacationDeclared, events.TypeGamePaused, events.TypeGameResumed, events.TypeMovesUndone:
		if prompt {
			return KindYourTurn
		}
		return KindNews
	}
	return ""
}

func isToAct(st rules.State, seat int) bool {
	for _, t := range st.ToAct() {
		if int(t) == seat {
			return true
		}
	}
	return false
}
