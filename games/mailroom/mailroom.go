// Package mailroom reads the mail that comes in and acts on it: who
// wrote and from where, admission, consent by reply, the budgets of
// senders, domains and recipients, stale replies and plans mailed again
// in simultaneous phases, and the handlers of the mail commands, keyed
// by the words package commands declares. It runs them on the command
// side (package games); what it answers is written by package letters,
// and the command side never sends mail nor knows its words.
package mailroom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/mailroom/budget"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// InboxDurable is the name of the mailroom's durable consumer.
const InboxDurable = "inbox"

// Mailroom reads recorded mail, works out who wrote and what they ask,
// and turns it into commands; what it answers goes to the outbox. It
// answers nobody it does not know, nor any automatic mail, so it can take
// part in no mail loop and sends no backscatter.
type Mailroom struct {
	// Holding, when set, says whether this process still runs the
	// mailroom (holds its lease): a mail is read only while it does, so a
	// process that wakes after another took the mailroom over reads
	// nothing more (the mail goes back to the holder).
	Holding func() bool
	Service *letters.Service
	Tokens  mail.Tokens
	Mailbox string // the game mailbox, e.g. games@pbem.example.org
	Limits  mail.Limits
	// Index answers GAMES; nil means GAMES is not offered.
	Index *projections.Projector
	// TrustedAuthServID, when set, makes moves count only from mail that
	// this server's Authentication-Results header says passed DKIM, SPF
	// or DMARC.
	TrustedAuthServID string
	// DKIM, when set, makes moves count only from mail with a DKIM
	// signature of its From domain that it verifies; with
	// TrustedAuthServID set too, either of them suffices.
	DKIM *mail.DKIMVerifier
	// RatePerHour bounds the mails one sender causes in an hour (answers
	// to them, invitations, SAY relays, observers' first mails): per
	// mailbox, whatever its +tag or case; 0 means 30. A domain's senders
	// together may cause DomainFactor times as many.
	RatePerHour int
	// RatePerDay bounds the same over a day; 0 means four hours' worth.
	RatePerDay int
	// DomainFactor is how many times one sender's budgets the senders of
	// one domain share; 0 means DefaultDomainFactor.
	DomainFactor int
	// UnsolicitedPerDay is how many mails one address gets in a day that
	// it did not ask for (invitations to play or to follow a game,
	// confirmations), from every host together; 0 means
	// DefaultUnsolicitedPerDay.
	UnsolicitedPerDay int
	// MaxTracked bounds the budgets remembered at once (see budget.Ledger); 0
	// means DefaultMaxTracked.
	MaxTracked int
	// MaxHosted is how many running games one address may host at once
	// by mail; 0 means DefaultMaxHosted. It needs Index.
	MaxHosted int
	Log       *slog.Logger // nil: discard
	// Workers is how many mails Run handles at once, one game's mail (or
	// one sender's, outside games) in order; 0 means DefaultWorkers.
	Workers int
	// OnCommand, when set, hears of every command run: the kind of game
	// it was for ("" for none), its word (MOVE for a move) and its
	// refusal or failure, nil if it was done. Metrics count them.
	OnCommand func(game, word string, err error)
	// OnBounce, when set, is given each delivery report (p.Bounce), the
	// mail recorded under key, to record what bounced; an error reads
	// the report again later.
	OnBounce func(ctx context.Context, key string, p *mail.Parsed) error
	// OnWrote, when set, is told of the sender of each mail that proves
	// its address reads pbem's mail (a reply to an address pbem mailed it
	// alone), so that its bounces are forgotten; an error reads the mail
	// again later.
	OnWrote func(ctx context.Context, addr string) error

	handlersOnce sync.Once
	handlers     map[string]handler // by command word, built at the first command

	budgets budget.Ledger // what each address's budgets spent

	mu    sync.Mutex
	stops *mail.StopList
}

// stopList returns the addresses that asked pbem to stop mailing them.
func (m *Mailroom) stopList(ctx context.Context) (*mail.StopList, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.stops == nil {
		l, err := mail.OpenStopList(ctx, m.Service.Store)
		if err != nil {
			return nil, err
		}
		m.stops = l
	}
	return m.stops, nil
}

