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
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/pbem-games/pbem/internal/cmdline"
)

// command is one subcommand. The table of commands is the one place a
// command's usage is written: "pbem help", "pbem COMMAND --help", the
// usage errors (usageOf) and docs/commands.md (TestCommandsDocumented)
// read it.
type command = cmdline.Command[*env]

// usageError is a mistake in how pbem was called.
type usageError = cmdline.UsageError

func commands() []command {
	return append([]command{
		{Name: "new", Args: "GAME --players A,B[,…] [--variant x,y] [--seed N] [--lang en|zh] [--host ADDRESS] [--config FILE]", Help: "create a game and print its id", Run: runNew},
		{Name: "legal", Args: "ID --seat N [--lang zh]", Help: "print a seat's legal moves, one per line", Run: runLegal},
		{Name: "move", Args: "ID --seat N MOVE", Help: "play a move, or exit 1 with the reason", Run: runMove},
		{Name: "show", Args: "ID [--seat N] [--at SEQ] [--json] [--format text|json|svg|png] [--lang en|zh]", Help: "print the board as a seat (or an observer) sees it, as text, JSON or a picture", Run: runShow},
		{Name: "log", Args: "ID [--json] [--lang en|zh]", Help: "print a game's history", Run: runLog},
		{Name: "links", Args: "ID [--config FILE] [--rotate]", Help: "print the addresses of a game's web pages: each seat's and the public one; of a campaign's, its page and each game's public one (web_url in the configuration); --rotate gives a game a new public link, the old one stops working", Run: runLinks},
		{Name: "export", Args: "ID", Help: "print a game's events as JSON lines, as stored, and the service's signature", Run: runExport},
		{Name: "verify", Args: "ID | [--campaign] --file F [--key FILE|FINGERPRINT]", Help: "replay a history and check its hash chain, seed and, for a file, the signature of its origin; --campaign: a campaign's export with its games", Run: runVerify},
		{Name: "games", Args: "", Help: "list the games", Run: runGames},
		{Name: "campaign", Args: cmdline.Synopsis(campaignCommands()), Help: "run a round robin, Swiss, knockout or ladder of ordinary games, and show, export and verify its standings", Run: campaignDispatch},
		{Name: "rebuild", Args: "", Help: "throw the read models (the games list, each player's games) away and fold them again from every history, showing how far it is; pbem serve must be stopped", Run: runRebuild},
		{Name: "backup", Args: "--out DIR [--passphrase-file FILE] [--keep N]", Help: "write a snapshot of the whole store (through the service, when one serves the data directory), encrypted with a passphrase if one is given; with --keep, into a new directory under DIR, keeping the newest N", Run: runBackup},
		{Name: "restore", Args: "--from DIR [--passphrase-file FILE]", Help: "restore a backup, encrypted or not, into an empty data directory", Run: runRestore},
		{Name: "serve", Args: "[--config FILE] [--health ADDR] [--log-format text|json] [--log-level LEVEL]", Help: "run the game mailbox: read mail over IMAP, play, answer over SMTP", Run: runServe},
		{Name: "mail", Args: cmdline.Synopsis(mailCommands()), Help: "read a mail as pbem does; list, show and retry the mail pbem sends", Run: dispatch("mail")},
		{Name: "demo", Args: "[--players N] [--variant x,y] [--timeout D] [-v]", Help: "play a whole game by mail between bots on a mail system in the process", Run: runDemo},
		{Name: "selfplay", Args: "[--game GAME] [--players N] [--variant x,y] [--seed N] [--quiet]", Help: "play a whole game between seeded random players, without mail", Run: runSelfplay},
	}, append(tableCommands(), opsCommands()...)...)
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(program().Exit(os.Stderr, err))
}

// run runs pbem called with args (cmdline.Program.Run), the store it
// opens closed at the end.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	e := &env{stdout: stdout, stderr: stderr}
	defer e.close()
	p := program()
	p.GlobalFlags = e.globalFlags
	return p.Run(ctx, e, args, stdout, stderr)
}

// program is pbem's table of commands and what its help says around it.
func program() cmdline.Program[*env] {
	return cmdline.Program[*env]{
		Name:          "pbem",
		Intro:         "pbem runs board games by email.",
		Synopsis:      "pbem [--data DIR] [--nats URL [--replicas N]] COMMAND [arguments]",
		Footer:        "Every command and its examples: docs/commands.md; running the mailbox: docs/operating.md.",
		Commands:      commands(),
		Subcommands:   subcommands,
		GlobalFlags:   (&env{}).globalFlags,
		GlobalHeading: "Global flags, before or after the command (env PBEM_DATA and NATS_URL set their defaults):",
		Unset:         strconv.Itoa(noSeat),
		Version:       "version",
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

// dispatch runs the subcommand of the command called name that its first
// argument names.
func dispatch(name string) func(context.Context, *env, []string) error {
	return func(ctx context.Context, e *env, args []string) error {
		return program().Dispatch(ctx, e, name, args)
	}
}

// usageOf is the usage error of the command called name ("move", or
// "campaign new" for a subcommand), its synopsis read from the table.
func usageOf(name string) usageError { return program().UsageOf(name) }
