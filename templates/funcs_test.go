package templates

import (
	"github.com/pbem-games/pbem/templates/words"
	"slices"

	"reflect"
	"strings"
	"testing"
)

var wrapTests = []struct {
	s      string
	indent int
	w      int
	want   string
}{
	{"short line", 0, 20, "short line"},
	{"trailing spaces   ", 0, 20, "trailing spaces"},
	{"one two three four five", 0, 9, "one two\nthree\nfour five"},
	{"one two three four five", 2, 9, "one two\n  three\n  four\n  five"},
	{"  seat 0  Ana   +3   to move", 10, 20, "  seat 0  Ana   +3\n          to move"},
	{"  keep    inner   spacing", 0, 78, "  keep    inner   spacing"},
	{"a 0123456789abcdef z", 0, 8, "a\n0123456789abcdef\nz"},
	{"0123456789abcdef", 0, 8, "0123456789abcdef"},
	{"first line\nsecond line", 0, 78, "first line\nsecond line"},
	{"ünïcödé wörds ärë", 0, 13, "ünïcödé wörds\närë"},
	{"          ", 4, 5, ""},
	// A Chinese character is two columns wide, and a line may break
	// between two of them, but not before a closing mark nor after an
	// opening one.
	{"你好世界你好世界", 0, 8, "你好世界\n你好世界"},
	{"你好世界，你好", 0, 8, "你好世\n界，你好"},
	{"你好（世界）你好", 2, 12, "你好（世界）\n  你好"},
	{"轮到你了：E5", 0, 10, "轮到你了：\nE5"},
	{"请回复 E5 或 G7", 0, 10, "请回复 E5\n或 G7"},
}

func TestWrap(t *testing.T) {
	for _, tt := range wrapTests {
		if got := wrap(tt.s, tt.indent, tt.w); got != tt.want {
			t.Errorf("wrap(%q, %d, %d) = %q, want %q", tt.s, tt.indent, tt.w, got, tt.want)
		}
	}
}

var quoteTests = []struct {
	prefix, s, want string
}{
	{"> ", "hello", "> hello"},
	{"> ", "one\n\ntwo", "> one\n>\n> two"},
	{"> ", strings.Repeat("word ", 20), "> word word word word word word word word word word word word word word word\n> word word word word word"},
}

func TestQuote(t *testing.T) {
	for _, tt := range quoteTests {
		if got := quote(tt.prefix, tt.s); got != tt.want {
			t.Errorf("quote(%q, %q) = %q, want %q", tt.prefix, tt.s, got, tt.want)
		}
	}
}

var oneLineTests = []struct{ s, want string }{
	{"Ana", "Ana"},
	{" Ana\r\n", "Ana"},
	{"Ana\r\nBcc: x", "Ana Bcc: x"},
	{"Ana\nBea\rCleo", "Ana Bea Cleo"},
	{"Ana\u2028Bea\u2029Cleo\u0085Dan", "Ana Bea Cleo Dan"},
	{"tab\there\x00nul\x1bescape", "tab here nul escape"},
}

func TestOneLine(t *testing.T) {
	for _, tt := range oneLineTests {
		if got := oneLine(tt.s); got != tt.want {
			t.Errorf("oneLine(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

func TestKeepLines(t *testing.T) {
	const s = "a\r\nb\rc\u2028d\te\x00f"
	if got, want := keepLines(s), "a\nb\nc\nd\te f"; got != want {
		t.Errorf("keepLines(%q) = %q, want %q", s, got, want)
	}
}

var groupsTests = []struct {
	legal []string
	want  [][]string
}{
	{nil, nil},
	{[]string{"A1", "A2", "A10", "B1", "J4"}, [][]string{{"A1", "A2", "A10"}, {"B1"}, {"J4"}}},
	{[]string{"DONE", "PUT FARM FOOD", "PUT PORT FISH", "TAKE MARKET COCOA"}, [][]string{{"DONE"}, {"PUT FARM FOOD", "PUT PORT FISH"}, {"TAKE MARKET COCOA"}}},
	{[]string{"BID 0", "BID 1", "BID 2", "BID 10"}, [][]string{{"BID 0", "BID 1", "BID 2", "BID 10"}}},
	{[]string{"PLACE 4A E6 0", "PLACE 4A E6 1", "PLACE 15A E6 0"}, [][]string{{"PLACE 4A E6 0", "PLACE 4A E6 1"}, {"PLACE 15A E6 0"}}},
	// Words parted by other spaces than one: the key is the words, not
	// the spacing.
	{[]string{" PLACE  4A E6 0", "PLACE\t4A E6 1", "PLACE\u00a04A E6 2", "PLACE 4B E6 0"},
		[][]string{{" PLACE  4A E6 0", "PLACE\t4A E6 1", "PLACE\u00a04A E6 2"}, {"PLACE 4B E6 0"}}},
	{[]string{"放 甲 乙 丙", "放 甲 乙", "放 甲", "放", "放1", "放2"}, [][]string{{"放 甲 乙 丙"}, {"放 甲 乙", "放 甲", "放", "放1", "放2"}}},
	{[]string{"", " ", "A"}, [][]string{{"", " "}, {"A"}}},
}

func TestGroups(t *testing.T) {
	for _, tt := range groupsTests {
		if got := groups(tt.legal); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("groups(%q) = %q, want %q", tt.legal, got, tt.want)
		}
	}
}

func TestTurn(t *testing.T) {
	for _, tt := range []struct {
		lang, stage string
		n           int
		want        string
	}{
		{"en", "", 0, ""}, {"en", "", 9, "after move 9"}, {"en", "round 3", 17, "round 3, after move 17"},
		{"en", "the choice of professions", 0, "the choice of professions"},
		{"zh", "", 9, "第 9 步之后"}, {"zh", "第 3 轮", 17, "第 3 轮，第 17 步之后"},
	} {
		if got := turn(textSay(words.For(tt.lang)), tt.stage, tt.n); got != tt.want {
			t.Errorf("%s: turn(%q, %d) = %q, want %q", tt.lang, tt.stage, tt.n, got, tt.want)
		}
	}
}

// TestPad: a name is padded to a width in columns, so a Chinese name
// (two columns a character) lines up with a Latin one.
func TestPad(t *testing.T) {
	for _, c := range []struct {
		n       int
		s, want string
	}{
		{6, "Bea", "Bea   "},
		{6, "安娜", "安娜  "},
		{2, "安娜", "安娜"},
	} {
		if got := pad(c.n, c.s); got != c.want || Width(got) != max(c.n, Width(c.s)) {
			t.Errorf("pad(%d, %q) = %q, want %q", c.n, c.s, got, c.want)
		}
	}
}

// TestBoardBlocks: a text board is cut into runs of lines laid out in
// columns (a grid's rows, its rule, a legend), shown unwrapped, and of
// sentences, wrapped; an empty line goes with the run before it, and the
// runs put together are the board less its last line break.
func TestBoardBlocks(t *testing.T) {
	board := "     A    B\n  1  g2   s1\n     ---+---\n\nRigs left: seat 0 14, seat 1 14.\nSeat 0 moves now.\n  g = gold  s = silver\n"
	want := []boardBlock{
		{"     A    B\n  1  g2   s1\n     ---+---\n\n", true},
		{"Rigs left: seat 0 14, seat 1 14.\nSeat 0 moves now.\n", false},
		{"  g = gold  s = silver", true},
	}
	got := boardBlocks(board)
	if !slices.Equal(got, want) {
		t.Errorf("boardBlocks =\n%+v\nwant\n%+v", got, want)
	}
}
