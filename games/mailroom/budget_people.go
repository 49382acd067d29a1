package mailroom

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// Budgets that protect the people pbem mails, beside those of its
// senders (budget.go): whoever writes, one address gets at most
// UnsolicitedPerDay mails it never asked for in a day (invitations to
// play or to follow a game, confirmations of what a mail "from" it
// asked), and the maps that remember the budgets hold at most MaxTracked
// keys, however many addresses write.

// DefaultUnsolicitedPerDay is how many mails one address gets in a day
// that it did not ask for, from every host together, unless the
// Mailroom's UnsolicitedPerDay says otherwise.
const DefaultUnsolicitedPerDay = 3

// DefaultMaxTracked is how many budgets (mailboxes, domains, strangers'
// daily answers) a Mailroom remembers at once, unless its MaxTracked
// says otherwise.
const DefaultMaxTracked = 100_000

// unsolicited counts a mail each to addrs that they did not ask for, and
// refuses, counting none, when one of them has had the day's share:
// the sender is told, and pbem mails them nothing more that day.
func (m *Mailroom) unsolicited(addrs []string) error {
	if a := m.budgets.Unsolicited(m.budgetLimits(), m.Service.Time(), addrs); a != "" {
		return locale.RefuseIn(games.ErrSetup, "refuse.unsolicited", a, strconv.Itoa(m.unsolicitedPerDay()))
	}
	return nil
}

func (m *Mailroom) unsolicitedPerDay() int {
	return cmp.Or(m.UnsolicitedPerDay, DefaultUnsolicitedPerDay)
}

// capConfirmations drops the confirmations among queued that would go
// over their recipient's unsolicited mail of the day.
func (m *Mailroom) capConfirmations(queued []mail.Notice, to string, log *slog.Logger) []mail.Notice {
	var out []mail.Notice
	for _, n := range queued {
		if n.Fields["confirm"] != "" {
			if err := m.unsolicited([]string{to}); err != nil {
				log.Warn("confirmation not sent: the address had as many unasked mails today as pbem sends", "purpose", n.Fields["confirm"])
				continue
			}
		}
		out = append(out, n)
	}
	return out
}

// onlyConfirmations reports whether queued holds confirmations alone (at
// least one).
func onlyConfirmations(queued []mail.Notice) bool {
	for _, n := range queued {
		if n.Fields["confirm"] == "" {
			return false
		}
	}
	return len(queued) > 0
}

// invitees are the addresses of players a new game asks to play: all
// but the host, the open seats, and those who said yes to a game of the
// host's before: a club's friends, asked to a fifth game in a day, asked
// for them.
func (m *Mailroom) invitees(ctx context.Context, players []events.Player, host string) ([]string, error) {
	var out []string
	for _, p := range players {
		if p.Open || strings.EqualFold(p.Address, host) {
			continue
		}
		joined, err := m.joinedGameOf(ctx, p.Address, host)
		if err != nil {
			return nil, err
		}
		if !joined {
			out = append(out, p.Address)
		}
	}
	return out, nil
}

// joinedGameOf reports whether addr sits, having said yes, in a game that
// host set up, as the read models tell (none without them).
func (m *Mailroom) joinedGameOf(ctx context.Context, addr, host string) (bool, error) {
	if m.Index == nil {
		return false, nil
	}
	pg, err := m.Index.PlayerGames(ctx, addr)
	if err != nil {
		return false, err
	}
	for _, s := range pg.Games {
		g, _, err := m.Service.Load(ctx, s.Game)
		if errors.Is(err, events.ErrNotFound) {
			continue
		}
		if err != nil {
			return false, err
		}
		if s.Seat < 0 || s.Seat >= len(g.Created.Players) || !strings.EqualFold(g.Created.Host, host) {
			continue
		}
		if p := g.Created.Players[s.Seat]; strings.EqualFold(p.Address, addr) && !slices.Contains(g.Invited(), s.Seat) {
			return true, nil
		}
	}
	return false, nil
}

// asked reports whether addr is asked to follow g already, or follows it:
// a WATCH of them again mails them nothing.
func asked(g *projections.Game, addr string) bool {
	addr = strings.ToLower(strings.Trim(strings.TrimSpace(addr), "<>"))
	for _, o := range g.Observers {
		if strings.EqualFold(o, addr) {
			return true
		}
	}
	return false
}
