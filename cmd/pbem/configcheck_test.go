package main

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/pbem-games/pbem/internal/postoffice"
)

const exampleConfig = "../../pbem.example.toml"

// TestExampleConfig: pbem.example.toml passes pbem config check, and sets
// every key of the configuration with a comment saying what it does, so
// that a key added to the configuration without a word in the example
// fails here.
func TestExampleConfig(t *testing.T) {
	for _, kv := range os.Environ() { // the file alone, not this machine's settings
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "PBEM_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
	out, err := pbem(t, t.TempDir(), "config", "check", "--config", exampleConfig)
	if err != nil || !strings.Contains(out, "no problems") {
		t.Errorf("pbem config check --config pbem.example.toml = %v:\n%s", err, out)
	}
	var c postoffice.Config
	md, err := toml.DecodeFile(exampleConfig, &c)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(readFile(t, exampleConfig), "\n")
	keys := postoffice.KeyNames()
	if len(keys) < 30 {
		t.Fatalf("postoffice.KeyNames found %d keys, want them all: %v", len(keys), keys)
	}
	for _, key := range keys {
		if !md.IsDefined(strings.Split(key, ".")...) {
			t.Errorf("pbem.example.toml does not set %s", key)
			continue
		}
		if !commented(lines, key) {
			t.Errorf("pbem.example.toml sets %s without a comment above it saying what it does", key)
		}
	}
}

// commented says whether key's line in the TOML lines has comment lines
// above it, in the block of lines it stands in.
func commented(lines []string, key string) bool {
	table, last := "", key
	if i := strings.LastIndex(key, "."); i >= 0 {
		table, last = key[:i], key[i+1:]
	}
	in := ""
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "[") {
			in = strings.Trim(l, "[]")
			continue
		}
		if in != table || !strings.HasPrefix(l, last+" =") {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			above := strings.TrimSpace(lines[j])
			if strings.HasPrefix(above, "#") {
				return true
			}
			if above == "" || strings.HasPrefix(above, "[") {
				return false
			}
		}
	}
	return false
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const goodConfig = `mailbox = "games@pbem.example.org"
[imap]
addr = "imap.example.net:993"
username = "games"
[smtp]
addr = "smtp.example.net:465"
`

// configCheckTests are configurations with faults; each fault must be
// named by its key.
var configCheckTests = []struct {
	name string
	toml string
	want []string // each a line of the report
}{
	{"UnknownKey", goodConfig + "max_retry = \"1h\"\n", []string{"smtp.max_retry: unknown key"}},
	{"UnknownTopKey", "mailbx = \"x\"\n" + goodConfig, []string{"mailbx: unknown key"}},
	{"BadDuration", goodConfig + "max_retry_age = \"three days\"\n", []string{"smtp.max_retry_age: "}},
	{"NotATable", "imap = 3\nmailbox = \"games@pbem.example.org\"\n", []string{"imap: is a value, not a table"}},
	{"WrongKind", "rate_per_hour = \"many\"\n" + goodConfig, []string{"rate_per_hour: "}},
	{"BadMailbox", strings.Replace(goodConfig, "games@pbem.example.org", "games at pbem", 1), []string{`mailbox: "games at pbem" is not a mail address`}},
	{"NamedMailbox", strings.Replace(goodConfig, `"games@pbem.example.org"`, `"Games <games@pbem.example.org>"`, 1), []string{"mailbox: ", "without a name"}},
	{"BadAddr", strings.Replace(goodConfig, "imap.example.net:993", "imap.example.net", 1), []string{`imap.addr: "imap.example.net" is not host:port`}},
	{"BadPort", strings.Replace(goodConfig, "smtp.example.net:465", "smtp.example.net:smtp465", 1), []string{"smtp.addr: ", "no port number"}},
	{"Missing", "[imap]\naddr = \"imap.example.net:993\"\n", []string{"mailbox: missing", "imap.username: missing", "smtp.addr: missing"}},
	{"BadSecurity", goodConfig + "security = \"ssl\"\n", []string{`smtp.security: "ssl" is none of tls, starttls, plain`}},
	{"BadWebURL", "web_url = \"games.example.org\"\n" + goodConfig, []string{"web_url: "}},
	{"Negative", "tick = \"-5s\"\nmax_hosted = -1\n" + goodConfig, []string{"tick: -5s is negative", "max_hosted: -1 is negative"}},
	{"ShortSecret", "secret = \"abc\"\n" + goodConfig, []string{"secret: shorter than 16"}},
	{"LogFormat", "log_format = \"xml\"\n" + goodConfig, []string{`log_format: "xml" is neither text nor json`}},
	{"LogLevel", "log_level = \"loud\"\n" + goodConfig, []string{`log_level: "loud" is none of`}},
	{"DKIMUnreadable", goodConfig + "[smtp.dkim]\ndomain = \"pbem.example.org\"\nselector = \"s1\"\nkey_file = \"/nonexistent/dkim.pem\"\n",
		[]string{"smtp.dkim.key_file: cannot be read"}},
	{"DKIMHalf", goodConfig + "[smtp.dkim]\nselector = \"s1\"\n", []string{"smtp.dkim.domain: missing", "smtp.dkim.key_file: missing"}},
	{"Syntax", "mailbox = \"games@pbem.example.org\n", []string{"line 1"}},
	{"Several", "mailbx = 1\ntick = \"soon\"\n" + strings.Replace(goodConfig, "imap.example.net:993", "imap", 1),
		[]string{"mailbx: unknown key", "tick: ", "imap.addr: "}},
}

