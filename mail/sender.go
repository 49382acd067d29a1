package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
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
	// EnvelopeFrom receives bounces; "" means From.
	EnvelopeFrom string
	// DKIM signs every mail when its Selector is set.
	DKIM      DKIMOptions
	TLSConfig *tls.Config // nil means the system's roots, server name from Addr
	Timeout   time.Duration
}

// DKIMOptions configure DKIM signing.
type DKIMOptions struct {
	Domain   string
	Selector string
	KeyPEM   []byte // RSA or Ed25519 private key
}

// Outgoing is a rendered mail ready to send.
type Outgoing struct {
	MessageID  string // full, without angle brackets
	To         string
	ToName     string
	ReplyTo    string
	Subject    string
	Text       string
	HTML       string
	InReplyTo  string
	References []string
	Date       time.Time
	// Attachments go after the text, e.g. a finished game's history.
	Attachments []Attachment
}

// Attachment is a file sent with a mail.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
}

// DeliveryError is a refusal by the SMTP server.
type DeliveryError struct {
	Temporary bool // 4xx or a connection failure: try again later
	Code      int  // the SMTP reply code when there was one
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

// Sender sends mail over SMTP.
type Sender struct {
	Options SMTPOptions
	dkim    *gomail.DKIMSigner
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
	return s, nil
}

// Message builds the MIME message of o.
func (s *Sender) Message(o Outgoing) (*gomail.Msg, error) {
	m := gomail.NewMsg()
	if err := m.FromFormat(s.Options.FromName, s.Options.From); err != nil {
		return nil, fmt.Errorf("mail: from: %w", err)
	}
	if err := m.EnvelopeFrom(or(s.Options.EnvelopeFrom, s.Options.From)); err != nil {
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
	m.SetDateWithValue(o.Date)
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
	m.SetBodyString(gomail.TypeTextPlain, o.Text)
	if o.HTML != "" {
		m.AddAlternativeString(gomail.TypeTextHTML, o.HTML)
	}
	for _, a := range o.Attachments {
		m.AttachReadSeeker(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType)))
	}
	if s.dkim != nil {
		m.SetDKIM(s.dkim)
	}
	return m, nil
}

// Send sends o, returning a *DeliveryError when the server refuses it.
func (s *Sender) Send(ctx context.Context, o Outgoing) error {
	m, err := s.Message(o)
	if err != nil {
		return &DeliveryError{Err: err}
	}
	c, err := s.client()
	if err != nil {
		return &DeliveryError{Err: err}
	}
	err = c.DialAndSendWithContext(ctx, m)
	if err == nil {
		return nil
	}
	var se *gomail.SendError
	if errors.As(err, &se) {
		code := se.ErrorCode()
		return &DeliveryError{Temporary: se.IsTemp() || code == 0 || code/100 == 4, Code: code, Err: err}
	}
	return &DeliveryError{Temporary: true, Err: err}
}

func (s *Sender) client() (*gomail.Client, error) {
	host, portText, err := net.SplitHostPort(s.Options.Addr)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP address %q: %w", s.Options.Addr, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP port %q: %w", portText, err)
	}
	opts := []gomail.Option{gomail.WithPort(port), gomail.WithTimeout(or2(s.Options.Timeout, 30*time.Second))}
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