// resume takes the sender of a mail that is not STOP off the stop list:
// they wrote to pbem again.
func (m *Mailroom) resume(ctx context.Context, l *letter, log *slog.Logger) error {
	if len(l.p.Commands) > 0 {
		if c, ok := m.Service.Commands().Lookup(commands.FirstOf(m.Service.Commands().Split(l.p.Commands[0]))); ok && c.Word == "STOP" {
			return nil
		}
	}
	stops, err := m.stopList(ctx)
	if err != nil {
		return err
	}
	stopped, err := stops.Stopped(ctx, l.p.From)
	if err != nil || !stopped {
		return err
	}
	if !l.proven() {
		// Anyone may write a stopped address as the sender: only a reply
		// to an address pbem mailed them alone takes them off the list.
		log.Info("a mail from a stopped address to the plain mailbox: still stopped")
		return nil
	}
	log.Info("the sender wrote again: pbem mails them again")
	return stops.Resume(ctx, l.p.From)
}

// errStandingBy refuses a mail to a process that no longer runs the
// mailroom; it goes back to the one that does.
var errStandingBy = errors.New("mailroom: another process runs the mailroom now")

// Run handles recorded mail until ctx ends. It first counts the answers
// of the last day (Warm), so that a restart, or another process taking
// the mailroom over, neither resets the rate limits nor answers a stranger
// a second time in a day; it reads nothing until they are counted.
func (m *Mailroom) Run(ctx context.Context) error {
	if err := m.Warm(ctx); err != nil {
		return fmt.Errorf("mailroom: count the answers of the last day: %w", err)
	}
	return m.Service.Store.SubscribeKeyed(ctx, InboxDurable, mail.InboxSubject+">", workers(m.Workers), m.orderKey, m.handleRecord(ctx))
}

// CatchUp handles every mail recorded so far, then returns.
func (m *Mailroom) CatchUp(ctx context.Context) error {
	return m.Service.Store.CatchUpRecords(ctx, InboxDurable, mail.InboxSubject+">", m.handleRecord(ctx))
}

func (m *Mailroom) handleRecord(ctx context.Context) func(events.Record) error {
	return func(r events.Record) error {
		if m.Holding != nil && !m.Holding() {
			return errStandingBy
		}
		var rec mail.InboxRecord
		if err := json.Unmarshal(r.Data, &rec); err != nil {
			m.log().Error("unreadable inbox record skipped", "seq", r.StreamSeq, "err", err)
			return nil
		}
		if rec.Pruned != "" {
			return nil // what is left of a mail handled before
		}
		l, err := m.handle(ctx, rec, nil)
		if err != nil {
			return err
		}
		return m.pruneStranger(ctx, r.StreamSeq, rec, l)
	}
}

// pruneStranger keeps of a stranger's mail, once handled, its header
// alone: pbem read no more of it than a command or two, and answered it
// with a fixed text or not at all, so its body is nothing pbem needs,
// and whoever fills the mailbox with mail pbem has no use for fills the
// data directory with headers at most. A stranger is an address that
// plays in no game once its mail was handled, as the read models say,
// or mail without a sender; l is the letter the mail was read as (nil:
// not even its header could be read).
func (m *Mailroom) pruneStranger(ctx context.Context, seq uint64, rec mail.InboxRecord, l *letter) error {
	switch {
	case l != nil && l.game != nil && l.seat != rules.Observer:
		return nil // a player of the game it was written to
	case l != nil && l.p.From != "":
		if stranger, err := m.stranger(ctx, l.p.From); err != nil || !stranger {
			return err
		}
	}
	_, err := mail.Prune(ctx, m.Service.Store, seq, rec, mail.PrunedBody)
	return err
}

// letter is one mail being handled: what it says and who it is from.
type letter struct {
	rec      mail.InboxRecord
	p        *mail.Parsed
	game     *projections.Game // nil for mail to the plain mailbox
	seat     rules.Seat
	queued   []mail.Notice // answers, written when the mail is done
	stranger bool          // the sender plays in no game: the answers are the day's one
	later    []string      // moves for the seat's later turns: its programmed list
	// replaced says the mail's first move was met: a plan it replaces
	// was taken back then, and its later lines add to the new one.
	replaced bool
	stale    bool // the mail was answered as stale: its other moves are not read
	detected bool // pbem chose the sender's language and zone from this mail
	// confirm is the tag of the confirmation address the mail came to,
	// made for its sender (see consent.go); its zero value for none.
	confirm mail.Tag
	// reading, when set, is Read's: nothing is run, recorded or sent, and
	// what would be is told here.
	reading *Reading
}

