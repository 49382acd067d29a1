package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// IMAPOptions say how to reach the game mailbox.
type IMAPOptions struct {
	Addr      string // host:port
	Security  string // "tls" (implicit, port 993), "starttls", or "plain" (loopback only); "" means "tls"
	Username  string
	Password  string
	Mailbox   string // where players' mail arrives; "" means "INBOX"
	Processed string // where recorded mail is moved; "" means "processed"
	// Poll is how often to look for new mail when the server has no IDLE,
	// and the longest an IDLE waits before looking anyway; 0 means a minute.
	Poll time.Duration
	// TLSConfig for "tls" and "starttls"; nil means the system's roots.
	TLSConfig *tls.Config
}

// Intake reads the game mailbox: every new mail is first recorded (Record),
// then moved out of the mailbox, and the place reached is saved (Cursor),
// so a restart resumes where it stopped and reads nothing twice.
type Intake struct {
	Options IMAPOptions
	// Record stores one mail; it must report a mail recorded before as
	// success. A failure leaves the mail in the mailbox for the next round.
	Record func(context.Context, InboxRecord) error
	// Cursor keeps the mailbox's UIDVALIDITY and the last UID recorded.
	Cursor Cursor
	Log    *slog.Logger     // nil: discard
	Now    func() time.Time // nil: time.Now
	// MaxBackoff bounds the wait between reconnections; 0 means a minute.
	MaxBackoff time.Duration
	// OnState, when set, hears whether the intake is connected: true once
	// it has logged in and opened the mailbox, false with the reason when
	// a session ends. A health check reports it.
	OnState func(connected bool, err error)
	// Hold, when set, is asked before each round: while it gives a reason
	// the intake reads nothing and leaves the mail on the server (the
	// disk that would record it is nearly full, say).
	Hold func() string
}

// Cursor stores how far the intake has read a mailbox.
type Cursor interface {
	Load(ctx context.Context, mailbox string) (uidValidity, uid uint32, err error)
	Save(ctx context.Context, mailbox string, uidValidity, uid uint32) error
}

// Run reads the mailbox until ctx ends, reconnecting with a growing
// backoff after each failure. It returns nil when ctx ends.
func (in *Intake) Run(ctx context.Context) error {
	backoff := time.Second
	for {
		start := in.now()
		err := in.session(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if in.OnState != nil {
			in.OnState(false, err)
		}
		if in.now().Sub(start) > time.Minute {
			backoff = time.Second // the last session ran a while: start again from a short wait
		}
		in.log().Warn("imap session ended; reconnecting", "addr", in.Options.Addr, "wait", backoff, "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, in.maxBackoff())
	}
}

// session is one connection: log in, then read and wait until it fails.
func (in *Intake) session(ctx context.Context) error {
	newMail := make(chan struct{}, 1)
	c, err := in.dial(&imapclient.Options{UnilateralDataHandler: &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				select {
				case newMail <- struct{}{}:
				default:
				}
			}
		},
	}})
	if err != nil {
		return fmt.Errorf("mail: imap dial %s: %w", in.Options.Addr, err)
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	if err := c.Login(in.Options.Username, in.Options.Password).Wait(); err != nil {
		return fmt.Errorf("mail: imap login as %s: %w", in.Options.Username, err)
	}
	if err := in.ensureFolder(c); err != nil {
		return err
	}
	sel, err := c.Select(in.mailbox(), nil).Wait()
	if err != nil {
		return fmt.Errorf("mail: imap select %s: %w", in.mailbox(), err)
	}
	in.log().Info("imap connected", "addr", in.Options.Addr, "mailbox", in.mailbox(), "messages", sel.NumMessages)
	if in.OnState != nil {
		in.OnState(true, nil)
	}
	held := ""
	for {
		why := ""
		if in.Hold != nil {
			why = in.Hold()
		}
		switch {
		case why != "" && why != held:
			in.log().Warn("not reading mail: it stays on the server", "why", why)
		case why == "" && held != "":
			in.log().Info("reading mail again", "held for", held)
		}
		held = why
		if why == "" {
			if err := in.readNew(ctx, c, sel.UIDValidity); err != nil {
				return err
			}
		}
		if err := in.wait(ctx, c, newMail); err != nil {
			return err
		}
	}
}

