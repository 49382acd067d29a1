// Package templates holds the text and HTML versions of every mail pbem
// sends, one set for every language, and renders them from a Mail the
// service has filled, in its reader's language.
//
// The templates only format: every sentence about the game (what happened,
// why a move was refused, who scores what) comes written from the service.
// Data is never parsed as a template, the HTML part is escaped by
// html/template, and the subject can never hold a line break.
//
// The templates are one set for every language (mail/*.tmpl): each word
// they write is the reader's catalog's text of a message id, printed by
// their function t ({{t "mail.accepted.intro" .To.Name}}); a language
// is its pack's texts (package lang), English's standing in for any it
// lacks.
package templates

// Mail is everything a template may show. The service fills it; templates
// only format it. An empty field leaves its section out.
type Mail struct {
	// Kind says which mail this is; it picks the subject and the body.
	Kind Kind
	// Lang is the recipient's language as a BCP 47 tag ("en", "zh",
	// "zh-Hant"); a region or script without a pack of its own uses its
	// base language, and an unknown or empty one English.
	Lang string
	// Service is the service's display name, e.g. "pbem games".
	Service string
	// Mailbox is the service's plain address for commands that concern no
	// game in particular, e.g. "games@pbem.example.org".
	Mailbox string

	// Game is the game the mail is about; its zero value for mails about
	// no game (Games, Help and Error may have none).
	Game Game
	// To is the recipient.
	To Recipient
	// Players are the game's seats in seat order.
	Players []PlayerLine

	// Actor is the name of who did what the mail reports: the mover in a
	// Moved mail, or "pbem" for a move pbem played for a seat.
	Actor string
	// OnBehalfOf is the name of the player pbem acted for, when Actor is
	// pbem: it played their move at a timeout, or one they wrote in
	// advance; empty when the player acted themselves.
	OnBehalfOf string
	// Happened is what happened since this recipient's last mail, one
	// sentence each, e.g. "Ana placed a rig on D6."
	Happened []string
	// Board is the recipient's own view as monospace text, the public board
	// and their private information, shown exactly as given.
	Board string
	// Picture is the same view drawn as an image, which the HTML part
	// shows in place of the text board; the text part keeps the text.
	// Its zero value leaves the text board in the HTML part too.
	Picture Picture

	// YourTurn says the recipient is to move now; the mail then carries
	// the prompt (Example, MoveSyntax, Legal).
	YourTurn bool
	// Example is a move written as the player should write it, e.g. "E5",
	// in the reader's words; ExampleMove is the same move as the game's
	// notation writes it, for programs.
	Example, ExampleMove string
	// MoveSyntax says in one or two short sentences how to write a move,
	// e.g. "A move names a free field: its column letter, then its row."
	MoveSyntax string
	// Legal are the legal moves, or the first of them, as written in a
	// reply, in the order to show them (numbers in numeric order).
	Legal []string
	// LegalMore is how many legal moves Legal leaves out.
	LegalMore int

	// Commands are the commands a player may send: all of them in a Help
	// mail, the usual ones for the "Other commands" line elsewhere.
	Commands []CommandHelp
	// Deadline is when the recipient must move by, already formatted for
	// the recipient, e.g. "Thu 3 Dec 18:00 UTC; after 6h of grace, at Fri
	// 4 Dec 00:00 UTC, pbem plays for you".
	Deadline string
	// Paused says the game is paused: nobody moves until the host resumes
	// it, so no mail asks for a move.
	Paused bool

	// Page is the address of the game's web page for the recipient (the
	// public page for an observer), "" where the service serves none.
	Page string

	// Commitment is the SHA-256 of the game's seed in hex, for the
	// invitation and the first prompt; empty elsewhere.
	Commitment string
	// Seed is the seed in hex, revealed once the game is over.
	Seed string
	// VerifyHint says how to check the game, e.g.
	// "pbem verify --file game.jsonl".
	VerifyHint string
	// SigningKey is the fingerprint of the service's key that signs the
	// history a game-over mail attaches (e.g. "ed25519:…"), which
	// "pbem verify --key" checks a copy of the history against; empty
	// when the history goes unsigned.
	SigningKey string

	// Reason is why a move or command was refused, written for the player,
	// e.g. "F6 is next to your rig on F5".
	Reason string
	// Attempt is the line of the player's mail that was refused or not
	// applied, as they wrote it.
	Attempt string

	// Said is the text of a SAY relayed to the other players; it may hold
	// several lines.
	Said string
	// SaidBy is the name of who said it.
	SaidBy string
	// SaidMore are the SAYs said after it that the same mail gives: a
	// player gets a mail of SAYs at most every quarter of an hour, and
	// the SAYs of a burst come together.
	SaidMore []Saying

	// Result is the outcome in one sentence, e.g. "Ana wins with +12; Bea
	// +9."
	Result string
	// Over says the game has ended.
	Over bool

	// History are the lines of a HISTORY answer, oldest first.
	History []string
	// Games are the lines of a GAMES answer.
	Games []GameLine
	// Changed is, for a Stale mail, what changed since the prompt the
	// player answered, one sentence each.
	Changed []string
	// Notice is a free one-line note any kind may carry, e.g. "Your message
	// was long; only its first 20 commands were read."
	Notice string

	// subject is the rendered subject, set by Render for the HTML part.
	subject string
	// headline is what happened, in one line: the text part's first line
	// and the HTML part's preview text, set by Render.
	headline string
}

