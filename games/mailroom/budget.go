package mailroom

import (
	"cmp"
	"context"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/mailroom/budget"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
)

// Budgets: pbem must not be a way to mail people who never asked for it.
// Every mail a sender's commands cause is counted against them: the
// answers they get, the invitations of a NEW, the SAY relayed to the
// other players, the first mail of an observer they add or of a player
// they bring in. A budget is kept per mailbox (lower case, +tag removed,
// so v0+1@ and v0+2@ share one) and per domain, over the last hour and
// the last day; a restart counts the answers of the last hour again. A
// command that would go over is refused; an answer that would go over is
// not sent.

// DefaultDomainFactor is how many times a sender's budget the senders of
// one domain share, unless the Mailroom's DomainFactor says otherwise. A
// club whose players all write from one big provider shares it too: set
// it higher for such a club.
const DefaultDomainFactor = 10

// budgetLimits are the Mailroom's bounds, each resolved from its default.
func (m *Mailroom) budgetLimits() budget.Limits {
	return budget.Limits{PerHour: m.ratePerHour(), PerDay: m.ratePerDay(), DomainFactor: m.domainFactor(),
		UnsolicitedPerDay: m.unsolicitedPerDay(), MaxTracked: cmp.Or(m.MaxTracked, DefaultMaxTracked)}
}

// spend counts n mails caused by addr and reports whether they are within
// its budgets; when not, nothing is counted. A stranger spends from
// strangers' budgets.
func (m *Mailroom) spend(addr string, stranger bool, n int) bool {
	return m.budgets.Spend(m.budgetLimits(), m.Service.Time(), addr, stranger, n)
}

// allow counts an answer to addr and reports whether it is within the
// budgets.
func (m *Mailroom) allow(addr string, stranger bool) bool { return m.spend(addr, stranger, 1) }

func (m *Mailroom) ratePerHour() int { return cmp.Or(m.RatePerHour, 30) }

func (m *Mailroom) domainFactor() int { return cmp.Or(m.DomainFactor, DefaultDomainFactor) }

// DefaultMaxHosted is how many running games one address may host at
// once by mail.
const DefaultMaxHosted = 20

// hosting counts the running games addr hosts, as the read models say.
func (m *Mailroom) hosting(ctx context.Context, addr string) (int, error) {
	if m.Index == nil {
		return 0, nil
	}
	pg, err := m.Index.PlayerGames(ctx, addr)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, ps := range pg.Games {
		sum, err := m.Index.Summary(ctx, ps.Game)
		if err != nil {
			continue // not projected yet, or gone: not counted
		}
		if !sum.Over && strings.EqualFold(sum.Host, addr) {
			n++
		}
	}
	return n, nil
}

// ratePerDay is the day's budget: RatePerDay, or four hours' worth.
func (m *Mailroom) ratePerDay() int { return cmp.Or(m.RatePerDay, 4*m.ratePerHour()) }

// overBudget is the refusal of a command whose mails would go over the
// sender's budget.
func (m *Mailroom) overBudget(n int) error {
	return locale.RefuseIn(games.ErrSetup, "refuse.budget", strconv.Itoa(n), strconv.Itoa(m.ratePerHour()), strconv.Itoa(m.ratePerDay()), strconv.Itoa(m.domainFactor()))
}

// Strangers: an address that plays in no game never gets its own words
// back, whatever it wrote: a forged sender cannot use pbem to send anyone
// a line of their choosing. An answer in pbem's words alone (a JOIN
// refused, a mail too long) goes without the line it answers; any other
// becomes the fixed text (HELP's, headed by the message "stranger"). It counts
// against the budgets like any answer.

// ownWords marks, in an answer's fields, a refusal in pbem's words alone.
const ownWords = "own"

// forStranger returns the answers a stranger gets instead of queued.
func forStranger(queued []mail.Notice) []mail.Notice {
	var out []mail.Notice
	fixed := false
	for _, n := range queued {
		switch {
		case n.Fields[ownWords] == "1":
			delete(n.Fields, "attempt")
			out = append(out, n)
		case !fixed:
			out, fixed = append(out, mail.Notice{Kind: notice.KindHelp, Fields: locale.Saying("notice", "stranger")}), true
		}
	}
	return out
}

// strangerDay counts a stranger's answer and reports whether it is their
// first in a day.
func (m *Mailroom) strangerDay(addr string) bool {
	return m.budgets.StrangerDay(m.budgetLimits(), m.Service.Time(), addr)
}

// stranger reports whether addr plays in no game, as the read models say;
// without them nobody is a stranger.
func (m *Mailroom) stranger(ctx context.Context, addr string) (bool, error) {
	if m.Index == nil {
		return false, nil
	}
	pg, err := m.Index.PlayerGames(ctx, addr)
	if err != nil {
		return false, err
	}
	return len(pg.Games) == 0, nil
}
