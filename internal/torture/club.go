package torture

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	netmail "net/mail"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/games/notice"

	"github.com/emersion/go-smtp"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/loopback"
)

// Kinds of mail the players send.
const (
	KindNew       = "new"       // NEW <game> … WITH the other players of the table
	KindMove      = "move"      // the example move of a prompt: valid
	KindInvalid   = "invalid"   // a move that cannot be played
	KindDuplicate = "duplicate" // a mail sent before, sent again byte for byte
	KindWatch     = "watch"     // the host's WATCH of the observers, as the game starts
	KindStranger  = "stranger"  // a mail from someone who plays in no game
	KindSay       = "say"       // a SAY to the table, before a move
	KindJoin      = "join"      // an invited player's JOIN, in reply to the invitation (or to the confirmation of a JOIN with a code)
	KindAskJoin   = "ask-join"  // a newcomer's JOIN with an open seat's code, to the game mailbox: answered with a confirmation alone
	KindUndo      = "undo"      // a player's UNDO of its own move, in reply to the mail that accepted it
	KindAgree     = "agree"     // AGREE to the undo another player asked for, in reply to the mail that asks
	KindDecline   = "decline"   // DECLINE of it, likewise
	KindSetting   = "setting"   // a player's DIGEST, VACATION or AUTO, before answering a prompt
	KindExpel     = "expel"     // the host's EXPEL of another seat, before answering a prompt
	KindReplace   = "replace"   // the host's REPLACE of another seat's player with a newcomer, likewise
	KindIf        = "if"        // a player's IF <their move> THEN <its move>, mailed after its own move
	KindDeal      = "deal"      // a player's ACCEPT or DECLINE of an offer a mail shows made to them, in reply to that mail, in turn or not
)

// Sent is one mail a player sent.
type Sent struct {
	Kind      string
	From, To  string
	MessageID string // without angle brackets
	Game      string // "" for NEW
	Seat      int
	Prompt    uint64 // the event after which the prompt answered was sent
	Move      string
	At        time.Time
	// Watch is how many observers a WATCH mail adds; Expect, the kind of
	// answer a stranger's mail must get, "" for silence.
	Watch  int
	Expect string
	// Style is the mail client a move was written with (Styles), and
	// Ignored the player's own lines around the move that are no command:
	// greetings and sign-offs, as pbem reads them (width folded), which
	// pbem must neither run nor refuse, nor answer in a mail of their own.
	Style   string
	Ignored []string
	// Held says the player kept the prompt a while before answering it;
	// Late, that a newer prompt of the game had come by then: the answer
	// may be stale, and out of order with the player's other answers.
	Held, Late bool
}

// Bad is a recipient whose mail server refuses every mail pbem sends
// them, with Code: 452 (mailbox full) waits, 550 fails for good.
type Bad struct {
	User string
	Code int
}

// Options say how a club plays.
type Options struct {
	// Sys is the loopback mail system the club plays on; or else SMTP
	// and Domain name a real one, whose users already exist.
	Sys     *loopback.System
	SMTP    string // host:port of the SMTP server the players send through
	Domain  string // the players' domain
	Mailbox string // the game address, e.g. games@pbem.test
	Pairs   int    // tables of players (pairs unless Seats says otherwise), each playing one game after another
	Seed    uint64
	// Invalid and Duplicate are the chances that a player sends a bad move
	// before answering a prompt, and sends its answer (or a NEW) twice.
	Invalid, Duplicate float64
	// Variant returns the variants of table i's games ("" or "enhanced").
	Variant func(pair int) string
	// Seats returns how many play at table i, 2 to 5; nil means 2.
	Seats func(pair int) int
	// Game returns the game table i plays; nil means the first of Games.
	Game func(pair int) string
	// Games are the games the tables may play, which say how their
	// players play each (catalog.Bots); nil: every game as one where
	// seats take turns.
	Games *catalog.Catalog
	// Say is the chance that a player sends a SAY before answering a
	// prompt.
	Say float64
	// SendFor is how long a player keeps trying to hand a mail to the
	// SMTP server, a server restarting say; 0 means 2 seconds.
	SendFor time.Duration
	// Bad are recipients whose server refuses pbem's mail all along
	// (loopback only: the club makes Sys refuse them); Watch is the chance
	// that a game's host invites them all to watch it as it starts.
	Bad   []Bad
	Watch float64
	// Watchers are users "w0", "w1"… whom a host invites to watch along
	// with the bad recipients: healthy observers, whose mail is owed them
	// like a player's.
	Watchers int
	// Strangers are users "s0", "s1"… who play in no game and write to
	// the game mailbox, or to a game's reply address, about every
	// StrangeEvery (0 means a second) until StopNewGames.
	Strangers    int
	StrangeEvery time.Duration
	// Hold is the chance that a player keeps a prompt a while (up to
	// HoldFor, 0 meaning 2.5 s) before answering it, as people read mail
	// and answer later; Again, the chance that a player who has answered a
	// newer prompt of the game still answers an older one it kept, before
	// or after the newer one, instead of dropping it. The newest prompt a
	// player has is always answered, so every game goes on.
	Hold, Again float64
	HoldFor     time.Duration
	// Together has every seat prompted at one event of a game where seats
	// act at once answer at one moment, a little after the first of them
	// got the prompt.
	Together bool
	// Clients has each player write its moves as a mail client of its
	// own would (Styles, drawn from the seed); Polite is the chance that a
	// move comes with a greeting above it and a sign-off below.
	Clients bool
	Polite  float64
	// Undo is the chance that a player, reading the mail that accepted a
	// move of theirs, asks to take it back (once a game); the others
	// answer AGREE, or DECLINE one time in four.
	Undo float64
	// Settings is the chance that a player, before answering a prompt,
	// changes a setting of theirs: one mail a day (DIGEST ON) or one a
	// move again, a vacation of a few days from today, or being asked
	// even for their only move (AUTO OFF) or not.
	Settings float64
	// Expel is the chance that a game's host, before answering a prompt,
	// expels another seat (once a game): pbem plays it for good from then
	// on, and refuses whatever its player still writes to the game.
	// Replace is the chance that it gives another seat to one of the
	// Newcomers, "r0", "r1"…, instead: the newcomer is asked first,
	// joins and plays the seat to the end of the game, and pbem reads
	// nothing more the seat's old player writes to it. A host does one
	// or the other at most once a game.
	Expel, Replace float64
	Newcomers      int
	// If is the chance that a player of a two-player game whose bots write
	// conditional moves (catalog.Bots.IfThen), after
	// mailing its move, mails a conditional one for its next turn: IF the
	// other plays what the player guesses (the middle of what it may
	// play, as the prompts' examples are) THEN its own.
	If float64
	// Accept is the chance that a player offered a deal (whose prompt's
	// example declines it, the middle of ACCEPT and DECLINE) accepts it.
	Accept float64
	// Open is the chance that the host of a table of three or more
	// leaves its last seat OPEN in a NEW, for a newcomer to take with the
	// line pbem mails the host (JOIN, the game and its code).
	Open float64
}

