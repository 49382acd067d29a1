package postoffice

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestOperatingConfigs: every configuration in docs/operating.md loads
// without an unknown key and has what pbem serve needs, and the one for a
// local Dovecot and Postfix names what scripts/mailservers.sh sets up:
// its ports, domain and password, and no trusted_auth_server, which those
// servers' mail could never satisfy.
func TestOperatingConfigs(t *testing.T) {
	doc, err := os.ReadFile("../../docs/operating.md")
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("../../scripts/mailservers.sh")
	if err != nil {
		t.Fatal(err)
	}
	set := func(name string) string {
		// NAME=value, or NAME=${VARIABLE:-value}: the default.
		m := regexp.MustCompile(`(?m)^` + name + `=(?:\$\{[A-Z_]+:-)?([^\s}]+)\}?$`).FindSubmatch(script)
		if m == nil {
			t.Fatalf("scripts/mailservers.sh sets no %s", name)
		}
		return string(m[1])
	}
	var local *Config
	heading := ""
	lines := strings.Split(string(doc), "\n")
	for i := 0; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "#") {
			heading = lines[i]
		}
		if strings.TrimSpace(lines[i]) != "```toml" {
			continue
		}
		var body []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			body = append(body, lines[i])
		}
		file := filepath.Join(t.TempDir(), "pbem.toml")
		if err := os.WriteFile(file, []byte(strings.Join(body, "\n")), 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := LoadConfig(file)
		if err == nil {
			err = c.Check()
		}
		if err != nil {
			t.Errorf("docs/operating.md, %s: %v", heading, err)
			continue
		}
		if heading == "### A local Dovecot and Postfix" {
			local = &c
		}
	}
	if local == nil {
		t.Fatal(`docs/operating.md has no configuration under "### A local Dovecot and Postfix"`)
	}
	host := set("HOST")
	for _, tt := range []struct{ key, got, want string }{
		{"imap.addr", local.IMAP.Addr, host + ":" + set("IMAP_PORT")},
		{"smtp.addr", local.SMTP.Addr, host + ":" + set("SMTP_PORT")},
		{"imap.password", local.IMAP.Password, set("PASSWORD")},
		{"the mailbox's domain", local.IDDomain(), set("DOMAIN")},
		{"trusted_auth_server", local.TrustedAuth, ""},
	} {
		if tt.got != tt.want {
			t.Errorf("docs/operating.md's local Dovecot and Postfix: %s = %q, want %q as scripts/mailservers.sh sets up", tt.key, tt.got, tt.want)
		}
	}
}

// TestOperatingConfigKeys: every key of the configuration file has its
// row in docs/operating.md's table of settings, so that a key added to
// Config is documented with it.
func TestOperatingConfigKeys(t *testing.T) {
	doc, err := os.ReadFile("../../docs/operating.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(doc), "\n## Configuration\n")
	var rows []string
	for _, l := range strings.Split(section, "\n") {
		if strings.HasPrefix(l, "| `") {
			rows = append(rows, l)
		}
	}
	documented := func(key string) bool {
		parent, last := "", key
		if i := strings.LastIndex(key, "."); i >= 0 {
			parent, last = key[:i+1], key[i+1:]
		}
		for _, r := range rows {
			if strings.Contains(r, "`"+key+"`") || parent != "" && strings.HasPrefix(r, "| `"+parent) && strings.Contains(r, "`."+last+"`") {
				return true
			}
		}
		return false
	}
	for _, key := range configKeys(reflect.TypeFor[Config](), "") {
		if !documented(key) {
			t.Errorf("the configuration key %s has no row in docs/operating.md's settings", key)
		}
	}
}

// configKeys lists the keys of the configuration file that the struct
// type c reads, as the TOML decoder names them, prefixed with prefix.
func configKeys(c reflect.Type, prefix string) []string {
	var keys []string
	for f := range c.Fields() {
		if !f.IsExported() {
			continue
		}
		name := f.Tag.Get("toml")
		if name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		if f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeFor[Duration]() {
			keys = append(keys, configKeys(f.Type, prefix+name+".")...)
			continue
		}
		keys = append(keys, prefix+name)
	}
	return keys
}
