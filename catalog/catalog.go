// Package catalog is the registry of games: each game registers, once, as
// a Game, everything the rest of pbem needs of it: its rules, the drawing
// of its board, its own words in every language pbem speaks, its rules
// document, how a move is written, and what the torture's bots need to
// know to play it. The service, the mail side, the web pages, the
// command line and the tests read the registry (Catalog); none of them
// names a game.
//
// Each game's registration lives in a package of its own under catalog
// (catalog/<game>), and catalog/all lists the games pbem offers. New
// refuses a game with a piece missing (Game.Validate), so a game half
// added fails the tests that build the catalog.
package catalog

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"

	"github.com/pbem-games/pbem/lang"
	langall "github.com/pbem-games/pbem/lang/all"
	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates"
	"github.com/pbem-games/pbem/templates/words"
)

// Game is what a game registers: every piece pbem needs of it. Validate
// says which is missing.
type Game struct {
	// Rules are the game's rules; their Info().Name names the game
	// everywhere (NEW <name>, /rules/<name>). The state a game starts in
	// gives the notation's help: how to write a move and what a move did,
	// as phrases (rules.PhrasedGuide), and whether a line is written as a
	// move (rules.Notation).
	Rules rules.Game
	// Draw draws the board from a view of the game (pictures.Draws).
	Draw pictures.Drawing
	// Words are the game's own texts by language: the English format of
	// every phrase its rules and drawing say (rules.Say) and the names
	// those phrases use, in every language pbem speaks
	// (words.Languages).
	Words map[string]words.Texts
	// Docs is the game's rules as pbem plays them, Markdown, in every
	// language pbem speaks.
	Docs map[string][]byte
	// Bots is how the torture's players play the game.
	Bots *Bots
}

// Bots is what the torture's players (internal/torture) need to know of
// a game to play it as people do.
type Bots struct {
	// AtOnce says that several seats are asked to act at once (sealed
	// bids, plans made in secret): the players of such a game answer
	// their prompts at about the same moment, as the game's tables do.
	AtOnce bool
	// IfThen says that the players of a two-seat game of the game may
	// write a conditional move (IF … THEN) for their next turn, guessing
	// the other's move from the legal moves their prompt lists, each a
	// field such as E5.
	IfThen bool
}

// ErrIncomplete is the error of Validate and New for a game with a piece
// missing.
var ErrIncomplete = errors.New("catalog: game incomplete")

// name is what a game's name may be: a word of lower-case letters and
// digits, which names its rules document too.
var name = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// Validate returns ErrIncomplete, saying what is missing, when a piece of
// g is: rules, a drawing that draws the board at the start, words and a
// rules document in every language pbem speaks (words.Complete), the
// notation's help, or the bots.
func (g Game) Validate() error {
	if g.Rules == nil {
		return fmt.Errorf("%w: no rules", ErrIncomplete)
	}
	info := g.Rules.Info()
	var errs []error
	if !name.MatchString(info.Name) || info.Title == "" {
		errs = append(errs, fmt.Errorf("name %q and title %q: a name is lower-case letters and digits, and a title is needed", info.Name, info.Title))
	}
	st, err := g.Rules.Start(rules.Setup{Seats: max(info.MinSeats, 1), Seed: rules.SeedFromInt(1)})
	if err != nil {
		errs = append(errs, fmt.Errorf("the rules do not start a game of %d: %w", info.MinSeats, err))
	}
	if st != nil {
		if _, ok := st.(rules.PhrasedGuide); !ok {
			errs = append(errs, errors.New("no help on the notation: the state does not say how to write a move as a phrase (rules.PhrasedGuide)"))
		}
		if _, ok := st.(rules.Notation); !ok {
			errs = append(errs, errors.New("no notation: the state does not tell a move from other words (rules.Notation)"))
		}
		if g.Draw == nil {
			errs = append(errs, errors.New("no drawing"))
		} else if _, err := pictures.DrawIn(g.Draw, st.View(0), nil); err != nil {
			errs = append(errs, fmt.Errorf("the drawing does not draw the game's view: %w", err))
		}
	}
	if len(g.Words) == 0 {
		errs = append(errs, errors.New("no words"))
	} else if err := words.Complete(g.Words); err != nil {
		errs = append(errs, fmt.Errorf("words: %w", err))
	}
	for _, lang := range words.Languages() {
		if len(g.Docs[lang]) == 0 {
			errs = append(errs, fmt.Errorf("no rules document in %s", lang))
		}
	}
	for lang := range g.Docs {
		if l, ok := words.Match(lang); !ok || l != lang {
			errs = append(errs, fmt.Errorf("a rules document in %q, a language pbem does not speak", lang))
		}
	}
	if g.Bots == nil {
		errs = append(errs, errors.New("no bots"))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %s: %w", ErrIncomplete, info.Name, errors.Join(errs...))
	}
	return nil
}

