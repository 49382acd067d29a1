package postoffice

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	netmail "net/mail"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/loopback"
)

// demoDomain is the mail domain of the demo's mail system.
const demoDomain = "pbem.test"

// Demo is what "pbem demo" plays.
type Demo struct {
	Players  int              // 2 to 4
	Variants []string         // of the first game offered
	Verbose  bool             // print every mail in full, not only the first of each kind
	Games    *catalog.Catalog // the games the demo's post office offers
	Out      io.Writer
	// Timeout is how long Run waits for the game to end; 0 is no limit.
	Timeout time.Duration
	// Log is told where the data is kept when Run fails (demoData).
	Log io.Writer
}

// Run plays the demo as "pbem demo" does: in a fresh data directory
// (demoData), with the service open opens on it, which close closes; then
// it verifies the game (VerifyGame) and prints the verdict. It gives up
// when the game is not over after d.Timeout.
func (d Demo) Run(ctx context.Context, open func(ctx context.Context, data string) (*games.Service, error), close func()) error {
	dir, end, err := demoData(d.Log)
	if err != nil {
		return err
	}
	ok := false
	defer func() { close(); end(ok) }()
	played := ctx
	if d.Timeout > 0 {
		var cancel context.CancelFunc
		played, cancel = context.WithTimeout(ctx, d.Timeout)
		defer cancel()
	}
	svc, err := open(played, dir)
	if err != nil {
		return err
	}
	id, err := d.Play(played, svc, dir)
	if err != nil {
		if played.Err() != nil {
			return fmt.Errorf("demo: no game over after %v", d.Timeout)
		}
		return err
	}
	// Verified even when the deadline has passed since the game ended.
	line, err := VerifyGame(context.WithoutCancel(ctx), svc, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.Out, "\n%s\n", line)
	ok = true
	return nil
}

// demoData makes the data directory a demo plays in and returns it with
// end, to call once the demo is over and its store closed. Every run plays
// a fresh game in a data directory of its own: the demo's mail system
// lives only as long as the process, so a game left in a kept directory
// could never be played on, and what an earlier run left there (its
// mails' Message-IDs, the intake's place in a mailbox that starts again
// from its first UID) would make the next run's mail look already read.
// It is served while the demo runs, so that other command lines may look
// at the game meanwhile; end removes it when ok, else says on w where it
// is kept.
func demoData(w io.Writer) (dir string, end func(ok bool), err error) {
	dir, err = os.MkdirTemp("", "pbem-demo-")
	if err != nil {
		return "", nil, err
	}
	return dir, func(ok bool) {
		if ok {
			os.RemoveAll(dir)
		} else {
			fmt.Fprintf(w, "the demo's data is kept in %s\n", dir)
		}
	}, nil
}

