package postoffice

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	netmail "net/mail"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/pbem-games/pbem/mail"
)

// Problem is one thing wrong with a configuration, under the key
// it is wrong in ("" for the file as a whole).
type Problem struct{ Key, Msg string }

func (p Problem) String() string {
	if p.Key == "" {
		return p.Msg
	}
	return p.Key + ": " + p.Msg
}

// checkFile reads file as pbem serve does, file then environment,
// and returns everything wrong with it, each under its key: unknown keys,
// values of the wrong kind (a duration that is none), what serve needs and
// lacks, addresses that are none, files that cannot be read.
func checkFile(file string) (Config, []Problem) {
	var c Config
	var top map[string]toml.Primitive
	md, err := toml.DecodeFile(file, &top)
	if err != nil {
		return c, []Problem{{"", strings.TrimPrefix(err.Error(), "toml: ")}}
	}
	problems := decodeKeys(md, top, reflect.ValueOf(&c).Elem(), "")
	if len(problems) == 0 {
		// The whole file read, the environment overrides it as for serve.
		if c, err = LoadConfig(file); err != nil {
			return c, []Problem{{"", err.Error()}}
		}
	}
	return c, append(problems, checkConfig(c)...)
}

// WriteCheck checks file as checkFile does and writes each problem to w,
// one a line, returning an error that counts them; a file without one
// is said to be fine, with the mailbox and servers it names.
func WriteCheck(w io.Writer, file string) error {
	c, problems := checkFile(file)
	for _, p := range problems {
		fmt.Fprintln(w, p)
	}
	switch len(problems) {
	case 0:
		fmt.Fprintf(w, "%s: no problems (mailbox %s, IMAP %s, SMTP %s)\n", file, c.Mailbox, c.IMAP.Addr, c.SMTP.Addr)
		return nil
	case 1:
		return fmt.Errorf("config %s: 1 problem", file)
	}
	return fmt.Errorf("config %s: %d problems", file, len(problems))
}

// decodeKeys decodes each key of prims into its field of the struct v,
// one at a time, so that every wrong key is named, not only the first.
func decodeKeys(md toml.MetaData, prims map[string]toml.Primitive, v reflect.Value, prefix string) []Problem {
	fields := map[string]int{}
	for i, f := range configFields(v.Type()) {
		if f.name != "" {
			fields[f.name] = i
		}
	}
	var problems []Problem
	for _, key := range slices.Sorted(maps.Keys(prims)) {
		i, ok := fields[key]
		if !ok {
			problems = append(problems, Problem{prefix + key, "unknown key (docs/operating.md and pbem.example.toml list the keys)"})
			continue
		}
		field := v.Field(i)
		if isTable(field.Type()) {
			var sub map[string]toml.Primitive
			path := strings.Split(prefix+key, ".")
			if err := md.PrimitiveDecode(prims[key], &sub); err != nil || md.Type(path...) != "Hash" {
				problems = append(problems, Problem{prefix + key, "is a value, not a table [" + prefix + key + "]"})
				continue
			}
			problems = append(problems, decodeKeys(md, sub, field, prefix+key+".")...)
			continue
		}
		if err := md.PrimitiveDecode(prims[key], field.Addr().Interface()); err != nil {
			problems = append(problems, Problem{prefix + key, strings.TrimPrefix(err.Error(), "toml: ")})
		}
	}
	return problems
}

// configField is a field of the configuration as the file names it; the
// name is "" for a field the file cannot set.
type configField struct {
	name string
	typ  reflect.Type
}

// configFields lists the struct t's fields in order, named as the TOML
// decoder names them.
func configFields(t reflect.Type) []configField {
	out := make([]configField, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		name := f.Tag.Get("toml")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		out[i] = configField{name, f.Type}
	}
	return out
}

// isTable says whether a field of type t is a table of the file rather
// than a value.
func isTable(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t != reflect.TypeFor[Duration]()
}

// KeyNames lists every key the configuration file may hold, as
// "smtp.dkim.selector".
func KeyNames() []string { return configKeyNames(reflect.TypeFor[Config](), "") }

// configKeyNames lists every key the configuration file may hold, as
// "smtp.dkim.selector".
func configKeyNames(t reflect.Type, prefix string) []string {
	var keys []string
	for _, f := range configFields(t) {
		switch {
		case f.name == "":
		case isTable(f.typ):
			keys = append(keys, configKeyNames(f.typ, prefix+f.name+".")...)
		default:
			keys = append(keys, prefix+f.name)
		}
	}
	return keys
}

