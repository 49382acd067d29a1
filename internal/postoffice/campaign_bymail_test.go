package postoffice

import (
	"bytes"
	"fmt"

	netmail "net/mail"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/projections"
)

// campaignOf is the campaign a mail is about, as its X-Pbem-Campaign
// header says.
func campaignOf(t *testing.T, l letter) string {
	t.Helper()
	h, err := netmail.ReadMessage(bytes.NewReader(l.raw))
	if err != nil {
		t.Fatal(err)
	}
	return h.Header.Get(bymail.HeaderCampaign)
}

// TestCampaignByMail: an organiser starts a round robin of three at
// Atacama by mail, naming its players; each is asked first and entered
// by their reply alone (one in Chinese, who reads the standings in Chinese), while an ENTER forged in a
// player's name to the plain mailbox enters nobody, and one for an
// unknown campaign is refused. Once the last has entered, round 1 is
// paired by itself: its players are told their table, the third their
// bye. The game is played by mail; the standings mail that follows goes
// to every player and the organiser, one thread each, and its table
// matches the points the test counts from who resigned. STANDINGS by
// mail gives the same table to a player who asks, after serve started
// again, which sends none of the campaign's mail a second time; WITHDRAW in reply to the campaign's mail
// takes a player out, and the organiser's decisions by mail are theirs
// alone.
func TestCampaignByMail(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a campaign by mail")
	}
	_, ms := loopbackServers(t, "games", "org", "ana", "bea", "cy", "dan")
	dir := t.TempDir()
	p := serve(t, ms, serving{dir: dir})
	org := &organiser.Service{Games: p.svc.Service}
	ana, bea, cy := ms.Address("ana"), ms.Address("bea"), ms.Address("cy")

	send(t, ms, ms.Address("org"), ms.Address("games"), "a campaign", "", "CAMPAIGN roundrobin atacama WITH "+ana+", "+bea+", "+cy+"\n")
	created := waitFor(t, ms, "org", 0, bymail.KindCreated)
	id := campaignOf(t, created)
	if !organiser.IsID(id) || !strings.Contains(created.p.Text, id) {
		t.Fatalf("the organiser's mail names campaign %q and says:\n%s", id, created.p.Text)
	}
	c := waitCampaign(t, org, id, "created", func(*campaigns.Campaign) bool { return true })
	if len(c.Players) != 0 || !slices.Equal(c.Created.Invited, []string{ana, bea, cy}) || c.Created.Organiser != ms.Address("org") {
		t.Fatalf("campaign %s has players %v, invited %v, organiser %q; want nobody entered before they say yes", id, c.Players, c.Created.Invited, c.Created.Organiser)
	}

	// Someone writes ENTER in Dan's name to the plain mailbox: Dan is
	// asked, and nothing more happens. An unknown campaign is refused.
	send(t, ms, ms.Address("dan"), ms.Address("games"), "enter", "", "ENTER "+id+"\n")
	confirm := waitMail(t, ms, "dan", 0, "a confirmation", func(l letter) bool { return l.kind == notice.KindHelp })
	if !strings.Contains(confirm.p.Text, "reply ENTER to this mail") || confirm.replyTo == ms.Address("games") {
		t.Errorf("the confirmation of a plain ENTER (reply to %s) says:\n%s", confirm.replyTo, confirm.p.Text)
	}
	send(t, ms, ms.Address("dan"), ms.Address("games"), "enter", "", "ENTER c222222\n")
	refused := waitMail(t, ms, "dan", 1, "a refusal", func(l letter) bool { return l.kind == notice.KindError })
	if !strings.Contains(refused.p.Text, "there is no campaign of that id") {
		t.Errorf("ENTER of an unknown campaign was answered:\n%s", refused.p.Text)
	}

	// Each invited player replies to their invitation; Cy in Chinese.
	for user, word := range map[string]string{"ana": "ENTER", "bea": "ENTER", "cy": "报名\n语言 中文"} {
		inv := waitFor(t, ms, user, 0, bymail.KindInvitation)
		if campaignOf(t, inv) != id || !strings.Contains(inv.p.Text, "Reply ENTER to this mail") {
			t.Fatalf("%s's invitation is about campaign %q and says:\n%s", user, campaignOf(t, inv), inv.p.Text)
		}
		send(t, ms, ms.Address(user), inv.replyTo, "Re: "+inv.p.Subject, "<"+inv.messageID+">", word+"\n")
	}
	c = waitCampaign(t, org, id, "round 1 paired once all three entered", func(c *campaigns.Campaign) bool {
		return len(c.Games) == 1 && len(c.Unstarted()) == 0
	})
	if len(c.Players) != 3 || slices.Contains(c.Players, ms.Address("dan")) {
		t.Fatalf("the players entered are %v, want Ana, Bea and Cy and not Dan", c.Players)
	}
	g := c.Games[0]
	bye := c.Rounds[0].Byes[0]
	for _, s := range append(slices.Clone(g.Seats), bye) {
		user := strings.TrimSuffix(s, "@"+ms.Domain)
		round := waitFor(t, ms, user, 0, bymail.KindRound)
		want := []string{g.Game} // its words are the reader's: Cy's in Chinese
		if s == bye {
			want = []string{"you have a bye", "你轮空"}
		}
		if !slices.ContainsFunc(want, func(w string) bool { return strings.Contains(strings.Join(strings.Fields(round.p.Text), " "), w) }) {
			t.Errorf("%s's mail of round 1 does not say %q:\n%s", user, want, round.p.Text)
		}
	}

	// The game is played by mail; the player whose address sorts later
	// resigns. The test counts the points: one for the win.
	loser := slices.Index(g.Seats, slices.Max(g.Seats))
	winner := g.Seats[1-loser]
	playAndResignByMail(t, p, g.Game, g.Seats, loser)
	points := map[string]string{ana: "0", bea: "0", cy: "0"}
	points[winner] = "1"
	standingsOf := map[string]letter{}
	for _, user := range []string{"org", "ana", "bea", "cy"} {
		st := waitFor(t, ms, user, 0, bymail.KindStandings)
		standingsOf[user] = st
		checkStandingsMail(t, user, st, points)
		if zh := strings.Contains(st.p.Text, "第 1 轮后的排名") && strings.Contains(st.p.Text, "名次"); zh != (user == "cy") {
			t.Errorf("%s's standings mail is in Chinese: %v, want %v (only Cy asked for it):\n%s", user, zh, user == "cy", st.p.Text)
		}
		if len(st.p.InReplyTo) == 0 || !strings.HasPrefix(st.p.InReplyTo[0], id+".thread.") {
			t.Errorf("%s's standings mail refers to %q, not the campaign's thread", user, st.p.InReplyTo)
		}
	}

	// serve stops and starts again: the campaign's mail already sent is
	// not sent again (checked at the end), and what follows is.
	p.stop()
	p = serve(t, ms, serving{dir: dir})
	org = &organiser.Service{Games: p.svc.Service}

	// STANDINGS by mail gives the same table to a player who asks; Bea withdraws in reply to
	// the campaign's mail, and is out.
	seen := len(mailbox(t, ms, "ana"))
	send(t, ms, ana, ms.Address("games"), "standings", "", "STANDINGS "+id+"\n")
	answer := waitMail(t, ms, "ana", seen, "the standings", func(l letter) bool { return l.kind == bymail.KindStandings })
	checkStandingsMail(t, "ana", answer, points)
	if len(answer.p.References) == 0 || !strings.HasPrefix(answer.p.References[0], id+".thread.") {
		t.Errorf("the answer to STANDINGS refers to %v, not first to the campaign's thread", answer.p.References)
	}
	st := standingsOf["bea"]
	send(t, ms, bea, st.replyTo, "Re: "+st.p.Subject, "<"+st.messageID+">", "WITHDRAW\n")
	waitFor(t, ms, "bea", 0, bymail.KindWithdrew)
	if c := waitCampaign(t, org, id, "Bea out", func(c *campaigns.Campaign) bool { return c.Withdrawn[bea] != "" }); slices.Contains(c.Active(), bea) {
		t.Errorf("Bea is still among the active players %v", c.Active())
	}

	// A decision in the organiser's campaign thread from a player is
	// refused; the organiser's own is recorded with its reason.
	seen = len(mailbox(t, ms, "ana"))
	st = standingsOf["ana"]
	send(t, ms, ana, st.replyTo, "Re: "+st.p.Subject, "<"+st.messageID+">", "CAMPAIGN "+id+" DISQUALIFY "+cy+" rude\n")
	if r := waitMail(t, ms, "ana", seen, "a refusal", func(l letter) bool { return l.kind == notice.KindError }); !strings.Contains(r.p.Text, "only the organiser") {
		t.Errorf("a player's decision was answered:\n%s", r.p.Text)
	}
	st = standingsOf["org"]
	send(t, ms, ms.Address("org"), st.replyTo, "Re: "+st.p.Subject, "<"+st.messageID+">", "CAMPAIGN "+id+" DISQUALIFY "+cy+" no answer for two weeks\n")
	c = waitCampaign(t, org, id, "Cy disqualified", func(c *campaigns.Campaign) bool { return len(c.Decisions) == 1 })
	if d := c.Decisions[0]; d.Decision != campaigns.Disqualified || d.Player != cy || d.Reason != "no answer for two weeks" {
		t.Errorf("the organiser's decision is recorded as %+v", d)
	}
	if l := waitFor(t, ms, "cy", 0, bymail.KindDecided); !strings.Contains(l.p.Text, "no answer for two weeks") {
		t.Errorf("Cy's mail of the decision does not give its reason:\n%s", l.p.Text)
	}
	for _, user := range []string{"org", "ana", "bea", "cy", "dan"} {
		seen := map[string]bool{}
		for _, l := range mailbox(t, ms, user) {
			if seen[l.messageID] {
				t.Errorf("%s got %s twice", user, l.messageID)
			}
			seen[l.messageID] = true
		}
	}
}