func (in *Intake) dial(opt *imapclient.Options) (*imapclient.Client, error) {
	opt.TLSConfig = in.Options.TLSConfig
	switch in.Options.Security {
	case "", "tls":
		return imapclient.DialTLS(in.Options.Addr, opt)
	case "starttls":
		return imapclient.DialStartTLS(in.Options.Addr, opt)
	case "plain":
		return imapclient.DialInsecure(in.Options.Addr, opt)
	}
	return nil, fmt.Errorf("unknown IMAP security %q: use tls, starttls or plain", in.Options.Security)
}

func (in *Intake) ensureFolder(c *imapclient.Client) error {
	list, err := c.List("", in.processed(), nil).Collect()
	if err != nil {
		return fmt.Errorf("mail: imap list: %w", err)
	}
	if len(list) > 0 {
		return nil
	}
	if err := c.Create(in.processed(), nil).Wait(); err != nil {
		return fmt.Errorf("mail: imap create %s: %w", in.processed(), err)
	}
	return nil
}

// readNew records every mail in the mailbox that is not recorded yet and
// moves every recorded one out. It looks at the new mails' sizes first,
// then fetches and records them in UID order in groups bounded by bytes
// (fetchBytes, fetchChunk mails at most, at least one), saving the cursor
// after each group, and moves them all with one command: mail that
// arrives while it works is read in one round rather than one round each.
// Of a mail longer than MaxRaw only the first MaxRaw bytes are fetched,
// so a mailbox full of huge mails is read in bounded memory.
func (in *Intake) readNew(ctx context.Context, c *imapclient.Client, validity uint32) error {
	mbox := in.cursorKey()
	savedValidity, last, err := in.Cursor.Load(ctx, mbox)
	if err != nil {
		return err
	}
	if savedValidity != validity {
		// The server renumbered the mailbox: every mail in it may be new.
		// Records are deduplicated by Message-ID, so re-reading is safe.
		last = 0
	}
	found, err := c.UIDSearch(&imap.SearchCriteria{}, nil).Wait()
	if err != nil {
		return fmt.Errorf("mail: imap search: %w", err)
	}
	uids := found.AllUIDs()
	if len(uids) == 0 {
		return nil
	}
	slices.Sort(uids)
	fresh := slices.DeleteFunc(slices.Clone(uids), func(uid imap.UID) bool { return uint32(uid) <= last })
	for window := range slices.Chunk(fresh, sizeChunk) {
		sizes, err := in.sizes(c, window)
		if err != nil {
			return err
		}
		for _, g := range fetchGroups(window, sizes) {
			if err := in.record(ctx, c, validity, g); err != nil {
				return err
			}
			if err := in.Cursor.Save(ctx, mbox, validity, uint32(g.uids[len(g.uids)-1])); err != nil {
				return err
			}
		}
	}
	if _, err := c.Move(imap.UIDSetNum(uids...), in.processed()).Wait(); err != nil {
		return fmt.Errorf("mail: imap move %d mails to %s: %w", len(uids), in.processed(), err)
	}
	return nil
}

const (
	// fetchBytes bounds the bytes of mail the intake fetches at once:
	// it holds them in memory, and a record of each, until they are
	// recorded. A longer mail is fetched alone.
	fetchBytes = 2 * MaxRaw
	// fetchChunk is the most mails the intake fetches at once, however
	// small: the cursor is saved after each group.
	fetchChunk = 32
	// sizeChunk is how many mails' sizes are asked in one command, to
	// keep its set of UIDs short.
	sizeChunk = 512
)

// sizes returns the RFC822.SIZE of each mail of uids still there.
func (in *Intake) sizes(c *imapclient.Client, uids []imap.UID) (map[imap.UID]int64, error) {
	msgs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
	if err != nil {
		return nil, fmt.Errorf("mail: imap fetch the sizes of %d mails from uid %d: %w", len(uids), uids[0], err)
	}
	sizes := make(map[imap.UID]int64, len(msgs))
	for _, m := range msgs {
		sizes[m.UID] = m.RFC822Size
	}
	return sizes, nil
}

// fetchGroup is mails fetched with one command: whole, or when head is
// set the first MaxRaw bytes of each, all that is kept of a longer mail.
type fetchGroup struct {
	uids  []imap.UID
	head  bool
	bytes int64
}