// Play plays a whole game of the first game offered (catalog.Catalog.First)
// by mail between bots on a mail system in the process, with a post office of svc reading its game mailbox,
// prints the exchange to d.Out as it happens, and returns the game's id
// once every player has the mail that says it is over. svc's store is
// the caller's to open and close; Play stops its post office before it
// returns.
func (d Demo) Play(ctx context.Context, svc *games.Service, data string) (string, error) {
	if d.Players < 2 || d.Players > 4 {
		return "", fmt.Errorf("a demo has 2 to 4 players, not %d", d.Players)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	names := []string{"ana", "bea", "cai", "dov"}[:d.Players]
	sys, err := loopback.Start(demoDomain, append([]string{"games"}, names...)...)
	if err != nil {
		return "", err
	}
	defer sys.Close()
	w := &demoWriter{out: d.Out, verbose: d.Verbose, done: map[string]bool{}, shown: map[string]bool{}, players: len(names)}
	sys.OnDeliver = w.delivered
	c := OnLoopback(sys.Address("games"), loopback.Password, sys.IMAPAddr, sys.SMTPAddr)
	c.Data = data
	po, err := Start(ctx, svc, d.Games, c, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return "", err
	}
	fmt.Fprintf(d.Out, "a mail system for %s runs on IMAP %s and SMTP %s; pbem reads %s\n", demoDomain, sys.IMAPAddr, sys.SMTPAddr, c.Mailbox)
	fmt.Fprintf(d.Out, "pbem keeps the game in %s, removed at the end; meanwhile pbem --data %s games lists it\n\n", data, data)
	served := make(chan error, 1)
	go func() { served <- po.Run(ctx) }()
	defer func() { cancel(); <-served }() // the service stops before its data is verified and removed

	var others []string
	for _, n := range names[1:] {
		others = append(others, sys.Address(n))
	}
	host := sys.Address(names[0])
	newGame := fmt.Sprintf("NEW %s %s WITH %s", d.Games.First(), strings.Join(d.Variants, " "), strings.Join(others, ", "))
	// Message-IDs of this run's own, as a mail client makes them: pbem
	// draws a game's id from the mail that asked for it, so each run's
	// game has an id of its own too.
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	if err := sendMail(sys.SMTPAddr, host, c.Mailbox, "a game?", "<new."+run+"@"+demoDomain+">", "", newGame+"\n"); err != nil {
		return "", err
	}
	// The bots stop when ctx does: cancel first, then wait for them, or
	// they would play on until the caller's deadline.
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	botErrs := make(chan error, len(names))
	for _, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := (&bot{name: n, run: run, sys: sys}).play(ctx); err != nil && ctx.Err() == nil {
				botErrs <- fmt.Errorf("bot %s: %w", n, err)
				cancel()
			}
		}()
	}
	select {
	case <-w.over():
		return w.game, nil
	case err := <-botErrs:
		return "", err
	case err := <-served:
		served <- err // for the deferred wait
		return "", fmt.Errorf("demo: pbem stopped: %v", err)
	case <-ctx.Done():
		return "", fmt.Errorf("demo: no game over: %w", ctx.Err())
	}
}

// demoWriter prints the mail exchange as it happens.
type demoWriter struct {
	mu      sync.Mutex
	out     io.Writer
	verbose bool
	game    string
	players int
	done    map[string]bool
	shown   map[string]bool // kinds of mail printed in full
	overCh  chan struct{}
}

// delivered prints each mail as it is delivered and follows the game by
// the headers pbem sets for programs, never by a subject's words: every
// mail of a game has the same subject.
func (w *demoWriter) delivered(from string, to []string, raw []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return
	}
	subject := decodeHeader(msg.Header.Get("Subject"))
	if k := msg.Header.Get(letters.HeaderKind); k != "" {
		subject += " · " + k
	}
	fmt.Fprintf(w.out, "%-16s → %-40s %s\n", short(from), short(strings.Join(to, ", ")), subject)
	if g := msg.Header.Get(letters.HeaderGame); g != "" {
		w.game = g
	}
	// The service's mail goes with a bounce address of the mailbox of its
	// own, games+bounce-…@.
	fromService := strings.HasPrefix(from, "games@") || strings.HasPrefix(from, "games+")
	over := fromService && msg.Header.Get(letters.HeaderKind) == notice.KindGameOver
	kind := "other"
	switch {
	case over:
		kind = "over"
	case msg.Header.Get(letters.HeaderTurn) != "":
		kind = "prompt"
	}
	if fromService && (w.verbose || kind != "other" && !w.shown[kind]) {
		if p, err := mail.Parse(raw, mail.Limits{}); err == nil {
			fmt.Fprintf(w.out, "\n%s\n\n", indent(p.Text))
		}
		w.shown[kind] = true
	}
	if over {
		w.done[strings.Join(to, ",")] = true
		if len(w.done) == w.players && w.overCh != nil {
			close(w.overCh)
			w.overCh = nil
		}
	}
}

func (w *demoWriter) over() <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	ch := make(chan struct{})
	if len(w.done) == w.players {
		close(ch)
	} else {
		w.overCh = ch
	}
	return ch
}

