// Package cmdline reads a program's table of commands: each command's
// synopsis and what it does are written once, in the table, and the
// program's usage, each command's help, the usage errors and the dispatch
// to a command's subcommands all read it.
package cmdline

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Command is one command of a program, run with the environment E its
// commands share.
type Command[E any] struct {
	Name string
	// Args is the synopsis after the name, one line per form; a command
	// with subcommands has one line for each, read from their table
	// (Synopsis).
	Args string
	Help string
	Run  func(ctx context.Context, env E, args []string) error
}

// UsageError is a mistake in how the program was called.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// HelpRequest is what Parse returns for -h: the command's flags.
type HelpRequest struct{ FS *flag.FlagSet }

func (h HelpRequest) Error() string { return "help requested" }

// Program is a program's table of commands and what its help says around
// them.
type Program[E any] struct {
	Name     string // as it is called, "pbem"
	Synopsis string // the line of how it is called, after "Usage: "
	Intro    string // the line before the usage
	Footer   string // the line after the global flags
	Commands []Command[E]
	// Subcommands is the table of the subcommands of the command called
	// name; nil for a command without.
	Subcommands func(name string) []Command[E]
	// GlobalFlags adds the flags every command takes to fs.
	GlobalFlags   func(fs *flag.FlagSet)
	GlobalHeading string // the line above the global flags
	// Unset is a default value that means "not given": a flag with it
	// is printed without a default.
	Unset string
	// Version is the command --version before any command runs; "" for
	// none.
	Version string
}

// Lookup returns the command called name.
func (p Program[E]) Lookup(name string) (Command[E], error) {
	for _, c := range p.Commands {
		if c.Name == name {
			return c, nil
		}
	}
	return Command[E]{}, UsageError{fmt.Sprintf("unknown command %q; run \"%s help\"", name, p.Name)}
}

// HelpFlag says whether args ask for help: no argument of any command
// starts with a dash but its flags, so -h cannot be an argument.
func HelpFlag(args []string) bool { return hasFlag(args, "h", "help") }

// hasFlag says whether args hold one of the flags names, with one dash
// or two, before any "--".
func hasFlag(args []string, names ...string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		for _, n := range names {
			if a == "-"+n || a == "--"+n {
				return true
			}
		}
	}
	return false
}

// Run runs the program called with args, env its commands' environment:
// the command args name after the global flags; or the usage, asked for
// (-h, "help") on stdout, or on stderr with a UsageError when no command
// is given; or a command's help ("help COMMAND", "COMMAND -h"); or the
// Version command, for --version before any command.
func (p Program[E]) Run(ctx context.Context, env E, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet(p.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	p.GlobalFlags(fs)
	if err := fs.Parse(args); err != nil {
		switch {
		case HelpFlag(args): // "prog -h", "prog --data DIR --help"
			p.Usage(stdout)
			return nil
		case p.Version != "" && hasFlag(args, "version"):
			c, err := p.Lookup(p.Version)
			if err != nil {
				return err
			}
			return c.Run(ctx, env, nil)
		}
		return UsageError{err.Error()}
	}
	rest := fs.Args()
	switch {
	case len(rest) == 0:
		// Called with no command, the program was called wrongly: the
		// usage goes where errors go.
		p.Usage(stderr)
		return UsageError{"no command given"}
	case rest[0] == "help" && len(rest) == 1:
		p.Usage(stdout)
		return nil
	case rest[0] == "help":
		c, err := p.Lookup(rest[1])
		if err != nil {
			return err
		}
		return p.Help(ctx, env, stdout, c)
	}
	c, err := p.Lookup(rest[0])
	if err != nil {
		return err
	}
	if HelpFlag(rest[1:]) {
		return p.Help(ctx, env, stdout, c)
	}
	return c.Run(ctx, env, rest[1:])
}

// Exit says on w, in one line after the program's name, what err says,
// and returns the exit status: 0 without an error, 2 for a UsageError,
// 1 for any other.
func (p Program[E]) Exit(w io.Writer, err error) int {
	if err == nil {
		return 0
	}
	fmt.Fprintln(w, p.Name+": "+strings.Join(strings.Fields(err.Error()), " "))
	if errors.As(err, new(UsageError)) {
		return 2
	}
	return 1
}

// Usage prints the program's usage: every command with its synopsis and
// what it does, then the global flags.
func (p Program[E]) Usage(w io.Writer) {
	fmt.Fprintln(w, p.Intro)
	fmt.Fprintln(w, "\nUsage: "+p.Synopsis)
	fmt.Fprintf(w, "       %s help COMMAND\n", p.Name)
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range p.Commands {
		for i, form := range strings.Split(c.Args, "\n") {
			name := c.Name
			if i > 0 {
				name = ""
			}
			fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("  %-8s %s", name, form), " "))
		}
		fmt.Fprintf(w, "  %-8s %s\n", "", c.Help)
	}
	p.globalUsage(w)
	fmt.Fprintln(w, "\n"+p.Footer)
}

// Help prints c's usage with its own flags, which only its Run declares:
// it runs c with -h alone, which stops at the flags (Parse).
func (p Program[E]) Help(ctx context.Context, env E, w io.Writer, c Command[E]) error {
	p.commandUsage(w, c)
	var h HelpRequest
	if err := c.Run(ctx, env, []string{"-h"}); errors.As(err, &h) {
		global := flag.NewFlagSet("", flag.ContinueOnError)
		p.GlobalFlags(global)
		own, n := flag.NewFlagSet(c.Name, flag.ContinueOnError), 0
		h.FS.VisitAll(func(f *flag.Flag) {
			if global.Lookup(f.Name) == nil {
				own.Var(f.Value, f.Name, f.Usage)
				n++
			}
		})
		if n > 0 {
			fmt.Fprintln(w, "\nFlags:")
			p.flagUsage(w, own)
		}
	}
	p.globalUsage(w)
	return nil
}

