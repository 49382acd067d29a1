package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	mailcommands "github.com/pbem-games/pbem/games/commands"
)

// TestHelp: every way of asking pbem for help prints usage read from the
// command table and exits 0, the whole list or one command's.
func TestHelp(t *testing.T) {
	dir := t.TempDir()
	all := [][]string{{"-h"}, {"--help"}, {"-help"}, {"help"}}
	for _, args := range all {
		out, err := pbem(t, dir, args...)
		if err != nil {
			t.Errorf("pbem %s = %v, want the usage", strings.Join(args, " "), err)
			continue
		}
		for _, c := range commands() {
			for _, form := range strings.Split(c.args, "\n") {
				if !strings.Contains(out, c.help) || !strings.Contains(out, form) {
					t.Errorf("pbem %s lacks %s's synopsis %q and help %q:\n%s", strings.Join(args, " "), c.name, form, c.help, out)
				}
			}
		}
		if !strings.Contains(out, "--data") || !strings.Contains(out, "--nats") {
			t.Errorf("pbem %s lacks the global flags:\n%s", strings.Join(args, " "), out)
		}
	}
	one := []struct {
		args []string
		want string
	}{
		{[]string{"help", "move"}, "Usage: pbem move ID --seat N MOVE\n"},
		{[]string{"move", "-h"}, "Usage: pbem move ID --seat N MOVE\n"},
		{[]string{"move", "abc123", "--help"}, "Usage: pbem move ID --seat N MOVE\n"},
		{[]string{"help", "tick"}, "Usage: pbem tick [--at TIME] [--dry-run]\n"},
		{[]string{"mail", "parse", "-h"}, "       pbem mail show [--config FILE] MESSAGE-ID\n"},
		{[]string{"demo", "-h"}, "Usage: pbem demo [--players N]"},
	}
	for _, tt := range one {
		out, err := pbem(t, dir, tt.args...)
		if err != nil || !strings.Contains(out, tt.want) || !strings.Contains(out, "--data") {
			t.Errorf("pbem %s = %q, %v; want %q and the global flags", strings.Join(tt.args, " "), out, err, tt.want)
		}
	}
	if _, err := pbem(t, dir, "help", "frobnicate"); err == nil || !strings.Contains(err.Error(), `unknown command "frobnicate"`) {
		t.Errorf("pbem help frobnicate = %v, want an unknown command", err)
	}
}

// flagMention finds a flag as the synopses and docs write one: a dash or
// two at the start of a word, as in "[--seat N]", "[-v]" or "--waiting|--dead".
var flagMention = regexp.MustCompile(`(?:^|[\s\[|(])(--?[a-z][a-z-]*)`)

// pbemMention finds a command line in backquotes in the docs.
var pbemMention = regexp.MustCompile("`(?:bin/)?pbem ([a-z]+)([^`]*)`")

// TestAdvertisedFlags: every flag that a command's synopsis or the docs
// give it is one the command parses. Each is tried with two flags that
// exist nowhere after it, so the command stops at those, whatever the
// flag's kind, and never runs.
func TestAdvertisedFlags(t *testing.T) {
	type mention struct{ where, command, rest string }
	var mentions []mention
	for _, c := range commands() {
		for _, form := range strings.Split(c.args, "\n") {
			mentions = append(mentions, mention{"the synopsis of " + c.name, c.name, " " + form})
		}
	}
	for _, doc := range []string{"README.md", "docs/commands.md", "docs/operating.md"} {
		b, err := os.ReadFile(filepath.Join("..", "..", doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range pbemMention.FindAllStringSubmatch(string(b), -1) {
			mentions = append(mentions, mention{doc, m[1], m[2]})
		}
	}
	known := map[string]bool{"help": true}
	for _, c := range commands() {
		known[c.name] = true
	}
	dir := t.TempDir()
	for _, m := range mentions {
		if !known[m.command] {
			t.Errorf("%s names pbem %s, which is no command", m.where, m.command)
			continue
		}
		var sub []string
		if m.command == "mail" || m.command == "campaign" { // the first word is the subcommand
			if f := strings.Fields(m.rest); len(f) > 0 {
				sub = f[:1]
			}
		}
		for _, f := range flagMention.FindAllStringSubmatch(m.rest, -1) {
			name := strings.TrimLeft(f[1], "-")
			args := append(append([]string{m.command}, sub...), f[1], "--pbem-test-not-a-flag", "--pbem-test-not-a-flag-either")
			_, err := pbem(t, dir, args...)
			if err == nil || strings.Contains(err.Error(), "not defined: -"+name) {
				t.Errorf("%s gives pbem %s the flag %s: pbem %s = %v", m.where, m.command, f[1], strings.Join(args, " "), err)
			}
		}
	}
}

// TestConsoleTwins: every mail command whose table names the command line
// that does the same for the operator names one that exists.
func TestConsoleTwins(t *testing.T) {
	for _, c := range mailcommands.New() {
		if c.Console == "" {
			continue
		}
		words := strings.Fields(c.Console)
		if len(words) < 2 || words[0] != "pbem" {
			t.Errorf("%s's command line %q is not a pbem command", c.Word, c.Console)
			continue
		}
		if _, err := lookup(words[1]); err != nil {
			t.Errorf("%s's command line %q: %v", c.Word, c.Console, err)
		}
	}
}

// TestOperatorFlagsOwn: each operator command takes its own flags only;
// another's is refused as unknown, before anything is done.
func TestOperatorFlagsOwn(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"pause", "k7q2mx", "--moves", "2"},
		{"resume", "k7q2mx", "--seat", "1"},
		{"end", "k7q2mx", "--player", "cai@example.com"},
		{"undo", "k7q2mx", "--stop"},
		{"expel", "k7q2mx", "--seat", "1", "--moves", "2"},
	} {
		if _, err := pbem(t, dir, args...); err == nil || !strings.Contains(err.Error(), "flag provided but not defined") {
			t.Errorf("pbem %s = %v, want the flag refused as unknown", strings.Join(args, " "), err)
		}
	}
}

// TestCommandsDocumented: docs/commands.md writes every form of every
// command as the table of commands does, and every command line a heading
// of it gives is a form of the table, so that the table stays the one
// place a usage is written.
func TestCommandsDocumented(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "commands.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.ReplaceAll(string(b), `\|`, "|") // a pipe in a table's cell
	span := regexp.MustCompile("`(pbem [^`]*)`")
	written := map[string]bool{}
	for _, m := range span.FindAllStringSubmatch(doc, -1) {
		written[m[1]] = true
	}
	forms := map[string]bool{}
	for _, c := range commands() {
		for _, form := range strings.Split(c.args, "\n") {
			f := strings.TrimRight("pbem "+c.name+" "+form, " ")
			forms[f] = true
			if !written[f] {
				t.Errorf("docs/commands.md does not write `%s`, as the table of commands does", f)
			}
		}
	}
	headings := 0
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		for _, m := range span.FindAllStringSubmatch(line, -1) {
			headings++
			if !forms[m[1]] {
				t.Errorf("docs/commands.md's heading %q writes `%s`, which is no form of the table of commands", line, m[1])
			}
		}
	}
	if headings < 20 {
		t.Errorf("found %d command lines in the headings of docs/commands.md, want every command's", headings)
	}
}