// Club is the players: tables of bots that play the games of
// Options.Games by mail, starting a new game as soon as one ends until told to stop. They read their mail as
// the mail system delivers it.
type Club struct {
	opt     Options
	players map[string]*player // by user name

	mu        sync.Mutex
	sent      []Sent
	stopped   bool            // no new games
	news      []int           // NEW mails sent, per table
	overs     map[string]bool // game-over Message-IDs received
	overCount [][]int         // game-over mails received per table and seat
	answered  map[string]bool // Message-IDs of players' mails the service answered
	inFlight  int             // duplicates waiting to be sent
	writing   int             // strangers still writing
	errs      []error
	arrived   map[string]time.Time // first delivery, by address and Message-ID
	replyTo   string               // the last game reply address a player was given
	holding   int                  // prompts players keep and have still to answer or drop
	moments   map[string]time.Time // when the seats prompted at a game's event answer, with Together
	games     map[string]bool      // the games the players were told of, and whether each is over
	undos     map[string]bool      // the games in which a player asked to take moves back
	sitting   map[string]sitting   // the seats hosts gave newcomers, by game and newcomer's address
}

// sitting is a seat of a table's game.
type sitting struct{ pair, seat int }

// player is one bot.
type player struct {
	club       *Club
	name, addr string
	pair, seat int
	others     []string // the other seats' addresses, in seat order
	// strangerAnswered says a stranger has sent a mail pbem answers: the
	// day's one answer is spent.
	strangerAnswered bool
	rng              *rand.Rand
	// side draws what the club does beside the games of old (WATCH, SAY,
	// the strangers' mail), so rng draws the same bad moves and
	// duplicates for a seed as before.
	side     *rand.Rand
	stranger bool
	watcher  bool
	inbox    chan []byte
	// lastMove is, per game, the last move of the player's that pbem
	// certainly played: the one move sent since the last "accepted" mail
	// when the next comes. A move sent is not always played now (stale,
	// refused in a paused game), and a bad move must be bad.
	lastMove map[string]string
	unsure   map[string][]string // per game, the moves sent since the last "accepted" mail
	accepted map[string]uint64   // per game, the event of the last "accepted" mail
	n        int                 // mails sent, for Message-IDs

	// mu is held while the player reads a mail or answers a prompt it
	// kept: one thing at a time, as a person.
	mu       sync.Mutex
	when     *rand.Rand         // draws when and in which order prompts are answered
	style    string             // the mail client it writes with
	prompts  map[string]bool    // Message-IDs of the prompts it got
	kept     map[string][]*kept // per game, prompts kept and not yet answered or dropped
	newest   map[string]uint64  // per game, the newest prompt it got
	answered map[string]uint64  // per game, the newest prompt it answered
	started  map[string]bool    // games it has had a prompt of
	undid    map[string]bool    // games it asked to take a move back in
	extra    *rand.Rand         // draws its undos, its answers to the others' and its settings
	// hosting draws what a host does to its table's seats: whom it
	// expels or replaces, and when; hosted are the games in which it did.
	hosting *rand.Rand
	hosted  map[string]bool
	opened  map[string]bool // games whose open seat it gave a newcomer
	dealt   map[string]bool // the offers made to it it has answered: game, offerer and offer
	ahead   *rand.Rand      // draws its conditional moves
	// newcomer says the player is one of the Newcomers, who sit at no
	// table of their own; sits are the seats it was given, by game.
	newcomer bool
	sits     map[string]sitting
}

// kept is a prompt a player keeps to answer later.
type kept struct {
	prompt Content
	move   string
	done   bool // answered or dropped
}

