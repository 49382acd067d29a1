package mail

import (
	"regexp"
	"strings"
)

// A mark is what a line of a reply starts, if anything.
type mark int

const (
	noMark    mark = iota
	quoteMark      // quoted text: a ">" line, or an attribution followed by one
	endMark        // nothing after it is the player's own: a signature, a footer, a quoted header
)

// cut keeps the player's own lines: everything before the first quoted
// block, attribution, quoted header, forwarded message, signature or
// mobile footer, with blank lines trimmed at both ends, at most maxLines
// lines. A reply written below the quote instead (nothing but blank lines
// above the first ">" block) keeps its unquoted lines between and after
// the quotes. cut reports whether lines were dropped for the limit.
func cut(lines []string, maxLines int) ([]string, bool) {
	at, truncated := cutAt(lines, maxLines)
	own := make([]string, len(at))
	for k, i := range at {
		own[k] = lines[i]
	}
	return own, truncated
}

// cutAt is cut, giving the indices of the lines it keeps.
func cutAt(lines []string, maxLines int) ([]int, bool) {
	own, m, at := collect(lines, 0, maxLines, false)
	if m == quoteMark && len(trimBlank(lines, own)) == 0 {
		own, m, _ = collect(lines, at, maxLines, true)
	}
	return trimBlank(lines, own), m == limitMark
}

// limitMark ends a collect that reached its limit.
const limitMark mark = -1

// collect gathers the indices of lines from from up to the first mark,
// or with below, of the lines outside the quotes up to the first end
// mark. It returns the mark it stopped at and the line where that mark
// begins.
func collect(lines []string, from, maxLines int, below bool) ([]int, mark, int) {
	var own []int
	for i := from; i < len(lines); i++ {
		m, back := markAt(lines, i)
		if m != noMark {
			own = own[:max(len(own)-back, 0)] // the attribution's first lines
			if !below || m == endMark {
				return own, m, i - back
			}
			continue
		}
		if len(own) == maxLines {
			if strings.TrimSpace(lines[i]) != "" {
				return own, limitMark, i
			}
			continue
		}
		own = append(own, i)
	}
	return own, noMark, len(lines)
}

// markAt tells what line i starts. An attribution is found at its last
// line; back says how many lines before i it began.
func markAt(lines []string, i int) (m mark, back int) {
	l := strings.TrimSpace(lines[i])
	switch {
	case l == "":
		return noMark, 0
	case l[0] == '>':
		return quoteMark, 0
	case l == "--" || footer.MatchString(l) || original.MatchString(l) || forwarded.MatchString(l):
		return endMark, 0
	case headerStart.MatchString(l) && headerFollows(lines, i+1, headerNext):
		return endMark, 0
	case rule.MatchString(l):
		return endMark, 0
	}
	if !strings.HasSuffix(l, ":") { // every attribution ends with a colon
		return noMark, 0
	}
	quote := quoteFollows(lines, i+1)
	back, ok := attribution(lines, i, quote)
	switch {
	case !ok:
		return noMark, 0
	case quote:
		return quoteMark, back
	}
	return endMark, back
}

// quoteFollows reports whether the next non-blank line is quoted.
func quoteFollows(lines []string, from int) bool {
	for j := from; j < len(lines); j++ {
		if next := strings.TrimSpace(lines[j]); next != "" {
			return next[0] == '>'
		}
	}
	return false
}

// headerFollows reports whether one of the next few non-blank lines
// matches re, as the lines of a quoted header block do.
func headerFollows(lines []string, from int, re *regexp.Regexp) bool {
	seen := 0
	for j := from; j < len(lines) && seen < 5; j++ {
		l := strings.TrimSpace(lines[j])
		if l == "" {
			continue
		}
		if re.MatchString(l) {
			return true
		}
		seen++
	}
	return false
}

// trimBlank drops the blank lines at both ends of own, indices of lines.
func trimBlank(lines []string, own []int) []int {
	for len(own) > 0 && strings.TrimSpace(lines[own[0]]) == "" {
		own = own[1:]
	}
	for len(own) > 0 && strings.TrimSpace(lines[own[len(own)-1]]) == "" {
		own = own[:len(own)-1]
	}
	return own
}

