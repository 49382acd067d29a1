package endtoend_test

import (
	"context"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
	"github.com/pbem-games/pbem/templates"
	"github.com/pbem-games/pbem/templates/words"
)

// english finds a run of three Latin letters or more: an English word in
// a Chinese mail, once what may be Latin is taken out.
var english = regexp.MustCompile(`[A-Za-z]{3,}`)

// latinAllowed are what a Chinese mail may write in Latin letters: mail
// addresses, web addresses, the long hex of commitments, seeds and keys,
// and file names.
var latinAllowed = regexp.MustCompile(`[\w.+-]+@[\w.-]+|https?://\S+|\b[0-9a-f]{16,}\b|v2:[0-9a-f]+|ed25519:\S+|[\w/-]+\.(jsonl|png|txt|md)(\.gz)?\b`)

// chineseReader checks mails to a reader of Chinese: no English word
// outside what may stay Latin, which are the names, the game's ids, a
// command's example where Chinese has none and pbem's own name (a
// command's words are written in Chinese: 同意, not AGREE); and, for now,
// the game's own
// texts (its board, how to write a move, why the rules refuse one), which
// the rules still write in English: those are taken out by exact text.
// The game's title is no such word: a reader of Chinese reads it in
// Chinese; its name, which NEW writes, may stay, in lower case.
type chineseReader struct {
	allowed []string // words that may stay as they are
	game    []string // the game's own texts, taken out whole
	ids     []string // the game's ids, taken out whole
	// notation are words of the game's moves a player wrote in English
	// and reads quoted back (PUT FARM ALPACA), matched by case; a reader
	// who writes the Chinese notation has none.
	notation []string
}

func newChineseReader(g *projections.Game) *chineseReader {
	r := &chineseReader{allowed: []string{"pbem", "UTC", "SHA", "verify", "file", "key", "jsonl", "mon-fri", "English"},
		ids: []string{g.ID}, notation: []string{g.Rules.Info().Name}}
	if !offered().Words().Has("zh", words.ID(g.Rules.Info().HouseRules)) {
		r.game = append(r.game, g.Rules.Info().HouseRules)
	}
	for _, p := range g.Created.Players {
		r.allowed = append(r.allowed, p.Name)
	}
	for _, v := range g.Rules.Info().Variants {
		r.allowed = append(r.allowed, v.Name) // words of NEW
	}
	// A command's example where Chinese has none of its own; its words
	// and syntax Chinese mail writes in Chinese.
	for _, c := range commands.New() {
		if !words.Has("zh", words.ID("example."+c.Word)) {
			r.allowed = append(r.allowed, english.FindAllString(c.Example, -1)...)
		}
	}
	return r
}

// seeGame adds the game's own texts as seat sees them in g, where the
// game does not say them in phrases the catalog writes in Chinese
// (rules.PhrasedView, rules.PhrasedGuide, rules.PhrasedStage): Atacama
// and Altiplano do, so none of their texts is taken out.
func (r *chineseReader) seeGame(g *projections.Game, seat rules.Seat) {
	for _, s := range g.Said {
		r.game = append(r.game, s.Text) // the players' own words
	}
	if _, ok := g.State.View(seat).(rules.PhrasedView); !ok {
		r.game = append(r.game, strings.Split(g.State.View(seat).Text(), "\n")...)
	}
	if _, ok := g.State.(rules.PhrasedGuide); !ok {
		if guide, ok := g.State.(rules.Guide); ok {
			r.game = append(r.game, guide.MoveSyntax(seat))
		}
	}
	if _, ok := g.State.(rules.PhrasedStage); !ok {
		if s := projections.Stage(g.State); s != "" {
			r.game = append(r.game, s)
		}
	}
}