// fetchGroups splits uids, in order, into groups of at most fetchChunk
// mails and fetchBytes bytes (or one mail), each all whole or all heads.
// A mail without a size is gone (another client moved it): it is left out.
func fetchGroups(uids []imap.UID, sizes map[imap.UID]int64) []fetchGroup {
	var groups []fetchGroup
	for _, uid := range uids {
		size, ok := sizes[uid]
		if !ok {
			continue
		}
		head := size > MaxRaw
		if head {
			size = MaxRaw
		}
		if n := len(groups); n == 0 || groups[n-1].head != head || len(groups[n-1].uids) == fetchChunk || groups[n-1].bytes+size > fetchBytes {
			groups = append(groups, fetchGroup{head: head})
		}
		g := &groups[len(groups)-1]
		g.uids, g.bytes = append(g.uids, uid), g.bytes+size
	}
	return groups
}

// record fetches the mails of g and records them in their order.
func (in *Intake) record(ctx context.Context, c *imapclient.Client, validity uint32, g fetchGroup) error {
	section := &imap.FetchItemBodySection{Peek: true}
	if g.head {
		section.Partial = &imap.SectionPartial{Offset: 0, Size: MaxRaw}
	}
	msgs, err := c.Fetch(imap.UIDSetNum(g.uids...), &imap.FetchOptions{UID: true, RFC822Size: g.head, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		return fmt.Errorf("mail: imap fetch %d mails from uid %d: %w", len(g.uids), g.uids[0], err)
	}
	byUID := make(map[imap.UID]*imapclient.FetchMessageBuffer, len(msgs))
	for _, m := range msgs {
		byUID[m.UID] = m
	}
	for _, uid := range g.uids {
		m, ok := byUID[uid]
		if !ok {
			continue // gone meanwhile (another client moved it)
		}
		raw, size := m.FindBodySection(section), int64(0)
		if g.head {
			size = m.RFC822Size
		}
		rec := newInboxRecordHead(raw, int(size), in.mailbox(), validity, uint32(uid), in.now())
		if err := in.Record(ctx, rec); err != nil {
			return fmt.Errorf("mail: record uid %d: %w", uid, err)
		}
		in.log().Info("mail recorded", "uid", uid, "message-id", rec.MessageID, "size", rec.Size, "truncated", rec.Truncated)
	}
	return nil
}

// wait returns when new mail may have arrived: an IDLE notification, or
// the poll interval.
func (in *Intake) wait(ctx context.Context, c *imapclient.Client, newMail <-chan struct{}) error {
	timer := time.NewTimer(in.poll())
	defer timer.Stop()
	if !c.Caps().Has(imap.CapIdle) && !c.Caps().Has(imap.CapIMAP4rev2) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timer.C:
			return nil
		case <-c.Closed():
			return errors.New("mail: imap connection closed")
		}
	}
	idle, err := c.Idle()
	if err != nil {
		return fmt.Errorf("mail: imap idle: %w", err)
	}
	select {
	case <-ctx.Done():
	case <-newMail:
	case <-timer.C:
	case <-c.Closed():
	}
	if err := idle.Close(); err != nil && ctx.Err() == nil {
		return fmt.Errorf("mail: imap idle: %w", err)
	}
	if err := idle.Wait(); err != nil && ctx.Err() == nil {
		return fmt.Errorf("mail: imap idle: %w", err)
	}
	return ctx.Err()
}

func (in *Intake) mailbox() string { return or(in.Options.Mailbox, "INBOX") }

// cursorKey names the mailbox read by the account and server it is on: a
// mailbox moved elsewhere numbers its mails from 1 again, maybe under the
// same UIDVALIDITY, and must not be taken for the place read so far. (A
// new key reads the mailbox from its first mail; what was recorded before
// is recognised by its Message-ID.)
func (in *Intake) cursorKey() string {
	return in.Options.Username + "@" + in.Options.Addr + "/" + in.mailbox()
}

func (in *Intake) processed() string { return or(in.Options.Processed, "processed") }
func (in *Intake) poll() time.Duration {
	if in.Options.Poll > 0 {
		return in.Options.Poll
	}
	return time.Minute
}
func (in *Intake) maxBackoff() time.Duration {
	if in.MaxBackoff > 0 {
		return in.MaxBackoff
	}
	return time.Minute
}
func (in *Intake) now() time.Time {
	if in.Now != nil {
		return in.Now()
	}
	return time.Now()
}
func (in *Intake) log() *slog.Logger {
	if in.Log != nil {
		return in.Log
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func or(s, def string) string {
	if s != "" {
		return s
	}
	return def
}