// TestConfigCheck: pbem config check names every fault of a
// configuration by its key, all of them at once, and exits 1.
func TestConfigCheck(t *testing.T) {
	for _, tt := range configCheckTests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "pbem.toml")
			if err := os.WriteFile(file, []byte(tt.toml), 0o600); err != nil {
				t.Fatal(err)
			}
			out, err := pbem(t, t.TempDir(), "config", "check", "--config", file)
			if err == nil || !strings.Contains(err.Error(), file) {
				t.Errorf("pbem config check = %v, want an error naming %s (exit 1)", err, file)
			}
			if _, ok := err.(usageError); ok {
				t.Errorf("pbem config check = %v, a usage error (exit 2), want exit 1", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("pbem config check printed\n%s\nwant %q", out, w)
				}
			}
		})
	}
	t.Run("DKIMKey", func(t *testing.T) {
		dir := t.TempDir()
		key := filepath.Join(dir, "dkim.pem")
		if err := os.WriteFile(key, []byte("not a key\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "pbem.toml")
		body := goodConfig + "[smtp.dkim]\ndomain = \"pbem.example.org\"\nselector = \"s1\"\nkey_file = \"" + key + "\"\n"
		if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := pbem(t, dir, "config", "check", "--config", file)
		if err == nil || !strings.Contains(out, "smtp.dkim.key_file: ") || !strings.Contains(out, "no RSA or Ed25519 private key") {
			t.Errorf("pbem config check with a key file holding no key = %v:\n%s", err, out)
		}
	})
	for _, args := range [][]string{{"config"}, {"config", "frob", "--config", exampleConfig}, {"config", "check"}} {
		t.Setenv("PBEM_CONFIG", "")
		if _, err := pbem(t, t.TempDir(), args...); err == nil {
			t.Errorf("pbem %s succeeded, want a usage error", strings.Join(args, " "))
		} else if _, ok := err.(usageError); !ok {
			t.Errorf("pbem %s = %v, want a usage error (exit 2)", strings.Join(args, " "), err)
		}
	}
}

// TestLogFlags: serve's log format and level come from its flags, else
// the configuration, and a wrong one is refused before anything starts.
func TestLogFlags(t *testing.T) {
	for _, tt := range []struct{ format, level, want string }{
		{"json", "", `"level":"INFO"`},
		{"", "warn", `level=WARN`},
		{"text", "debug", `level=DEBUG`},
	} {
		var b strings.Builder
		h, err := postoffice.LogHandler(&b, tt.format, tt.level)
		if err != nil {
			t.Fatal(err)
		}
		l := slog.New(h)
		l.Debug("d")
		l.Info("i")
		l.Warn("w")
		if !strings.Contains(b.String(), tt.want) || (tt.level == "warn" && strings.Contains(b.String(), "level=INFO")) {
			t.Errorf("postoffice.LogHandler(%q, %q) wrote %q, want %q", tt.format, tt.level, b.String(), tt.want)
		}
	}
	file := filepath.Join(t.TempDir(), "pbem.toml")
	if err := os.WriteFile(file, []byte(goodConfig), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := pbem(t, t.TempDir(), "serve", "--config", file, "--log-format", "xml"); err == nil || !strings.Contains(err.Error(), "log_format") {
		t.Errorf("pbem serve --log-format xml = %v, want log_format refused", err)
	}
}