// checkStandingsMail checks that a standings mail's text table gives
// each player the points the test counted, by name.
func checkStandingsMail(t *testing.T, user string, l letter, points map[string]string) {
	t.Helper()
	got := map[string]string{}
	for _, line := range strings.Split(l.p.Text, "\n") {
		f := strings.Fields(line)
		if len(f) >= 4 && strings.Trim(f[0], "0123456789") == "" {
			got[f[1]] = f[len(f)-2] // rank, name (withdrew), points, played
		}
	}
	for addr, want := range points {
		name, _, _ := strings.Cut(addr, "@")
		if got[name] != want {
			t.Errorf("%s's standings mail gives %s %q points, want %s:\n%s", user, name, got[name], want, l.p.Text)
		}
	}
	if !strings.Contains(strings.Join(mailParts(l.raw), "\n"), "<table ") {
		t.Errorf("%s's standings mail has no HTML table", user)
	}
}

// TestCampaignDecisionsByMail: an organiser runs a round robin of four
// at Atacama by mail and decides in it by replying to the campaign's
// mail: a pause stops both games of round 1 and pairs nothing, a resume
// starts them again, an extension gives each player to move two days
// more, a replacement asks a newcomer to take a seat (the result
// counting for the entrant), and a stalled game is adjudicated. Each
// decision is recorded with its reason, and the players are told. The
// other game is played by mail; the standings mail after round 1 gives
// each entrant the points the test counts from the adjudication and who
// resigned, and round 2 is paired by itself.
func TestCampaignDecisionsByMail(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a campaign by mail")
	}
	_, ms := loopbackServers(t, "games", "org", "ana", "bea", "cy", "dan", "eve")
	p := serve(t, ms, serving{})
	org := &organiser.Service{Games: p.svc.Service}
	players := []string{ms.Address("ana"), ms.Address("bea"), ms.Address("cy"), ms.Address("dan")}
	send(t, ms, ms.Address("org"), ms.Address("games"), "a campaign", "", "CAMPAIGN roundrobin atacama WITH "+strings.Join(players, ", ")+"\n")
	id := campaignOf(t, waitFor(t, ms, "org", 0, bymail.KindCreated))
	for _, user := range []string{"ana", "bea", "cy", "dan"} {
		inv := waitFor(t, ms, user, 0, bymail.KindInvitation)
		send(t, ms, ms.Address(user), inv.replyTo, "Re: "+inv.p.Subject, "<"+inv.messageID+">", "ENTER\n")
	}
	c := waitCampaign(t, org, id, "round 1 started", func(c *campaigns.Campaign) bool { return len(c.Games) == 2 })
	decide := func(line string, done func(*campaigns.Campaign) bool) *campaigns.Campaign {
		t.Helper()
		p.reply(t, "org", "CAMPAIGN "+id+" "+line+"\n")
		return waitCampaign(t, org, id, "after "+line, done)
	}
	decisions := func(n int) func(*campaigns.Campaign) bool {
		return func(c *campaigns.Campaign) bool { return len(c.Decisions) == n }
	}

	c = decide("PAUSE the club's holiday", decisions(1))
	if !c.Paused() || c.Decisions[0].Reason != "the club's holiday" {
		t.Fatalf("after PAUSE the campaign is paused %v, decision %+v", c.Paused(), c.Decisions[0])
	}
	for _, g := range c.Games {
		until(t, p, g.Game, "paused with the campaign", func(g *projections.Game) bool { return g.PausedAt != nil })
	}
	if l := waitFor(t, ms, "cy", 0, bymail.KindDecided); !strings.Contains(l.p.Text, "the club's holiday") {
		t.Errorf("Cy's mail of the pause does not give its reason:\n%s", l.p.Text)
	}
	c = decide("RESUME back from holiday", decisions(2))
	for _, g := range c.Games {
		until(t, p, g.Game, "resumed with the campaign", func(g *projections.Game) bool { return g.PausedAt == nil })
	}
	c = decide("EXTEND 2d a slow start", decisions(3))
	for _, g := range c.Games {
		until(t, p, g.Game, "each seat to move given two days", func(pg *projections.Game) bool {
			return len(pg.Vacations) == len(pg.State.ToAct())
		})
	}

	// Game 1's second seat is taken by Eve for its entrant; game 2 stalls
	// and is adjudicated.
	g1, g2 := c.Games[0], c.Games[1]
	c = decide("REPLACE "+g1.Seats[1]+" WITH "+ms.Address("eve")+" moved abroad", decisions(4))
	if d := c.Decisions[3]; d.Decision != campaigns.Replaced || d.Player != g1.Seats[1] || d.Game != g1.Game || d.Replacement != ms.Address("eve") {
		t.Fatalf("the replacement is recorded as %+v", d)
	}
	accept(t, ms, "eve", 0)
	until(t, p, g1.Game, "Eve seated", func(g *projections.Game) bool {
		return g.Created.Players[1].Address == ms.Address("eve") && !g.Waiting()
	})
	c = decide("ADJUDICATE "+g2.Game+" 2,1 no move for a month", decisions(5))
	seats := slices.Clone(g1.Seats)
	seats[1] = ms.Address("eve")
	loser := slices.Index(seats, slices.Max(seats))
	playAndResignByMail(t, p, g1.Game, seats, loser)

	// The points, counted here: one for each table's winner, Eve's for
	// the entrant she played for.
	points := map[string]string{}
	for _, pl := range players {
		points[pl] = "0"
	}
	points[g2.Seats[1]] = "1"
	points[g1.Seats[1-loser]] = "1"
	for _, user := range []string{"org", "ana", "bea", "cy", "dan"} {
		checkStandingsMail(t, user, waitFor(t, ms, user, 0, bymail.KindStandings), points)
	}
	waitCampaign(t, org, id, "round 2 paired by itself", func(c *campaigns.Campaign) bool { return len(c.Games) == 4 })
}

