package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// configKeyTests are configurations an operator might write with one key
// misspelt; each must be refused with the key's name and the file's.
var configKeyTests = []struct {
	name, toml string
	args       []string // the command run with --config FILE appended
	want       string   // the key as named in the error
}{
	{"TopLevelTypo", "mailbx = \"games@pbem.test\"\n[imap]\naddr = \"127.0.0.1:1\"\nusername = \"games\"\n[smtp]\naddr = \"127.0.0.1:1\"\n",
		[]string{"serve"}, "mailbx"},
	{"TrustedAuthTypo", "mailbox = \"games@pbem.test\"\ntrusted_auth_sever = \"mx.pbem.test\"\n",
		[]string{"mail", "parse"}, "trusted_auth_sever"},
	{"NestedTypo", "mailbox = \"games@pbem.test\"\n[smtp]\naddr = \"127.0.0.1:1\"\nmax_retry = \"1h\"\n",
		[]string{"mail", "parse"}, "smtp.max_retry"},
	{"DKIMTypo", "mailbox = \"games@pbem.test\"\n[smtp.dkim]\nselecter = \"s1\"\n",
		[]string{"mail", "parse"}, "smtp.dkim.selecter"},
}

// TestConfigUnknownKey: a misspelt key in the configuration file is an
// error naming the key and the file, not a setting silently left at its
// default.
func TestConfigUnknownKey(t *testing.T) {
	eml := filepath.Join(t.TempDir(), "hello.eml")
	if err := os.WriteFile(eml, []byte("From: ana@pbem.test\r\nTo: games@pbem.test\r\nSubject: hi\r\n\r\nHELP\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range configKeyTests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "pbem.toml")
			if err := os.WriteFile(file, []byte(tt.toml), 0o600); err != nil {
				t.Fatal(err)
			}
			args := append(append([]string{}, tt.args...), "--config", file)
			if tt.args[0] == "mail" {
				args = append(args, eml)
			}
			_, err := pbem(t, t.TempDir(), args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), file) {
				t.Errorf("pbem %s = %v, want an error naming the key %q and the file", strings.Join(args, " "), err, tt.want)
			}
		})
	}
}
