// Package loopback is a whole mail system in one process, listening on
// 127.0.0.1 only: an IMAP server that keeps every user's mail in memory
// (go-imap's imapmemserver) and an SMTP server (go-smtp) that delivers into
// it. pbem demo and the tests use it; it starts in milliseconds.
package loopback

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-smtp"
)

// Password is every user's password.
const Password = "secret"

// System is the running mail system.
type System struct {
	Domain   string
	IMAPAddr string // host:port of the IMAP server (plain, loopback)
	SMTPAddr string // host:port of the SMTP server (plain, loopback)

	// OnDeliver, when set, is called after each delivery.
	OnDeliver func(from string, to []string, raw []byte)
	// Refuse, when set, may refuse a recipient: return an *smtp.SMTPError
	// such as a 451 or a 550 to test what senders do with it.
	Refuse func(from, to string) error
	// RefuseData, when set, may refuse a mail once its DATA is read, as
	// a content filter does: an *smtp.SMTPError such as a 554 or a 451,
	// and the mail is delivered to none of its recipients.
	RefuseData func(from string, to []string, raw []byte) error

	mem   *imapmemserver.Server
	users map[string]*imapmemserver.User
	imap  *imapserver.Server
	smtp  *smtp.Server
	mu    sync.Mutex
	// conns are the open SMTP connections; opened counts every one.
	conns  map[*smtp.Conn]bool
	opened int
}

// Start starts a mail system for domain with the given users, each with
// an INBOX.
func Start(domain string, users ...string) (*System, error) {
	s := &System{Domain: domain, mem: imapmemserver.New(), users: map[string]*imapmemserver.User{}, conns: map[*smtp.Conn]bool{}}
	for _, u := range users {
		s.AddUser(u)
	}
	imapLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("loopback: imap listen: %w", err)
	}
	s.IMAPAddr = imapLn.Addr().String()
	s.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return s.mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true,
		Logger:       discardLogger{},
	})
	go s.imap.Serve(imapLn)
	smtpLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.imap.Close()
		return nil, fmt.Errorf("loopback: smtp listen: %w", err)
	}
	s.SMTPAddr = smtpLn.Addr().String()
	s.smtp = smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		s.mu.Lock()
		s.conns[c] = true
		s.opened++
		s.mu.Unlock()
		return &session{sys: s, conn: c}, nil
	}))
	s.smtp.Domain = "localhost"
	s.smtp.AllowInsecureAuth = true
	s.smtp.MaxMessageBytes = 16 << 20
	s.smtp.ErrorLog = discardLogger{}
	go s.smtp.Serve(smtpLn)
	return s, nil
}

// AddUser adds a user (the local part of its address) with an INBOX.
func (s *System) AddUser(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.users[name]; ok {
		return
	}
	u := imapmemserver.NewUser(name, Password)
	_ = u.Create("INBOX", nil)
	s.users[name] = u
	s.mem.AddUser(u)
}

// Address returns user's address.
func (s *System) Address(user string) string { return user + "@" + s.Domain }

// Deliver puts raw into the INBOX of the user that rcpt names (the part of
// its local part before any "+"), with a Delivered-To header as a real
// delivery agent adds.
func (s *System) Deliver(rcpt string, raw []byte) error {
	local, domain, ok := strings.Cut(strings.ToLower(rcpt), "@")
	if !ok || domain != strings.ToLower(s.Domain) {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 2}, Message: "not a local domain: " + rcpt}
	}
	user, _, _ := strings.Cut(local, "+")
	s.mu.Lock()
	u := s.users[user]
	s.mu.Unlock()
	if u == nil {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user: " + rcpt}
	}
	msg := append([]byte("Delivered-To: "+rcpt+"\r\n"), raw...)
	if _, err := u.Append("INBOX", literal{bytes.NewReader(msg), int64(len(msg))}, &imap.AppendOptions{}); err != nil {
		return fmt.Errorf("loopback: deliver to %s: %w", rcpt, err)
	}
	return nil
}

// Count returns how many mails user has in folder, 0 when there is no
// such folder.
func (s *System) Count(user, folder string) uint32 {
	s.mu.Lock()
	u := s.users[user]
	s.mu.Unlock()
	if u == nil {
		return 0
	}
	st, err := u.Status(folder, &imap.StatusOptions{NumMessages: true})
	if err != nil || st.NumMessages == nil {
		return 0
	}
	return *st.NumMessages
}

// SMTPConnections returns how many connections the SMTP server has
// accepted so far.
func (s *System) SMTPConnections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.opened
}

// DropSMTPConnections closes every open SMTP connection without a word,
// as a server does with one idle for too long.
func (s *System) DropSMTPConnections() {
	s.mu.Lock()
	conns := s.conns
	s.conns = map[*smtp.Conn]bool{}
	s.mu.Unlock()
	for c := range conns {
		_ = c.Close()
	}
}

// Close stops both servers.
func (s *System) Close() error {
	return errors.Join(s.smtp.Close(), s.imap.Close())
}

type literal struct {
	io.Reader
	size int64
}

func (l literal) Size() int64 { return l.size }

// session is one SMTP transaction.
type session struct {
	sys  *System
	conn *smtp.Conn
	from string
	to   []string
}

func (se *session) Reset() { se.from, se.to = "", nil }
func (se *session) Logout() error {
	se.sys.mu.Lock()
	delete(se.sys.conns, se.conn)
	se.sys.mu.Unlock()
	return nil
}
func (se *session) Mail(from string, _ *smtp.MailOptions) error {
	se.from = from
	return nil
}
func (se *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if se.sys.Refuse != nil {
		if err := se.sys.Refuse(se.from, to); err != nil {
			return err
		}
	}
	se.to = append(se.to, to)
	return nil
}
func (se *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if se.sys.RefuseData != nil {
		if err := se.sys.RefuseData(se.from, se.to, raw); err != nil {
			return err
		}
	}
	for _, rcpt := range se.to {
		if err := se.sys.Deliver(rcpt, raw); err != nil {
			return err
		}
	}
	if se.sys.OnDeliver != nil {
		se.sys.OnDeliver(se.from, se.to, raw)
	}
	return nil
}

type discardLogger struct{}

func (discardLogger) Printf(string, ...any) {}
func (discardLogger) Println(...any)        {}