// NewClub makes the players, "p<table>a" (the host), "p<table>b" and so
// on, the strangers and the bad recipients, and makes the mail system
// hand each its mail; Start sends the first NEWs.
func NewClub(opt Options) *Club {
	if opt.Sys != nil {
		opt.SMTP, opt.Domain = opt.Sys.SMTPAddr, opt.Sys.Domain
	}
	c := &Club{opt: opt, players: map[string]*player{}, news: make([]int, opt.Pairs),
		overs: map[string]bool{}, overCount: make([][]int, opt.Pairs), answered: map[string]bool{},
		arrived: map[string]time.Time{}, moments: map[string]time.Time{}, games: map[string]bool{}, undos: map[string]bool{},
		sitting: map[string]sitting{}}
	clients := rand.New(rand.NewPCG(opt.Seed, 5<<32)).Perm(len(Styles))
	for i := range opt.Pairs {
		seats := c.seats(i)
		c.overCount[i] = make([]int, seats)
		for seat := range seats {
			name := seatName(i, seat)
			// The first two seats draw as the pairs did before there
			// were tables, so a seed plays them as it did.
			stream := uint64(2*i + seat)
			if seat >= 2 {
				stream = 3<<32 + uint64(8*i+seat)
			}
			p := c.newPlayer(name, i, seat, stream)
			p.style = StyleQuote
			if opt.Clients {
				// Every client is someone's, as long as there are as many
				// players: which is whose, the seed says.
				p.style = Styles[clients[len(c.players)%len(clients)]]
			}
			for other := range seats {
				if other != seat {
					p.others = append(p.others, seatName(i, other)+"@"+opt.Domain)
				}
			}
			c.players[name] = p
		}
	}
	for i := range opt.Strangers {
		name := fmt.Sprintf("s%d", i)
		c.players[name] = &player{club: c, name: name, addr: name + "@" + opt.Domain, seat: -1, stranger: true,
			side: rand.New(rand.NewPCG(opt.Seed, 2<<32+uint64(i))), inbox: make(chan []byte, 1<<14)}
	}
	for i := range opt.Newcomers {
		name := fmt.Sprintf("r%d", i)
		p := c.newPlayer(name, -1, -1, 8<<32+uint64(i))
		p.newcomer, p.style = true, StyleQuote
		c.players[name] = p
	}
	for i := range opt.Watchers {
		name := fmt.Sprintf("w%d", i)
		c.players[name] = &player{club: c, name: name, addr: name + "@" + opt.Domain, seat: -1, watcher: true,
			prompts: map[string]bool{}, inbox: make(chan []byte, 1<<14)}
	}
	if opt.Sys != nil {
		for _, u := range c.Users() {
			opt.Sys.AddUser(u)
		}
		if len(opt.Bad) > 0 {
			opt.Sys.Refuse = c.refuse
		}
	}
	return c
}

// newPlayer makes the player name of seat seat at table pair, drawing
// from the seed's streams that stream picks.
func (c *Club) newPlayer(name string, pair, seat int, stream uint64) *player {
	seed := c.opt.Seed
	return &player{club: c, name: name, addr: name + "@" + c.opt.Domain, pair: pair, seat: seat,
		rng: rand.New(rand.NewPCG(seed, stream)), inbox: make(chan []byte, 1<<14),
		side:     rand.New(rand.NewPCG(seed, 1<<32+stream)),
		when:     rand.New(rand.NewPCG(seed, 4<<32+stream)),
		lastMove: map[string]string{}, unsure: map[string][]string{}, accepted: map[string]uint64{}, prompts: map[string]bool{}, kept: map[string][]*kept{},
		newest: map[string]uint64{}, answered: map[string]uint64{}, started: map[string]bool{},
		undid: map[string]bool{}, extra: rand.New(rand.NewPCG(seed, 6<<32+stream)),
		hosting: rand.New(rand.NewPCG(seed, 7<<32+stream)), hosted: map[string]bool{}, opened: map[string]bool{}, dealt: map[string]bool{}, sits: map[string]sitting{},
		ahead: rand.New(rand.NewPCG(seed, 9<<32+stream))}
}

// seatIn is the player's seat in game: a newcomer's, the one it was
// given.
func (p *player) seatIn(game string) int {
	if s, ok := p.sits[game]; ok {
		return s.seat
	}
	return p.seat
}

// tableOf is the table whose game game is.
func (p *player) tableOf(game string) int {
	if s, ok := p.sits[game]; ok {
		return s.pair
	}
	return p.pair
}

// refuse is the mail system's answer to each recipient of a mail: the
// bad recipients' server refuses them with their code.
func (c *Club) refuse(_, to string) error {
	local, _, _ := strings.Cut(strings.ToLower(to), "@")
	for _, b := range c.opt.Bad {
		if local == b.User {
			return &smtp.SMTPError{Code: b.Code, EnhancedCode: smtp.EnhancedCode{b.Code / 100, 2, 2}, Message: "refused by the torture"}
		}
	}
	return nil
}

// Users returns the user name of every player, stranger and bad
// recipient.
func (c *Club) Users() []string {
	var out []string
	for i := range c.opt.Pairs {
		for seat := range c.seats(i) {
			out = append(out, seatName(i, seat))
		}
	}
	for i := range c.opt.Strangers {
		out = append(out, fmt.Sprintf("s%d", i))
	}
	for i := range c.opt.Watchers {
		out = append(out, fmt.Sprintf("w%d", i))
	}
	for i := range c.opt.Newcomers {
		out = append(out, fmt.Sprintf("r%d", i))
	}
	for _, b := range c.opt.Bad {
		out = append(out, b.User)
	}
	return out
}

