package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"maps"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"
)

// SMTPOptions say how to send mail.
type SMTPOptions struct {
	Addr     string // host:port
	Security string // "tls" (implicit, port 465), "starttls", or "plain" (loopback only); "" means "starttls"
	Username string // "" means no authentication
	Password string
	// From is the service's address, players' replies without a token
	// reach it; FromName is shown with it.
	From     string
	FromName string
	// EnvelopeFrom receives every mail's bounces when set; "" means each
	// mail's own Outgoing.EnvelopeFrom, else From.
	EnvelopeFrom string
	// DKIM signs every mail when its Selector is set.
	DKIM      DKIMOptions
	TLSConfig *tls.Config // nil means the system's roots, server name from Addr
	Timeout   time.Duration
	// MaxIdle is how many connections stay open between mails, to be used
	// again; 0 means DefaultWorkers, one per outbox worker, and -1 none:
	// every mail on a connection of its own.
	MaxIdle int
	// IdleTimeout closes a connection unused for this long rather than
	// send on it; 0 means 30 seconds, well within the five minutes a
	// server waits for a command.
	IdleTimeout time.Duration
}

// DKIMOptions configure DKIM signing.
type DKIMOptions struct {
	Domain   string
	Selector string
	KeyPEM   []byte // RSA or Ed25519 private key
}

// Outgoing is a rendered mail ready to send.
type Outgoing struct {
	MessageID string // full, without angle brackets
	// EnvelopeFrom is this mail's envelope sender (MAIL FROM), where its
	// bounces go: a bounce address of the mailbox ([Tokens.BounceAddress]);
	// "" means the sender's. SMTPOptions.EnvelopeFrom, when set, wins.
	EnvelopeFrom string
	To           string
	ToName       string
	ReplyTo      string
	Subject      string
	Text         string
	HTML         string
	InReplyTo    string
	References   []string
	Date         time.Time
	// Headers are more header fields, by name, for programs that read the
	// mail: what it is and which game and event it reflects, so that none
	// of them need read its subject or wording. Message writes them sorted
	// by name, so the same Outgoing is always the same mail.
	Headers map[string]string
	// Attachments go after the text, e.g. a finished game's history.
	Attachments []Attachment
	// Inline are the images the HTML part shows, each by its ContentID
	// ("cid:" URLs, RFC 2392); they go with the HTML alone, so a reader
	// of the text part never sees them. Without HTML they are left out.
	Inline []Attachment
}

// Attachment is a file sent with a mail.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
	// ContentID is how the HTML part refers to an inline file, without
	// angle brackets, e.g. "board.k7q2mx.v9.1.your-turn@pbem.example.org".
	ContentID string
}

// DeliveryError is a refusal by the SMTP server.
type DeliveryError struct {
	Temporary bool // 4xx or a connection failure: try again later
	Code      int  // the SMTP reply code when there was one
	// Recipient says the server refused this recipient (at RCPT TO), not
	// the mail or the connection: the trouble is theirs, not the
	// service's.
	Recipient bool
	Err       error
}

func (e *DeliveryError) Error() string {
	kind := "permanent"
	if e.Temporary {
		kind = "temporary"
	}
	return fmt.Sprintf("mail: %s delivery failure (%d): %v", kind, e.Code, e.Err)
}
func (e *DeliveryError) Unwrap() error { return e.Err }

// recipientCodes are the replies to RCPT TO that concern the mailbox
// itself (RFC 5321, 4.2.3: unavailable, full, not taken, name not
// allowed); 421 and 451 there say the server is in trouble.
var recipientCodes = map[int]bool{450: true, 452: true, 550: true, 551: true, 552: true, 553: true}

// Sender sends mail over SMTP. It keeps the connections it opened and
// sends the next mails on them, one mail at a time on each: Send may be
// called from several goroutines, each then has a connection of its own.
type Sender struct {
	Options SMTPOptions
	dkim    *gomail.DKIMSigner
	client  *gomail.Client

	mu   sync.Mutex
	idle []idleConn // most recently used last
}

