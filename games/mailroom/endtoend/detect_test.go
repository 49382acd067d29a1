package endtoend_test

import (
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules/atacama"
)

// TestLanguageDetectedOwnWordsOnly: Bea answers her invitation from a
// Chinese Gmail, which sends no Content-Language: two Chinese words and
// HELP above the quote of pbem's English mail, under pbem's English
// subject. Only what she wrote counts, so she is answered in Chinese.
func TestLanguageDetectedOwnWordsOnly(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 3)
	mt.subject = "Re: [pbem " + id + "] Atacama: Ana, Bea and Cai"
	body := "好的\r\nHELP\r\n\r\n" +
		"pbem <games@pbem.test> 于2026年12月1日周二 15:01写道：\r\n\r\n" +
		"> Ana invited you to a game of Atacama with Bea and Cai.\r\n" +
		"> Reply JOIN to play, or DECLINE.\r\n"
	out := mt.mail(id, 1, tableAddrs[1], utf8Header, body)
	if len(out) == 0 || !strings.Contains(flat(out[0]), "用中文给你写信") {
		t.Errorf("a Chinese Gmail reply under pbem's English subject was answered:\n%s", texts(out))
	}
	// Ana writes English under the same subject: English.
	out = mt.mail(id, 0, tableAddrs[0], utf8Header, "Thanks, I will have a look.\r\nHELP\r\n")
	if len(out) == 0 || !strings.Contains(flat(out[0]), "pbem writes to you in English") {
		t.Errorf("an English reply was answered:\n%s", texts(out))
	}
}