// check fails t for every English word in o.
func (r *chineseReader) check(t *testing.T, o mail.Outgoing) {
	t.Helper()
	text := o.Subject + "\n" + o.Text + "\n" + html.UnescapeString(regexp.MustCompile(`(?s)<style.*?</style>|<[^>]*>`).ReplaceAllString(o.HTML, " "))
	text = strings.Join(strings.Fields(text), " ")
	for _, g := range append(r.game, r.ids...) {
		if g = strings.Join(strings.Fields(g), " "); len(g) > 2 {
			text = strings.ReplaceAll(text, g, " ")
		}
	}
	text = latinAllowed.ReplaceAllString(text, " ")
	for _, w := range english.FindAllString(text, -1) {
		if !slices.ContainsFunc(r.allowed, func(a string) bool { return strings.EqualFold(a, w) }) && !slices.Contains(r.notation, w) {
			t.Errorf("%s mail %q says %q in English: …%s…", o.Headers[letters.HeaderKind], o.Subject, w, around(text, w))
			return
		}
	}
}

// checkPicture fails t for every English word in the texts of the board's
// picture as the mail to seat shows it.
func (r *chineseReader) checkPicture(t *testing.T, svc *letters.Service, g *projections.Game, seat rules.Seat) {
	t.Helper()
	pic, err := svc.PictureIn(g.Created.Game, g.State.View(seat), "zh")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(strings.Join(pic.Texts(), "\n")), " ")
	for _, id := range r.ids {
		text = strings.ReplaceAll(text, id, " ")
	}
	text = latinAllowed.ReplaceAllString(text, " ")
	for _, w := range english.FindAllString(text, -1) {
		if !slices.ContainsFunc(r.allowed, func(a string) bool { return strings.EqualFold(a, w) }) {
			t.Errorf("the picture of event %d says %q in English: …%s…", g.Seq, w, around(text, w))
			return
		}
	}
}

// around is the first w in text with 30 characters either side.
func around(text, w string) string {
	i := strings.Index(text, w)
	before, after := []rune(text[:i]), []rune(text[i:])
	return string(before[max(0, len(before)-30):]) + string(after[:min(len(after), len(w)+30)])
}

