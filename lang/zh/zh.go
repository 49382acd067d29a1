// Package zh is Chinese, in simplified characters, as pbem writes and
// reads it: its catalog, its words for the mail
// commands and for DEADLINE, and how a mail written in it is told.
package zh

import (
	"strings"
	"unicode"

	"github.com/pbem-games/pbem/lang"
)

// Pack returns Chinese.
func Pack() lang.Pack {
	return lang.Pack{
		Tag: "zh",
		Names: map[string]string{
			"中文": "zh", "汉语": "zh", "漢語": "zh", "简体中文": "zh", "普通话": "zh",
			"英文": "en", "英语": "en", "英語": "en",
		},
		Detect: mostlyHan,
		Commands: map[string][]string{
			"HELP": {"帮助"}, "NEW": {"新游戏", "开局"}, "JOIN": {"加入"}, "STOP": {"停止"},
			"LANG": {"语言"}, "TZ": {"时区"}, "GAMES": {"我的对局"}, "BOARD": {"棋盘"},
			"LEGAL": {"着法"}, "HISTORY": {"历史"}, "SAY": {"说"}, "RESIGN": {"认输"},
			"UNDO": {"悔棋"}, "AGREE": {"同意"}, "DECLINE": {"拒绝"}, "END": {"结束"},
			"VACATION": {"假期"}, "AUTO": {"自动"}, "DIGEST": {"摘要"}, "IF": {"如果"},
			"DEADLINE": {"截止"}, "PAUSE": {"暂停"}, "RESUME": {"继续"}, "REPLACE": {"替换"},
			"EXPEL": {"请离"}, "WATCH": {"旁观"}, "UNWATCH": {"取消旁观"},
			"CAMPAIGN": {"赛事"}, "ENTER": {"报名"}, "WITHDRAW": {"退赛"}, "STANDINGS": {"排名"},
		},
		Keywords: map[string][]string{
			"WITH": {"和", "与"},
			"THEN": {"那么", "就"},
			"ON":   {"开", "开启"},
			"OFF":  {"关", "关闭"},
			"OPEN": {"空位", "空座位"},
			"GAME": {"对局"},
		},
		Deadline: map[string]string{
			"提醒": "reminder", "宽限": "grace", "假期": "vacation", "超时": "timeouts", "关": "off", "关闭": "off",
			"星期一": "mon", "星期二": "tue", "星期三": "wed", "星期四": "thu", "星期五": "fri", "星期六": "sat", "星期日": "sun", "星期天": "sun",
			"周一": "mon", "周二": "tue", "周三": "wed", "周四": "thu", "周五": "fri", "周六": "sat", "周日": "sun", "周天": "sun",
		},
		Marks: map[string]string{"、": ",", "～": "-", "至": "-"},
		Texts: texts,
		Tidy:  tidy,
	}
}

// mostlyHan reports whether s has as many Chinese characters as Latin
// words, and no kana or hangul (Japanese or Korean, which pbem does not
// write): a Chinese character says as much as a word, so a command
// written in Chinese is Chinese though it names a game, an id or an
// address in Latin letters ("报名 cxkbqmz", "旁观 bea@example.net"). Addresses
// and words with a digit in them (most ids, codes, moves) are no
// language's, and not counted.
func mostlyHan(s string) bool {
	han, latin := 0, 0
	for _, f := range strings.Fields(s) {
		word := false
		for _, r := range f {
			switch {
			case unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
				return false
			case unicode.Is(unicode.Han, r):
				han++
			case r < unicode.MaxASCII && unicode.IsLetter(r):
				word = true
			}
		}
		if word && !strings.ContainsFunc(f, func(r rune) bool { return r == '@' || unicode.IsDigit(r) }) {
			latin++
		}
	}
	return han > 0 && han >= latin
}

// tidy mends the spacing of a sentence put together from parts: a name
// stands between spaces ("替 Bea 走棋"), but none before or after a
// Chinese mark or at either end; join makes runs of spaces one, which a
// line whose spacing lines its parts up (a board's legend) keeps.
func tidy(s string, join bool) string {
	if join {
		s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' }), " ")
	}
	var b strings.Builder
	r := []rune(s)
	for i, c := range r {
		if c == ' ' && (i > 0 && isCJKMark(r[i-1]) || i+1 < len(r) && isCJKMark(r[i+1])) {
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// isCJKMark reports whether r is a Chinese punctuation mark, beside
// which no space stands.
func isCJKMark(r rune) bool {
	return r >= 0x3000 && r <= 0x303F || r >= 0xFF01 && r <= 0xFF1F && !unicode.IsDigit(r) || r == '…' || r == '—' || r == '“' || r == '”'
}