// TestOpenCampaignByMail: a campaign started without WITH takes entries:
// ENTER and its id to the plain mailbox gets its sender a mail to
// confirm, and their reply to it enters them; the organiser pairs round
// 1 with START in reply to the campaign's mail, after which an ENTER is
// refused as entries are closed. Played in English, then by people who
// write Chinese alone (赛事 淘汰赛, 报名, 赛事 … 开始): each mail that
// answers them is then in Chinese, whole, names the game 阿塔卡马 and
// tells them to write the Chinese words it reads.
func TestOpenCampaignByMail(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a campaign by mail")
	}
	for _, w := range []struct {
		lang, campaign, enter, start string
		title, howToEnter, closed    string
	}{
		{"en", "CAMPAIGN knockout atacama", "ENTER", "START", "your knockout of Atacama", "send ENTER %s to %s", "takes no more entries"},
		{"zh", "赛事 淘汰赛 atacama", "报名", "开始", "你的阿塔卡马淘汰赛", "把 报名 %s 发到 %s", "不再接受报名"},
	} {
		t.Run(w.lang, func(t *testing.T) {
			_, ms := loopbackServers(t, "games", "org", "ana", "bea", "cy")
			p := serve(t, ms, serving{})
			org := &organiser.Service{Games: p.svc.Service}
			read := func(who string, l letter) letter {
				t.Helper()
				h, err := netmail.ReadMessage(bytes.NewReader(l.raw))
				if err != nil {
					t.Fatal(err)
				}
				if lang := h.Header.Get("Content-Language"); lang != w.lang || strings.ContainsRune(l.p.Text, utf8.RuneError) {
					t.Errorf("%s's mail %q (Content-Language %q) is not whole %s:\n%s", who, l.p.Subject, lang, w.lang, l.p.Text)
				}
				if w.lang == "zh" {
					for _, word := range []string{"ENTER", "CAMPAIGN", "START", "atacama", "Atacama"} {
						if strings.Contains(l.p.Text, word) {
							t.Errorf("%s's mail %q says %s to a reader of Chinese:\n%s", who, l.p.Subject, word, l.p.Text)
						}
					}
				}
				return l
			}
			send(t, ms, ms.Address("org"), ms.Address("games"), "a cup", "", w.campaign+"\n")
			created := read("org", waitFor(t, ms, "org", 0, bymail.KindCreated))
			id := campaignOf(t, created)
			if !strings.Contains(created.p.Subject, w.title) {
				t.Errorf("the organiser's mail is not about %q:\nSubject: %s", w.title, created.p.Subject)
			}
			if !strings.Contains(strings.Join(strings.Fields(created.p.Text), " "), fmt.Sprintf(w.howToEnter, id, ms.Address("games"))) {
				t.Errorf("the organiser's mail of an open campaign does not say how to enter:\n%s", created.p.Text)
			}
			for _, user := range []string{"ana", "bea"} {
				send(t, ms, ms.Address(user), ms.Address("games"), "enter", "", w.enter+" "+id+"\n")
				confirm := read(user, waitMail(t, ms, user, 0, "a confirmation", func(l letter) bool { return l.kind == notice.KindHelp }))
				send(t, ms, ms.Address(user), confirm.replyTo, "Re: "+confirm.p.Subject, "<"+confirm.messageID+">", w.enter+"\n")
				read(user, waitFor(t, ms, user, 0, bymail.KindEntered))
			}
			if c := waitCampaign(t, org, id, "two entered", func(c *campaigns.Campaign) bool { return len(c.Players) == 2 }); len(c.Rounds) != 0 {
				t.Fatalf("an open campaign paired round 1 before its organiser asked: %v", c.Rounds)
			}
			decision := strings.Fields(w.campaign)[0] + " " + id + " " + w.start + "\n"
			send(t, ms, ms.Address("org"), created.replyTo, "Re: "+created.p.Subject, "<"+created.messageID+">", decision)
			c := waitCampaign(t, org, id, "round 1 started", func(c *campaigns.Campaign) bool { return len(c.Games) == 1 })
			for _, user := range []string{"ana", "bea"} {
				if l := read(user, waitFor(t, ms, user, 0, bymail.KindRound)); !strings.Contains(l.p.Text, c.Games[0].Game) {
					t.Errorf("%s's mail of round 1 does not name its game:\n%s", user, l.p.Text)
				}
			}
			send(t, ms, ms.Address("cy"), ms.Address("games"), "enter", "", w.enter+" "+id+"\n")
			if r := read("cy", waitMail(t, ms, "cy", 0, "a refusal", func(l letter) bool { return l.kind == notice.KindError })); !strings.Contains(r.p.Text, w.closed) {
				t.Errorf("a late %s was answered:\n%s", w.enter, r.p.Text)
			}
		})
	}
}
