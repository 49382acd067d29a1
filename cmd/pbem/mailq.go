package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/pbem-games/pbem/internal/cmdline"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/mail"
)

// mailCommands are the subcommands of "pbem mail": reading a mail as
// pbem does, and the operator's view of the outbox.
func mailCommands() []command {
	return []command{
		{Name: "parse", Args: "[--config FILE] FILE.eml", Help: "print what pbem reads from a mail, and what it would do with it", Run: runMailParse},
		{Name: "list", Args: "[GAME] [--waiting|--failed|--dead|--stopped|--marked|--sent|--queued]", Help: "list the notices pbem sends", Run: runMailList},
		{Name: "show", Args: "[--config FILE] MESSAGE-ID", Help: "print a notice's whole mail", Run: runMailShow},
		{Name: "retry", Args: "MESSAGE-ID | --waiting | --failed | --dead | --marked", Help: "try held notices again", Run: runMailRetry},
		{Name: "unmark", Args: "ADDRESS", Help: "forget an address's bounces and lift its mark: it reads its mail again", Run: runMailUnmark},
	}
}

func runMailList(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail list", flag.ContinueOnError)
	state := cmdline.OneOf(fs, "only the %s notices", mail.StateWaiting, mail.StateFailed, mail.StateDead, mail.StateStopped, mail.StateMarked, mail.StateSent, mail.StateQueued)
	pos, err := e.parse(fs, args, -1)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usageOf("mail list")
	}
	opt := mail.ListOptions{}
	if opt.State, err = state(); err != nil {
		return err
	}
	if len(pos) == 1 {
		opt.Game = pos[0]
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	return postoffice.ListMail(ctx, svc, e.offered, e.stdout, opt)
}

// runMailShow prints a notice's whole mail as it was or would be sent,
// rendered now from the history.
func runMailShow(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail show", flag.ContinueOnError)
	file := fs.String("config", cmdline.EnvOr("PBEM_CONFIG", ""), "TOML configuration file (for the mailbox, the service's name and the token secret)")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	return postoffice.ShowNotice(ctx, svc, e.offered, c, pos[0], e.stdout, e.stderr)
}

// runMailRetry lets held notices be tried again: one by its Message-ID,
// or every one in a state.
func runMailRetry(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail retry", flag.ContinueOnError)
	state := cmdline.OneOf(fs, "only the %s notices", mail.StateWaiting, mail.StateFailed, mail.StateDead, mail.StateMarked)
	pos, err := e.parse(fs, args, -1)
	if err != nil {
		return err
	}
	st, err := state()
	if err != nil {
		return err
	}
	if (st == "") == (len(pos) == 0) || len(pos) > 1 {
		return usageOf("mail retry")
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	id := ""
	if len(pos) == 1 {
		id = pos[0]
	}
	n, err := postoffice.RetryMail(ctx, svc, e.offered, st, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%d notices to try again; a running pbem serve tries them within seconds, a stopped one when it starts\n", n)
	return nil
}

// runMailUnmark lifts an address's mark, as a mail from it would.
func runMailUnmark(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail unmark", flag.ContinueOnError)
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	if _, err := e.service(ctx); err != nil {
		return err
	}
	return postoffice.Unmark(ctx, e.store, pos[0], e.stdout)
}
