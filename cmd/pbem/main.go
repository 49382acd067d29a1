// Command pbem runs board games by email and lets operators create, play,
// show, export and verify games from the command line.
//
// Usage:
//
//	pbem [--data DIR] [--nats URL [--replicas N]] COMMAND [arguments]
//
// Run "pbem help" for the commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
)

// command is one subcommand. The table of commands is the one place a
// command's usage is written: "pbem help", "pbem COMMAND --help", the
// usage errors (usageOf) and docs/commands.md (TestCommandsDocumented)
// read it.
type command struct {
	name string
	// args is the synopsis after the name, one line per form; a command
	// with subcommands (subcommands) has one line for each, read from
	// their table.
	args string
	help string
	run  func(ctx context.Context, env *env, args []string) error
}

func commands() []command {
	return append([]command{
		{"new", "GAME --players A,B[,…] [--variant x,y] [--seed N] [--lang en|zh] [--host ADDRESS] [--config FILE]", "create a game and print its id", runNew},
		{"legal", "ID --seat N [--lang zh]", "print a seat's legal moves, one per line", runLegal},
		{"move", "ID --seat N MOVE", "play a move, or exit 1 with the reason", runMove},
		{"show", "ID [--seat N] [--at SEQ] [--json] [--format text|json|svg|png] [--lang en|zh]", "print the board as a seat (or an observer) sees it, as text, JSON or a picture", runShow},
		{"log", "ID [--json] [--lang en|zh]", "print a game's history", runLog},
		{"links", "ID [--config FILE] [--rotate]", "print the addresses of a game's web pages: each seat's and the public one; of a campaign's, its page and each game's public one (web_url in the configuration); --rotate gives a game a new public link, the old one stops working", runLinks},
		{"export", "ID", "print a game's events as JSON lines, as stored, and the service's signature", runExport},
		{"verify", "ID | [--campaign] --file F [--key FILE|FINGERPRINT]", "replay a history and check its hash chain, seed and, for a file, the signature of its origin; --campaign: a campaign's export with its games", runVerify},
		{"games", "", "list the games", runGames},
		{"campaign", synopsis(campaignCommands()), "run a round robin, Swiss, knockout or ladder of ordinary games, and show, export and verify its standings", dispatch("campaign")},
		{"rebuild", "", "throw the read models (the games list, each player's games) away and fold them again from every history, showing how far it is; pbem serve must be stopped", runRebuild},
		{"backup", "--out DIR [--passphrase-file FILE] [--keep N]", "write a snapshot of the whole store (through the service, when one serves the data directory), encrypted with a passphrase if one is given; with --keep, into a new directory under DIR, keeping the newest N", runBackup},
		{"restore", "--from DIR [--passphrase-file FILE]", "restore a backup, encrypted or not, into an empty data directory", runRestore},
		{"serve", "[--config FILE] [--health ADDR] [--log-format text|json] [--log-level LEVEL]", "run the game mailbox: read mail over IMAP, play, answer over SMTP", runServe},
		{"mail", synopsis(mailCommands()), "read a mail as pbem does; list, show and retry the mail pbem sends", dispatch("mail")},
		{"demo", "[--players N] [--variant x,y] [--timeout D] [-v]", "play a whole game by mail between bots on a mail system in the process", runDemo},
		{"selfplay", "[--game GAME] [--players N] [--variant x,y] [--seed N] [--quiet]", "play a whole game between seeded random players, without mail", runSelfplay},
	}, append(tableCommands(), opsCommands()...)...)
}

// usageError is a mistake in how pbem was called.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "pbem: "+oneLine(err.Error()))
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	e := &env{stdout: stdout, stderr: stderr}
	rest, err := e.parseGlobal(args)
	if err != nil {
		if helpFlag(args) { // "pbem -h", "pbem --data DIR --help"
			usage(stdout)
			return nil
		}
		if versionFlag(args) { // "pbem --version"
			return runVersion(ctx, e, nil)
		}
		return err
	}
	if len(rest) == 0 {
		// Called with no command, pbem was called wrongly: the usage goes
		// where errors go, and the exit status is 2.
		usage(stderr)
		return usageError{"no command given"}
	}
	if rest[0] == "help" && len(rest) == 1 {
		usage(stdout)
		return nil
	}
	if rest[0] == "help" {
		c, err := lookup(rest[1])
		if err != nil {
			return err
		}
		return commandHelp(ctx, e, stdout, c)
	}
	c, err := lookup(rest[0])
	if err != nil {
		return err
	}
	if helpFlag(rest[1:]) {
		return commandHelp(ctx, e, stdout, c)
	}
	defer e.close()
	return c.run(ctx, e, rest[1:])
}

// lookup returns the command called name.
func lookup(name string) (command, error) {
	for _, c := range commands() {
		if c.name == name {
			return c, nil
		}
	}
	return command{}, usageError{fmt.Sprintf("unknown command %q; run \"pbem help\"", name)}
}

