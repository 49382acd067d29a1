package torture

import (
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-smtp"
)

// send sends one mail as a mail client would and notes it; now and then
// it sends it again, byte for byte, a little later.
func (p *player) send(s Sent, subject, inReplyTo, body string) error {
	raw := p.compose(&s, subject, inReplyTo, "", body)
	if err := p.club.smtp(p.addr, s.To, raw); err != nil {
		return err
	}
	// A WATCH, a SAY or a JOIN is never sent twice: drawing for it would
	// change the bad moves and duplicates a seed drew before there were
	// any.
	if s.Kind != KindInvalid && s.Kind != KindWatch && s.Kind != KindSay && s.Kind != KindJoin && p.rng.Float64() < p.club.opt.Duplicate {
		d := Sent{Kind: KindDuplicate, From: s.From, To: s.To, MessageID: s.MessageID, Game: s.Game, Seat: s.Seat}
		p.club.mu.Lock()
		p.club.inFlight++
		p.club.mu.Unlock()
		time.AfterFunc(time.Duration(p.rng.IntN(1500))*time.Millisecond, func() {
			d.At = time.Now()
			p.club.note(d)
			if err := p.club.smtp(d.From, d.To, raw); err != nil {
				p.club.fail(err)
			}
			p.club.mu.Lock()
			p.club.inFlight--
			p.club.mu.Unlock()
		})
	}
	return nil
}

// sendRaw sends one mail with the extra header lines head, once.
func (p *player) sendRaw(s Sent, subject, head, body string) error {
	raw := p.compose(&s, subject, "", head, body)
	return p.club.smtp(p.addr, s.To, raw)
}

// compose gives s its Message-ID and time, notes it, and returns the mail.
func (p *player) compose(s *Sent, subject, inReplyTo, head, body string) string {
	p.n++
	s.MessageID = fmt.Sprintf("%s.%d@mua.%s", p.name, p.n, p.club.opt.Domain)
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\n",
		p.addr, s.To, subject, s.MessageID, time.Now().UTC().Format(time.RFC1123Z))
	if inReplyTo != "" {
		fmt.Fprintf(&b, "In-Reply-To: <%s>\r\nReferences: <%s>\r\n", inReplyTo, inReplyTo)
	}
	b.WriteString(head)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	s.At = time.Now()
	p.club.note(*s)
	return b.String()
}

func (c *Club) note(s Sent) {
	c.mu.Lock()
	c.sent = append(c.sent, s)
	c.mu.Unlock()
}

func (c *Club) fail(err error) {
	c.mu.Lock()
	c.errs = append(c.errs, err)
	c.mu.Unlock()
}

// smtp hands one mail to the mail system's SMTP server, trying again for
// Options.SendFor.
func (c *Club) smtp(from, to, raw string) error {
	limit := c.opt.SendFor
	if limit == 0 {
		limit = 2 * time.Second
	}
	var err error
	for deadline, try := time.Now().Add(limit), 1; ; try++ {
		if err = sendOnce(c.opt.SMTP, from, to, raw); err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("send mail from %s to %s: %w", from, to, err)
		}
		time.Sleep(time.Duration(min(try, 10)) * 100 * time.Millisecond)
	}
}

func sendOnce(addr, from, to, raw string) error {
	c, err := smtp.Dial(addr) // plain: the mail system is on loopback
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(from, []string{to}, strings.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}