// hasChinese reports whether s has a Chinese character.
func hasChinese(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// TestTwoLanguagesByMail: a game by mail of Ana, who reads English, and
// Bea, who wrote LANG zh: every mail Bea gets, of every kind the game
// causes and every answer, is Chinese; every mail Ana gets is English.
func TestTwoLanguagesByMail(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	ana, bea := tableAddrs[0], tableAddrs[1]
	mt.send(ana, mt.m.Mailbox, "", "HELP\r\n") // Ana's first mail: English
	start := len(mt.outbox())
	if out := mt.send(bea, mt.m.Mailbox, "", "语言 中文\r\n"); len(out) != 1 {
		t.Fatalf("LANG zh answered with %d mails", len(out))
	}
	id := mt.create("atacama", 2)
	g := mt.game(id)
	zh := newChineseReader(g)
	lines := []struct {
		seat int
		line string
	}{
		{0, "DEADLINE 48h GRACE 6h"}, {0, "E5"}, {1, "BOARD"}, {1, "棋盘"}, {1, "LEGAL"}, {1, "帮助"}, {1, "历史"},
		{1, "说：祝你好运！"}, {0, "SAY thanks, you too"}, {1, "E6"}, {1, "FROB"}, {1, "G7"}, {0, "UNDO"},
		{1, "同意"}, {0, "A1"}, {1, "摘要 开"}, {0, "PAUSE"}, {0, "RESUME"}, {1, "摘要 关"}, {1, "假期 2026-12-20 2026-12-27"},
		{1, "如果 B1 那么 C1"}, {0, "B1"}, {0, "END GAME"}, {1, "结束"},
	}
	for _, l := range lines {
		if english.MatchString(l.line) {
			zh.game = append(zh.game, l.line) // what a player wrote, quoted back
		}
		mt.fresh(id, l.seat, l.line+"\r\n")
		zh.seeGame(mt.game(id), 1)
	}
	if g := mt.game(id); g.Ended == nil {
		t.Fatalf("the game did not end")
	}
	mt.readsTwoLanguages(t, start, zh, "祝你好运", nil, notice.KindInvitation, notice.KindYourTurn, notice.KindAccepted, notice.KindBoard,
		notice.KindLegal, notice.KindHelp, notice.KindHistory, notice.KindSaid, notice.KindRejected, notice.KindError,
		notice.KindNews, notice.KindGameOver)
}

// TestAltiplanoInTwoLanguages: a whole game of Altiplano by mail of Ana,
// who reads English, and Bea, who reads Chinese and writes her moves in
// the Chinese notation (前往矿山 / 矿山 生产白银): every mail Bea gets, the
// board, the prompts, the examples, the refusals, the history and the end
// included, and her pictures, is Chinese but for the names, moves in
// the notation she writes included; Ana's are English.
func TestAltiplanoInTwoLanguages(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	ana, bea := tableAddrs[0], tableAddrs[1]
	mt.send(ana, mt.m.Mailbox, "", "HELP\r\n")
	start := len(mt.outbox())
	mt.send(bea, mt.m.Mailbox, "", "语言 中文\r\n")
	id := mt.create("altiplano", 2)
	zh := newChineseReader(mt.game(id))
	for _, l := range []struct {
		seat int
		line string
	}{{1, "棋盘"}, {1, "帮助"}, {1, "着法"}, {1, "放 农场 2 羊毛"}, {1, "前往矿山 / 矿山 生产白银"}, {1, "放 农场"}, {1, "抽取 羊驼"}} {
		zh.game = append(zh.game, l.line)
		mt.fresh(id, l.seat, l.line+"\r\n")
	}
	moves := 0
	for g := mt.game(id); g.Ended == nil; g = mt.game(id) {
		if moves++; moves > 2000 {
			t.Fatalf("the game did not end after %d mails", moves)
		}
		seat := g.State.ToAct()[0]
		m := g.State.(rules.Defaulter).Default(seat)
		move := m.String()
		if seat == 1 {
			move = rules.MoveIn(g.State, "zh", m) // she writes the Chinese notation
		}
		if r := refusals(mt.fresh(id, int(seat), move+"\r\n")); len(r) > 0 {
			t.Fatalf("seat %d's move %s refused: %v", seat, move, r)
		}
		zh.seeGame(mt.game(id), 1)
		if moves%5 == 1 {
			zh.checkPicture(t, mt.svc, mt.game(id), 1)
		}
	}
	mt.fresh(id, 1, "历史\r\n") // every move of the game, as she reads them
	// The Chinese rulebook's title, 《南美高原》, is the game's name to
	// Bea wherever a mail names the game: its subject first.
	titled := func(o mail.Outgoing) {
		if strings.Contains(o.Subject, "Altiplano") || (o.Headers[letters.HeaderKind] != notice.KindHelp && !strings.Contains(o.Subject, "南美高原")) {
			t.Errorf("a %s mail to Bea is titled %q, not by the Chinese rulebook's 南美高原", o.Headers[letters.HeaderKind], o.Subject)
		}
	}
	mt.readsTwoLanguages(t, start, zh, "", titled, notice.KindInvitation, notice.KindYourTurn, notice.KindBoard, notice.KindHelp,
		notice.KindLegal, notice.KindRejected, notice.KindGameOver, notice.KindHistory)
}

// TestArchipelagoInTwoLanguages: a whole game of Archipelago by mail of
// Ana, who reads English, and Bea, who reads Chinese and writes her
// commands and her moves in Chinese (采集 木材 E5, the notation
// rules.MoveIn writes): every mail Bea gets, the board, what each move
// did, the prompts, the examples, the refusals, the offers she makes and
// those made to her, and the end included, and the board's picture after
// every move, as her mail shows it, is Chinese but for the names, cells
// and hexagons, and what she wrote in English herself; Ana's are English.
func TestArchipelagoInTwoLanguages(t *testing.T) {
	mt := newMailTable(t, archipelago.Game)
	ana, bea := tableAddrs[0], tableAddrs[1]
	mt.send(ana, mt.m.Mailbox, "", "HELP\r\n")
	start := len(mt.outbox())
	mt.send(bea, mt.m.Mailbox, "", "语言 中文\r\n")
	players := []events.Player{{Name: "Ana", Address: ana}, {Name: "Bea", Address: bea}}
	// A game of its own seed: in some deals a player may offer only once.
	seed := rules.SeedFromInt(11)
	id, err := mt.svc.Create(context.Background(), games.NewGame{Game: "archipelago", Variants: []string{archipelago.Short}, Host: ana, Players: players, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	zh := newChineseReader(mt.game(id))
	for _, line := range []string{"棋盘", "帮助", "着法", "历史", "说：一路顺风！", "HARVEST 木材", "FROB"} {
		if english.MatchString(line) {
			zh.game = append(zh.game, line) // what she wrote, quoted back
		}
		mt.fresh(id, 1, line+"\r\n")
		zh.seeGame(mt.game(id), 1)
	}
	r := rules.NewRand(rules.SeedFromInt(11), "archipelago by mail")
	moves := 0
	// Each player makes two offers, the first ones they may; each is
	// answered, the first refused and the next accepted where the rules
	// let them be.
	offers, answers := [2]int{}, [2][]string{}
	for g := mt.game(id); g.Ended == nil; g = mt.game(id) {
		if moves++; moves > 2000 {
			t.Fatalf("the game did not end after %d mails", moves)
		}
		seat := g.State.ToAct()[0]
		for _, s := range g.State.ToAct() { // an offer's addressee answers first
			if slices.ContainsFunc(g.State.Legal(s), func(m rules.Move) bool { return strings.HasPrefix(m.String(), "ACCEPT ") }) {
				seat = s
			}
		}
		var legal, deals, answer []rules.Move
		for _, m := range g.State.Legal(seat) {
			switch s := m.String(); {
			case strings.HasPrefix(s, "OFFER "):
				deals = append(deals, m)
			case strings.HasPrefix(s, "ACCEPT "), strings.HasPrefix(s, "DECLINE "):
				answer = append(answer, m)
			default:
				legal = append(legal, m)
			}
		}
		var m rules.Move
		switch {
		case len(answer) > 0:
			m = answer[len(answer)-1] // DECLINE sorts after ACCEPT
			if len(answers[seat])%2 == 1 {
				m = answer[0]
			}
			answers[seat] = append(answers[seat], m.String())
		case len(deals) > 0 && offers[seat] < 2:
			m = deals[r.IntN(len(deals))]
			offers[seat]++
		case len(legal) > 0:
			m = legal[r.IntN(len(legal))]
		default:
			m = deals[r.IntN(len(deals))]
		}
		move := m.String()
		if seat == 1 {
			move = rules.MoveIn(g.State, "zh", m) // she writes the Chinese notation
		}
		if r := refusals(mt.fresh(id, int(seat), move+"\r\n")); len(r) > 0 {
			t.Fatalf("seat %d's move %s refused: %v", seat, move, r)
		}
		g = mt.game(id)
		zh.seeGame(g, 1)
		zh.checkPicture(t, mt.svc, g, 1)
	}
	if offers != [2]int{2, 2} || len(answers[0]) == 0 || len(answers[1]) == 0 {
		t.Errorf("offers made by Ana and Bea: %v; answered by Ana: %v, by Bea: %v; want two each, each answered", offers, answers[0], answers[1])
	}
	offered := false
	for _, o := range mt.sent(start, bea) {
		offered = offered || strings.Contains(o.Text, "接受") && strings.Contains(o.Text, "提议")
	}
	if !offered {
		t.Errorf("no mail told Bea in Chinese how to accept an offer to her")
	}
	mt.readsTwoLanguages(t, start, zh, "一路顺风", func(o mail.Outgoing) { checkMarketColumns(t, o.Text) },
		notice.KindInvitation, notice.KindYourTurn, notice.KindBoard, notice.KindHelp,
		notice.KindLegal, notice.KindHistory, notice.KindRejected, notice.KindGameOver)
}

// checkMarketColumns fails unless the markets of a Chinese board line up
// as the English ones do, a Chinese character two columns wide: each
// resource's name over its column of the two markets.
func checkMarketColumns(t *testing.T, text string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "市场：") || i+3 >= len(lines) {
			continue
		}
		head := lines[i+1]
		for k, name := range []string{"鱼", "水果", "牲畜", "石头", "木材", "铁"} {
			at := strings.Index(head, name)
			if at < 0 || templates.Width(head[:at]) != 16+9*k {
				t.Errorf("%s is not at column %d of the markets' heading %q", name, 16+9*k, head)
			}
		}
		for _, row := range lines[i+2 : i+4] {
			cells := regexp.MustCompile(`\d+ [-\d]+/[-\d]+`).FindAllStringIndex(row, -1)
			if len(cells) != 6 {
				t.Errorf("the market row %q has %d cells", row, len(cells))
				continue
			}
			for k, c := range cells {
				if w := templates.Width(row[:c[0]]); w != 16+9*k {
					t.Errorf("cell %d of the market row %q is at column %d, want %d", k, row, w, 16+9*k)
				}
			}
		}
	}
}

// TestAltiplanoChineseBoardLinesUp: the board Bea gets by mail in Chinese
// lines up its tables as the English one does, a Chinese character taking
// two columns of a monospace font: the locations' supplies start in one
// column, and so do the display's locations, actions and costs.
func TestAltiplanoChineseBoardLinesUp(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	mt.send(tableAddrs[1], mt.m.Mailbox, "", "语言 中文\r\n")
	id := mt.create("altiplano", 2)
	var board string
	for _, o := range mt.fresh(id, 1, "棋盘\r\n") {
		if strings.Contains(o.Text, "地点（按顺时针方向）：") {
			board = o.Text
		}
	}
	if board == "" {
		t.Fatal("Bea got no board in Chinese")
	}
	// columns gives where each field after the first of a line starts,
	// in display columns, fields being parted by two spaces or more, or
	// by one after the first field.
	columns := func(line string, first int) []int {
		var cols []int
		col, spaces := 0, 0
		fields := 0
		for _, r := range line {
			if r == ' ' {
				spaces++
			} else {
				if col > 0 && spaces > 0 && (spaces >= 2 || fields < first) {
					cols = append(cols, col)
				}
				if spaces > 0 || col == 0 {
					fields++
				}
				spaces = 0
			}
			col += templates.Width(string(r))
		}
		return cols
	}
	section := func(head string) []string {
		_, rest, ok := strings.Cut(board, head)
		if !ok {
			t.Fatalf("the board has no %q:\n%s", head, board)
		}
		var lines []string
		for _, l := range strings.Split(rest, "\n")[1:] {
			if !strings.HasPrefix(l, "  ") {
				break
			}
			lines = append(lines, l)
		}
		return lines
	}
	check := func(name string, lines []string, first, n int) {
		var want []int
		for _, l := range lines {
			cols := columns(l, first)
			if len(cols) < n {
				continue // a line that is no row of the table ("牌堆：…")
			}
			if want == nil {
				want = cols[:n]
			} else if !slices.Equal(cols[:n], want) {
				t.Errorf("%s: the columns of\n%s\nstart at %v, the first row's at %v:\n%s", name, l, cols[:n], want, strings.Join(lines, "\n"))
			}
		}
		if want == nil {
			t.Errorf("%s: no row of the table:\n%s", name, strings.Join(lines, "\n"))
		}
	}
	check("locations", section("地点（按顺时针方向）："), 1, 1)
	display := section("展示区上的扩展卡")
	for i, l := range display {
		display[i] = strings.TrimRight(l, " ")
	}
	check("display", display, 3, 4)
}

// TestChineseHostByMail: Bea, who reads Chinese and lives in Shanghai,
// starts a game of each of the three games by mail with Chinese commands
// only, sets its deadlines, plays and ends it by resigning; Ana joins in
// English. Every mail Bea gets is Chinese, and the deadlines she reads
// are in her zone.
func TestChineseHostByMail(t *testing.T) {
	for _, game := range []rules.Game{atacama.Game, altiplano.Game, archipelago.Game} {
		t.Run(game.Info().Name, func(t *testing.T) {
			mt := newMailTable(t, game)
			ana, bea := tableAddrs[0], tableAddrs[1]
			mt.send(ana, mt.m.Mailbox, "", "HELP\r\n")
			start := len(mt.outbox())
			mt.send(bea, mt.m.Mailbox, "", "语言 中文\r\n时区 Asia/Shanghai\r\n")
			variant := map[string]string{"atacama": " " + atacama.Enhanced}[game.Info().Name] // claims to make
			mt.send(bea, mt.m.Mailbox, "", "新游戏 "+game.Info().Name+variant+" 和 "+ana+"\r\n")
			var id string
			for _, n := range mt.outbox()[start:] {
				if n.To == bea && n.Game != "" {
					id = n.Game
				}
			}
			if id == "" {
				t.Fatalf("新游戏 started no game of Bea's")
			}
			seat := func(addr string) int {
				for _, p := range mt.game(id).Created.Players {
					if p.Address == addr {
						return p.Seat
					}
				}
				t.Fatalf("%s has no seat in %s", addr, id)
				return -1
			}
			write := func(addr, body string) {
				mt.send(addr, mt.m.Tokens.ReplyTo(mt.m.Mailbox, id, seat(addr)), "", body+"\r\n")
			}
			write(ana, "JOIN")
			if g := mt.game(id); g.Waiting() {
				t.Fatalf("the game still waits for its players after Ana's JOIN: %+v", g.Invited())
			}
			write(bea, "截止 48h 宽限 6h")
			zh := newChineseReader(mt.game(id))
			var wrote []string
			for i := 0; i < 6; i++ {
				g := mt.game(id)
				zh.seeGame(g, rules.Seat(seat(bea)))
				zh.checkPicture(t, mt.svc, g, rules.Seat(seat(bea)))
				to := g.State.ToAct()
				if g.Ended != nil || len(to) == 0 {
					break
				}
				s := int(to[0])
				legal := g.State.Legal(rules.Seat(s))
				m := legal[0]
				move := m.String()
				if s == seat(bea) {
					if i := slices.IndexFunc(legal, func(m rules.Move) bool { return strings.HasPrefix(m.String(), "CLAIM ") }); i >= 0 {
						m = legal[i] // Atacama's claim: 认领 青绿 列
					}
					move = rules.MoveIn(g.State, "zh", m) // she writes the Chinese notation
					wrote = append(wrote, move)
				}
				write(g.Created.Players[s].Address, move)
			}
			if game == atacama.Game && !slices.ContainsFunc(wrote, func(w string) bool { return strings.HasPrefix(w, "认领 ") }) {
				t.Errorf("Bea made no claim in Chinese; she wrote %q", wrote)
			}
			write(bea, "认输")
			if g := mt.game(id); g.Ended == nil {
				t.Fatalf("认输 did not end the game")
			}
			zoned := false
			mt.readsTwoLanguages(t, start, zh, "", func(o mail.Outgoing) { zoned = zoned || strings.Contains(o.Text, "UTC+08:00") },
				notice.KindInvitation, notice.KindGameOver)
			if !zoned {
				t.Errorf("no mail to Bea shows a time in her zone (UTC+08:00)")
			}
		})
	}
}

// readsTwoLanguages checks the mails sent since start: each to Bea is in
// Chinese (zh finds no English in it; also, when given, checks it more),
// and she got a mail of each of kinds; each to Ana is in English, with no
// Chinese but what a player wrote in Chinese, quoted.
func (mt *mailTable) readsTwoLanguages(t *testing.T, start int, zh *chineseReader, quoted string, also func(mail.Outgoing), kinds ...string) {
	t.Helper()
	ana, bea := tableAddrs[0], tableAddrs[1]
	got := map[string]bool{}
	for _, o := range mt.sent(start, bea) {
		got[o.Headers[letters.HeaderKind]] = true
		if o.Headers["Content-Language"] != "zh" {
			t.Errorf("a %s mail to Bea is in %q", o.Headers[letters.HeaderKind], o.Headers["Content-Language"])
		}
		zh.check(t, o)
		if also != nil {
			also(o)
		}
	}
	for _, k := range kinds {
		if !got[k] {
			t.Errorf("Bea got no %s mail: the game does not show it in Chinese", k)
		}
	}
	for _, o := range mt.sent(start, ana) {
		if hasChinese(o.Subject+o.Text+o.HTML) && (quoted == "" || !strings.Contains(o.Text, quoted)) {
			t.Errorf("a %s mail to Ana has Chinese in it:\n%s", o.Headers[letters.HeaderKind], o.Text)
		}
		if o.Headers["Content-Language"] != "en" {
			t.Errorf("a %s mail to Ana is in %q", o.Headers[letters.HeaderKind], o.Headers["Content-Language"])
		}
	}
}

// TestLegalMovesInChinese: a reader of Chinese is shown the moves they may
// play, and the example, in the Chinese rulebook's words, which pbem
// reads back as the same moves; programs still find the example in the
// game's notation in the mail's header.
func TestLegalMovesInChinese(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	bea := tableAddrs[1]
	mt.send(bea, mt.m.Mailbox, "", "语言 中文\r\n")
	id := mt.create("altiplano", 2)
	mt.fresh(id, 1, "LEGAL\r\n")
	g := mt.game(id)
	var legal []string
	for _, m := range g.State.Legal(1) {
		legal = append(legal, m.String())
	}
	listed := false
	for _, o := range mt.sent(0, bea) {
		if example, ok := o.Headers[letters.HeaderExample]; ok && !slices.Contains(legal, example) {
			t.Errorf("the %s mail's header example %q is not a legal move in the game's notation", o.Headers[letters.HeaderKind], example)
		}
		if o.Headers[letters.HeaderKind] != notice.KindLegal || listed {
			continue
		}
		listed = true
		// Chinese text wraps between any two characters.
		flat := strings.Join(strings.Fields(o.Text), "")
		for _, mv := range g.State.Legal(1) {
			zh := g.State.(rules.Translator).MoveIn("zh", mv)
			if !strings.Contains(flat, strings.ReplaceAll(zh, " ", "")) {
				t.Errorf("the legal moves mailed to Bea do not hold %q (%s):\n%s", zh, mv, o.Text)
			}
			if back, err := g.State.Parse(1, zh); err != nil || back.String() != mv.String() {
				t.Errorf("Parse(%q) = %v, %v; want %s", zh, back, err, mv)
			}
		}
	}
	if !listed {
		t.Fatal("Bea got no list of legal moves")
	}
}

// TestChineseCommandWordThatIsAMove: a command's Chinese word that is
// also a word of the game's Chinese notation is read as the English word
// is: 结束 (END) alone, while Altiplano's players plan, is the game's
// END of a plan, played, not a vote to end the game; 拒绝 红色 is
// Archipelago's DECLINE RED (TestArchipelagoInTwoLanguages).
func TestChineseCommandWordThatIsAMove(t *testing.T) {
	mt := newMailTable(t, altiplano.Game)
	mt.send(tableAddrs[1], mt.m.Mailbox, "", "语言 中文\r\n")
	id := mt.create("altiplano", 2)
	before := len(mt.game(id).Moves)
	if r := refusals(mt.fresh(id, 1, "结束\r\n")); len(r) > 0 {
		t.Fatalf("结束 refused: %v", r)
	}
	g := mt.game(id)
	if len(g.EndVotes) > 0 {
		t.Errorf("结束 was read as END, a vote to end the game: %v", g.EndVotes)
	}
	if len(g.Moves) != before+1 || g.Moves[len(g.Moves)-1].Seat != 1 {
		t.Errorf("结束 played no move of Bea's: %+v", g.Moves[before:])
	}
}