// helpFlag says whether args ask for help: no argument of any command
// starts with a dash but its flags, so -h cannot be a game id or a move.
func helpFlag(args []string) bool {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--help", "--h":
			return true
		case "--":
			return false
		}
	}
	return false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "pbem runs board games by email.")
	fmt.Fprintln(w, "\nUsage: pbem [--data DIR] [--nats URL [--replicas N]] COMMAND [arguments]")
	fmt.Fprintln(w, "       pbem help COMMAND")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands() {
		for i, form := range strings.Split(c.args, "\n") {
			name := c.name
			if i > 0 {
				name = ""
			}
			fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("  %-8s %s", name, form), " "))
		}
		fmt.Fprintf(w, "  %-8s %s\n", "", c.help)
	}
	globalUsage(w)
	fmt.Fprintln(w, "\nEvery command and its examples: docs/commands.md; running the mailbox: docs/operating.md.")
}

// helpRequest is what a command's flag parsing returns for -h: its flags.
type helpRequest struct{ fs *flag.FlagSet }

func (h helpRequest) Error() string { return "help requested" }

// commandHelp prints c's usage with its own flags, which only its run
// declares: it runs c with -h alone, which stops at the flags.
func commandHelp(ctx context.Context, e *env, w io.Writer, c command) error {
	commandUsage(w, c)
	var h helpRequest
	if err := c.run(ctx, e, []string{"-h"}); errors.As(err, &h) {
		global := flag.NewFlagSet("", flag.ContinueOnError)
		(&env{}).globalFlags(global)
		own, n := flag.NewFlagSet(c.name, flag.ContinueOnError), 0
		h.fs.VisitAll(func(f *flag.Flag) {
			if global.Lookup(f.Name) == nil {
				own.Var(f.Value, f.Name, f.Usage)
				n++
			}
		})
		if n > 0 {
			fmt.Fprintln(w, "\nFlags:")
			flagUsage(w, own)
		}
	}
	globalUsage(w)
	return nil
}

// commandUsage prints one command's synopsis and what it does.
func commandUsage(w io.Writer, c command) {
	for i, form := range strings.Split(c.args, "\n") {
		lead := "Usage:"
		if i > 0 {
			lead = ""
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("%-6s pbem %s %s", lead, c.name, form), " "))
	}
	fmt.Fprintf(w, "\n%s.\n", upperFirst(c.help))
	if subs := subcommands(c.name); subs != nil {
		fmt.Fprintln(w, "\nSubcommands:")
		for _, s := range subs {
			fmt.Fprintf(w, "  %-10s %s\n", s.name, s.help)
		}
	}
}

// subcommands is the table of the subcommands of the command called
// name; nil for a command without.
func subcommands(name string) []command {
	switch name {
	case "campaign":
		return campaignCommands()
	case "mail":
		return mailCommands()
	}
	return nil
}

// synopsis is the synopsis of a command with the subcommands subs, one
// line for each.
func synopsis(subs []command) string {
	var forms []string
	for _, c := range subs {
		for _, form := range strings.Split(c.args, "\n") {
			forms = append(forms, strings.TrimSpace(c.name+" "+form))
		}
	}
	return strings.Join(forms, "\n")
}

// dispatch runs the subcommand of the command called name that its first
// argument names.
func dispatch(name string) func(context.Context, *env, []string) error {
	return func(ctx context.Context, e *env, args []string) error {
		for _, c := range subcommands(name) {
			if len(args) > 0 && args[0] == c.name {
				return c.run(ctx, e, args[1:])
			}
		}
		return usageOf(name)
	}
}

// usageOf is the usage error of the command called name ("move", or
// "campaign new" for a subcommand), its synopsis read from the table.
func usageOf(name string) usageError {
	top, sub, _ := strings.Cut(name, " ")
	var forms []string
	for _, c := range commands() {
		if c.name != top {
			continue
		}
		forms = strings.Split(c.args, "\n")
		for _, s := range subcommands(top) {
			if s.name == sub {
				forms = strings.Split(s.args, "\n")
			}
		}
	}
	for i, form := range forms {
		forms[i] = strings.TrimRight("pbem "+name+" "+form, " ")
	}
	return usageError{"usage: " + strings.Join(forms, "\n       ")}
}

// globalUsage prints the global flags from their declaration, with the
// defaults they have now: PBEM_DATA and NATS_URL set them.
func globalUsage(w io.Writer) {
	fs := flag.NewFlagSet("pbem", flag.ContinueOnError)
	(&env{}).globalFlags(fs)
	fmt.Fprintln(w, "\nGlobal flags, before or after the command (env PBEM_DATA and NATS_URL set their defaults):")
	flagUsage(w, fs)
}

// flagUsage prints fs's flags as the docs write them: two dashes, the kind
// of value, the default when there is one.
func flagUsage(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		kind, text := flag.UnquoteUsage(f)
		name := "--" + f.Name
		if kind != "" {
			name += " " + kind
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != strconv.Itoa(noSeat) {
			text += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(w, "  %-15s %s\n", name, text)
	})
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