func short(addr string) string {
	if i := strings.Index(addr, "+"); i > 0 {
		if at := strings.Index(addr, "@"); at > i {
			return addr[:i] + "+…" + addr[at:]
		}
	}
	return addr
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}

func decodeHeader(s string) string {
	if d, err := new(mime.WordDecoder).DecodeHeader(s); err == nil {
		return d
	}
	return s
}

// bot is a player who reads its mail over IMAP, joins the game it is
// invited to, and answers each prompt by mail with the move the prompt
// gives as an example.
type bot struct {
	name string
	run  string // this run's part of each Message-ID
	sys  *loopback.System
	seen imap.UID
}

func (b *bot) play(ctx context.Context) error {
	c, err := imapclient.DialInsecure(b.sys.IMAPAddr, nil)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Login(b.name, loopback.Password).Wait(); err != nil {
		return err
	}
	for {
		if _, err := c.Select("INBOX", nil).Wait(); err != nil {
			return err
		}
		found, err := c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{{imap.UIDRange{Start: b.seen + 1, Stop: 0}}}}, nil).Wait()
		if err != nil {
			return err
		}
		for _, uid := range found.AllUIDs() {
			if uid <= b.seen {
				continue
			}
			b.seen = uid
			if err := b.read(c, uid); err != nil {
				return err
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// read answers the mail with uid if it is a prompt.
func (b *bot) read(c *imapclient.Client, uid imap.UID) error {
	section := &imap.FetchItemBodySection{}
	msgs, err := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil || len(msgs) == 0 {
		return err
	}
	raw := msgs[0].FindBodySection(section)
	p, err := mail.Parse(raw, mail.Limits{})
	if err != nil {
		return err
	}
	hdr, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	// Whether the mail asks this bot to join or for a move, about which
	// game and event, and a move it may play, the headers say.
	move := hdr.Header.Get(letters.HeaderExample)
	switch {
	case hdr.Header.Get(letters.HeaderInvited) == "yes":
		move = "JOIN" // the bot plays
	case hdr.Header.Get(letters.HeaderTurn) != "yours" || hdr.Header.Get(letters.HeaderGame) == "" || hdr.Header.Get(letters.HeaderSeq) == "":
		return nil
	}
	if move == "" {
		return fmt.Errorf("%s: mail %s says it is our turn in game %s after event %s, but gives no example move",
			b.name, p.MessageID, hdr.Header.Get(letters.HeaderGame), hdr.Header.Get(letters.HeaderSeq))
	}
	replyTo, err := netmail.ParseAddress(hdr.Header.Get("Reply-To"))
	if err != nil {
		return errors.New("a prompt without a Reply-To")
	}
	quoted := "> " + strings.ReplaceAll(strings.TrimRight(p.Text, "\n"), "\n", "\n> ")
	body := fmt.Sprintf("%s\n\nOn %s, pbem games <%s> wrote:\n%s\n", move, hdr.Header.Get("Date"), "games@"+demoDomain, quoted)
	id := fmt.Sprintf("<%s.%s.%d@%s>", b.name, b.run, uid, demoDomain)
	return sendMail(b.sys.SMTPAddr, b.sys.Address(b.name), replyTo.Address, "Re: "+p.Subject, id, "<"+p.MessageID+">", body)
}

// sendMail sends a plain text mail as a person's mail client would.
func sendMail(addr, from, to, subject, id, inReplyTo, body string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: %s\r\nDate: %s\r\n", from, to, subject, id, time.Now().UTC().Format(time.RFC1123Z))
	if inReplyTo != "" {
		fmt.Fprintf(&b, "In-Reply-To: %s\r\nReferences: %s\r\n", inReplyTo, inReplyTo)
	}
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	c, err := smtp.Dial(addr) // plain: the demo's mail system is on loopback
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(from, []string{to}, strings.NewReader(b.String())); err != nil {
		return err
	}
	return c.Quit()
}