// Handle acts on one recorded mail. It returns an error only when trying
// again later may help (the store is unreachable); everything the mail
// itself gets wrong is answered or ignored on purpose.
func (m *Mailroom) Handle(ctx context.Context, rec mail.InboxRecord) error {
	_, err := m.handle(ctx, rec, nil)
	return err
}

// handle is Handle, and returns the letter the mail was read as; nil for
// a mail not even the header of which could be read. With reading
// non-nil it is Read: it runs, records and sends nothing, and tells
// reading what it would do.
func (m *Mailroom) handle(ctx context.Context, rec mail.InboxRecord, reading *Reading) (*letter, error) {
	p, problem := m.parse(rec)
	if p == nil {
		m.log().Warn("unreadable mail recorded, not answered", "mail", rec.Key, "why", problem["reason"])
		return nil, nil
	}
	l := &letter{rec: rec, p: p, seat: rules.Observer, reading: reading}
	log := m.log().With("mail", rec.Key, "from", p.From)
	if reading != nil {
		log = slog.New(&noteHandler{r: reading})
	}
	switch {
	case p.Automatic != "":
		log.Info("automatic mail recorded, not answered", "why", p.Automatic)
		if p.Bounce != nil && m.OnBounce != nil {
			return l, m.OnBounce(ctx, rec.Key, p)
		}
		return l, nil
	case p.From == "":
		log.Info("mail without a sender recorded, not answered")
		return l, nil
	}
	if tag, ok := m.tag(p); ok && tag.Confirm != "" {
		if !m.confirmed(l, tag, log) {
			return l, nil
		}
	} else if ok {
		ok, err := m.admit(ctx, l, tag, log)
		if err != nil || !ok {
			return l, err
		}
	} else if !m.authenticated(rec, p, log) {
		return l, nil
	}
	if done, err := m.answeredBefore(ctx, rec.Key); err != nil || done {
		if done {
			log.Info("mail read again, already answered: nothing done again")
		}
		return l, err
	}
	if reading == nil {
		if err := m.resume(ctx, l, log); err != nil {
			return l, err
		}
		if m.OnWrote != nil && l.proven() {
			if err := m.OnWrote(ctx, l.p.From); err != nil {
				return l, err
			}
		}
		if err := m.detectPrefs(ctx, l); err != nil {
			return l, err
		}
	}
	if problem != nil {
		problem[ownWords] = "1"
		l.answer(notice.KindRejected, problem)
	} else if err := m.commands(ctx, l, log); err != nil {
		return l, err
	}
	return l, m.send(ctx, l, log)
}

