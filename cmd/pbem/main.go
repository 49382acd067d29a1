// Command pbem runs board games by email and lets operators create, play,
// show, export and verify games from the command line.
//
// Usage:
//
//	pbem [--data DIR] [--nats URL] COMMAND [arguments]
//
// Run "pbem help" for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// command is one subcommand.
type command struct {
	name string
	args string // the synopsis after the name
	help string
	run  func(ctx context.Context, env *env, args []string) error
}

func commands() []command {
	return append([]command{
		{"new", "GAME --players A,B[,…] [--variant x,y] [--seed N]", "create a game and print its id", runNew},
		{"legal", "ID --seat N", "print a seat's legal moves, one per line", runLegal},
		{"move", "ID --seat N MOVE", "play a move, or exit 1 with the reason", runMove},
		{"show", "ID [--seat N] [--at SEQ] [--json]", "print the board as a seat (or an observer) sees it", runShow},
		{"log", "ID [--json]", "print a game's history", runLog},
		{"export", "ID", "print a game's events as JSON lines, as stored", runExport},
		{"verify", "ID | --file F", "replay a history and check its hash chain and seed", runVerify},
		{"games", "", "list the games", runGames},
		{"backup", "--out DIR", "write a snapshot of the whole store (stop serve first when embedded)", runBackup},
		{"restore", "--from DIR", "restore a backup into an empty data directory", runRestore},
		{"serve", "[--config FILE]", "run the game mailbox: read mail over IMAP, play, answer over SMTP", runServe},
		{"mail", "parse|list|show|retry …", "read a mail as pbem does; list, show and retry the mail pbem sends", runMailCommand},
		{"demo", "[--players N] [--variant x,y] [--seed N]", "play a whole game by mail between bots on a mail system in the process", runDemo},
		{"selfplay", "[--game atacama] [--players N] [--variant x,y] [--seed N]", "play a whole game between seeded random players, without mail", runSelfplay},
		{"bench", "[--out FILE] [--dir DIR] [--quick] [--cluster=false]", "measure throughput, latency, rebuild, growth and memory against raw JetStream", runBench},
	}, tableCommands()...)
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
		return err
	}
	if len(rest) == 0 || rest[0] == "help" || rest[0] == "-h" || rest[0] == "--help" {
		usage(stdout)
		return nil
	}
	for _, c := range commands() {
		if c.name == rest[0] {
			defer e.close()
			return c.run(ctx, e, rest[1:])
		}
	}
	return usageError{fmt.Sprintf("unknown command %q; run \"pbem help\"", rest[0])}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "pbem runs board games by email.")
	fmt.Fprintln(w, "\nUsage: pbem [--data DIR] [--nats URL] COMMAND [arguments]")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-7s %s\n          %s\n", c.name, c.args, c.help)
	}
	fmt.Fprintln(w, "\nGlobal flags (also accepted after the command):")
	fmt.Fprintln(w, "  --data DIR   data directory of the embedded NATS server (env PBEM_DATA, default ./pbem-data)")
	fmt.Fprintln(w, "  --nats URL   use an external NATS server or cluster instead (env NATS_URL)")
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
