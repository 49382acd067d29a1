package mail

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// corpusExpect is what each mail of the corpus must give, stated here
// rather than only in its golden file, so that a wrong golden cannot pass
// unnoticed: the commands the player meant, and why the mail is
// automatic ("" for a person's mail).
var corpusExpect = []struct {
	name      string
	commands  []string
	automatic string
}{
	{"163-gb2312", []string{"E5", "我的棋友小镕说走这里"}, ""},
	{"android-gmail", []string{"e5"}, ""},
	{"apple-ipad-forward", []string{"Playing from my other account today.", "E5"}, ""},
	{"apple-iphone", []string{"E5"}, ""},
	{"apple-mail-delsp", []string{"E5", "I think this is the end for my left flank, but let’s see what you do with it."}, ""},
	{"apple-mail-mac", []string{"E5", "Cheers,", "Grace"}, ""},
	{"attachment", []string{"E5", "The board as I see it is attached."}, ""},
	{"bounce-dsn", nil, "bounce (Content-Type: multipart/report; report-type=delivery-status)"},
	{"bounce-exim", nil, "bounce (X-Failed-Recipients: nobody@example.com)"},
	{"broken-boundary", []string{"E5"}, ""},
	{"empty-body", []string{}, ""},
	{"encoded-subject-latin1", []string{"E5", "Très bien, à toi de jouer."}, ""},
	{"fastmail-commands", []string{"E5", "F6 G7", "pass", "resign? no, just kidding", "chat: good game so far"}, ""},
	{"forged-auth-results", []string{"resign"}, ""},
	{"foxmail-gbk", []string{"E5", "这步走角落,看你怎么应对。"}, ""},
	{"gmail-alternative", []string{"E5"}, ""},
	{"gmail-forwarded", []string{"E5"}, ""},
	{"gmail-german", []string{"E5, bitte.", "Grüße", "Bob"}, ""},
	{"gmail-several-commands", []string{"place F6", "rotate F6 left", "place G7", "end turn", "Nice try with D4 – not this time!"}, ""},
	{"gmail-vacation", nil, "auto-reply (Auto-Submitted: auto-replied)"},
	{"header-injection", []string{"E5"}, ""},
	{"html-only-scripts", []string{"E5", "F6 & G7", "Pass <if allowed>", "my tiles: 3 left", "café", "naïve", "two spaces", "kept", "chat: good game"}, ""},
	{"huge-line", nil, ""}, // checked in TestCorpusHugeLine
	{"japanese-iso2022jp", []string{"E5でお願いします。"}, ""},
	{"k9-below", []string{"G7, and well played."}, ""},
	{"mailing-list", nil, "list mail (Precedence: list)"},
	{"mobile-zero-width", []string{"E5"}, ""},
	{"mutt-interleaved", []string{"Saw it.", "F6"}, ""},
	{"no-message-id", []string{"E5"}, ""},
	{"outlook-com-html", []string{"E5", "Cheers, Carla"}, ""},
	{"outlook-desktop", []string{"E5", "Sorry for the delay – I was travelling.", "Bob"}, ""},
	{"outlook-french", []string{"E5", "Amicalement,", "Élodie"}, ""},
	{"outlook-mobile", []string{"E5"}, ""},
	{"outlook-out-of-office", nil, "auto-reply (Subject: Automatic reply:)"},
	{"own-mail-loop", nil, "our own mail (From: games@pbem.example.org)"},
	{"proton-top-posted", []string{"E5"}, ""},
	{"qq-gb18030", []string{"E5", "名字里有个𠮷字,哈哈"}, ""},
	{"related-nested", []string{"E5 – see my board:"}, ""},
	{"sieve-auto-replied", nil, "auto-reply (Auto-Submitted: auto-replied (vacation))"},
	{"thunderbird-below", []string{"F6"}, ""},
	{"thunderbird-big5", []string{"E5", "這步下在角落。"}, ""},
	{"thunderbird-flowed", []string{"I'll take the corner this time; it is the only square left that keeps my chain alive.", "From now on I will answer faster, promised.", "E5"}, ""},
	{"unknown-charset", []string{"E5", "Très bien."}, ""},
	{"windows-mail-base64", []string{"E5"}, ""},
	{"yahoo", []string{"E5"}, ""},
}

