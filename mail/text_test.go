package mail

import (
	"strings"
	"testing"
)

// cutTests are replies as lines, "|" standing for a line break, and the
// own text cut keeps of them.
var cutTests = []struct {
	in, want string
}{
	{"E5", "E5"},
	{"|  |E5||", "E5"},
	{"E5|> It is your move|> E5", "E5"},
	{"E5||On Mon, Mar 4, 2024 at 10:15 AM pbem <games@pbem.example.org> wrote:|> E5", "E5"},
	{"E5||On Mon, Mar 4, 2024 at 10:15 AM pbem <|games@pbem.example.org> wrote:||> E5", "E5"},
	{"E5|On Mon, Mar 4, 2024 at 10:15 AM|pbem <games@pbem.example.org> wrote:|> E5", "E5"},
	{"E5|On Mon, Mar 4, 2024 at 10:15 AM pbem wrote:|It is your move", "E5"},
	{"E5|pbem <games@pbem.example.org> wrote:|> E5", "E5"},
	{"E5|Am Mo., 4. März 2024 um 10:15 Uhr schrieb pbem <|games@pbem.example.org>:|> E5", "E5"},
	{"E5|Le lun. 4 mars 2024 à 10:15, pbem <games@pbem.example.org> a écrit :|> E5", "E5"},
	{"E5|El lun, 4 mar 2024 a las 10:15, pbem (<games@pbem.example.org>) escribió:|> E5", "E5"},
	{"E5|Em seg., 4 de mar. de 2024 às 10:15, pbem <games@pbem.example.org> escreveu:|> E5", "E5"},
	{"E5|Il giorno lun 4 mar 2024 alle ore 10:15 pbem <games@pbem.example.org> ha scritto:|> E5", "E5"},
	{"E5|Op ma 4 mrt 2024 om 10:15 schreef pbem <games@pbem.example.org>:|> E5", "E5"},
	{"E5|在 2024-03-04 17:15:00，\"pbem\" <games@pbem.example.org> 写道：|>E5", "E5"},
	{"E5|pbem <games@pbem.example.org> 于2024年3月4日周一 17:15写道：|> E5", "E5"},
	{"E5|pbem <|games@pbem.example.org> 於 2024年3月4日 週一 下午5:15寫道：|> E5", "E5"},
	{"E5|2024年3月4日(月) 10:15 pbem <games@pbem.example.org>:|> E5", "E5"},
	{"E5|* pbem <games@pbem.example.org> [2024-03-04 10:15]:|> E5", "E5"},
	{"my address is bob@example.net:|E5", "my address is bob@example.net:|E5"}, // no quote follows
	{"The rules say:|E5", "The rules say:|E5"},
	{"E5|From: pbem <games@pbem.example.org>|Sent: Monday, March 4, 2024 10:15 AM|E5", "E5"},
	{"E5|From: pbem|To: Bob|Date: Mon, 4 Mar 2024|E5", "E5"},
	{"E5|Von: pbem <games@pbem.example.org>|Gesendet: Montag, 4. März 2024 10:15|E5", "E5"},
	{"E5|De : pbem|Envoyé : lundi 4 mars 2024 10:15|E5", "E5"},
	{"E5|发件人： pbem|发送时间： 2024-03-04 17:15|E5", "E5"},
	{"E5|From: the north|E6", "E5|From: the north|E6"}, // no Sent or Date line follows
	{"E5|-----Original Message-----|E5", "E5"},
	{"E5|------------------ 原始邮件 ------------------|E5", "E5"},
	{"E5|________________________________|From: pbem|E5", "E5"},
	{"E5|---------- Forwarded message ---------|From: pbem|E5", "E5"},
	{"E5|Begin forwarded message:||> From: pbem", "E5"},
	{"E5|-- |Bob", "E5"},
	{"E5|--|Bob", "E5"},
	{"E5|---|F6", "E5|---|F6"},
	{"E5||Sent from my iPhone", "E5"},
	{"E5|Sent from my Android phone with mail.example.net", "E5"},
	{"E5|Get Outlook for iOS<https://aka.example.com/o0ukef>", "E5"},
	{"E5|发自我的iPhone", "E5"},
	{"E5|Von meinem iPhone gesendet", "E5"},
	{"E5|Envoyé de mon iPad", "E5"},
	{"> It is your move|> E5||F6", "F6"},
	{"On Mon, Mar 4, 2024 at 10:15 AM pbem <|games@pbem.example.org> wrote:|> It is your move||F6|-- |Bob", "F6"},
	{"> one|E5|> two|F6", "E5|F6"},
	{"Sent from my iPhone||> On 4 Mar 2024 pbem wrote:|> E5", ""},
	{"From: pbem|Sent: Monday|E5", ""},
}

// splitBars splits a test text at its "|" line breaks.
func splitBars(s string) []string { return strings.Split(s, "|") }

func TestCut(t *testing.T) {
	for _, tt := range cutTests {
		got, truncated := cut(normalize(strings.ReplaceAll(tt.in, "|", "\n")), DefaultMaxLines)
		if strings.Join(got, "|") != tt.want || truncated {
			t.Errorf("cut(%q) = %q, %v, want %q, false", tt.in, strings.Join(got, "|"), truncated, tt.want)
		}
	}
}

func TestCutMaxLines(t *testing.T) {
	for _, tt := range []struct {
		in        string
		max       int
		want      string
		truncated bool
	}{
		{"a|b|c", 3, "a|b|c", false},
		{"a|b|c|d", 3, "a|b|c", true},
		{"a|b|c|||> d", 3, "a|b|c", false},
		{"a|b|c|||e", 3, "a|b|c", true},
		{"> q|a|b|c|d", 3, "a|b|c", true},
	} {
		got, truncated := cut(splitBars(tt.in), tt.max)
		if strings.Join(got, "|") != tt.want || truncated != tt.truncated {
			t.Errorf("cut(%q, %d) = %q, %v, want %q, %v", tt.in, tt.max, strings.Join(got, "|"), truncated, tt.want, tt.truncated)
		}
	}
}

func TestNormalize(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"ｅ５", "e5"},
		{"Ｅ５　Ｆ６", "E5 F6"},
		{"E\u200b5\u200c\u200d\u2060\ufeff", "E5"},
		{"E5\u00a0\u00a0", "E5"},
		{"E5 \t ", "E5"},
		{"E5\r\nF6\rG7\u2028H8", "E5|F6|G7|H8"},
		{"\x00E\x075\x1b", "E5"},
		{"在 2024 写道：", "在 2024 写道:"},
		{"\u202eE5", "E5"},
	} {
		if got := strings.Join(normalize(tt.in), "|"); got != tt.want {
			t.Errorf("normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCommands(t *testing.T) {
	lim := Limits{MaxCommands: 3}.withDefaults()
	for _, tt := range []struct {
		in        string
		want      string
		truncated bool
	}{
		{"  E5  |F6\t G7||", "E5|F6 G7", false},
		{"a|b|c", "a|b|c", false},
		{"a||b||c||d", "a|b|c", true},
		{"", "", false},
		{strings.Repeat("é", MaxCommandBytes), strings.Repeat("é", MaxCommandBytes/2), true},
	} {
		var p Parsed
		p.setText(splitBars(tt.in), splitBars(tt.in), false, lim)
		if got := strings.Join(p.Commands, "|"); got != tt.want || p.Truncated != tt.truncated {
			t.Errorf("setText(%.40q).Commands = %.40q, %v, want %.40q, %v", tt.in, got, p.Truncated, tt.want, tt.truncated)
		}
	}
}