// Bad returns the bad recipients' addresses, with the code their server
// answers.
func (c *Club) Bad() map[string]int {
	out := map[string]int{}
	for _, b := range c.opt.Bad {
		out[b.User+"@"+c.opt.Domain] = b.Code
	}
	return out
}

// Arrived returns when each mail first reached each recipient, by
// address and Message-ID (without angle brackets) joined by a space.
func (c *Club) Arrived() map[string]time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.arrived)
}

// Deliver is the mail system's OnDeliver: it notes when the mail arrived
// and hands it to the player it is for.
func (c *Club) Deliver(_ string, to []string, raw []byte) {
	now := time.Now()
	var id string
	if m, err := netmail.ReadMessage(bytes.NewReader(raw)); err == nil {
		id = strings.Trim(strings.TrimSpace(m.Header.Get("Message-Id")), "<>")
	}
	for _, rcpt := range to {
		local, _, _ := strings.Cut(strings.ToLower(rcpt), "@")
		user, _, _ := strings.Cut(local, "+")
		c.mu.Lock()
		if k := user + "@" + c.opt.Domain + " " + id; id != "" && c.arrived[k].IsZero() {
			c.arrived[k] = now
		}
		c.mu.Unlock()
		if p := c.players[user]; p != nil {
			p.inbox <- raw
		}
	}
}

// Start starts every player and every pair's first game.
func (c *Club) Start() {
	c.mu.Lock()
	for i := range c.news {
		c.news[i]++ // the first game of each pair
	}
	c.mu.Unlock()
	for _, p := range c.players {
		go p.run()
	}
}

// StopNewGames lets the games in play end and starts no new one. From
// then on the players answer each prompt as it comes (it ends the games
// in play sooner): no prompt is kept, none answered at a set moment.
func (c *Club) StopNewGames() {
	c.mu.Lock()
	c.stopped = true
	c.mu.Unlock()
}

// Outstanding says what the club still waits for: games not over, bad
// moves not answered, duplicates not sent; "" when there is nothing.
func (c *Club) Outstanding() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for i, n := range c.news {
		if over := c.overCount[i]; slices.ContainsFunc(over, func(m int) bool { return m != n }) {
			out = append(out, fmt.Sprintf("table %d: %d games started, game-over mails %v", i, n, over))
		}
	}
	for _, s := range c.sent {
		if s.Kind == KindInvalid && !c.answered[s.MessageID] && !c.givenAway(s) {
			out = append(out, fmt.Sprintf("%s's bad move %s (%s) unanswered", s.From, s.Move, s.MessageID))
		}
		if s.Kind == KindStranger && s.Expect != "" && !c.answered[s.MessageID] {
			out = append(out, fmt.Sprintf("%s's mail %s unanswered", s.From, s.MessageID))
		}
	}
	if c.inFlight > 0 {
		out = append(out, fmt.Sprintf("%d duplicates to send", c.inFlight))
	}
	if c.writing > 0 {
		out = append(out, fmt.Sprintf("%d strangers still writing", c.writing))
	}
	if c.holding > 0 {
		out = append(out, fmt.Sprintf("%d prompts kept to answer later", c.holding))
	}
	for _, err := range c.errs {
		out = append(out, err.Error())
	}
	return strings.Join(out, "; ")
}

// givenAway says whether the host gave the seat s was written for to
// someone else: pbem may read s after that, as nobody's of the game, and
// say nothing (c.mu held).
func (c *Club) givenAway(s Sent) bool {
	for k, st := range c.sitting {
		game, addr, _ := strings.Cut(k, " ")
		if game == s.Game && st.seat == s.Seat && !strings.EqualFold(addr, s.From) {
			return true
		}
	}
	return false
}

// Sent returns every mail the players sent.
func (c *Club) Sent() []Sent {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Sent(nil), c.sent...)
}

// Errors returns what went wrong on the players' side.
func (c *Club) Errors() []error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]error(nil), c.errs...)
}

var (
	fieldMove = regexp.MustCompile(`^[A-I][1-9]\*?$`)
)

func (p *player) run() {
	if p.stranger {
		p.club.mu.Lock()
		p.club.writing++
		p.club.mu.Unlock()
		go p.strange()
	}
	if p.seat == 0 {
		if err := p.newGame(); err != nil {
			p.club.fail(fmt.Errorf("%s: %w", p.name, err))
		}
	}
	for raw := range p.inbox {
		p.mu.Lock()
		err := p.read(raw)
		p.mu.Unlock()
		if err != nil {
			p.club.fail(fmt.Errorf("%s: %w", p.name, err))
		}
	}
}

