package main

import (
	"fmt"
	netmail "net/mail"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/pbem-games/pbem/mail"
)

// TestMailCommandsStopped: an operator reads the outbox of a stopped
// service on the command line: the notices of a game made there, each
// shown as the mail it would be, and told that a notice not held has
// nothing to retry.
func TestMailCommandsStopped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "ana@example.org,bea@example.net")
	list := mustPbem(t, dir, "mail", "list", id)
	if got := strings.Count(list, "\n<"); got != 2 || !strings.Contains(list, "queued") {
		t.Fatalf("pbem mail list %s gives %d notices, want the two invitations, queued:\n%s", id, got, list)
	}
	first := strings.Fields(strings.Split(list, "\n")[1])[0]
	out := mustPbem(t, dir, "mail", "show", first)
	for _, want := range []string{"Message-ID: " + first, "<ana@example.org>", "X-Pbem-Kind: invitation", "text/html"} {
		if !strings.Contains(out, want) {
			t.Errorf("pbem mail show %s lacks %q:\n%.600s", first, want, out)
		}
	}
	if _, err := pbem(t, dir, "mail", "retry", first); err == nil || !strings.Contains(err.Error(), "not held") {
		t.Errorf("pbem mail retry of a queued notice = %v, want it not held", err)
	}
	if _, err := pbem(t, dir, "mail", "show", "<nothing@pbem.invalid>"); err == nil {
		t.Errorf("pbem mail show of an unknown Message-ID succeeded")
	}
}

// TestNewWithLanguages: pbem new --lang sets every player's language, and
// ADDRESS:LANG one player's own; the invitations are written so.
func TestNewWithLanguages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "ana@example.org:en,Bea <bea@example.net>", "--lang", "zh")
	list := mustPbem(t, dir, "mail", "list", id)
	want := map[string]string{"ana@example.org": "Content-Language: en", "bea@example.net": "Content-Language: zh"}
	for _, line := range strings.Split(list, "\n")[1:] {
		if !strings.HasPrefix(line, "<") {
			continue
		}
		out := mustPbem(t, dir, "mail", "show", strings.Fields(line)[0])
		for addr, lang := range want {
			if strings.Contains(out, "<"+addr+">") {
				if !strings.Contains(out, lang) {
					t.Errorf("the invitation to %s is not in %q:\n%.400s", addr, lang, out)
				}
				delete(want, addr)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("no invitation to %v", want)
	}
	if _, err := pbem(t, dir, "new", "atacama", "--players", "a@example.org,b@example.org", "--lang", "klingon"); err == nil {
		t.Errorf("pbem new --lang klingon succeeded")
	}
}

// TestShowInChinese: pbem show --lang zh writes an Atacama board's words
// in Chinese, its drawing as it is.
func TestShowInChinese(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "ana@example.org,bea@example.net", "--seed", "3")
	en := mustPbem(t, dir, "show", id, "--seat", "1")
	zh := mustPbem(t, dir, "show", id, "--seat", "1", "--lang", "zh")
	if !strings.Contains(en, "Rigs left:") || !strings.Contains(zh, "剩余钻井：") || strings.Contains(zh, "Rigs left") {
		t.Errorf("pbem show --lang zh:\n%s", zh)
	}
	if board := strings.Split(en, "\n")[3]; !strings.Contains(zh, board) {
		t.Errorf("the Chinese board lacks the drawing's line %q", board)
	}
	if _, err := pbem(t, dir, "show", id, "--lang", "klingon"); err == nil {
		t.Errorf("pbem show --lang klingon succeeded")
	}
	if head := strings.Split(zh, "\n")[0]; !strings.HasPrefix(head, "对局 "+id) || !strings.Contains(head, "座位 1（") || english.MatchString(strings.NewReplacer("Atacama", "", "ana", "", "bea", "", id, "").Replace(head)) {
		t.Errorf("pbem show --lang zh heads the board with %q, want it in Chinese", head)
	}
}

// TestLogInChinese: pbem log --lang zh says what each event did in
// Chinese, as a Chinese reader's mail does; without it, in English.
func TestLogInChinese(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	id := newGame(t, dir, "--players", "Ana,Bea", "--seed", "3")
	mustPbem(t, dir, "move", id, "--seat", "0", "E5")
	en, zh := mustPbem(t, dir, "log", id), mustPbem(t, dir, "log", id, "--lang", "zh")
	if !strings.Contains(en, "placed a rig on E5") || !strings.Contains(zh, "在 E5 放了一个钻井") || strings.Contains(zh, "placed a rig") {
		t.Errorf("pbem log --lang zh:\n%s\nin English:\n%s", zh, en)
	}
	if _, err := pbem(t, dir, "log", id, "--lang", "klingon"); err == nil {
		t.Errorf("pbem log --lang klingon succeeded")
	}
}

// english is a run of three Latin letters: a word of English.
var english = regexp.MustCompile(`[A-Za-z]{3,}`)

// TestMailShowChinese: pbem mail show of any notice to a player whose
// language is zh prints a Chinese mail with no English sentence, in every
// game: the invitation, the prompts, the answers to their moves and the
// news of the other's.
func TestMailShowChinese(t *testing.T) {
	t.Parallel()
	sentence := regexp.MustCompile(`\b[a-z]{2,}(?:[ ,;:]+[a-z]{2,}){2,}\b`) // three English words in a row
	for _, game := range []string{"atacama", "altiplano", "archipelago"} {
		t.Run(game, func(t *testing.T) {
			dir := t.TempDir()
			out := mustPbem(t, dir, "new", game, "--players", "ana@example.org:en,bea@example.net:zh")
			id := strings.TrimSpace(out)
			for range 4 {
				for seat := range 2 {
					legal := strings.Fields(strings.SplitN(mustPbem(t, dir, "legal", id, "--seat", fmt.Sprint(seat)), "\n", 2)[0])
					if len(legal) > 0 {
						mustPbem(t, dir, "move", id, "--seat", fmt.Sprint(seat), strings.Join(legal, " "))
					}
				}
			}
			kinds := map[string]bool{}
			for _, line := range strings.Split(mustPbem(t, dir, "mail", "list", id), "\n")[1:] {
				if !strings.Contains(line, "bea@example.net") {
					continue
				}
				raw := mustPbem(t, dir, "mail", "show", strings.Fields(line)[0])
				msg, err := netmail.ReadMessage(strings.NewReader(raw))
				if err != nil {
					t.Fatal(err)
				}
				p, err := mail.Parse([]byte(raw), mail.Limits{}) // its text, decoded as pbem reads any mail
				if err != nil {
					t.Fatal(err)
				}
				kind := msg.Header.Get("X-Pbem-Kind")
				kinds[kind] = true
				text := p.Text
				if msg.Header.Get("Content-Language") != "zh" || !strings.ContainsFunc(text, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
					t.Errorf("the %s mail to Bea is not Chinese:\n%s", kind, text)
				}
				if m := sentence.FindString(text); m != "" {
					t.Errorf("the %s mail to Bea says %q in English:\n%s", kind, m, text)
				}
			}
			for _, k := range []string{"invitation", "your-turn", "accepted"} {
				if !kinds[k] {
					t.Errorf("no %s mail to Bea among %v", k, kinds)
				}
			}
		})
	}
}
