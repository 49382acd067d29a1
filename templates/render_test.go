package templates_test

import (
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/templates"

	"github.com/pbem-games/pbem/internal/golden"
)

// TestGolden renders every fixture and compares it with testdata/<name>.txt
// (the subject, a blank line, the text part) and testdata/<name>.html.
func TestGolden(t *testing.T) {
	for _, f := range fixtures(t) {
		t.Run(f.Name, func(t *testing.T) {
			r, err := templates.Render(f.Mail)
			if err != nil {
				t.Fatalf("Render: %v", err)
			}
			goldenFile(t, f.Name+".txt", "Subject: "+r.Subject+"\n\n"+r.Text)
			goldenFile(t, f.Name+".html", r.HTML)
		})
	}
}

// TestGoldenChinese renders every fixture in Chinese and compares it with
// testdata/zh/<name>.txt and .html: the fixtures' own sentences (what
// happened, the board) stay as the service filled them in English, and
// every word the templates add is Chinese.
func TestGoldenChinese(t *testing.T) {
	for _, f := range fixtures(t) {
		t.Run(f.Name, func(t *testing.T) {
			f.Mail.Lang = "zh"
			r, err := templates.Render(f.Mail)
			if err != nil {
				t.Fatalf("Render: %v", err)
			}
			goldenFile(t, filepath.Join("zh", f.Name+".txt"), "Subject: "+r.Subject+"\n\n"+r.Text)
			goldenFile(t, filepath.Join("zh", f.Name+".html"), r.HTML)
		})
	}
}

func goldenFile(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", name), got)
}

// TestEveryKindHasGoldens checks that no Kind goes without a fixture.
func TestEveryKindHasGoldens(t *testing.T) {
	have := map[templates.Kind]bool{}
	for _, f := range fixtures(t) {
		if f.Name == string(f.Mail.Kind) {
			have[f.Mail.Kind] = true
		}
	}
	for _, k := range templates.Kinds() {
		if !have[k] {
			t.Errorf("no fixture named %q", k)
		}
	}
}

// TestEveryLanguage renders every fixture in every language and checks the
// layout rules every mail keeps.
func TestEveryLanguage(t *testing.T) {
	for _, lang := range append(templates.Languages(), "xx") {
		for _, f := range fixtures(t) {
			t.Run(lang+"/"+f.Name, func(t *testing.T) {
				f.Mail.Lang = lang
				r, err := templates.Render(f.Mail)
				if err != nil {
					t.Fatalf("Render: %v", err)
				}
				checkLayout(t, f.Mail, r)
			})
		}
	}
}

var (
	emptyHTML = regexp.MustCompile(`<(p|li|ul|pre|span|strong)( [^>]*)?>\s*</(p|li|ul|pre|span|strong)>`)
	emptyText = regexp.MustCompile(`(?m)\n\n\n|^\s*[-:·,.]\s*$|^Players\n\n`)
)

func checkLayout(t *testing.T, m templates.Mail, r templates.Rendered) {
	t.Helper()
	for part, s := range map[string]string{"subject": r.Subject, "text": r.Text, "html": r.HTML} {
		for _, bad := range []string{"<no value>", "%!", "{{"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s holds %q", part, bad)
			}
		}
		if strings.ContainsAny(s, "\r") {
			t.Errorf("%s holds a carriage return", part)
		}
	}
	if r.Subject == "" || strings.ContainsAny(r.Subject, "\n") || !strings.HasPrefix(r.Subject, "[pbem") {
		t.Errorf("subject = %q, want one line starting [pbem", r.Subject)
	}
	if m.Game.ID != "" && !strings.HasPrefix(r.Subject, "[pbem "+m.Game.ID+"] ") {
		t.Errorf("subject = %q, want the prefix [pbem %s]", r.Subject, m.Game.ID)
	}
	boardLines := map[string]bool{}
	for l := range strings.SplitSeq(m.Board, "\n") {
		boardLines[l] = true
	}
	for i, l := range strings.Split(r.Text, "\n") {
		if n := templates.Width(l); n > 78 && !boardLines[l] {
			t.Errorf("text line %d has %d columns: %q", i+1, n, l)
		}
		if l != "-- " && strings.TrimRight(l, " ") != l {
			t.Errorf("text line %d ends in a space: %q", i+1, l)
		}
	}
	if loc := emptyText.FindStringIndex(r.Text); loc != nil {
		t.Errorf("text has an empty section at %q", r.Text[max(loc[0]-40, 0):loc[1]])
	}
	if e := emptyHTML.FindString(r.HTML); e != "" {
		t.Errorf("html has an empty element: %s", e)
	}
	if !strings.HasSuffix(r.Text, "\n") || strings.HasSuffix(r.Text, "\n\n") {
		t.Errorf("text does not end in exactly one newline")
	}
	flat := strings.Join(strings.Fields(r.Text), " ")
	for _, want := range required(m) {
		if !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("text lacks %q", want)
		}
	}
	if m.Board != "" && !strings.Contains(r.Text, strings.TrimRight(m.Board, "\n")+"\n") {
		t.Errorf("text does not show the board exactly as given")
	}
}

// required returns what a mail's text part must show.
func required(m templates.Mail) []string {
	want := []string{m.To.Name, m.Mailbox}
	if m.Game.ID != "" {
		want = append(want, m.Game.ID, m.Game.Title)
	}
	if m.YourTurn {
		want = append(want, m.Example)
	}
	for _, s := range []string{m.Reason, m.Attempt, m.SaidBy, m.Result, m.Seed, m.Commitment, m.Deadline, m.Notice} {
		if s != "" {
			want = append(want, s)
		}
	}
	for _, p := range m.Players {
		want = append(want, p.Name)
	}
	for _, g := range m.Games {
		want = append(want, g.ID)
	}
	for _, c := range m.Commands {
		want = append(want, c.Syntax)
	}
	return append(want, m.Happened...)
}

// TestIncomplete checks that a mail missing what its kind needs is an
// error rather than a mail with a hole in it.
func TestIncomplete(t *testing.T) {
	tests := []struct {
		name  string
		fixup func(m *templates.Mail)
		from  string
	}{
		{"UnknownKind", func(m *templates.Mail) { m.Kind = "postcard" }, "your-turn"},
		{"NoName", func(m *templates.Mail) { m.To.Name = "" }, "your-turn"},
		{"NoMailbox", func(m *templates.Mail) { m.Mailbox = "" }, "games"},
		{"NoGame", func(m *templates.Mail) { m.Game = templates.Game{} }, "moved"},
		{"PromptWithoutBoard", func(m *templates.Mail) { m.Board = "" }, "your-turn"},
		{"PromptWithoutExample", func(m *templates.Mail) { m.Example = "" }, "reminder"},
		{"RefusalPromptWithoutExample", func(m *templates.Mail) { m.Example = "" }, "rejected"},
		{"RejectedWithoutReason", func(m *templates.Mail) { m.Reason = "" }, "rejected"},
		{"StaleWithoutChanges", func(m *templates.Mail) { m.Changed = nil }, "stale"},
		{"SaidWithoutText", func(m *templates.Mail) { m.Said = " \r\n" }, "said"},
		{"OverWithoutResult", func(m *templates.Mail) { m.Result = "" }, "game-over"},
		{"HelpWithoutCommands", func(m *templates.Mail) { m.Commands = nil }, "help"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := named(t, tt.from)
			tt.fixup(&m)
			if _, err := templates.Render(m); !errors.Is(err, templates.ErrIncomplete) {
				t.Errorf("Render = %v, want ErrIncomplete", err)
			}
		})
	}
}
