package endtoend_test

import (
	"context"
	"fmt"
	"html"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/bymail"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/lang"
	langall "github.com/pbem-games/pbem/lang/all"
	"github.com/pbem-games/pbem/lang/pseudo"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// pseudoOffered is every game pbem offers in pbem's languages and the
// pseudo-language, registered through the one door a language has.
func pseudoOffered(t *testing.T) *catalog.Catalog {
	t.Helper()
	langs, err := lang.New(append(langall.Packs(), pseudo.Pack())...)
	if err != nil {
		t.Fatal(err)
	}
	c, err := catalog.NewIn(langs, all.Games()...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// newPseudoTable is newMailTable on the catalog with the pseudo-language.
func newPseudoTable(t *testing.T, g ...rules.Game) *mailTable {
	clock := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	svc := letters.New(&games.Service{
		Store:   storetest.MustOpen(t),
		Catalog: rules.NewCatalog(g...),
		Now:     func() time.Time { clock = clock.Add(time.Minute); return clock },
		Domain:  "pbem.test",
	}, pseudoOffered(t))
	tokens := mail.Tokens{Secret: []byte("test secret")}
	return &mailTable{t: t, svc: svc, m: &mailroom.Mailroom{Service: svc, Tokens: tokens, Mailbox: "games@pbem.test", RatePerHour: 1000}}
}

// pseudoReader finds, in what a reader of the pseudo-language is shown,
// every run of two letters or more outside ⟦…⟧ but addresses, web
// addresses, long hex, file names, the players' names, the game's id and
// the words of the moves' notation: each is a string that bypassed the
// catalog. It counts them by word, with where each was first seen.
type pseudoReader struct {
	allowed []string
	found   map[string]int
	where   map[string]string
}

// letters finds a run of letters outside the marks.
// (a run inside a token with digits, k7q2mx, is an id or notation).
var letterRun = regexp.MustCompile(`\b\p{L}{2,}\b`)

// zoneName is a time zone's name, as TZ writes it, or UTC, by which a
// time's offset is written (UTC+08:00).
var zoneName = regexp.MustCompile(`\b[A-Z][a-z]+/[A-Za-z_]+\b|\bUTC\b`)

func newPseudoReader(c *catalog.Catalog, g *projections.Game, notation ...string) *pseudoReader {
	r := &pseudoReader{allowed: append([]string{g.ID}, notation...), found: map[string]int{}, where: map[string]string{}}
	// The service's name and its command line, the games' names and
	// titles and their variants as NEW writes them, the languages' tags.
	r.allowed = append(r.allowed, "pbem", "verify", "file", g.Rules.Info().Title)
	r.allowed = append(r.allowed, c.Langs().Tags()...)
	for _, name := range c.Names() {
		game, _ := c.Game(name)
		r.allowed = append(r.allowed, name)
		for _, v := range game.Rules.Info().Variants {
			r.allowed = append(r.allowed, v.Name)
		}
	}
	for _, p := range g.Created.Players {
		r.allowed = append(r.allowed, p.Name)
	}
	return r
}

// unwrapped returns s without what the marks hold, marks nested included.
func unwrapped(s string) string {
	var b strings.Builder
	depth := 0
	for _, c := range s {
		switch {
		case c == []rune(pseudo.Open)[0]:
			depth++
			b.WriteRune(' ')
		case c == []rune(pseudo.Close)[0] && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// see counts what bypassed the catalog in text, seen in what.
func (r *pseudoReader) see(what, text string) {
	text = zoneName.ReplaceAllString(latinAllowed.ReplaceAllString(unwrapped(text), " "), " ")
	for _, w := range letterRun.FindAllString(text, -1) {
		if slices.ContainsFunc(r.allowed, func(a string) bool { return strings.EqualFold(a, w) }) {
			continue
		}
		if r.found[w]++; r.found[w] == 1 {
			i := strings.Index(text, w)
			r.where[w] = fmt.Sprintf("%s: …%s…", what, strings.Join(strings.Fields(text[max(0, i-50):min(len(text), i+50)]), " "))
		}
	}
}

// mail sees a mail's subject, text and HTML (its tags and style aside).
func (r *pseudoReader) mail(o mail.Outgoing) {
	kind := o.Headers[letters.HeaderKind]
	r.see(kind+" subject", o.Subject)
	r.see(kind+" text", o.Text)
	r.see(kind+" html", html.UnescapeString(regexp.MustCompile(`(?s)<style.*?</style>|<[^>]*>`).ReplaceAllString(o.HTML, " ")))
}

// knownInMail are the words the test finds outside the catalog and the
// packs and that are not mended yet, each with where it comes from; one
// no longer found fails the test, so the list stays true.
var knownInMail = map[string]string{
	"swiss":  "CAMPAIGN's example: the campaigns' kinds and their Chinese names are campaigns/bymail's (spec.go), not the packs'",
	"ROUNDS": "CAMPAIGN's example: the campaigns' option words and their Chinese forms are campaigns/bymail's (spec.go), not the packs'",
}

// report fails t with every word found, by count, but those known.
func (r *pseudoReader) report(t *testing.T) {
	t.Helper()
	for w, why := range knownInMail {
		if r.found[w] == 0 {
			t.Errorf("%q is no longer found (%s): take it off knownInMail", w, why)
		}
		delete(r.found, w)
	}
	words := make([]string, 0, len(r.found))
	for w := range r.found {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		return r.found[words[i]] > r.found[words[j]] || r.found[words[i]] == r.found[words[j]] && words[i] < words[j]
	})
	for _, w := range words {
		t.Errorf("%q outside the catalog, %d times; first in %s", w, r.found[w], r.where[w])
	}
}

// TestPseudoLanguageByMail plays each game by mail to its end with Bea,
// who reads the pseudo-language (LANG written in its words), and Ana, who
// reads English: every mail Bea gets (subject, text and HTML) and every
// picture of her view holds no word but inside ⟦…⟧, names, ids, addresses
// and the moves' notation; so no string reaches a reader from outside the
// catalog and the packs. In Archipelago each makes offers to the other,
// who declines them.
func TestPseudoLanguageByMail(t *testing.T) {
	t.Parallel() // one of the package's longest: beside the others, not after them
	for _, c := range []struct {
		game     rules.Game
		notation []string
	}{
		{atacama.Game, nil},
		{altiplano.Game, altiplano.Words()},
		{archipelago.Game, archipelago.Words()},
	} {
		name := c.game.Info().Name
		t.Run(name, func(t *testing.T) {
			mt := newPseudoTable(t, c.game)
			offered := pseudoOffered(t)
			ana, bea := tableAddrs[0], tableAddrs[1]
			mt.send(ana, mt.m.Mailbox, "", "HELP\r\n")
			start := len(mt.outbox())
			mt.send(bea, mt.m.Mailbox, "", pseudo.Wrap("LANG")+" "+pseudo.Tag+"\r\n")
			id := mt.create(name, 2)
			r := newPseudoReader(offered, mt.game(id), c.notation...)
			for _, w := range []string{"BOARD", "HELP", "LEGAL", "HISTORY"} {
				mt.fresh(id, 1, pseudo.Wrap(w)+"\r\n")
			}
			mt.fresh(id, 1, "FROB\r\n")
			mt.fresh(id, 0, "DEADLINE 48h GRACE 6h\r\n")
			mt.fresh(id, 1, pseudo.Wrap("SAY")+" "+pseudo.Wrap("good luck")+"\r\n")
			mt.fresh(id, 0, "SAY thanks\r\n")
			r.allowed = append(r.allowed, "FROB", "thanks") // what the players wrote, quoted back
			rnd := rules.NewRand(rules.SeedFromInt(7), "pseudo by mail")
			moves, pictures := 0, 0
			offers := map[rules.Seat]int{}
			for g := mt.game(id); g.Ended == nil; g = mt.game(id) {
				if moves++; moves > 2000 {
					t.Fatalf("the game did not end after %d mails", moves)
				}
				seat := g.State.ToAct()[0]
				for _, s := range g.State.ToAct() { // an offer's addressee answers first
					if slices.ContainsFunc(g.State.Legal(s), func(m rules.Move) bool { return strings.HasPrefix(m.String(), "DECLINE ") }) {
						seat = s
					}
				}
				var move string
				if d, ok := g.State.(rules.Defaulter); ok {
					move = d.Default(seat).String()
				} else {
					// Each player makes two offers, the first they may;
					// each is declined.
					var legal, deals []string
					for _, m := range g.State.Legal(seat) {
						switch s := m.String(); {
						case strings.HasPrefix(s, "DECLINE "):
							legal = []string{s}
						case strings.HasPrefix(s, "OFFER "):
							deals = append(deals, s)
						case len(legal) != 1 || !strings.HasPrefix(legal[0], "DECLINE "):
							legal = append(legal, s)
						}
					}
					switch {
					case len(deals) > 0 && offers[seat] < 2 && (len(legal) != 1 || !strings.HasPrefix(legal[0], "DECLINE ")):
						move = deals[rnd.IntN(len(deals))]
						offers[seat]++
					case len(legal) > 0:
						move = legal[rnd.IntN(len(legal))]
					default:
						move = deals[rnd.IntN(len(deals))]
					}
				}
				if rf := refusals(mt.fresh(id, int(seat), move+"\r\n")); len(rf) > 0 {
					t.Fatalf("seat %d's move %s refused: %v", seat, move, rf)
				}
				if moves%5 == 1 {
					pic, err := mt.svc.PictureIn(name, g.State.View(1), pseudo.Tag)
					if err != nil {
						t.Fatalf("Bea's picture: %v", err)
					}
					r.see("picture", strings.Join(pic.Texts(), "\n"))
					pictures++
				}
			}
			kinds := map[string]bool{}
			for _, o := range mt.sent(start, bea) {
				kinds[o.Headers[letters.HeaderKind]] = true
				if o.Headers["Content-Language"] != pseudo.Tag {
					t.Errorf("a %s mail to Bea is in %q", o.Headers[letters.HeaderKind], o.Headers["Content-Language"])
				}
				r.mail(o)
			}
			if name == "archipelago" && (offers[0] == 0 || offers[1] == 0) {
				t.Errorf("offers made: %v; want some by Ana and by Bea", offers)
			}
			if !kinds["said"] || len(kinds) < 9 {
				t.Errorf("Bea got mails of %d kinds only: %v", len(kinds), kinds)
			}
			r.report(t)
			// The same reading of Ana's English mail finds English: the
			// check can fail.
			english := newPseudoReader(offered, mt.game(id), c.notation...)
			for _, o := range mt.sent(start, ana) {
				english.mail(o)
			}
			if len(english.found) < 20 {
				t.Errorf("Ana's English mails show %d words outside the marks; the check finds nothing", len(english.found))
			}
			t.Logf("%d moves, %d pictures; Bea got %d kinds of mail: %v", moves, pictures, len(kinds), slices.Sorted(maps.Keys(kinds)))
		})
	}
}

// TestPseudoLanguageCampaignMail: a campaign's mail (the invitation to
// enter, the standings asked for) reaches a reader of the pseudo-language
// in the catalog's words alone, as a game's mail does.
func TestPseudoLanguageCampaignMail(t *testing.T) {
	ctx := context.Background()
	mt := newPseudoTable(t, atacama.Game)
	ana, bea := "ana@example.org", "bea@example.net"
	mt.send(bea, mt.m.Mailbox, "", pseudo.Wrap("LANG")+" "+pseudo.Tag+"\r\n")
	before := len(mt.outbox())
	org := &organiser.Service{Games: mt.svc.Service}
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Organiser: ana, Players: []string{ana, bea}})
	if err != nil {
		t.Fatal(err)
	}
	mt.send(bea, mt.m.Mailbox, "", pseudo.Wrap("STANDINGS")+" "+id+"\r\n")
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens, WebURL: "https://games.example.org"}
	r := &pseudoReader{allowed: []string{id, "pbem", "atacama", "Atacama", "ana", "bea", pseudo.Tag}, found: map[string]int{}, where: map[string]string{}}
	kinds := map[string]bool{}
	for _, n := range mt.outbox()[before:] {
		if n.To != bea {
			continue
		}
		o, err := mt.svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		kinds[o.Headers[letters.HeaderKind]] = true
		r.mail(o)
	}
	if !kinds[bymail.KindStandings] {
		t.Fatalf("Bea's STANDINGS got no standings: %v", kinds)
	}
	for w, n := range r.found {
		t.Errorf("%q outside the catalog in a campaign's mail, %d times; first in %s", w, n, r.where[w])
	}
}

// TestPseudoLanguageCampaignRefusals: what a campaign refuses its
// organiser and its players by mail (a pause of a paused campaign, an
// entry once round 1 is paired, a replacement of nobody, a CLOSE of a
// round robin, a WITHDRAW twice) is said in the reader's language, each
// reason from the catalog: before, the reasons were the campaign's own
// English, after "pbem cannot do that:" in the reader's words.
func TestPseudoLanguageCampaignRefusals(t *testing.T) {
	ctx := context.Background()
	mt := newPseudoTable(t, atacama.Game)
	ana, bea, cai := "ana@example.org", "bea@example.net", "cai@example.com"
	for _, who := range []string{bea, cai} {
		mt.send(who, mt.m.Mailbox, "", pseudo.Wrap("LANG")+" "+pseudo.Tag+"\r\n")
	}
	org := &organiser.Service{Games: mt.svc.Service}
	id, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.RoundRobin, Game: "atacama", Organiser: bea,
		Players: []string{ana, bea}, Options: campaigns.Options{AutoPair: true}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := org.Pair(ctx, id); err != nil {
		t.Fatal(err)
	}
	before := len(mt.outbox())
	to := func(from string) string { return mt.m.Tokens.ConfirmTo(mt.m.Mailbox, mail.ConfirmCampaign, id, from) }
	for _, line := range []string{
		"PAUSE " + pseudo.Wrap("holidays"),
		"PAUSE " + pseudo.Wrap("holidays"), // paused already
		"RESUME " + pseudo.Wrap("back"),
		"RESUME " + pseudo.Wrap("back"),                                        // not paused
		"CLOSE " + pseudo.Wrap("enough"),                                       // only a ladder is closed
		"REPLACE dan@example.com WITH eve@example.com " + pseudo.Wrap("moved"), // nobody of the campaign
		"DISQUALIFY dan@example.com " + pseudo.Wrap("never came"),
		"ADJUDICATE zzzzzz 1,2 " + pseudo.Wrap("stalled"),
	} {
		mt.send(bea, to(bea), "", pseudo.Wrap("CAMPAIGN")+" "+line+"\r\n")
	}
	mt.send(cai, to(cai), "", pseudo.Wrap("ENTER")+"\r\n") // entries closed
	mt.send(bea, to(bea), "", pseudo.Wrap("WITHDRAW")+"\r\n")
	mt.send(bea, to(bea), "", pseudo.Wrap("WITHDRAW")+"\r\n") // left already
	// A ladder of Bea's she closed, its seed revealed: her late mail to it,
	// an answer to its old mail, is refused as the campaign being over.
	ladder, err := org.Create(ctx, organiser.NewCampaign{Kind: campaigns.Ladder, Game: "atacama", Organiser: bea,
		Players: []string{ana, bea, cai}})
	if err != nil {
		t.Fatal(err)
	}
	if err := org.Decide(ctx, ladder, campaigns.Decided{Decision: campaigns.Closed, Reason: "season over"}, "closed."+ladder); err != nil {
		t.Fatal(err)
	}
	if c, _, _, err := org.Load(ctx, ladder); err != nil || c.Seed == nil {
		t.Fatalf("the closed ladder's seed is not revealed: %v", err)
	}
	mt.send(bea, mt.m.Tokens.ConfirmTo(mt.m.Mailbox, mail.ConfirmCampaign, ladder, bea), "", pseudo.Wrap("CAMPAIGN")+" PAUSE "+pseudo.Wrap("late")+"\r\n")
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens, WebURL: "https://games.example.org"}
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	// What they wrote, which a refusal quotes back; the names, ids and
	// the game's.
	allowed := []string{id, ladder, c.Games[0].Game, "pbem", "atacama", "Atacama", "ana", "bea", "cai", "dan", "eve", "zzzzzz", pseudo.Tag,
		"PAUSE", "RESUME", "CLOSE", "REPLACE", "WITH", "DISQUALIFY", "ADJUDICATE"}
	r := &pseudoReader{allowed: allowed, found: map[string]int{}, where: map[string]string{}}
	errs := 0
	for _, n := range mt.outbox()[before:] {
		if n.To != bea && n.To != cai {
			continue
		}
		o, err := mt.svc.Render(ctx, lh, n)
		if err != nil {
			t.Fatal(err)
		}
		if o.Headers[letters.HeaderKind] == notice.KindError {
			errs++
		}
		r.mail(o)
	}
	if errs != 9 {
		t.Errorf("Bea and Cai got %d refusals, want one for each of the 9 refused lines", errs)
	}
	for w, n := range r.found {
		t.Errorf("%q outside the catalog in a campaign's refusal, %d times; first in %s", w, n, r.where[w])
	}
}
