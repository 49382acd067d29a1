// Package mailtest gives tests the real mail servers that
// scripts/mailservers.sh starts on 127.0.0.1: Dovecot for IMAP (the game
// mailbox "games", the bot players "ana", "bea", "cai", "dov" and the
// load test's p0a to p23b) and
// Postfix for SMTP, which delivers every address of the test domain,
// plus addresses included, into Dovecot. See docs/mailservers.md.
package mailtest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Servers are the real mail servers started by scripts/mailservers.sh.
type Servers struct{ IMAP, SMTP, Domain, Password string }

// Users are the mailboxes the servers know, all with the same password:
// the game mailbox first, then the bot players; LoadPlayers more, for a
// load test, are named p0a, p0b, p1a… p23b.
var Users = []string{"games", "ana", "bea", "cai", "dov"}

// LoadPlayers is how many players p<n>a and p<n>b the servers know.
const LoadPlayers = 48

// RestartPostfix stops Postfix and starts it again with
// "scripts/mailservers.sh restart-postfix", found above the test's
// directory, and returns once it answers again.
func RestartPostfix(tb testing.TB) {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		script := filepath.Join(dir, "scripts", "mailservers.sh")
		if _, err := os.Stat(script); err == nil {
			if out, err := exec.Command("bash", script, "restart-postfix").CombinedOutput(); err != nil {
				tb.Fatalf("%s restart-postfix: %v\n%s", script, err, out)
			}
			return
		}
		up := filepath.Dir(dir)
		if up == dir {
			tb.Fatal("scripts/mailservers.sh not found above the test's directory")
		}
		dir = up
	}
}

// Address returns user's address on the test domain, such as
// "ana@pbem.test".
func (s Servers) Address(user string) string { return user + "@" + s.Domain }

// The environment the servers are described by; scripts/mailservers.sh
// writes the same names into STATE/env.
const (
	EnvIMAP     = "PBEM_TEST_IMAP"
	EnvSMTP     = "PBEM_TEST_SMTP"
	EnvDomain   = "PBEM_TEST_DOMAIN"
	EnvPassword = "PBEM_TEST_PASSWORD"

	// EnvDir names the script's state directory (default DefaultDir).
	EnvDir = "PBEM_MAILSERVERS_DIR"
	// EnvRequired, set to 1, turns a skip for want of servers into a failure:
	// for a CI that must not pass without having tested the mail.
	EnvRequired = "PBEM_TEST_MAIL_REQUIRED"

	DefaultDir = "/tmp/pbem-mailservers"
)

const howToStart = "run scripts/mailservers.sh start"

// Real returns the servers, or skips the test with a clear message saying how
// to start them ("run scripts/mailservers.sh start", or the reason recorded by
// the script) when they are not running.
//
// The servers are reserved for the calling test's package until its test
// ends: tests of other packages calling Real meanwhile wait, so a test may
// empty or drain a mailbox without taking another package's mail. Tests of
// the same package share the servers and must keep out of each other's way
// (a token of their own in each mail, say).
func Real(tb testing.TB) Servers {
	tb.Helper()
	s, why := find()
	if why == "" {
		// Reserved first, checked second: another package's test holding
		// them may be restarting a server.
		reserve(tb, s)
		why = s.check()
	}
	if why != "" {
		if os.Getenv(EnvRequired) == "1" {
			tb.Fatalf("%s (and %s=1)", why, EnvRequired)
		}
		tb.Skip(why)
	}
	return s
}

// find reads the servers from the environment, or else from the env file the
// script wrote; why says what is missing.
func find() (s Servers, why string) {
	vals := map[string]string{}
	for _, k := range []string{EnvIMAP, EnvSMTP, EnvDomain, EnvPassword} {
		if v := os.Getenv(k); v != "" {
			vals[k] = v
		}
	}
	if vals[EnvIMAP] == "" || vals[EnvSMTP] == "" {
		dir := os.Getenv(EnvDir)
		if dir == "" {
			dir = DefaultDir
		}
		file := filepath.Join(dir, "env")
		fromFile, err := readEnvFile(file)
		if err != nil {
			if reason, rerr := os.ReadFile(filepath.Join(dir, "unavailable")); rerr == nil {
				return s, "mail servers unavailable: " + strings.TrimSpace(string(reason))
			}
			if os.IsNotExist(err) {
				return s, "mail servers not running (no " + file + "): " + howToStart
			}
			return s, fmt.Sprintf("mail servers: %v: %s", err, howToStart)
		}
		for k, v := range fromFile {
			if vals[k] == "" {
				vals[k] = v
			}
		}
	}
	s = Servers{IMAP: vals[EnvIMAP], SMTP: vals[EnvSMTP], Domain: vals[EnvDomain], Password: vals[EnvPassword]}
	if s.IMAP == "" || s.SMTP == "" || s.Domain == "" || s.Password == "" {
		return s, fmt.Sprintf("mail servers: %s, %s, %s and %s must all be set: %s",
			EnvIMAP, EnvSMTP, EnvDomain, EnvPassword, howToStart)
	}
	return s, ""
}

// readEnvFile reads "export NAME=VALUE" lines (the value possibly quoted).
func readEnvFile(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	vals := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		}
		vals[strings.TrimSpace(k)] = v
	}
	return vals, sc.Err()
}

// check tells why the servers do not answer, or "" when both do.
func (s Servers) check() string {
	for _, a := range []struct{ what, addr string }{{"IMAP", s.IMAP}, {"SMTP", s.SMTP}} {
		c, err := net.DialTimeout("tcp", a.addr, 2*time.Second)
		if err != nil {
			return fmt.Sprintf("mail servers not answering (%s %s: %v): %s", a.what, a.addr, err, howToStart)
		}
		c.Close()
	}
	return ""
}