// Headline is what the mail is about in one line, as rendered: Render sets
// it before it renders the parts.
func (m *Mail) Headline() string { return m.headline }

// Subject is the mail's subject as rendered, for the HTML part's title:
// Render sets it before it renders the parts; it is empty on a Mail the
// service fills. (A method, not a field beside an embedded Mail: the
// templates look every field up by name, and a name found through an
// embedded struct costs reflect a search of its own each time.)
func (m *Mail) Subject() string { return m.subject }

// Picture is an image of the board that goes with the mail, beside its
// HTML part, which refers to it by its Content-ID.
type Picture struct {
	// CID is the image's Content-ID, without angle brackets.
	CID string
	// Width and Height are the image's size in pixels.
	Width, Height int
}

// column is how wide the HTML part's column is in pixels: its 760 less
// the padding either side (see "top" in common.html.tmpl).
const column = 728

// Shown returns the size the HTML part shows p at: its own, or shrunk to
// the column's width; a narrower screen shrinks it further.
func (p Picture) Shown() (width, height int) {
	if p.Width <= column {
		return p.Width, p.Height
	}
	return column, (p.Height*column + p.Width/2) / p.Width
}

// ShownWidth is the width of Shown, for the templates.
func (p Picture) ShownWidth() int { w, _ := p.Shown(); return w }

// ShownHeight is the height of Shown, for the templates.
func (p Picture) ShownHeight() int { _, h := p.Shown(); return h }

// Game names the game a mail is about.
type Game struct {
	// ID is the game's id, e.g. "k7q2mx"; it tags every subject.
	ID string
	// Title is the game's display name (rules.Info.Title).
	Title string
	// Variants are the variants played, e.g. ["enhanced", "tactical"].
	Variants []string
	// HouseRules is the game's paragraph of pbem's own rules
	// (rules.Info.HouseRules), and RulesDoc the document that gives each
	// with its reason, for the invitation and HELP.
	HouseRules, RulesDoc string
	// Names are the players as the game began, for the subject every mail
	// of the game shares: "Ana vs Bea", "Ana, Bea and Cai". A thread keeps
	// its subject when a player is replaced.
	Names string
	// Seq is the event number the mail reflects: the game's last event
	// that the board and the news show, counting only the events its
	// reader may know of. Programs read it in a header; a player never
	// sees it, since chat and settings count as events.
	Seq int
	// Move is how many moves stand in the game as the mail shows it (the
	// ply): mails say "move N" for the last, and "move N+1" for the one a
	// prompt asks for. Moves taken back do not count.
	Move int
	// Stage is the stretch of play the game is in, in its own words, e.g.
	// "round 3"; empty for a game that does not say.
	Stage string
	// Host is the name of who set the game up; empty if the service did.
	Host string
}

// Saying is one SAY of a mail that gives several.
type Saying struct {
	By   string // who said it; "" when the SAY before was theirs too
	Said string // what they said; it may hold several lines
}

// Recipient is whom a mail goes to.
type Recipient struct {
	// Name is how to address the recipient; the service gives the address
	// when it knows no name.
	Name string
	// Address is the recipient's mail address.
	Address string
	// Seat is the recipient's seat, or -1 for someone who does not play.
	Seat int
	// Host says the recipient set the game up.
	Host bool
}

// PlayerLine is one seat of a game as the mails list it.
type PlayerLine struct {
	// Seat is the seat number the board uses.
	Seat int
	// Name is the player's name.
	Name string
	// Role is what the seat plays for, a phrase that follows the name,
	// e.g. "scores the COLUMNS (turquoise: gold and silver +, copper −)".
	Role string
	// Score is the seat's score so far or final, formatted, e.g. "+7";
	// empty before scores mean anything.
	Score string
	// ToAct says the seat is to move now.
	ToAct bool
	// You says the seat is the recipient's.
	You bool
}

// CommandHelp describes one command a player may send.
type CommandHelp struct {
	// Name is the command's keyword, e.g. "SAY".
	Name string
	// Syntax is how to write it, e.g. "SAY <text>".
	Syntax string
	// Help says in one sentence what it does.
	Help string
	// Example is a line as a player writes it, e.g. "SAY good luck!".
	Example string
	// Who may send it, when not every player: "host", "anyone".
	Who string
}

// GameLine is one game in a GAMES answer.
type GameLine struct {
	// ID is the game's id.
	ID string
	// Title is the game with its variants, as "Nim (misere)".
	Title string
	// Players are the players' names, e.g. "Ana, Bea".
	Players string
	// State is where the game stands for the recipient, e.g. "your turn",
	// "Ana to move", "over: Ana won".
	State string
}