// read acts on one delivered mail.
func (p *player) read(raw []byte) error {
	ct, err := Read(raw)
	if err != nil {
		return err
	}
	id, ours := notice.ParseMessageID(ct.MessageID)
	if ct.Confirm == mail.ConfirmJoin {
		if err := p.confirmJoin(ct); err != nil {
			return err
		}
	}
	if ours && id.Answers != "" {
		p.club.mu.Lock()
		for _, s := range p.club.sent {
			if mail.InboxKey(s.MessageID, nil) == id.Answers {
				p.club.answered[s.MessageID] = true
			}
		}
		p.club.mu.Unlock()
		return nil
	}
	if p.stranger {
		return fmt.Errorf("a stranger got %s, which answers no mail of theirs", ct.MessageID)
	}
	if p.watcher {
		if !id.ToObserver() {
			return fmt.Errorf("an observer got %s, which is no observer's mail", ct.MessageID)
		}
		if ct.Invited && !p.prompts[ct.MessageID] { // asked to follow the game: they accept, replying to the invitation
			p.prompts[ct.MessageID] = true
			s := Sent{Kind: KindJoin, From: p.addr, To: ct.ReplyTo, Game: ct.Game, Seat: -1, Move: "JOIN"}
			return p.send(s, "Re: "+ct.Subject, ct.MessageID, "JOIN\n")
		}
		return nil
	}
	if id.Kind == notice.KindUndelivered && !id.Notice() {
		if p.seat != 0 {
			return fmt.Errorf("%s is not the host, but got %s", p.name, ct.MessageID)
		}
		return nil // the oracle checks whom it names
	}
	if !ours || !id.Notice() || id.ToObserver() {
		return fmt.Errorf("a mail with Message-ID %q, which pbem does not make", ct.MessageID)
	}
	if ct.Kind == "game-over" {
		return p.over(ct)
	}
	if ct.Kind == "accepted" && ct.Seq > p.accepted[ct.Game] { // not a second delivery of an older one
		p.accepted[ct.Game] = ct.Seq
		if sent := p.unsure[ct.Game]; len(sent) == 1 {
			p.lastMove[ct.Game] = sent[0]
		}
		p.unsure[ct.Game] = nil
		if o := p.club.opt.Undo; o > 0 && !p.undid[ct.Game] && p.extra.Float64() < o {
			p.undid[ct.Game] = true
			p.club.mu.Lock()
			p.club.undos[ct.Game] = true // any player's last move may be gone from the board now
			p.club.mu.Unlock()
			s := Sent{Kind: KindUndo, From: p.addr, To: ct.ReplyTo, Game: ct.Game, Seat: p.seatIn(ct.Game), Prompt: ct.Seq, Move: "UNDO"}
			if err := p.send(s, "Re: "+ct.Subject, ct.MessageID, "UNDO\n"); err != nil {
				return err
			}
		}
	}
	if ct.Invited {
		if p.newcomer {
			p.club.mu.Lock()
			s, ok := p.club.sitting[ct.Game+" "+p.addr]
			p.club.mu.Unlock()
			if !ok {
				return fmt.Errorf("newcomer %s invited to game %s, whose host gave it no seat", p.name, ct.Game)
			}
			p.sits[ct.Game] = s
		}
		return p.join(ct)
	}
	if ct.Asked == "undo" && !p.prompts[ct.MessageID] {
		p.prompts[ct.MessageID] = true
		s := Sent{Kind: KindAgree, From: p.addr, To: ct.ReplyTo, Game: ct.Game, Seat: p.seatIn(ct.Game), Prompt: ct.Seq, Move: "AGREE"}
		if p.extra.IntN(4) == 0 {
			s.Kind, s.Move = KindDecline, "DECLINE"
		}
		if err := p.send(s, "Re: "+ct.Subject, ct.MessageID, s.Move+"\n"); err != nil {
			return err
		}
	}
	if err := p.answerOffers(ct); err != nil {
		return err
	}
	if ct.Join != "" && p.seat == 0 && !p.opened[ct.Game] {
		p.opened[ct.Game] = true
		p.giveOpenSeat(ct.Game, ct.Join)
	}
	if ct.Turn != "yours" {
		return nil // news, a move of another seat, a SAY: nothing to answer
	}
	return p.prompted(ct)
}

// offered finds, in a board's text, the offers made and who answers
// them: "Red offers Blue 1 wood for 1 florin (OFFER BLUE 1 WOOD FOR 1
// FLORIN): Blue answers ACCEPT RED or DECLINE RED.", its lines joined.
var offered = regexp.MustCompile(`\((OFFER [^)]*)\): (\w+) answers ACCEPT (\w+) or DECLINE \w+\.`)

// youAre finds the reader's colour in a board's heading.
var youAre = regexp.MustCompile(`You are (\w+)\.`)

