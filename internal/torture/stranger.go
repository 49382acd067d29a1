package torture

import (
	"fmt"
	"strings"
	"time"
)

// watch has the host invite the watchers and every bad recipient to
// watch game, now and then, as it starts: from then on every move of the
// game owes mail to recipients whose server refuses it, beside the
// players' and a healthy observer's.
func (p *player) watch(game string, seq uint64, prompt Content) error {
	c := p.club
	if len(c.opt.Bad)+c.opt.Watchers == 0 || p.side.Float64() >= c.opt.Watch {
		return nil
	}
	var body strings.Builder
	for i := range c.opt.Watchers {
		fmt.Fprintf(&body, "WATCH w%d@%s\n", i, c.opt.Domain)
	}
	for _, b := range c.opt.Bad {
		fmt.Fprintf(&body, "WATCH %s@%s\n", b.User, c.opt.Domain)
	}
	s := Sent{Kind: KindWatch, From: p.addr, To: prompt.ReplyTo, Game: game, Seat: p.seat, Prompt: seq, Watch: len(c.opt.Bad) + c.opt.Watchers}
	return p.send(s, "Re: "+prompt.Subject, prompt.MessageID, body.String())
}

// strangerMail is one kind of mail a stranger writes, and what pbem
// answers it with (the kind in the answer's Message-ID), "" for silence.
type strangerMail struct {
	name   string
	toGame bool // to a game's reply address, not the game mailbox
	head   string
	body   string
	expect string
}

// strangerMails are what strangers write, as docs/commands.md says pbem
// answers them: to the game mailbox, whatever they wrote (HELP, nothing,
// prose, an unknown word, a game's command without a game), the fixed
// help text once a day, never their own words back; a move to a game they do not
// play in, an auto-reply and a mailing-list post get silence, so no loop
// and no backscatter.
var strangerMails = []strangerMail{
	{name: "help", body: "HELP\n", expect: "help"},
	{name: "prose", body: "Hello, is this the chess club?\nBest, a stranger\n", expect: "help"},
	{name: "empty", body: "\n", expect: "help"},
	{name: "unknown word", body: "FROBNICATE the board\n", expect: "help"},
	{name: "board without game", body: "BOARD\n", expect: "help"},
	{name: "move to a game", toGame: true, body: "E5\n"},
	{name: "help to a game", toGame: true, body: "HELP\n"},
	{name: "auto-reply", head: "Auto-Submitted: auto-replied\r\n", body: "I am away until Monday.\n"},
	{name: "list post", head: "List-Id: <news.example.org>\r\n", body: "HELP\n"},
}

// strange writes a stranger's mail now and then until no new games start.
func (p *player) strange() {
	c := p.club
	defer func() {
		c.mu.Lock()
		c.writing--
		c.mu.Unlock()
	}()
	every := c.opt.StrangeEvery
	if every <= 0 {
		every = time.Second
	}
	for {
		time.Sleep(time.Duration(p.side.Int64N(int64(2 * every))))
		c.mu.Lock()
		stopped, replyTo := c.stopped, c.replyTo
		c.mu.Unlock()
		if stopped {
			return
		}
		m := strangerMails[p.side.IntN(len(strangerMails))]
		to := c.opt.Mailbox
		if m.toGame {
			if replyTo == "" {
				continue // no game is known yet
			}
			to = replyTo
		}
		s := Sent{Kind: KindStranger, From: p.addr, To: to, Seat: -1, Move: m.name, Expect: m.expect}
		// A stranger gets the fixed text once a day: their first mail
		// that would be answered is, the later ones get silence (pbem
		// reads one sender's mail in the order it came).
		if s.Expect != "" && p.strangerAnswered {
			s.Expect = ""
		}
		p.strangerAnswered = p.strangerAnswered || s.Expect != ""
		if err := p.sendRaw(s, "hello", m.head, m.body); err != nil {
			c.fail(fmt.Errorf("%s: %w", p.name, err))
		}
	}
}