// checkConfig says what is wrong with the values of c.
func checkConfig(c Config) []Problem {
	var p []Problem
	add := func(key, format string, a ...any) { p = append(p, Problem{key, fmt.Sprintf(format, a...)}) }
	for _, r := range []struct{ key, v string }{
		{"mailbox", c.Mailbox}, {"imap.addr", c.IMAP.Addr}, {"imap.username", c.IMAP.Username}, {"smtp.addr", c.SMTP.Addr},
	} {
		if r.v == "" {
			add(r.key, "missing: pbem serve needs it")
		}
	}
	for _, a := range []struct{ key, v string }{{"mailbox", c.Mailbox}, {"smtp.envelope_from", c.SMTP.EnvelopeFrom}} {
		if a.v != "" {
			if err := bareAddress(a.v); err != nil {
				add(a.key, "%q is not a mail address: %v", a.v, err)
			}
		}
	}
	for _, a := range []struct {
		key, v string
		port0  bool
	}{{"imap.addr", c.IMAP.Addr, false}, {"smtp.addr", c.SMTP.Addr, false}, {"http_listen", c.HTTPListen, true}} {
		if a.v != "" {
			if err := hostPort(a.v, a.port0); err != nil {
				add(a.key, "%q is not host:port: %v", a.v, err)
			}
		}
	}
	for _, s := range []struct{ key, v string }{{"imap.security", c.IMAP.Security}, {"smtp.security", c.SMTP.Security}} {
		if !slices.Contains([]string{"", "tls", "starttls", "plain"}, s.v) {
			add(s.key, "%q is none of tls, starttls, plain", s.v)
		}
	}
	if c.WebURL != "" {
		if u, err := url.Parse(c.WebURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			add("web_url", "%q is not an http or https address such as https://games.example.org", c.WebURL)
		}
	}
	if c.Domain != "" && (strings.ContainsAny(c.Domain, "@ <>/\\") || !strings.Contains(c.Domain, ".")) {
		add("domain", "%q is not a domain name such as pbem.example.org", c.Domain)
	}
	if c.Secret != "" && len(c.Secret) < 16 {
		add("secret", "shorter than 16 characters: reply tokens made with it could be guessed")
	}
	for _, d := range []struct {
		key string
		v   Duration
	}{{"min_deadline", c.MinDeadline}, {"tick", c.Tick}, {"lease", c.Lease}, {"inbox_retention", c.InboxRetention},
		{"imap.poll", c.IMAP.Poll}, {"smtp.max_retry_age", c.SMTP.MaxRetryAge}} {
		if d.v.Duration < 0 {
			add(d.key, "%v is negative", d.v.Duration)
		}
	}
	for _, n := range []struct {
		key string
		v   int
	}{{"rate_per_hour", c.RatePerHour}, {"rate_per_day", c.RatePerDay}, {"domain_factor", c.DomainFactor},
		{"max_observers", c.MaxObservers}, {"max_hosted", c.MaxHosted}, {"smtp.max_per_hour", c.SMTP.MaxPerHour}} {
		if n.v < 0 {
			add(n.key, "%d is negative", n.v)
		}
	}
	if _, err := LogHandler(io.Discard, c.LogFormat, c.LogLevel); err != nil {
		var bad logSettingError
		if errors.As(err, &bad) {
			add(bad.key, "%s", bad.msg)
		}
	}
	return append(p, checkDKIM(c)...)
}

// checkDKIM checks the DKIM settings: all three or none, and a key file
// that can be read and holds a key.
func checkDKIM(c Config) []Problem {
	d := c.SMTP.DKIM
	if d.Domain == "" && d.Selector == "" && d.KeyFile == "" {
		return nil
	}
	var p []Problem
	for _, r := range []struct{ key, v string }{{"smtp.dkim.domain", d.Domain}, {"smtp.dkim.selector", d.Selector}, {"smtp.dkim.key_file", d.KeyFile}} {
		if r.v == "" {
			p = append(p, Problem{r.key, "missing: DKIM needs the domain, the selector and the key file"})
		}
	}
	if d.KeyFile == "" || d.Selector == "" {
		return p
	}
	key, err := os.ReadFile(d.KeyFile)
	if err != nil {
		return append(p, Problem{"smtp.dkim.key_file", fmt.Sprintf("cannot be read: %v", err)})
	}
	o := mail.SMTPOptions{Addr: "localhost:25", From: "check@localhost", DKIM: mail.DKIMOptions{Domain: d.Domain, Selector: d.Selector, KeyPEM: key}}
	if _, err := mail.NewSender(o); err != nil {
		p = append(p, Problem{"smtp.dkim.key_file", fmt.Sprintf("%s holds no RSA or Ed25519 private key in PEM: %v", d.KeyFile, err)})
	}
	return p
}

// bareAddress checks that s is an address alone, as games@example.org.
func bareAddress(s string) error {
	a, err := netmail.ParseAddress(s)
	if err != nil {
		return err
	}
	if a.Name != "" || a.Address != s {
		return errors.New("give the address alone, without a name or angle brackets")
	}
	if _, domain, _ := strings.Cut(a.Address, "@"); !strings.Contains(domain, ".") && domain != "localhost" {
		return fmt.Errorf("the domain %q has no dot", domain)
	}
	return nil
}

// hostPort checks that s is host:port, a port of 0 only where port0.
func hostPort(s string, port0 bool) error {
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 0 || n > 65535 || (n == 0 && !port0) {
		return fmt.Errorf("the port %q is no port number", port)
	}
	if host == "" && !port0 {
		return errors.New("the host is missing")
	}
	return nil
}

// logSettingError is a log_format or log_level that is none.
type logSettingError struct{ key, msg string }

func (e logSettingError) Error() string { return e.key + ": " + e.msg }

// LogHandler is the log handler serve writes to w with: format "text" or
// "json" ("" is text), level "debug", "info", "warn" or "error" ("" is
// info).
func LogHandler(w io.Writer, format, level string) (slog.Handler, error) {
	var l slog.Level
	switch strings.ToLower(level) {
	case "debug":
		l = slog.LevelDebug
	case "", "info":
		l = slog.LevelInfo
	case "warn", "warning":
		l = slog.LevelWarn
	case "error":
		l = slog.LevelError
	default:
		return nil, logSettingError{"log_level", fmt.Sprintf("%q is none of debug, info, warn, error", level)}
	}
	opt := &slog.HandlerOptions{Level: l}
	switch strings.ToLower(format) {
	case "", "text":
		return slog.NewTextHandler(w, opt), nil
	case "json":
		return slog.NewJSONHandler(w, opt), nil
	}
	return nil, logSettingError{"log_format", fmt.Sprintf("%q is neither text nor json", format)}
}