// answerOffers answers, in reply to ct, each offer ct's board shows made
// to the player that they have not answered yet, whether or not it is
// their turn, as a player reading of an offer answers it: ACCEPT one time
// in two (Accept), else DECLINE. The game waits for no deal, so nothing
// but the board asks it.
func (p *player) answerOffers(ct Content) error {
	if p.club.opt.Accept <= 0 || ct.ReplyTo == "" || ct.Game == "" {
		return nil
	}
	text := strings.Join(strings.Fields(ct.Text), " ")
	me := youAre.FindStringSubmatch(text)
	if me == nil {
		return nil
	}
	for _, m := range offered.FindAllStringSubmatch(text, -1) {
		key := ct.Game + " " + m[3] + " " + m[1]
		if !strings.EqualFold(m[2], me[1]) || p.dealt[key] {
			continue
		}
		p.dealt[key] = true
		move := "DECLINE " + m[3]
		if p.extra.Float64() < p.club.opt.Accept {
			move = "ACCEPT " + m[3]
		}
		s := Sent{Kind: KindDeal, From: p.addr, To: ct.ReplyTo, Game: ct.Game, Seat: p.seatIn(ct.Game), Prompt: ct.Seq, Move: move}
		if err := p.send(s, "Re: "+ct.Subject, ct.MessageID, move+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// join answers an invitation: the player plays.
func (p *player) join(ct Content) error {
	if p.prompts[ct.MessageID] {
		return nil // the same invitation again: one answer is owed, not two
	}
	p.prompts[ct.MessageID] = true
	if ct.Game == "" || ct.ReplyTo == "" {
		return fmt.Errorf("invitation %s names no game or has no Reply-To", ct.MessageID)
	}
	s := Sent{Kind: KindJoin, From: p.addr, To: ct.ReplyTo, Game: ct.Game, Seat: p.seatIn(ct.Game), Prompt: ct.Seq, Move: "JOIN"}
	return p.send(s, "Re: "+ct.Subject, ct.MessageID, "JOIN\n")
}

// prompted takes a prompt: the player answers it now, or keeps it to
// answer a while later, or (with Together, where seats act at once)
// at the moment every seat prompted with it answers.
func (p *player) prompted(ct Content) error {
	c, game, seq := p.club, ct.Game, ct.Seq
	if game == "" || seq == 0 {
		return fmt.Errorf("prompt %s names no game or event in its headers", ct.MessageID)
	}
	if p.prompts[ct.MessageID] {
		return nil // the same mail again: one answer is owed, not two
	}
	p.prompts[ct.MessageID] = true
	if ct.Example == "" {
		return fmt.Errorf("prompt %s (%s, game %s after event %d) gives no example move", ct.MessageID, ct.Kind, game, seq)
	}
	if ct.ReplyTo == "" {
		return fmt.Errorf("prompt %s has no Reply-To", ct.MessageID)
	}
	k := &kept{prompt: ct, move: ct.Example}
	p.newest[game] = max(p.newest[game], seq)
	c.mu.Lock()
	c.replyTo = ct.ReplyTo
	if _, known := c.games[game]; !known {
		c.games[game] = false
	}
	c.mu.Unlock()
	if !p.started[game] {
		p.started[game] = true
		if p.seat == 0 {
			if err := p.watch(game, seq, ct); err != nil {
				return err
			}
		}
	}
	c.mu.Lock()
	hurry := c.stopped
	c.mu.Unlock()
	var wait time.Duration
	if c.opt.Together && c.opt.Games != nil && c.opt.Games.Bots(p.gameName(game)).AtOnce && !hurry {
		wait = c.moment(game, seq)
	}
	held := false
	if c.opt.Hold > 0 && !hurry && p.when.Float64() < c.opt.Hold {
		holdFor := c.opt.HoldFor
		if holdFor <= 0 {
			holdFor = 2500 * time.Millisecond
		}
		wait, held = max(wait, time.Duration(p.when.Int64N(int64(holdFor)))), true
	}
	if wait <= 0 {
		return p.take(game, k, false)
	}
	p.kept[game] = append(p.kept[game], k)
	c.mu.Lock()
	c.holding++
	c.mu.Unlock()
	time.AfterFunc(wait, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if k.done {
			return
		}
		if err := p.take(game, k, held); err != nil {
			c.fail(fmt.Errorf("%s: %w", p.name, err))
		}
	})
	return nil
}

// moment is how long from now the seats prompted at event seq of game
// answer, with Together: 400 ms after the first of them got the prompt.
func (c *Club) moment(game string, seq uint64) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := fmt.Sprintf("%s %d", game, seq)
	if c.moments[k].IsZero() {
		c.moments[k] = time.Now().Add(400 * time.Millisecond)
	}
	return time.Until(c.moments[k])
}

// take answers prompt k of game, whose time has come, and settles the
// older prompts the player kept: a player who answered a newer prompt
// drops an older one, or answers it anyway (Again), before or after.
func (p *player) take(game string, k *kept, held bool) error {
	again := p.club.opt.Again
	if p.answered[game] > k.prompt.Seq {
		// A newer prompt was answered while this one was kept.
		p.done(game, k)
		if p.when.Float64() < again {
			return p.answer(game, k, held)
		}
		return nil
	}
	var before, after []*kept
	for _, o := range slices.Clone(p.kept[game]) { // done takes o out of p.kept
		if o == k || o.done || o.prompt.Seq >= k.prompt.Seq {
			continue
		}
		p.done(game, o)
		switch r := p.when.Float64(); {
		case r < again/2:
			before = append(before, o)
		case r < again:
			after = append(after, o)
		}
	}
	p.done(game, k)
	for _, o := range before {
		if err := p.answer(game, o, true); err != nil {
			return err
		}
	}
	if err := p.answer(game, k, held); err != nil {
		return err
	}
	for _, o := range after {
		if err := p.answer(game, o, true); err != nil {
			return err
		}
	}
	return nil
}

// done marks a prompt answered or dropped, no longer kept.
func (p *player) done(game string, k *kept) {
	if k.done {
		return
	}
	k.done = true
	if i := slices.Index(p.kept[game], k); i >= 0 {
		p.kept[game] = slices.Delete(p.kept[game], i, i+1)
		p.club.mu.Lock()
		p.club.holding--
		p.club.mu.Unlock()
	}
}

// gameName is what game, of the player's, is: the game its table plays.
func (p *player) gameName(game string) string {
	if p.club.opt.Game != nil {
		return p.club.opt.Game(p.tableOf(game))
	}
	return p.club.opt.Games.First()
}

// answer sends the prompt's example move, now and then after a bad one
// and a SAY, written as the player's mail client writes a reply.
func (p *player) answer(game string, k *kept, held bool) error {
	prompt, seq, move := k.prompt, k.prompt.Seq, k.move
	p.answered[game] = max(p.answered[game], seq)
	base := Sent{From: p.addr, To: prompt.ReplyTo, Game: game, Seat: p.seatIn(game), Prompt: seq,
		Held: held, Late: p.newest[game] > seq}
	if p.club.opt.Say > 0 && p.side.Float64() < p.club.opt.Say {
		s := base
		s.Kind = KindSay
		if err := p.send(s, "Re: "+prompt.Subject, prompt.MessageID, fmt.Sprintf("SAY %s thinks hard about move %d\n", p.name, seq)); err != nil {
			return err
		}
	}
	if o := p.club.opt.Settings; o > 0 && p.extra.Float64() < o {
		s := base
		s.Kind, s.Move = KindSetting, p.setting()
		if err := p.send(s, "Re: "+prompt.Subject, prompt.MessageID, s.Move+"\n"); err != nil {
			return err
		}
	}
	if err := p.host(base, prompt); err != nil {
		return err
	}
	if p.rng.Float64() < p.club.opt.Invalid {
		bad := "Z99"
		p.club.mu.Lock()
		undone := p.club.undos[game]
		p.club.mu.Unlock()
		if last := p.lastMove[game]; fieldMove.MatchString(last) && p.rng.IntN(2) == 0 && !undone {
			bad = strings.TrimSuffix(last, "*") // that field has a rig already
		}
		s := base
		s.Kind, s.Move = KindInvalid, bad
		if err := p.send(s, "Re: "+prompt.Subject, prompt.MessageID, bad+"\n"); err != nil {
			return err
		}
	}
	if strings.HasPrefix(move, "DECLINE ") && p.club.opt.Accept > 0 && p.ahead.Float64() < p.club.opt.Accept {
		if accept := "ACCEPT " + strings.TrimPrefix(move, "DECLINE "); slices.Contains(legalIn(prompt.Text), accept) {
			move = accept
		}
	}
	p.unsure[game] = append(p.unsure[game], move)
	s := base
	s.Kind, s.Move = KindMove, move
	var body string
	body, s.Ignored = p.reply(move, prompt)
	s.Style = p.style
	if err := p.send(s, "Re: "+prompt.Subject, prompt.MessageID, body); err != nil {
		return err
	}
	return p.ifThen(base, prompt, move)
}

// ifThen now and then mails, after move in answer to prompt, a
// conditional move for the player's next turn in a two-player game whose
// bots write them (catalog.Bots.IfThen): it guesses the other's move from what the prompt listed as
// legal, the middle one once move's field is taken, as the other's
// prompt would give it as its example.
func (p *player) ifThen(base Sent, prompt Content, move string) error {
	game := base.Game
	if p.club.opt.If <= 0 || p.club.opt.Games == nil || !p.club.opt.Games.Bots(p.gameName(game)).IfThen || p.club.seats(p.tableOf(game)) != 2 || p.ahead.Float64() >= p.club.opt.If {
		return nil
	}
	without := func(moves []string, field string) []string {
		return slices.DeleteFunc(slices.Clone(moves), func(m string) bool { return strings.TrimSuffix(m, "*") == field })
	}
	legal := legalIn(prompt.Text)
	if len(legal) == 0 || slices.ContainsFunc(legal, func(m string) bool { return !fieldMove.MatchString(m) }) {
		return nil // a partial list, or moves other than rigs
	}
	theirs := without(legal, strings.TrimSuffix(move, "*"))
	if len(theirs) == 0 {
		return nil
	}
	guess := theirs[len(theirs)/2]
	mine := without(theirs, strings.TrimSuffix(guess, "*"))
	if len(mine) == 0 {
		return nil
	}
	s := base
	s.Kind, s.Move = KindIf, "IF "+guess+" THEN "+mine[p.ahead.IntN(len(mine))]
	return p.send(s, "Re: "+prompt.Subject, prompt.MessageID, s.Move+"\n")
}

// legalIn returns the moves a prompt's text lists as legal, nil when it
// lists only some of them.
func legalIn(text string) []string {
	_, list, ok := strings.Cut(strings.ReplaceAll(text, "\r\n", "\n"), "You may play:\n")
	if !ok {
		return nil
	}
	var out []string
	for _, line := range strings.Split(list, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if strings.HasPrefix(line, "and ") && strings.HasSuffix(line, " more.") {
			return nil
		}
		for _, m := range strings.Split(line, ",") {
			if m = strings.TrimSpace(m); m != "" {
				out = append(out, m)
			}
		}
	}
	return out
}

// host has a game's host, now and then, expel another seat or give it to
// a newcomer, once a game, with a mail of its own before its answer to
// prompt.
func (p *player) host(base Sent, prompt Content) error {
	o, game := p.club.opt, base.Game
	if p.seat != 0 || p.hosted[game] || o.Expel+o.Replace <= 0 {
		return nil
	}
	s := base
	seat := 1 + p.hosting.IntN(p.club.seats(p.pair)-1)
	switch r := p.hosting.Float64(); {
	case r < o.Expel:
		s.Kind, s.Move = KindExpel, fmt.Sprintf("EXPEL %d", seat)
	case r < o.Expel+o.Replace && o.Newcomers > 0:
		n := p.club.newcomer(game, p.hosting)
		if n == nil {
			return nil
		}
		p.club.mu.Lock()
		p.club.sitting[game+" "+n.addr] = sitting{pair: p.pair, seat: seat}
		p.club.mu.Unlock()
		s.Kind, s.Move = KindReplace, fmt.Sprintf("REPLACE %d WITH %s", seat, n.addr)
	default:
		return nil
	}
	p.hosted[game] = true
	return p.send(s, "Re: "+prompt.Subject, prompt.MessageID, s.Move+"\n")
}

// setting is a line that changes one of the player's settings.
func (p *player) setting() string {
	switch p.extra.IntN(5) {
	case 0, 1:
		return "DIGEST " + []string{"ON", "OFF"}[p.extra.IntN(2)]
	case 2, 3:
		from := time.Now().UTC().AddDate(0, 0, p.extra.IntN(3))
		return "VACATION " + from.Format(time.DateOnly) + " " + from.AddDate(0, 0, 1+p.extra.IntN(5)).Format(time.DateOnly)
	}
	return "AUTO " + []string{"ON", "OFF"}[p.extra.IntN(2)]
}

// over counts a game-over mail; the host starts the table's next game.
func (p *player) over(ct Content) error {
	c, id := p.club, ct.MessageID
	for _, k := range slices.Clone(p.kept[ct.Game]) {
		p.done(ct.Game, k) // nothing to answer in a game over
	}
	c.mu.Lock()
	if ct.Game != "" {
		c.games[ct.Game] = true
	}
	seen := c.overs[id]
	c.overs[id] = true
	if !seen {
		c.overCount[p.tableOf(ct.Game)][p.seatIn(ct.Game)]++
	}
	again := !seen && !c.stopped && p.seat == 0
	if again {
		c.news[p.pair]++
	}
	c.mu.Unlock()
	if again {
		return p.newGame()
	}
	return nil
}

func (p *player) newGame() error {
	variant := ""
	if p.club.opt.Variant != nil {
		variant = p.club.opt.Variant(p.pair)
	}
	s := Sent{Kind: KindNew, From: p.addr, To: p.club.opt.Mailbox, Seat: 0}
	game := p.club.opt.Games.First()
	if p.club.opt.Game != nil {
		game = p.club.opt.Game(p.pair)
	}
	others := p.others
	if o := p.club.opt; o.Open > 0 && o.Newcomers > 0 && len(others) >= 2 && p.hosting.Float64() < o.Open {
		others = append(slices.Clone(others[:len(others)-1]), "OPEN")
	}
	return p.send(s, "a game?", "", strings.Join(strings.Fields("NEW "+game+" "+variant+" WITH "+strings.Join(others, ", ")), " ")+"\n")
}

// giveOpenSeat passes join, the line that takes the open seat of game
// (the table's last), on to a newcomer who does not play in it yet, who
// sends it to the game mailbox, and replies JOIN to the confirmation it
// gets (see confirmJoin).
func (p *player) giveOpenSeat(game, join string) {
	c := p.club
	n := c.newcomer(game, p.hosting)
	if n == nil {
		return
	}
	seat := c.seats(p.pair) - 1
	c.mu.Lock()
	c.sitting[game+" "+n.addr] = sitting{pair: p.pair, seat: seat}
	c.mu.Unlock()
	go func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		n.sits[game] = sitting{pair: p.pair, seat: seat}
		s := Sent{Kind: KindAskJoin, From: n.addr, To: c.opt.Mailbox, Game: game, Seat: seat, Move: join}
		if err := n.send(s, "a seat", "", s.Move+"\n"); err != nil {
			c.fail(fmt.Errorf("%s: %w", n.name, err))
		}
	}()
}