// idleConn is an open connection waiting for the next mail.
type idleConn struct {
	c     *smtp.Client
	since time.Time
}

// NewSender checks opt and prepares DKIM signing.
func NewSender(opt SMTPOptions) (*Sender, error) {
	s := &Sender{Options: opt}
	if opt.From == "" || opt.Addr == "" {
		return nil, errors.New("mail: SMTP needs an address and a From address")
	}
	if opt.DKIM.Selector != "" {
		key, err := gomail.PrivKeyFromPEM(opt.DKIM.KeyPEM)
		if err != nil {
			return nil, fmt.Errorf("mail: DKIM key: %w", err)
		}
		s.dkim = gomail.NewDKIMSigner(opt.DKIM.Domain, opt.DKIM.Selector, key)
	}
	var err error
	if s.client, err = s.newClient(); err != nil {
		return nil, err
	}
	return s, nil
}

// Message builds the MIME message of o.
func (s *Sender) Message(o Outgoing) (*gomail.Msg, error) {
	m := gomail.NewMsg()
	if err := m.FromFormat(s.Options.FromName, s.Options.From); err != nil {
		return nil, fmt.Errorf("mail: from: %w", err)
	}
	if err := m.EnvelopeFrom(or(s.Options.EnvelopeFrom, or(o.EnvelopeFrom, s.Options.From))); err != nil {
		return nil, fmt.Errorf("mail: envelope from: %w", err)
	}
	if err := m.AddToFormat(o.ToName, o.To); err != nil {
		return nil, fmt.Errorf("mail: to %q: %w", o.To, err)
	}
	if o.ReplyTo != "" {
		if err := m.ReplyTo(o.ReplyTo); err != nil {
			return nil, fmt.Errorf("mail: reply-to: %w", err)
		}
	}
	m.Subject(o.Subject)
	m.SetMessageIDWithValue(o.MessageID)
	if o.Date.IsZero() {
		m.SetDate() // a notice stored before notices carried their time
	} else {
		m.SetDateWithValue(o.Date)
	}
	if o.InReplyTo != "" {
		m.SetGenHeader(gomail.HeaderInReplyTo, "<"+o.InReplyTo+">")
	}
	if len(o.References) > 0 {
		// One value, space-separated: several values would be joined with
		// commas, which mail clients misread.
		m.SetGenHeader(gomail.HeaderReferences, "<"+strings.Join(o.References, "> <")+">")
	}
	m.SetGenHeader("Auto-Submitted", "auto-generated")
	m.SetGenHeader("X-Auto-Response-Suppress", "All")
	m.SetGenHeader("X-Loop", "pbem")
	for _, name := range slices.Sorted(maps.Keys(o.Headers)) {
		m.SetGenHeader(gomail.Header(name), o.Headers[name])
	}
	if o.HTML == "" && len(o.Attachments) == 0 {
		m.SetBodyString(gomail.TypeTextPlain, o.Text)
	} else {
		b := mimeBody(o)
		// The body is encoded already (see body); go-mail writes it as it
		// is only when told it is 8bit (told 7bit, it would encode it as
		// quoted-printable again), though its parts are all 7bit. It also
		// adds a charset to the Content-Type, which a multipart has no
		// use for and readers ignore (RFC 2045, 5.1).
		m.SetBodyWriter(gomail.ContentType(b.contentType), b.writeTo, gomail.WithPartEncoding(gomail.NoEncoding))
	}
	if s.dkim != nil {
		m.SetDKIM(s.dkim)
	}
	return m, nil
}

