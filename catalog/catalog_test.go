package catalog_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/catalog/catalogtest"
	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/rulestest/nim"
	"github.com/pbem-games/pbem/templates/words"
)

// TestValidate: Nim, registered whole, is a game; without any one of its
// pieces it is refused, saying which.
func TestValidate(t *testing.T) {
	if err := catalogtest.Nim().Validate(); err != nil {
		t.Fatalf("Nim whole: %v", err)
	}
	for _, c := range []struct {
		name string
		take func(*catalog.Game)
		want string
	}{
		{"rules", func(g *catalog.Game) { g.Rules = nil }, "no rules"},
		{"drawing", func(g *catalog.Game) { g.Draw = nil }, "no drawing"},
		{"drawing of another game", func(g *catalog.Game) { g.Draw = all.Games()[0].Draw }, "does not draw"},
		{"words", func(g *catalog.Game) { g.Words = nil }, "no words"},
		{"Chinese words", func(g *catalog.Game) { delete(g.Words, "zh") }, "no texts in zh"},
		{"a Chinese word", func(g *catalog.Game) {
			g.Words = map[string]words.Texts{"en": g.Words["en"], "zh": without(g.Words["zh"], "took %s stones")}
		}, `zh has no text for "took %s stones"`},
		{"English words", func(g *catalog.Game) { delete(g.Words, "en") }, "no texts in en"},
		{"rules documents", func(g *catalog.Game) { g.Docs = nil }, "no rules document in en"},
		{"Chinese rules document", func(g *catalog.Game) { delete(g.Docs, "zh") }, "no rules document in zh"},
		{"notation help", func(g *catalog.Game) { g.Rules = bare{nim.Game{}} }, "no help on the notation"},
		{"notation", func(g *catalog.Game) { g.Rules = bare{nim.Game{}} }, "no notation"},
		{"bots", func(g *catalog.Game) { g.Bots = nil }, "no bots"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := catalogtest.Nim()
			c.take(&g)
			err := g.Validate()
			if !errors.Is(err, catalog.ErrIncomplete) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Nim without its %s: Validate = %v, want ErrIncomplete saying %q", c.name, err, c.want)
			}
			if _, err := catalog.New(append(all.Games(), g)...); !errors.Is(err, catalog.ErrIncomplete) {
				t.Errorf("Nim without its %s: New = %v, want ErrIncomplete", c.name, err)
			}
		})
	}
}

// TestNew: a catalog holds each game once, gives every game's words and
// pictures, and refuses two games of one name or one text said two ways.
func TestNew(t *testing.T) {
	c, err := catalog.New(append(all.Games(), catalogtest.Nim())...)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Rules()["nim"]; !ok || len(c.Names()) != len(all.Games())+1 {
		t.Errorf("the catalog's games are %v, want pbem's and nim", c.Names())
	}
	if first, _ := catalog.New(catalogtest.Nim(), all.Games()[0]); first.First() != "nim" || c.First() != all.Games()[0].Rules.Info().Name {
		t.Errorf("First() = %q and %q, want the game registered first, nim and %s", first.First(), c.First(), all.Games()[0].Rules.Info().Name)
	}
	if got := c.Words().For("zh").S("took %s stones", "2"); got != "拿走了 2 颗石子" {
		t.Errorf("the catalog's Chinese for Nim's move = %q", got)
	}
	if words.Has("zh", "took %s stones") {
		t.Error("pbem's own words hold Nim's phrase: the test proves nothing")
	}
	st, err := nim.Game{}.Start(rules.Setup{Seats: 2, Seed: rules.SeedFromInt(3)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Draw("nim", st.View(0), nil); err != nil {
		t.Errorf("Draw(nim) = %v", err)
	}
	if _, err := c.Draw("atacama", st.View(0), nil); !errors.Is(err, pictures.ErrNoPicture) {
		t.Errorf("Draw(atacama) of Nim's view = %v, want ErrNoPicture", err)
	}
	if doc, ok := c.Doc("nim", "zh"); !ok || !strings.HasPrefix(string(doc), "# 尼姆") {
		t.Errorf("Doc(nim, zh) = %q, %v; want the Chinese", doc, ok)
	}
	if doc, ok := c.Doc("nim", "fr"); !ok || !strings.HasPrefix(string(doc), "# Nim") {
		t.Errorf("Doc(nim, fr) = %q, %v; want the English", doc, ok)
	}
	if !c.Bots("nim").AtOnce || c.Bots("atacama").AtOnce {
		t.Errorf("Bots: nim %v, atacama %v; want seats at once in Nim only", c.Bots("nim"), c.Bots("atacama"))
	}

	if _, err := catalog.New(catalogtest.Nim(), catalogtest.Nim()); err == nil || !strings.Contains(err.Error(), `two games named "nim"`) {
		t.Errorf("New(nim, nim) = %v, want two games named nim", err)
	}
	other := catalogtest.Nim()
	other.Rules = renamed{nim.Game{}}
	other.Words = map[string]words.Texts{"en": other.Words["en"], "zh": with(other.Words["zh"], "took %s stones", "拿了 %s 颗")}
	if _, err := catalog.New(catalogtest.Nim(), other); err == nil || !strings.Contains(err.Error(), "two texts") {
		t.Errorf("New of two games saying one phrase two ways = %v, want two texts", err)
	}
}

// bare is a game whose states are nothing but rules.State: no guide, no
// notation.
type bare struct{ rules.Game }

func (b bare) Start(s rules.Setup) (rules.State, error) {
	st, err := b.Game.Start(s)
	return struct{ rules.State }{st}, err
}

// renamed is Nim under another name.
type renamed struct{ nim.Game }

func (r renamed) Info() rules.Info {
	i := r.Game.Info()
	i.Name, i.Title = "nim2", "Nim Two"
	return i
}

func without(t words.Texts, id string) words.Texts {
	out := words.Texts{}
	for k, v := range t {
		if k != words.ID(id) {
			out[k] = v
		}
	}
	return out
}

func with(t words.Texts, id, text string) words.Texts {
	out := without(t, id)
	out[words.ID(id)] = text
	return out
}

// TestNilCatalog: a nil catalog holds no game: no picture, no document,
// no bots, and no crash.
func TestNilCatalog(t *testing.T) {
	var c *catalog.Catalog
	if _, err := c.Draw("nim", nim.View{}, nil); !errors.Is(err, pictures.ErrNoPicture) {
		t.Errorf("Draw = %v, want ErrNoPicture", err)
	}
	if _, ok := c.Doc("nim", "en"); ok || c.Bots("nim").AtOnce || len(c.Names()) != 0 || c.First() != "" {
		t.Errorf("a nil catalog holds a game: Doc %v, Bots %v, Names %v", ok, c.Bots("nim"), c.Names())
	}
}