// parseCorpus parses one mail of the corpus.
func parseCorpus(tb testing.TB, name string) *Parsed {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "corpus", name+".eml"))
	if err != nil {
		tb.Fatal(err)
	}
	p, err := Parse(raw, corpusLimits)
	if err != nil {
		tb.Fatalf("Parse(%s) error: %v", name, err)
	}
	return p
}

func TestCorpusExpect(t *testing.T) {
	listed := map[string]bool{}
	for _, tt := range corpusExpect {
		listed[tt.name] = true
		t.Run(tt.name, func(t *testing.T) {
			p := parseCorpus(t, tt.name)
			if tt.commands != nil && !slices.Equal(p.Commands, tt.commands) {
				t.Errorf("Parse(%s).Commands = %q, want %q", tt.name, p.Commands, tt.commands)
			}
			if p.Automatic != tt.automatic {
				t.Errorf("Parse(%s).Automatic = %q, want %q", tt.name, p.Automatic, tt.automatic)
			}
		})
	}
	for _, file := range corpusFiles(t) {
		if name := strings.TrimSuffix(filepath.Base(file), ".eml"); !listed[name] {
			t.Errorf("corpus mail %s has no expectation in corpusExpect", name)
		}
	}
}

func TestCorpusHugeLine(t *testing.T) {
	p := parseCorpus(t, "huge-line")
	if len(p.Commands) != 2 || p.Commands[0] != "E5" || !p.Truncated {
		t.Fatalf("Parse(huge-line) = %d commands, first %q, truncated %v; want 2, \"E5\", true", len(p.Commands), firstOf(p.Commands), p.Truncated)
	}
	if n := len(p.Commands[1]); n != MaxCommandBytes {
		t.Errorf("Parse(huge-line) second command is %d bytes, want %d", n, MaxCommandBytes)
	}
	if strings.Contains(p.Text, "xxxx") {
		t.Errorf("Parse(huge-line).Text has the quoted line, want it cut")
	}
}

// corpusFields checks what the corpus says of senders, recipients and ids.
var corpusFields = []struct {
	name                      string
	from, fromName, messageID string
	recipient                 string // the first recipient
}{
	{"gmail-alternative", "bob.example@example.com", "Bob Example", "CAF8x3Yq1+2Jm0Xk9sVw4pR7nLhQe5tKd0Tz3uG6bNcA@mail.example.com", "games+k7q2mx.1.abcdefghij@pbem.example.org"},
	{"outlook-desktop", "bob@example.net", "Bob Example", "000001da6e3f$5a8b1c70$0fa15550$@example.net", "games@pbem.example.org"},
	{"foxmail-gbk", "chen.wei@example.com", "陈伟", "202403041718260123456@example.com", "games+k7q2mx.1.abcdefghij@pbem.example.org"},
	{"qq-gb18030", "chen.wei@example.net", "陈伟", "tencent_0A1B2C3D4E5F60718293A4B5C6D7E8F9A0B5@qq.example.com", "games+k7q2mx.1.abcdefghij@pbem.example.org"},
	{"thunderbird-big5", "mei@example.org", "林美", "c0d1e2f3-a4b5-4c6d-8e7f-9a0b1c2d3e4f@example.org", "games+k7q2mx.1.abcdefghij@pbem.example.org"},
	{"encoded-subject-latin1", "renee.francois@example.net", "Renée François", "renee.1709581200@example.net", "games+k7q2mx.1.abcdefghij@pbem.example.org"},
	{"no-message-id", "tom@example.net", "", "", "games+k7q2mx.1.abcdefghij@pbem.example.org"},
	{"header-injection", "zed@example.com", "Zed Bcc: victim@example.com", "inject=0D=0Aion.1709587800@example.com", "games+k7q2mx.1.abcdefghij@pbem.example.org"},
	{"mailing-list", "lena@example.net", "Lena Example", "20240304141000.GA12345@example.net", "games@pbem.example.org"},
}