// Send sends o, returning a *DeliveryError when the server refuses it.
// It returns nil only once the server accepted o.
func (s *Sender) Send(ctx context.Context, o Outgoing) error {
	m, err := s.Message(o)
	if err != nil {
		return &DeliveryError{Err: err}
	}
	for {
		c, reused, err := s.conn(ctx)
		if err != nil {
			return &DeliveryError{Temporary: true, Err: fmt.Errorf("dial failed: %w", err)}
		}
		err = transact(c, m)
		if err == nil {
			s.release(c)
			return nil
		}
		var te *transactionError
		if !errors.As(err, &te) {
			s.discard(c)
			return &DeliveryError{Temporary: true, Err: err}
		}
		if te.code == 0 {
			// No answer: the connection is gone. One the server closed
			// while it was idle fails at its first command, before any
			// of the mail was given: that mail goes on a new one.
			s.discard(c)
			if reused && te.step == stepMailFrom {
				continue
			}
		} else {
			s.reset(c)
		}
		return &DeliveryError{Temporary: te.code == 0 || te.code/100 == 4, Code: te.code, Err: err,
			Recipient: te.step == stepRcptTo && recipientCodes[te.code]}
	}
}

// conn returns an open connection, one kept from an earlier mail if there
// is one; reused says so.
func (s *Sender) conn(ctx context.Context) (c *smtp.Client, reused bool, err error) {
	maxAge := or2(s.Options.IdleTimeout, 30*time.Second)
	s.mu.Lock()
	var stale []*smtp.Client
	for len(s.idle) > 0 && c == nil {
		ic := s.idle[len(s.idle)-1]
		s.idle = s.idle[:len(s.idle)-1]
		if time.Since(ic.since) > maxAge {
			stale = append(stale, ic.c)
		} else {
			c = ic.c
		}
	}
	s.mu.Unlock()
	for _, sc := range stale {
		s.quit(sc)
	}
	if c != nil {
		return c, true, nil
	}
	c, err = s.client.DialToSMTPClientWithContext(ctx)
	return c, false, err
}

// release keeps c for the next mail, or closes it when enough are kept.
func (s *Sender) release(c *smtp.Client) {
	keep := s.Options.MaxIdle
	if keep == 0 {
		keep = DefaultWorkers
	}
	s.mu.Lock()
	if len(s.idle) < keep {
		s.idle = append(s.idle, idleConn{c, time.Now()})
		c = nil
	}
	s.mu.Unlock()
	if c != nil {
		s.quit(c)
	}
}

// reset ends the transaction a refusal left open on c and keeps c, or
// drops it if the server does not answer.
func (s *Sender) reset(c *smtp.Client) {
	if err := c.Reset(); err != nil {
		s.discard(c)
		return
	}
	s.release(c)
}

// discard closes c without a word: its server no longer answers.
func (s *Sender) discard(c *smtp.Client) { _ = c.Close() }

// quit says goodbye on c and closes it.
func (s *Sender) quit(c *smtp.Client) {
	if err := c.Quit(); err != nil {
		_ = c.Close()
	}
}

// Close closes the connections kept for later mail. The Sender stays
// usable: the next mail opens a new one.
func (s *Sender) Close() error {
	s.mu.Lock()
	idle := s.idle
	s.idle = nil
	s.mu.Unlock()
	for _, ic := range idle {
		s.quit(ic.c)
	}
	return nil
}

// newClient prepares what every connection is opened with: go-mail
// dials it, says hello, starts TLS and logs in; transact sends each mail
// on it. A connection is used again, so no RSET follows each mail; a NOOP
// before each is spared too, as a connection found closed is replaced
// (see Send).
func (s *Sender) newClient() (*gomail.Client, error) {
	host, portText, err := net.SplitHostPort(s.Options.Addr)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP address %q: %w", s.Options.Addr, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP port %q: %w", portText, err)
	}
	opts := []gomail.Option{gomail.WithPort(port), gomail.WithTimeout(or2(s.Options.Timeout, 30*time.Second)),
		gomail.WithoutRset(), gomail.WithoutNoop()}
	switch s.Options.Security {
	case "tls":
		opts = append(opts, gomail.WithSSL())
	case "", "starttls":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case "plain":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		return nil, fmt.Errorf("mail: unknown SMTP security %q: use tls, starttls or plain", s.Options.Security)
	}
	if s.Options.TLSConfig != nil {
		opts = append(opts, gomail.WithTLSConfig(s.Options.TLSConfig))
	}
	if s.Options.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.Options.Username), gomail.WithPassword(s.Options.Password))
	}
	return gomail.NewClient(host, opts...)
}

func or2(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
