package postoffice

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteCheck: a whole configuration is said to be fine, naming its
// mailbox and servers; one at fault gets each problem on a line of its
// own, under its key, and an error that counts them.
func TestWriteCheck(t *testing.T) {
	for _, kv := range os.Environ() { // the file alone, not this machine's settings
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "PBEM_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
	const whole = `mailbox = "games@example.org"
service = "棋局"
[imap]
addr = "imap.example.org:993"
username = "games"
password = "secret"
[smtp]
addr = "smtp.example.org:465"
`
	for _, c := range []struct {
		name, toml string
		n          int      // lines written
		lines      []string // in what it writes
		err        string
	}{
		{"OK", whole, 1, []string{"no problems (mailbox games@example.org, IMAP imap.example.org:993, SMTP smtp.example.org:465)"}, ""},
		{"ErrUnknownKey", whole + "colour = \"red\"\n", 1, []string{"colour: unknown key"}, "1 problem"},
		{"ErrTwo", strings.Replace(whole, `addr = "smtp.example.org:465"`, "", 1) + "[imap.poll]\nduration = \"often\"\n", 2, []string{"\nsmtp.addr: missing", "imap.poll: "}, "2 problems"},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "pbem.toml")
			if err := os.WriteFile(file, []byte(c.toml), 0o600); err != nil {
				t.Fatal(err)
			}
			var w bytes.Buffer
			err := WriteCheck(&w, file)
			if (c.err == "") != (err == nil) || err != nil && err.Error() != "config "+file+": "+c.err {
				t.Errorf("WriteCheck = %v, want %q", err, c.err)
			}
			got := strings.Split(strings.TrimSuffix(w.String(), "\n"), "\n")
			if len(got) != c.n {
				t.Errorf("WriteCheck wrote %d lines:\n%s", len(got), w.String())
			}
			for _, want := range c.lines {
				if !strings.Contains(w.String(), want) {
					t.Errorf("WriteCheck wrote:\n%s\nwant %q in it", w.String(), want)
				}
			}
		})
	}
}
