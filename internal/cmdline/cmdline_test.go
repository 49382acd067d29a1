package cmdline

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

type env struct{ ran []string }

func testProgram() Program[*env] {
	subs := []Command[*env]{
		{Name: "add", Args: "ID PLAYER", Help: "add a player", Run: func(_ context.Context, e *env, args []string) error {
			e.ran = append(e.ran, "add "+strings.Join(args, " "))
			return nil
		}},
		{Name: "drop", Args: "ID", Help: "drop a player", Run: nil},
	}
	var p Program[*env]
	p = Program[*env]{
		Name: "prog", Synopsis: "prog [--data DIR] COMMAND", Intro: "prog does things.", Footer: "More: docs.",
		Commands: []Command[*env]{
			{Name: "move", Args: "ID --seat N MOVE", Help: "play a move", Run: func(_ context.Context, e *env, args []string) error {
				fs := flag.NewFlagSet("move", flag.ContinueOnError)
				fs.Int("seat", -1000, "seat number")
				_, err := p.Parse(fs, args, 2)
				return err
			}},
			{Name: "team", Args: Synopsis(subs), Help: "keep the teams", Run: func(ctx context.Context, e *env, args []string) error {
				return p.Dispatch(ctx, e, "team", args)
			}},
			{Name: "version", Args: "", Help: "say which version", Run: func(_ context.Context, e *env, args []string) error {
				e.ran = append(e.ran, "version "+strings.Join(args, " "))
				return nil
			}},
		},
		Subcommands: func(name string) []Command[*env] {
			if name == "team" {
				return subs
			}
			return nil
		},
		GlobalFlags:   func(fs *flag.FlagSet) { fs.String("data", "d", "data directory") },
		GlobalHeading: "Global flags:",
		Unset:         "-1000",
		Version:       "version",
	}
	return p
}

func TestUsageOf(t *testing.T) {
	p := testProgram()
	for _, c := range []struct{ name, want string }{
		{"move", "usage: prog move ID --seat N MOVE"},
		{"team add", "usage: prog team add ID PLAYER"},
		{"team", "usage: prog team add ID PLAYER\n       prog team drop ID"},
	} {
		if got := p.UsageOf(c.name).Error(); got != c.want {
			t.Errorf("UsageOf(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestParse(t *testing.T) {
	p := testProgram()
	for _, c := range []struct {
		name string
		args []string
		want []string
		err  string // the error's text, "" for none
	}{
		{"FlagsAmongArguments", []string{"g1", "--seat", "2", "e4", "--data", "x"}, []string{"g1", "e4"}, ""},
		{"ErrCount", []string{"g1"}, nil, "usage: prog move ID --seat N MOVE"},
		{"ErrFlag", []string{"g1", "--nope"}, nil, "move: flag provided but not defined: -nope"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs := flag.NewFlagSet("move", flag.ContinueOnError)
			fs.Int("seat", -1000, "seat number")
			got, err := p.Parse(fs, c.args, 2)
			var u UsageError
			if c.err == "" && (err != nil || !reflect.DeepEqual(got, c.want)) {
				t.Errorf("Parse(%q) = %q, %v; want %q", c.args, got, err, c.want)
			}
			if c.err != "" && (!errors.As(err, &u) || u.Msg != c.err) {
				t.Errorf("Parse(%q) error = %v, want the usage error %q", c.args, err, c.err)
			}
		})
	}
	var h HelpRequest
	if _, err := p.Parse(flag.NewFlagSet("move", flag.ContinueOnError), []string{"-h"}, 2); !errors.As(err, &h) {
		t.Errorf("Parse(-h) = %v, want a HelpRequest", err)
	}
}

func TestDispatch(t *testing.T) {
	p, e := testProgram(), &env{}
	if err := p.Dispatch(context.Background(), e, "team", []string{"add", "t1", "ana"}); err != nil || !reflect.DeepEqual(e.ran, []string{"add t1 ana"}) {
		t.Errorf("Dispatch(team add t1 ana) = %v, ran %q; want add t1 ana", err, e.ran)
	}
	var u UsageError
	if err := p.Dispatch(context.Background(), e, "team", []string{"rename"}); !errors.As(err, &u) || !strings.HasPrefix(u.Msg, "usage: prog team add") {
		t.Errorf("Dispatch(team rename) = %v, want team's usage", err)
	}
}

func TestHelp(t *testing.T) {
	p := testProgram()
	var b bytes.Buffer
	c, err := p.Lookup("move")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Help(context.Background(), &env{}, &b, c); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Usage: prog move ID --seat N MOVE", "Play a move.", "Flags:\n  --seat int      seat number\n", "Global flags:\n  --data string   data directory (default d)\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("Help(move) lacks %q:\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "-1000") {
		t.Errorf("Help(move) prints the unset default:\n%s", b.String())
	}
	b.Reset()
	p.Usage(&b)
	for _, want := range []string{"prog does things.", "Usage: prog [--data DIR] COMMAND", "  team     add ID PLAYER\n           drop ID\n           keep the teams\n", "More: docs."} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("Usage lacks %q:\n%s", want, b.String())
		}
	}
	if _, err := p.Lookup("nope"); err == nil || err.Error() != `unknown command "nope"; run "prog help"` {
		t.Errorf("Lookup(nope) = %v, want an unknown command", err)
	}
}

func TestHelpFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"g1", "--help"}, true},
		{[]string{"-h"}, true},
		{[]string{"g1", "--", "-h"}, false},
		{[]string{"g1", "e4"}, false},
	} {
		if got := HelpFlag(c.args); got != c.want {
			t.Errorf("HelpFlag(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

func TestUpperFirst(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"play a move", "Play a move"},
		{"éteindre", "Éteindre"},
		{"下棋", "下棋"},
		{"", ""},
	} {
		if got := upperFirst(c.in); got != c.want {
			t.Errorf("upperFirst(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestRun: each way of calling the program does what it says: a command
// runs with its arguments, global flags anywhere; help and -h print the
// usage or a command's on stdout; no command prints the usage on stderr
// as a UsageError; --version runs the Version command; an unknown command
// or global flag is a UsageError, running nothing.
func TestRun(t *testing.T) {
	for _, c := range []struct {
		name    string
		args    []string
		ran     []string
		stdout  string // what stdout holds
		stderr  string // what stderr holds
		usage   bool   // a UsageError
		errText string
	}{
		{name: "OK", args: []string{"--data", "x", "team", "add", "g1", "安娜"}, ran: []string{"add g1 安娜"}},
		{name: "Help", args: []string{"help"}, stdout: "Usage: prog [--data DIR] COMMAND"},
		{name: "HelpFlag", args: []string{"--data", "x", "-h"}, stdout: "Usage: prog [--data DIR] COMMAND"},
		{name: "HelpCommand", args: []string{"help", "move"}, stdout: "Usage: prog move ID --seat N MOVE"},
		{name: "CommandHelpFlag", args: []string{"move", "--help"}, stdout: "--seat N"},
		{name: "Version", args: []string{"--version"}, ran: []string{"version "}},
		{name: "VersionAfterDash", args: []string{"--", "--version"}, usage: true, errText: `unknown command "--version"`},
		{name: "ErrNoCommand", args: []string{"--data", "x"}, stderr: "Usage: prog [--data DIR] COMMAND", usage: true, errText: "no command given"},
		{name: "ErrUnknown", args: []string{"frob"}, usage: true, errText: `unknown command "frob"`},
		{name: "ErrHelpUnknown", args: []string{"help", "frob"}, usage: true, errText: `unknown command "frob"`},
		{name: "ErrGlobalFlag", args: []string{"--colour", "team"}, usage: true, errText: "-colour"},
		{name: "ErrUsage", args: []string{"team"}, usage: true, errText: "usage: prog team add ID PLAYER"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, e := testProgram(), &env{}
			var stdout, stderr bytes.Buffer
			err := p.Run(context.Background(), e, c.args, &stdout, &stderr)
			var u UsageError
			if c.errText == "" && err != nil || c.errText != "" && (err == nil || !strings.Contains(err.Error(), c.errText)) || errors.As(err, &u) != c.usage {
				t.Errorf("Run(%q) = %v, want an error with %q (a usage error: %v)", c.args, err, c.errText, c.usage)
			}
			if !reflect.DeepEqual(e.ran, c.ran) {
				t.Errorf("Run(%q) ran %q, want %q", c.args, e.ran, c.ran)
			}
			if !strings.Contains(stdout.String(), c.stdout) || (c.stdout == "") != (stdout.Len() == 0) {
				t.Errorf("Run(%q) wrote on stdout:\n%s\nwant %q", c.args, stdout.String(), c.stdout)
			}
			if !strings.Contains(stderr.String(), c.stderr) || (c.stderr == "") != (stderr.Len() == 0) {
				t.Errorf("Run(%q) wrote on stderr:\n%s\nwant %q", c.args, stderr.String(), c.stderr)
			}
		})
	}
}

// TestExit: no error is 0, said nothing; a usage error 2 and any other
// 1, each said on one line after the program's name.
func TestExit(t *testing.T) {
	for _, c := range []struct {
		err  error
		code int
		said string
	}{
		{nil, 0, ""},
		{UsageError{"usage: prog move ID\n       prog move --all"}, 2, "prog: usage: prog move ID prog move --all\n"},
		{fmt.Errorf("move: %w", UsageError{"--seat is required"}), 2, "prog: move: --seat is required\n"},
		{errors.New("游戏 g1 不存在\n\tat  seat 2"), 1, "prog: 游戏 g1 不存在 at seat 2\n"},
	} {
		var w bytes.Buffer
		if code := testProgram().Exit(&w, c.err); code != c.code || w.String() != c.said {
			t.Errorf("Exit(%v) = %d, said %q; want %d, %q", c.err, code, w.String(), c.code, c.said)
		}
	}
}

// TestOneOf: one flag of the set given is its name, none is "", two are
// a usage error naming both; each flag says what it chooses.
func TestOneOf(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
		err  string
	}{
		{nil, "", ""},
		{[]string{"--failed"}, "failed", ""},
		{[]string{"-dead", "g1"}, "dead", ""},
		{[]string{"--failed", "--dead"}, "", "choose one of --waiting, --failed, --dead: not --failed and --dead"},
	} {
		fs := flag.NewFlagSet("mail list", flag.ContinueOnError)
		state := OneOf(fs, "only the %s notices", "waiting", "failed", "dead")
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		got, err := state()
		var u UsageError
		if got != c.want || (c.err == "") != (err == nil) || err != nil && (!errors.As(err, &u) || err.Error() != c.err) {
			t.Errorf("OneOf after %q = %q, %v; want %q, %q", c.args, got, err, c.want, c.err)
		}
		if f := fs.Lookup("failed"); f == nil || f.Usage != "only the failed notices" {
			t.Errorf("--failed is %+v, want it described", f)
		}
	}
}

func TestList(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"a", []string{"a"}},
		{" ana@example.org , bea@example.net,", []string{"ana@example.org", "bea@example.net"}},
		{"安娜,,  ,Bea <bea@example.net>", []string{"安娜", "Bea <bea@example.net>"}},
	} {
		if got := List(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("List(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestEnvOr(t *testing.T) {
	t.Setenv("CMDLINE_TEST_SET", "  数据 ")
	t.Setenv("CMDLINE_TEST_BLANK", " \t")
	for _, c := range []struct{ key, want string }{
		{"CMDLINE_TEST_SET", "数据"},
		{"CMDLINE_TEST_BLANK", "def"},
		{"CMDLINE_TEST_UNSET", "def"},
	} {
		if got := EnvOr(c.key, "def"); got != c.want {
			t.Errorf("EnvOr(%s, def) = %q, want %q", c.key, got, c.want)
		}
	}
}

func TestInts(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
		err  string
	}{
		{"", nil, ""},
		{"3, 1,0,-2", []int{3, 1, 0, -2}, ""},
		{"1,二", nil, `"二" is not a whole number`},
		{"1.5", nil, `"1.5" is not a whole number`},
	} {
		got, err := Ints(c.in)
		if !reflect.DeepEqual(got, c.want) || (c.err == "") != (err == nil) || err != nil && err.Error() != c.err {
			t.Errorf("Ints(%q) = %v, %v; want %v, %q", c.in, got, err, c.want, c.err)
		}
	}
}