// Catalog is the games a service offers, each with all its pieces, and
// the book of every text pbem and those games write. A nil Catalog holds
// no game.
type Catalog struct {
	games map[string]Game
	first string // the name of the game registered first
	rules rules.Catalog
	langs *lang.Registry
	book  *words.Book
	mails *templates.Set
}

// New returns the catalog of games in the languages pbem speaks
// (lang/all). It fails with ErrIncomplete when a game lacks a piece, and
// when two games have one name or give one text two ways.
func New(games ...Game) (*Catalog, error) {
	langs, err := langall.Registry()
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	return NewIn(langs, games...)
}

// NewIn is New in the languages of langs: every reader of the mail side
// and the pages reads their packs through it.
func NewIn(langs *lang.Registry, games ...Game) (*Catalog, error) {
	c := &Catalog{games: map[string]Game{}, rules: rules.Catalog{}, langs: langs}
	var texts []map[string]words.Texts
	for _, g := range games {
		if err := g.Validate(); err != nil {
			return nil, err
		}
		n := g.Rules.Info().Name
		if _, ok := c.games[n]; ok {
			return nil, fmt.Errorf("catalog: two games named %q", n)
		}
		c.games[n], c.rules[n] = g, g.Rules
		if c.first == "" {
			c.first = n
		}
		texts = append(texts, g.Words)
	}
	book, err := words.NewBookOf(langs, texts...)
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	c.book = book
	if c.mails, err = templates.New(book); err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	return c, nil
}

// Langs returns the languages the catalog's games are written in; a nil
// Catalog's are those pbem speaks.
func (c *Catalog) Langs() *lang.Registry {
	if c == nil {
		return words.Default().Langs()
	}
	return c.langs
}

// Mails returns the mail templates of the catalog's languages; a nil
// Catalog's are those of the languages pbem speaks.
func (c *Catalog) Mails() *templates.Set {
	if c == nil {
		return templates.Default()
	}
	return c.mails
}

// Names returns the names of the games, sorted.
func (c *Catalog) Names() []string {
	if c == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(c.games))
}

// First returns the name of the game registered first, the one examples
// and defaults name; "" for a catalog without games.
func (c *Catalog) First() string {
	if c == nil {
		return ""
	}
	return c.first
}

// Game returns the game of that name and whether there is one.
func (c *Catalog) Game(name string) (Game, bool) {
	if c == nil {
		return Game{}, false
	}
	g, ok := c.games[name]
	return g, ok
}

// Rules returns the games' rules, for the command side.
func (c *Catalog) Rules() rules.Catalog { return c.rules }

// Words returns the book of every text pbem writes: its own and every
// game's; a nil Catalog's holds pbem's own alone.
func (c *Catalog) Words() *words.Book {
	if c == nil {
		return words.Default()
	}
	return c.book
}

// Draw returns the picture of a view of game, its words written by say
// (nil: English), as pictures.DrawIn; pictures.ErrNoPicture for a game
// the catalog does not hold or a view of another game.
func (c *Catalog) Draw(game string, v rules.View, say func(rules.Phrase) string) (*pictures.Picture, error) {
	g, ok := c.Game(game)
	if !ok {
		return nil, fmt.Errorf("%w: no game %q", pictures.ErrNoPicture, game)
	}
	return pictures.DrawIn(g.Draw, v, say)
}

// Doc returns game's rules document in lang, or in English for a
// language pbem does not speak, and whether the catalog holds the game.
func (c *Catalog) Doc(game, lang string) ([]byte, bool) {
	g, ok := c.Game(game)
	if !ok {
		return nil, false
	}
	if doc, ok := g.Docs[lang]; ok {
		return doc, true
	}
	return g.Docs[words.Fallback], true
}

// Bots returns how the torture's players play game; the zero Bots for a
// game the catalog does not hold.
func (c *Catalog) Bots(game string) Bots {
	if g, ok := c.Game(game); ok && g.Bots != nil {
		return *g.Bots
	}
	return Bots{}
}
