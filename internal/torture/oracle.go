package torture

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
)

// Outcome is what the service left behind once stopped for good.
type Outcome struct {
	Games   map[string][]events.Event // every game's history, by id
	Notices []mail.Notice             // every notice written to the outbox
	Failed  int                       // notices the SMTP server refused for good
	Boxes   map[string][]Content      // every player's mailbox, by address
}

// Report counts what was checked and lists every broken promise.
type Report struct {
	News, Moves, Invalid, Duplicates int // mails the players sent
	Games, Applied                   int // games created, moves recorded
	Notices                          int // notices written to the outbox
	Mails                            int // mails in the players' mailboxes
	Repeats                          int // of those, second deliveries of a Message-ID, same content
	Problems                         []string
}

func (r *Report) problem(format string, args ...any) {
	r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
}

// Check compares the outcome with what the players sent. Every NEW made
// one game, every valid move was recorded exactly once right after the
// prompt it answers, no bad move or repeated mail changed anything, every
// bad move was answered, every game ended, and every notice reached its
// recipient at least once and always with the same content.
func Check(sent []Sent, out Outcome) Report {
	var r Report
	byKey := map[string]Sent{}
	for _, s := range sent {
		switch s.Kind {
		case KindNew:
			r.News++
		case KindMove:
			r.Moves++
		case KindInvalid:
			r.Invalid++
		case KindDuplicate:
			r.Duplicates++
			continue
		}
		byKey[mail.InboxKey(s.MessageID, nil)] = s
	}
	applied := checkGames(&r, byKey, out.Games)
	answers := checkMail(&r, out)
	for key, s := range byKey {
		n := applied[key]
		switch s.Kind {
		case KindNew, KindMove:
			if n != 1 {
				r.problem("%s %s %q (%s) was applied %d times, want once", s.From, s.Kind, s.Move, s.MessageID, n)
			}
			if a := answers[key]; len(a) > 0 {
				r.problem("%s %s %q (%s) was answered with %s", s.From, s.Kind, s.Move, s.MessageID, strings.Join(a, ", "))
			}
		case KindInvalid:
			if n != 0 {
				r.problem("%s's bad move %q (%s) was applied", s.From, s.Move, s.MessageID)
			}
			if a := answers[key]; len(a) != 1 || !strings.Contains(a[0], ".rejected@") {
				r.problem("%s's bad move %q (%s) was answered with %q, want one refusal", s.From, s.Move, s.MessageID, a)
			}
		}
	}
	if out.Failed > 0 {
		r.problem("%d notices were refused for good", out.Failed)
	}
	return r
}

// checkGames checks every history and returns how often each mail was
// applied, by inbox key.
func checkGames(r *Report, byKey map[string]Sent, games map[string][]events.Event) map[string]int {
	applied := map[string]int{}
	for id, evs := range games {
		r.Games++
		if len(evs) == 0 || evs[0].Type != events.TypeGameCreated {
			r.problem("game %s does not start with GameCreated", id)
			continue
		}
		key, _, _ := strings.Cut(evs[0].Source, "#")
		if s, ok := byKey[key]; !ok || s.Kind != KindNew {
			r.problem("game %s was created by %q, which is no NEW a player sent", id, evs[0].Source)
		}
		applied[key]++
		for _, e := range evs[1:] {
			switch e.Type {
			case events.TypeMovePlayed:
				r.Applied++
				key, _, _ := strings.Cut(e.Source, "#")
				applied[key]++
				var mp events.MovePlayed
				if err := json.Unmarshal(e.Payload, &mp); err != nil {
					r.problem("game %s event %d: %v", id, e.Seq, err)
					continue
				}
				s, ok := byKey[key]
				switch {
				case !ok || s.Kind != KindMove:
					r.problem("game %s event %d: move %s by seat %d from %q, which is no move a player sent", id, e.Seq, mp.Move, mp.Seat, e.Source)
				case s.Game != id || s.Seat != mp.Seat || s.Move != mp.Move || s.Prompt+1 != e.Seq:
					r.problem("game %s event %d: seat %d played %s; the mail %s was seat %d's %s for game %s after event %d",
						id, e.Seq, mp.Seat, mp.Move, s.MessageID, s.Seat, s.Move, s.Game, s.Prompt)
				}
			case events.TypeGameEnded:
				if e.Seq != uint64(len(evs)) {
					r.problem("game %s ended at event %d and went on to event %d", id, e.Seq, len(evs))
				}
			default:
				r.problem("game %s event %d is a %s, which no player asked for", id, e.Seq, e.Type)
			}
		}
		if evs[len(evs)-1].Type != events.TypeGameEnded {
			r.problem("game %s is stuck after event %d", id, len(evs))
		}
	}
	return applied
}

// checkMail checks the mailboxes against the outbox and returns the
// Message-IDs of the service's answers to players' mails, by the inbox
// key they answer.
func checkMail(r *Report, out Outcome) map[string][]string {
	notices := map[string]mail.Notice{}
	for _, n := range out.Notices {
		notices[n.ID] = n
	}
	r.Notices = len(notices)
	digests := map[string]string{}
	got := map[string]bool{} // address and Message-ID
	answers := map[string][]string{}
	for addr, box := range out.Boxes {
		for _, c := range box {
			r.Mails++
			n, ok := notices[c.MessageID]
			switch {
			case !ok:
				r.problem("%s got %q (%s), which is in no outbox notice", addr, c.Subject, c.MessageID)
			case !strings.EqualFold(n.To, addr):
				r.problem("%s got %s, which was for %s", addr, c.MessageID, n.To)
			}
			if d, seen := digests[c.MessageID]; !seen {
				digests[c.MessageID] = c.Digest
			} else if d != c.Digest {
				r.problem("two different mails have Message-ID %s (%q)", c.MessageID, c.Subject)
			}
			if got[addr+" "+c.MessageID] {
				r.Repeats++
			}
			got[addr+" "+c.MessageID] = true
			if m := answerID.FindStringSubmatch(c.MessageID); m != nil && !slices.Contains(answers[m[1]], c.MessageID) {
				answers[m[1]] = append(answers[m[1]], c.MessageID)
			}
		}
	}
	for _, n := range notices {
		if _, mine := out.Boxes[strings.ToLower(n.To)]; mine && !got[strings.ToLower(n.To)+" "+n.ID] {
			r.problem("%s never got %s (%s)", n.To, n.ID, n.Kind)
		}
	}
	return answers
}
