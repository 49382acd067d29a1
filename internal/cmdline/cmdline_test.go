package cmdline

import (
	"bytes"
	"context"
	"errors"
	"flag"
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
			{Name: "team", Args: Synopsis(subs), Help: "keep the teams", Run: nil},
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