// newcomer draws, with rng, a newcomer who plays in game in no seat yet;
// nil when there is none.
func (c *Club) newcomer(game string, rng *rand.Rand) *player {
	c.mu.Lock()
	defer c.mu.Unlock()
	var free []*player
	for i := range c.opt.Newcomers {
		n := c.players[fmt.Sprintf("r%d", i)]
		if _, sits := c.sitting[game+" "+n.addr]; !sits {
			free = append(free, n)
		}
	}
	if len(free) == 0 {
		return nil
	}
	return free[rng.IntN(len(free))]
}

// seats is how many play at table i.
func (c *Club) seats(i int) int {
	if c.opt.Seats == nil {
		return 2
	}
	return c.opt.Seats(i)
}

// seatName is the user name of table i's seat: p0a, p0b, p0c…
func seatName(i, seat int) string {
	return fmt.Sprintf("p%d%c", i, 'a'+seat)
}

// Playing returns the games the players were told of that are not over
// yet, as far as their mail says.
func (c *Club) Playing() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for g, over := range c.games {
		if !over {
			out = append(out, g)
		}
	}
	slices.Sort(out)
	return out
}

// confirmJoin replies JOIN to the confirmation of a newcomer's JOIN with
// an open seat's code: the reply to the address only they were mailed
// seats them.
func (p *player) confirmJoin(ct Content) error {
	if p.prompts[ct.MessageID] {
		// The same confirmation delivered again (an outbox that
		// crashed between sending it and recording so sends it
		// again, with its Message-ID): a reader's client shows it
		// once, and one answer is owed, not two.
		return nil
	}
	p.prompts[ct.MessageID] = true
	tag, ok := mail.ParseTag(ct.ReplyTo, p.club.opt.Mailbox)
	if !ok || tag.Confirm != mail.ConfirmJoin {
		return fmt.Errorf("the confirmation %s names no game to join: Reply-To %q", ct.MessageID, ct.ReplyTo)
	}
	sits, ok := p.sits[tag.Game]
	if !ok {
		return fmt.Errorf("a confirmation %s to join game %s, whose seat was never given to %s", ct.MessageID, tag.Game, p.addr)
	}
	s := Sent{Kind: KindJoin, From: p.addr, To: ct.ReplyTo, Game: tag.Game, Seat: sits.seat, Move: "JOIN"}
	return p.send(s, "Re: "+ct.Subject, ct.MessageID, "JOIN\n")
}