// commandUsage prints one command's synopsis and what it does.
func (p Program[E]) commandUsage(w io.Writer, c Command[E]) {
	for i, form := range strings.Split(c.Args, "\n") {
		lead := "Usage:"
		if i > 0 {
			lead = ""
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("%-6s %s %s %s", lead, p.Name, c.Name, form), " "))
	}
	fmt.Fprintf(w, "\n%s.\n", upperFirst(c.Help))
	if subs := p.Subcommands(c.Name); subs != nil {
		fmt.Fprintln(w, "\nSubcommands:")
		for _, s := range subs {
			fmt.Fprintf(w, "  %-10s %s\n", s.Name, s.Help)
		}
	}
}

// Synopsis is the synopsis of a command with the subcommands subs, one
// line for each.
func Synopsis[E any](subs []Command[E]) string {
	var forms []string
	for _, c := range subs {
		for _, form := range strings.Split(c.Args, "\n") {
			forms = append(forms, strings.TrimSpace(c.Name+" "+form))
		}
	}
	return strings.Join(forms, "\n")
}

// Dispatch runs the subcommand of the command called name that its first
// argument names, or returns the command's usage error.
func (p Program[E]) Dispatch(ctx context.Context, env E, name string, args []string) error {
	for _, c := range p.Subcommands(name) {
		if len(args) > 0 && args[0] == c.Name {
			return c.Run(ctx, env, args[1:])
		}
	}
	return p.UsageOf(name)
}

// UsageOf is the usage error of the command called name ("move", or
// "campaign new" for a subcommand), its synopsis read from the table.
func (p Program[E]) UsageOf(name string) UsageError {
	top, sub, _ := strings.Cut(name, " ")
	var forms []string
	for _, c := range p.Commands {
		if c.Name != top {
			continue
		}
		forms = strings.Split(c.Args, "\n")
		for _, s := range p.Subcommands(top) {
			if s.Name == sub {
				forms = strings.Split(s.Args, "\n")
			}
		}
	}
	for i, form := range forms {
		forms[i] = strings.TrimRight(p.Name+" "+name+" "+form, " ")
	}
	return UsageError{"usage: " + strings.Join(forms, "\n       ")}
}

// Parse parses a command's flags, the global ones included, wherever they
// stand among its arguments and returns the positional arguments,
// checking there are want of them (any number when want is -1). fs is
// named as the command ("move", "campaign new"), whose usage a wrong
// number of arguments gets; -h gives a HelpRequest.
func (p Program[E]) Parse(fs *flag.FlagSet, args []string, want int) ([]string, error) {
	fs.SetOutput(io.Discard)
	p.GlobalFlags(fs)
	var pos []string
	for {
		if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
			return nil, HelpRequest{fs}
		} else if err != nil {
			return nil, UsageError{fmt.Sprintf("%s: %v", fs.Name(), err)}
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if want >= 0 && len(pos) != want {
		return nil, p.UsageOf(fs.Name())
	}
	return pos, nil
}

// OneOf adds a flag to fs for each of names, of which a call may give
// one, each described by usage with %s its name; the function returned
// gives the name given, "" for none, or a UsageError naming two given.
func OneOf(fs *flag.FlagSet, usage string, names ...string) func() (string, error) {
	given := make([]*bool, len(names))
	for i, n := range names {
		given[i] = fs.Bool(n, false, fmt.Sprintf(usage, n))
	}
	return func() (string, error) {
		chosen := ""
		for i, n := range names {
			if !*given[i] {
				continue
			}
			if chosen != "" {
				return "", UsageError{"choose one of --" + strings.Join(names, ", --") + ": not --" + chosen + " and --" + n}
			}
			chosen = n
		}
		return chosen, nil
	}
}

// List reads a flag's comma-separated list, each item trimmed and the
// empty ones left out.
func List(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Ints reads a flag's comma-separated list of whole numbers (List).
func Ints(s string) ([]int, error) {
	var out []int
	for _, f := range List(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// EnvOr is the environment variable key, trimmed, as a flag's default;
// def when it is unset or blank.
func EnvOr(key, def string) string {
	if v := strings.TrimSpace(os.Getenv(key)); v != "" {
		return v
	}
	return def
}

// globalUsage prints the global flags from their declaration, with the
// defaults they have now.
func (p Program[E]) globalUsage(w io.Writer) {
	fs := flag.NewFlagSet(p.Name, flag.ContinueOnError)
	p.GlobalFlags(fs)
	fmt.Fprintln(w, "\n"+p.GlobalHeading)
	p.flagUsage(w, fs)
}

// flagUsage prints fs's flags as the docs write them: two dashes, the kind
// of value, the default when there is one.
func (p Program[E]) flagUsage(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		kind, text := flag.UnquoteUsage(f)
		name := "--" + f.Name
		if kind != "" {
			name += " " + kind
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != p.Unset {
			text += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(w, "  %-15s %s\n", name, text)
	})
}

// upperFirst capitalises the first rune of s.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return strings.ToUpper(string(r)) + s[n:]
}