func TestCorpusFields(t *testing.T) {
	for _, tt := range corpusFields {
		p := parseCorpus(t, tt.name)
		got := []string{p.From, p.FromName, p.MessageID, firstOf(p.Recipients)}
		want := []string{tt.from, tt.fromName, tt.messageID, tt.recipient}
		if !slices.Equal(got, want) {
			t.Errorf("Parse(%s) from, name, id, recipient = %q, want %q", tt.name, got, want)
		}
	}
}

func TestCorpusSubjects(t *testing.T) {
	for name, want := range map[string]string{
		"encoded-subject-latin1": "Re: [pbem] k7q2mx: your move — ça va à moi de jouer",
		"foxmail-gbk":            "回复: [pbem] k7q2mx: your move (Atacama, turn 12)",
		"qq-gb18030":             "回复：[pbem] k7q2mx: your move (Atacama, turn 12)",
		"163-gb2312":             "回复:[pbem] k7q2mx: your move (Atacama, turn 12)",
		"thunderbird-big5":       "Re: [pbem] k7q2mx: 輪到你了",
		"header-injection":       "move X-Injected: yes",
	} {
		if got := parseCorpus(t, name).Subject; got != want {
			t.Errorf("Parse(%s).Subject = %q, want %q", name, got, want)
		}
	}
}

// TestCorpusPassed checks that only the topmost results of the trusted
// server count, so that results a sender wrote into the mail do not.
func TestCorpusPassed(t *testing.T) {
	for _, tt := range []struct {
		name, server, method string
		want                 bool
	}{
		{"gmail-alternative", "mx.pbem.example.org", "dkim", true},
		{"gmail-alternative", "mx.pbem.example.org", "dmarc", true},
		{"gmail-alternative", "mx.pbem.example.org", "spf", true},
		{"gmail-alternative", "MX.PBEM.EXAMPLE.ORG", "DMARC", true},
		{"gmail-alternative", "mx.other.example.org", "dmarc", false},
		{"gmail-german", "mx.pbem.example.org", "spf", false},
		{"outlook-desktop", "mx.pbem.example.org", "dkim", false},
		{"outlook-desktop", "mx.pbem.example.org", "dmarc", true},
		{"fastmail-commands", "mx.pbem.example.org", "dkim", true},
		{"forged-auth-results", "mx.pbem.example.org", "dkim", false},
		{"forged-auth-results", "mx.pbem.example.org", "dmarc", false},
		{"forged-auth-results", "mx.pbem.example.org", "spf", false},
		{"no-message-id", "mx.pbem.example.org", "dmarc", false},
	} {
		if got := parseCorpus(t, tt.name).Passed(tt.server, tt.method); got != tt.want {
			t.Errorf("Parse(%s).Passed(%q, %q) = %v, want %v", tt.name, tt.server, tt.method, got, tt.want)
		}
	}
}

// TestCorpusHTMLAgrees reads the HTML alternative of every corpus mail
// that has one as well as its plain text: both must give the same
// commands, which tests the HTML layout and quote cutting on what real
// clients write.
func TestCorpusHTMLAgrees(t *testing.T) {
	lim := Limits{}.withDefaults()
	compared := 0
	for _, file := range corpusFiles(t) {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		h, body, err := readHeader(raw)
		if err != nil {
			t.Fatal(err)
		}
		var w walker
		found := w.entity(h, body, 0)
		if strings.TrimSpace(found.plain) == "" || strings.TrimSpace(found.html) == "" {
			continue
		}
		compared++
		var plain, html Parsed
		lines, written, truncated := ownText(found.plain, false, lim.MaxLines)
		plain.setText(lines, written, truncated, lim)
		lines, written, truncated = ownText(found.html, true, lim.MaxLines)
		html.setText(lines, written, truncated, lim)
		if !slices.Equal(plain.Commands, html.Commands) {
			t.Errorf("%s: commands of the HTML = %q, want those of the plain text, %q", filepath.Base(file), html.Commands, plain.Commands)
		}
	}
	if compared < 15 {
		t.Errorf("compared %d corpus mails with both plain text and HTML, want at least 15", compared)
	}
}