// answeredBefore reports whether the mail recorded under key was handled
// and answered before (read again after a crash): what its commands did
// then stands, and what they refused then must not be done now, when the
// game may allow it (a move refused while the game was paused, read again
// once it resumed). A mail handled before without an answer runs again,
// and each command it applied is recognised by its source.
func (m *Mailroom) answeredBefore(ctx context.Context, key string) (bool, error) {
	_, err := m.Service.Store.Last(ctx, letters.AnsweredSubject+key)
	if errors.Is(err, events.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// parse reads a recorded mail. A mail too long or too broken to read
// whole is read from its header alone, so its sender can be told why;
// problem says what went wrong, and p is nil when not even the header
// could be read.
func (m *Mailroom) parse(rec mail.InboxRecord) (p *mail.Parsed, problem map[string]string) {
	lim := m.limits()
	if rec.Truncated {
		problem = locale.Saying("reason", "unread.too.long", strconv.Itoa(rec.Size>>10), strconv.Itoa(mail.MaxRaw>>10))
	} else {
		var err error
		if p, err = mail.Parse(rec.Raw, lim); err == nil {
			return p, nil
		}
		problem = locale.Saying("reason", "unread", err.Error())
	}
	p, err := mail.Parse(mail.HeaderOnly(rec.Raw), lim)
	if err != nil {
		return nil, problem
	}
	p.Commands = nil
	return p, problem
}

// tag finds the game reply address the mail was sent to.
func (m *Mailroom) tag(p *mail.Parsed) (mail.Tag, bool) {
	for _, r := range p.Recipients {
		if t, ok := mail.ParseTag(r, m.Mailbox); ok {
			return t, true
		}
	}
	return mail.Tag{}, false
}

// admit checks that the mail to a game's reply address comes from the
// seat it names, with that seat's token; it answers a known player who got
// it wrong and ignores everyone else.
func (m *Mailroom) admit(ctx context.Context, l *letter, tag mail.Tag, log *slog.Logger) (bool, error) {
	g, _, err := m.Service.Load(ctx, tag.Game)
	if errors.Is(err, games.ErrUnknownGame) {
		log.Info("mail to an unknown game ignored", "game", tag.Game)
		return false, nil
	}
	if err != nil {
		return false, err
	}
	from := games.SeatOf(g, l.p.From)
	tokenErr := m.Tokens.Check(tag.Game, tag.Seat, tag.Token)
	switch {
	case from == rules.Observer:
		log.Warn("mail to a game from an address that does not play in it ignored", "game", tag.Game, "seat", tag.Seat)
		return false, nil
	case tokenErr != nil:
		l.game, l.seat = g, from
		l.answer(notice.KindRejected, locale.Saying("reason", "bad.token"))
		log.Warn("mail with a bad token", "game", tag.Game, "err", tokenErr)
		return false, m.send(ctx, l, log)
	case int(from) != tag.Seat:
		l.game, l.seat = g, from
		l.answer(notice.KindRejected, locale.Saying("reason", "other.seat", strconv.Itoa(tag.Seat), g.Created.Players[tag.Seat].Name))
		log.Warn("mail to another seat's address", "game", tag.Game, "seat", tag.Seat, "from seat", from)
		return false, m.send(ctx, l, log)
	case !m.authenticated(l.rec, l.p, log.With("game", tag.Game)):
		return false, nil
	case g.Abandoned[int(from)] == games.ReasonExpelled:
		// The host took the seat from them: their reply address opens
		// nothing any more (a replaced player's does not either, their
		// address no longer being the seat's).
		l.game, l.seat = g, from
		l.answer(notice.KindRejected, locale.Saying("reason", "expelled"))
		log.Info("mail from an expelled player refused", "game", tag.Game, "seat", from)
		return false, m.send(ctx, l, log)
	}
	l.game, l.seat = g, from
	return true, nil
}

// authenticated reports whether the mail's From is vouched for: by the
// trusted server, which says the mail passed DMARC, DKIM or SPF for its
// From domain (see mail.Parsed.Authenticated), or by a DKIM signature
// verified here; or whether neither check is asked for. A mail that is
// not is logged, to be ignored.
func (m *Mailroom) authenticated(rec mail.InboxRecord, p *mail.Parsed, log *slog.Logger) bool {
	if m.TrustedAuthServID == "" && m.DKIM == nil {
		return true
	}
	if m.TrustedAuthServID != "" && p.Authenticated(m.TrustedAuthServID) {
		return true
	}
	if m.DKIM == nil {
		log.Warn("mail not authenticated by the trusted server ignored")
		return false
	}
	ok, err := m.DKIM.Verify(rec.Raw, p.From)
	if !ok {
		log.Warn("mail not authenticated by a DKIM signature ignored", "why", err, "trusted server", m.TrustedAuthServID)
	}
	return ok
}

// answer queues a mail to the letter's sender.
func (l *letter) answer(kind string, fields map[string]string) {
	l.queued = append(l.queued, mail.Notice{Kind: kind, Fields: fields})
}

// send writes the letter's answers to the outbox, unless the sender has
// had too many answers lately or the mail was answered before.
func (m *Mailroom) send(ctx context.Context, l *letter, log *slog.Logger) error {
	if len(l.queued) == 0 || l.reading != nil {
		return nil
	}
	if l.game != nil {
		// The answers show the game as the mail's commands left it: an UNDO
		// or a PAUSE earlier in the same mail changed it.
		g, _, err := m.Service.Load(ctx, l.game.ID)
		if err != nil {
			return err
		}
		l.game = g
	} else {
		stranger, err := m.stranger(ctx, l.p.From)
		if err != nil {
			return err
		}
		l.queued = m.capConfirmations(l.queued, l.p.From, log)
		if stranger && !onlyConfirmations(l.queued) {
			if !m.strangerDay(l.p.From) {
				log.Info("a stranger answered today already: not answered again")
				return nil
			}
			l.queued, l.stranger = forStranger(l.queued), true
		} else if stranger {
			l.stranger = true // answered with a confirmation alone, which the recipient's cap bounds
		}
	}
	if err := m.stamp(ctx, l); err != nil {
		return err
	}
	var out []events.Message
	var ids []string
	for i, n := range l.queued {
		if !m.allow(l.p.From, l.stranger) {
			log.Warn("answer not sent: too many answers to this sender", "kind", n.Kind)
			continue
		}
		n.ID = notice.AnswerID(m.Service.IDDomain(), l.rec.Key, i, n.Kind)
		n.To, n.Seat, n.Seq, n.Time = l.p.From, int(l.seat), 0, l.rec.Received
		if l.game != nil {
			n.Game, n.Seq = l.game.ID, l.game.Seq
			if l.seat != rules.Observer {
				n.Name = l.game.Created.Players[l.seat].Name
				n.References = []string{notice.ThreadRoot(m.Service.IDDomain(), l.game.ID, int(l.seat))}
			}
		}
		if l.p.MessageID != "" {
			n.InReplyTo = l.p.MessageID
			n.References = append(n.References, l.p.MessageID)
		}
		out = append(out, events.Message{Subject: n.Subject(), MsgID: n.ID, Data: n.Encode()})
		ids = append(ids, n.ID)
	}
	data, err := json.Marshal(letters.Answered{To: l.p.From, IDs: ids, Stranger: l.stranger})
	if err != nil {
		return err
	}
	once := events.Message{Subject: letters.AnsweredSubject + l.rec.Key, Data: data}
	err = m.Service.Store.PutOnceWith(ctx, once, out)
	if errors.Is(err, events.ErrExists) {
		log.Info("mail read again, already answered: not answered again")
		return nil
	}
	return err
}

// Warm counts the answers sent in the last day, as recorded with each
// mail's answers, towards each sender's budgets, and each stranger's
// answer of the day.
func (m *Mailroom) Warm(ctx context.Context) error {
	now := m.Service.Time()
	// The answers recorded are all of them, whichever process gave them:
	// they replace what this one remembers.
	answers := map[string][]time.Time{}
	_, err := m.Service.Store.ReadSince(ctx, letters.AnsweredSubject+">", now.Add(-24*time.Hour), func(r events.Record) error {
		var a letters.Answered
		if json.Unmarshal(r.Data, &a) != nil || a.To == "" {
			return nil // written before senders were recorded
		}
		for range a.IDs {
			for _, k := range budget.Keys(a.To, a.Stranger) {
				answers[k] = append(answers[k], r.Time)
			}
		}
		if a.Stranger {
			answers[budget.StrangerKey(a.To)] = append(answers[budget.StrangerKey(a.To)], r.Time)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for k := range answers {
		slices.SortFunc(answers[k], time.Time.Compare)
	}
	m.budgets.Replace(answers)
	return nil
}

func (m *Mailroom) limits() mail.Limits {
	l := m.Limits
	l.Self = append(l.Self, m.Mailbox)
	if l.MaxBytes == 0 {
		l.MaxBytes = mail.MaxRaw
	}
	return l
}

func (m *Mailroom) log() *slog.Logger {
	if m.Log != nil {
		return m.Log
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// DefaultWorkers is how many mails a Mailroom handles at once by default:
// each waits on the store most of its time, and appends made at once are
// stored together, so the more wait at once the cheaper each is.
const DefaultWorkers = 32

func workers(n int) int {
	if n == 0 {
		return DefaultWorkers
	}
	return n
}

// orderKey names what a recorded mail must wait for: earlier mail about
// the same game, or, outside games, earlier mail from the same sender.
// It reads only the mail's header.
func (m *Mailroom) orderKey(r events.Record) string {
	var rec mail.InboxRecord
	if err := json.Unmarshal(r.Data, &rec); err != nil {
		return ""
	}
	p, err := mail.Parse(mail.HeaderOnly(rec.Raw), m.limits())
	if err != nil {
		return ""
	}
	if tag, ok := m.tag(p); ok && tag.Game != "" {
		return "game " + tag.Game
	}
	return "from " + strings.ToLower(p.From)
}
