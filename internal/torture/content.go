// Package torture plays many games by mail against a pbem that is killed
// and restarted at random, and checks afterwards that nothing was lost and
// nothing done twice: players (Club) that answer the prompts they get as
// people do (late, out of order, from mail clients of their own, with
// greetings and sign-offs) and now and then send a bad move or the same
// mail twice; an operator (Operator) at the console; and an oracle (Check)
// that compares the histories, the outbox and the players' mailboxes with
// what the players sent and the operator ran.
package torture

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gomail "github.com/emersion/go-message/mail"
)

// Content is what a reader sees of one delivered mail, whatever MIME
// boundaries and delivery headers it was sent with.
type Content struct {
	MessageID string // without angle brackets
	Subject   string
	// Kind, Game and Seq are what the mail is, the game it is about and
	// the event it shows, from pbem's X-Pbem headers: players read these,
	// never a subject.
	Kind, Game string
	Seq        uint64
	Turn       string // "yours" on a mail that asks its reader for a move (X-Pbem-Turn)
	Example    string // a legal move of the reader's, on such a mail (X-Pbem-Example)
	Invited    bool   // an invitation its reader answers with JOIN before anything else comes (X-Pbem-Invited)
	Asked      string // what its reader is asked to answer: "undo" (X-Pbem-Asked)
	Join       string // on a host's mail, the line that takes an open seat of the game (X-Pbem-Join)
	Confirm    string // on a mail that asks its reader to confirm a JOIN or STOP by a reply, its purpose (X-Pbem-Confirm)
	ReplyTo    string // the address of the Reply-To header, if any
	Text, HTML string
	Attachment []byte // the first attachment, if any
	// Digest is the SHA-256 of the headers a reader sees and every part's
	// type and decoded body: two sends of one mail have the same Digest.
	Digest string
}

// readerHeaders are the headers that make up a mail's content; Received,
// Delivered-To and the MIME boundaries differ between sends of one mail.
var readerHeaders = []string{"Message-Id", "Date", "From", "To", "Reply-To", "Subject", "In-Reply-To", "References"}

// Read decodes a delivered mail.
func Read(raw []byte) (Content, error) {
	r, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return Content{}, fmt.Errorf("torture: read mail: %w", err)
	}
	h := sha256.New()
	var c Content
	for _, k := range readerHeaders {
		v := r.Header.Get(k)
		fmt.Fprintf(h, "%s: %s\n", k, v)
	}
	c.MessageID = strings.Trim(strings.TrimSpace(r.Header.Get("Message-Id")), "<>")
	c.Subject, _ = r.Header.Subject()
	c.Kind, c.Game = r.Header.Get("X-Pbem-Kind"), r.Header.Get("X-Pbem-Game")
	c.Seq, _ = strconv.ParseUint(r.Header.Get("X-Pbem-Seq"), 10, 64)
	c.Turn, c.Example = r.Header.Get("X-Pbem-Turn"), r.Header.Get("X-Pbem-Example")
	c.Invited = r.Header.Get("X-Pbem-Invited") == "yes"
	c.Asked = r.Header.Get("X-Pbem-Asked")
	c.Join = r.Header.Get("X-Pbem-Join")
	c.Confirm = r.Header.Get("X-Pbem-Confirm")
	if list, err := r.Header.AddressList("Reply-To"); err == nil && len(list) > 0 {
		c.ReplyTo = list[0].Address
	}
	for {
		part, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return c, fmt.Errorf("torture: read mail %s: %w", c.MessageID, err)
		}
		body, err := io.ReadAll(part.Body)
		if err != nil {
			return c, fmt.Errorf("torture: read mail %s: %w", c.MessageID, err)
		}
		var ctype string
		switch ph := part.Header.(type) {
		case *gomail.InlineHeader:
			ctype, _, _ = ph.ContentType()
			switch {
			case ctype == "text/plain" && c.Text == "":
				c.Text = string(body)
			case ctype == "text/html" && c.HTML == "":
				c.HTML = string(body)
			}
		case *gomail.AttachmentHeader:
			ctype, _, _ = ph.ContentType()
			name, _ := ph.Filename()
			ctype += "; " + name
			if c.Attachment == nil {
				c.Attachment = body
				if strings.HasSuffix(name, ".gz") { // the game-over mail's history, gzipped
					if c.Attachment, err = gunzip(body); err != nil {
						return c, fmt.Errorf("torture: mail %s: %s: %w", c.MessageID, name, err)
					}
				}
			}
		}
		fmt.Fprintf(h, "part %s %d\n", ctype, len(body))
		h.Write(body)
	}
	c.Digest = hex.EncodeToString(h.Sum(nil))
	return c, nil
}

// Mailbox returns every mail in user's INBOX on the IMAP server at addr,
// oldest first, decoded.
func Mailbox(addr, user, password string) ([]Content, error) {
	c, err := imapclient.DialInsecure(addr, nil) // loopback only
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if err := c.Login(user, password).Wait(); err != nil {
		return nil, fmt.Errorf("torture: login %s: %w", user, err)
	}
	sel, err := c.Select("INBOX", nil).Wait()
	if err != nil || sel.NumMessages == 0 {
		return nil, err
	}
	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: sel.NumMessages}},
		&imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		return nil, fmt.Errorf("torture: fetch %s's mail: %w", user, err)
	}
	out := make([]Content, 0, len(msgs))
	for _, m := range msgs {
		ct, err := Read(m.FindBodySection(section))
		if err != nil {
			return nil, fmt.Errorf("%s's mailbox: %w", user, err)
		}
		out = append(out, ct)
	}
	return out, nil
}

func gunzip(data []byte) ([]byte, error) {
	z, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(z)
}