// The lines that end the player's own text. They are matched after
// normalize, so full-width colons are plain ones.
var (
	footer = regexp.MustCompile(`(?i)^(` +
		`sent from my .+|sent from (yahoo mail|mail for windows|outlook|samsung|gmail|proton mail).*|` +
		`sent (from|with) (an? )?(iphone|ipad|android|mobile|blackberry|proton).*|` +
		`get outlook for (ios|android).*|` +
		`发自我的.+|发送自我的.+|来自我的.+|來自我的.+|從我的.+傳送|从我的.+发送|` +
		`envoyé de mon .+|von meinem .+ gesendet.*|enviado desde mi .+|enviado do meu .+|inviato da(l mio)? (iphone|ipad|android|smartphone).*|verzonden (met|vanaf) (mijn )?(iphone|ipad|android).*` +
		`)$`)
	original  = regexp.MustCompile(`(?i)^-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|oorspronkelijk bericht|mensagem original|original|原始邮件|原始郵件|原邮件)\s*-{2,}$`)
	forwarded = regexp.MustCompile(`(?i)^(-{2,}\s*(forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado|转发邮件|轉寄郵件|转发的邮件)\s*-{2,}|begin forwarded message:|début du message réexpédié\s?:|anfang der weitergeleiteten nachricht:)$`)

	// A rule of underscores: Outlook's line above the quoted header, or
	// the line above a mailing list's footer.
	rule = regexp.MustCompile(`^_{10,}$`)

	// The header block Outlook and others put above the quoted mail:
	// a From line and, within a few lines, a Sent or Date line.
	headerStart = regexp.MustCompile(`(?i)^\*?(from|von|de|van|da|od|от|发件人|寄件者|差出人)\s?:\*?\s*\S`)
	headerNext  = regexp.MustCompile(`(?i)^\*?(sent|date|gesendet|datum|envoyé|enviado|verzonden|inviato|data|отправлено|дата|发送时间|日期|寄件日期|送信日時|時間)\s?:`)
)

// An attribution is the line a client writes above the quote, "On …,
// Alice <alice@example.org> wrote:", in some language; start matches its
// beginning, end its end. A generic form is tried only when no form of a
// language matches, and a loose one counts only right above a quote.
type attributionForm struct {
	start, end     *regexp.Regexp
	generic, loose bool
}

var attributionForms = []attributionForm{
	{regexp.MustCompile(`(?i)^on\s`), regexp.MustCompile(`(?i)\swrote:$`), false, false},
	{regexp.MustCompile(`@`), regexp.MustCompile(`(?i)\swrote:$`), true, false},
	{regexp.MustCompile(`(?i)^am\s`), regexp.MustCompile(`(?i)\sschrieb\b.*:$`), false, false},
	{regexp.MustCompile(`(?i)^le\s`), regexp.MustCompile(`(?i)\sa écrit ?:$`), false, false},
	{regexp.MustCompile(`(?i)^el\s`), regexp.MustCompile(`(?i)\sescribió:$`), false, false},
	{regexp.MustCompile(`(?i)^em\s`), regexp.MustCompile(`(?i)\sescreveu:$`), false, false},
	{regexp.MustCompile(`(?i)^il\s`), regexp.MustCompile(`(?i)\sha scritto:$`), false, false},
	{regexp.MustCompile(`(?i)^op\s`), regexp.MustCompile(`(?i)\sschreef\b.*:$`), false, false},
	{regexp.MustCompile(`^在`), regexp.MustCompile(`写道:$`), false, false},
	{regexp.MustCompile(`于`), regexp.MustCompile(`写道:$`), false, false},
	{regexp.MustCompile(`於`), regexp.MustCompile(`寫道:$`), false, false},
	{regexp.MustCompile(`^\d{4}年\d{1,2}月\d{1,2}日`), regexp.MustCompile(`@.*>:$`), false, false},
	{regexp.MustCompile(`\S`), regexp.MustCompile(`(?i)\sнаписала?:$`), true, false},
	{regexp.MustCompile(`@`), regexp.MustCompile(`:$`), true, true}, // "* Alice <alice@example.org> [2024-03-04 10:15]:"
}

// attribution reports whether line i is the last line of an attribution,
// and how many lines before it the attribution began; quote says whether
// a quote follows. Clients wrap long attributions (Gmail's plain text
// often breaks inside the address), so it may begin up to two lines
// earlier: as late as a form matches and no line of it starts inside an
// address.
func attribution(lines []string, i int, quote bool) (back int, ok bool) {
	for _, generic := range []bool{false, true} {
		best := -1
		for _, f := range attributionForms {
			if f.generic != generic || (f.loose && !quote) {
				continue
			}
			if b := f.begins(lines, i); b >= 0 && (best < 0 || b < best) {
				best = b
			}
		}
		if best >= 0 {
			return best, true
		}
	}
	return 0, false
}

// begins returns how many lines before i an attribution of form f that
// ends at line i begins, or -1.
func (f attributionForm) begins(lines []string, i int) int {
	text := ""
	for b := 0; b <= 2 && i-b >= 0; b++ {
		line := strings.TrimSpace(lines[i-b])
		if line == "" {
			return -1
		}
		text = strings.TrimSpace(line + " " + text)
		if f.start.MatchString(text) && f.end.MatchString(text) && !insideAddress(line) {
			return b
		}
	}
	return -1
}

// insideAddress reports whether a line starts in the middle of an
// address: its first angle bracket closes one.
func insideAddress(line string) bool {
	i := strings.IndexAny(line, "<>")
	return i >= 0 && line[i] == '>'
}
