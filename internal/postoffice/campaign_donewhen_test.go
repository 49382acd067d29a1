package postoffice

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/projections"
)

// halves counts campaign points in halves, as the test counts them
// itself: a seat scores two for each seat at its table it placed ahead
// of and one for each it tied with, from the game's own places.
type halves map[string]int

// String writes h's points of player as the standings mail does: "2",
// "½", "1½".
func (h halves) of(player string) string {
	n := h[player]
	switch {
	case n%2 == 0:
		return strconv.Itoa(n / 2)
	case n == 1:
		return "½"
	}
	return strconv.Itoa(n/2) + "½"
}

// count adds the points of a game that ended with places (by seat) to
// the entrants seated.
func (h halves) count(seats []string, places []int) {
	for i, p := range places {
		for j, q := range places {
			switch {
			case i == j:
			case p < q:
				h[seats[i]] += 2
			case p == q:
				h[seats[i]]++
			}
		}
	}
}

// finalStandings waits for user's standings mail after round, and
// checks that it gives every player the points counted.
func finalStandings(t *testing.T, p *served, user string, round int, want halves) {
	t.Helper()
	l := waitMail(t, p.ms, user, 0, fmt.Sprintf("the standings after round %d", round), func(l letter) bool {
		return l.kind == bymail.KindStandings && strings.Contains(l.p.Subject, fmt.Sprintf("after round %d", round))
	})
	got := map[string]string{}
	for _, line := range strings.Split(l.p.Text, "\n") {
		if f := strings.Fields(line); len(f) >= 4 && strings.Trim(f[0], "0123456789") == "" {
			got[f[1]] = f[len(f)-2] // rank, name (withdrew), points, played
		}
	}
	for player := range want {
		name, _, _ := strings.Cut(player, "@")
		if got[name] != want.of(player) {
			t.Errorf("%s's standings mail after round %d gives %s %q points, want %s:\n%s", user, round, name, got[name], want.of(player), l.p.Text)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%s's standings mail lists %d players, want %d:\n%s", user, len(got), len(want), l.p.Text)
	}
}

// resignByMail has seat's player of game resign by a reply to a mail of
// the game, and waits until the game is over.
func resignByMail(t *testing.T, p *served, game, player string) {
	t.Helper()
	user := strings.TrimSuffix(player, "@"+p.ms.Domain)
	l := waitMail(t, p.ms, user, 0, "a mail of "+game, func(l letter) bool { return l.game == game && l.replyTo != "" })
	send(t, p.ms, player, l.replyTo, "Re: "+l.p.Subject, "<"+l.messageID+">", "RESIGN\n")
	until(t, p, game, "the game over", func(g *projections.Game) bool { return g.Ended != nil })
}

// roundOf waits until round r of campaign id has all its games started,
// and returns them.
func roundGames(t *testing.T, org *organiser.Service, id string, r int) (*campaigns.Campaign, []campaigns.Game) {
	t.Helper()
	c := waitCampaign(t, org, id, fmt.Sprintf("round %d started", r), func(c *campaigns.Campaign) bool {
		return len(c.Rounds) >= r && len(c.Unstarted()) == 0
	})
	var out []campaigns.Game
	for _, g := range c.Games {
		if g.Round == r {
			out = append(out, g)
		}
	}
	return c, out
}

// enterAll has each user answer their invitation to a campaign with
// ENTER, and returns the campaign's id.
func enterAll(t *testing.T, p *served, users []string) string {
	t.Helper()
	id := ""
	for _, user := range users {
		inv := waitFor(t, p.ms, user, 0, bymail.KindInvitation)
		id = campaignOf(t, inv)
		send(t, p.ms, p.ms.Address(user), inv.replyTo, "Re: "+inv.p.Subject, "<"+inv.messageID+">", "ENTER\n")
	}
	return id
}

// TestCampaignsPlayedByMail is the campaigns' by-mail done-when, through
// the running service and real loopback mail: a Swiss of nine at Atacama
// over three rounds and a round robin of four at three-player Altiplano
// tables, both started, entered and played by mail alone. In the Swiss
// the player with round 1's bye withdraws by mail, a game of round 2
// times out (the clock runs past its deadline and pbem moves for the
// seat), and a seat of round 3 is taken by a substitute the organiser
// names by mail. Each final standings mail gives every entrant the
// points the test counts itself from each game's own places (resigning
// loses) and the byes: one a win, in halves, without the campaigns'
// scoring.
func TestCampaignsPlayedByMail(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two campaigns by mail")
	}
	swiss := []string{"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"}
	alti := []string{"a1", "a2", "a3", "a4"}
	_, ms := loopbackServers(t, append(append([]string{"games", "org", "sub"}, swiss...), alti...)...)
	var mu sync.Mutex
	clock := time.Now()
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	advance := func(d time.Duration) { mu.Lock(); clock = clock.Add(d); mu.Unlock() }
	p := serve(t, ms, serving{now: now, change: func(c *Config) { c.Tick.Duration = 50 * time.Millisecond }})
	org := &organiser.Service{Games: p.svc.Service}
	addrs := func(users []string) []string {
		var out []string
		for _, u := range users {
			out = append(out, ms.Address(u))
		}
		return out
	}

	// The Swiss.
	send(t, ms, ms.Address("org"), ms.Address("games"), "a swiss", "", "CAMPAIGN swiss atacama ROUNDS 3 DEADLINE 48h WITH "+strings.Join(addrs(swiss), ", ")+"\n")
	id := enterAll(t, p, swiss)
	points := halves{}
	for _, a := range addrs(swiss) {
		points[a] = 0
	}
	play := func(g campaigns.Game, seats []string, timeout bool) {
		t.Helper()
		loser := slices.Index(seats, slices.Max(seats))
		if timeout {
			// Nobody moves: the clock runs past the deadline and pbem
			// plays for the seat to move; then the loser resigns.
			advance(100 * time.Hour)
			until(t, p, g.Game, "a move played by pbem as the time ran out", func(pg *projections.Game) bool {
				return len(pg.Moves) > 0 && pg.Moves[0].Timeout
			})
			resignByMail(t, p, g.Game, seats[loser])
		} else {
			playAndResignByMail(t, p, g.Game, seats, loser)
		}
		pg := p.game(t, g.Game)
		points.count(g.Seats, pg.Places())
	}
	for round := 1; round <= 3; round++ {
		c, gs := roundGames(t, org, id, round)
		for _, b := range c.Rounds[round-1].Byes {
			points[b] += 2 // a Swiss bye is worth a win
		}
		if round == 1 {
			// The player with the bye leaves, by a reply to the campaign's mail.
			bye := c.Rounds[0].Byes[0]
			p.reply(t, strings.TrimSuffix(bye, "@"+ms.Domain), "WITHDRAW\n")
			waitCampaign(t, org, id, "the bye's player out", func(c *campaigns.Campaign) bool { return c.Withdrawn[bye] != "" })
		}
		for i, g := range gs {
			seats := slices.Clone(g.Seats)
			if round == 3 && i == 0 {
				p.reply(t, "org", "CAMPAIGN "+id+" REPLACE "+g.Seats[1]+" WITH "+ms.Address("sub")+" called away\n")
				accept(t, ms, "sub", 0)
				until(t, p, g.Game, "the substitute seated", func(pg *projections.Game) bool {
					return pg.Created.Players[1].Address == ms.Address("sub") && !pg.Waiting()
				})
				seats[1] = ms.Address("sub")
			}
			play(g, seats, round == 2 && i == len(gs)-1)
		}
	}
	c := waitCampaign(t, org, id, "the Swiss over", func(c *campaigns.Campaign) bool { return c.Over() })
	if n := len(c.Games); n != 12 || len(c.Rounds[1].Byes)+len(c.Rounds[2].Byes) != 0 {
		t.Errorf("the Swiss played %d games with byes %v after round 1, want 12 (4 a round) and none", n, c.Rounds)
	}
	timeouts := 0
	for _, g := range c.Games {
		for _, n := range g.Result.Timeouts {
			timeouts += n
		}
	}
	if timeouts == 0 {
		t.Errorf("no result of the Swiss counts a timeout")
	}
	for _, user := range []string{"org", "s1", "s9"} {
		if slices.Contains(addrs([]string{user}), c.Rounds[0].Byes[0]) {
			continue // withdrawn: no more standings mail
		}
		finalStandings(t, p, user, 3, points)
	}

	// The round robin of four at Altiplano tables of three: four rounds,
	// one table each; at each table the player whose address sorts last
	// resigns.
	send(t, ms, ms.Address("org"), ms.Address("games"), "altiplano", "", "赛事 循环赛 altiplano 每桌 3 和 "+strings.Join(addrs(alti), "，")+"\n")
	id = enterAll(t, p, alti)
	points = halves{}
	for _, a := range addrs(alti) {
		points[a] = 0
	}
	for round := 1; round <= 4; round++ {
		_, gs := roundGames(t, org, id, round)
		if len(gs) != 1 || len(gs[0].Seats) != 3 {
			t.Fatalf("round %d of the round robin has games %v, want one table of three", round, gs)
		}
		g := gs[0]
		resignByMail(t, p, g.Game, slices.Max(g.Seats))
		points.count(g.Seats, p.game(t, g.Game).Places())
	}
	waitCampaign(t, org, id, "the round robin over", func(c *campaigns.Campaign) bool { return c.Over() })
	for _, user := range []string{"org", "a1", "a4"} {
		finalStandings(t, p, user, 4, points)
	}
}
