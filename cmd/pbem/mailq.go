package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/mail"
)

// mailCommands are the subcommands of "pbem mail": reading a mail as
// pbem does, and the operator's view of the outbox.
func mailCommands() []command {
	return []command{
		{"parse", "[--config FILE] FILE.eml", "print what pbem reads from a mail, and what it would do with it", runMailParse},
		{"list", "[GAME] [--waiting|--failed|--dead|--stopped|--marked|--sent|--queued]", "list the notices pbem sends", runMailList},
		{"show", "[--config FILE] MESSAGE-ID", "print a notice's whole mail", runMailShow},
		{"retry", "MESSAGE-ID | --waiting | --failed | --dead", "try held notices again", runMailRetry},
	}
}

// stateFlags adds one flag per notice state to fs and returns the state
// chosen, "" for none.
func stateFlags(fs *flag.FlagSet, states ...string) func() (string, error) {
	set := map[string]*bool{}
	for _, s := range states {
		set[s] = fs.Bool(s, false, "only the "+s+" notices")
	}
	return func() (string, error) {
		chosen := ""
		for _, s := range states {
			if *set[s] {
				if chosen != "" {
					return "", usageError{"choose one state: --" + chosen + " or --" + s}
				}
				chosen = s
			}
		}
		return chosen, nil
	}
}

func runMailList(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail list", flag.ContinueOnError)
	state := stateFlags(fs, mail.StateWaiting, mail.StateFailed, mail.StateDead, mail.StateStopped, mail.StateMarked, mail.StateSent, mail.StateQueued)
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
	opt.Notices = letters.New(svc, e.offered).Notices
	return postoffice.ListMail(ctx, e.store, e.stdout, opt)
}

// runMailShow prints a notice's whole mail as it was or would be sent,
// rendered now from the history.
func runMailShow(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail show", flag.ContinueOnError)
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file (for the mailbox, the service's name and the token secret)")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	if c.Mailbox == "" {
		// Without a configuration the mail is shown as from a mailbox at
		// the Message-ID's domain; the reply addresses are then not the
		// ones the service gives.
		_, domain, _ := strings.Cut(strings.Trim(pos[0], "<>"), "@")
		c.Mailbox = "games@" + domain
		fmt.Fprintf(e.stderr, "pbem: no --config: the mail is shown as from %s\n", c.Mailbox)
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	st, err := postoffice.ShowNotice(ctx, svc, e.offered, c, pos[0], e.stdout)
	if err == nil {
		fmt.Fprintf(e.stderr, "pbem: <%s> is %s %s\n", st.Notice.ID, st.State, postoffice.HeldDetail(st.Held))
	}
	return err
}

// every one in a state.
func runMailRetry(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail retry", flag.ContinueOnError)
	state := stateFlags(fs, mail.StateWaiting, mail.StateFailed, mail.StateDead)
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
		s, err := mail.FindNotice(ctx, e.store, letters.New(svc, e.offered).Notices, pos[0])
		if err != nil {
			return err
		}
		if s.Held == nil {
			return fmt.Errorf("mail retry: <%s> is %s, not held", s.Notice.ID, s.State)
		}
		st, id = s.Held.State, s.Notice.ID
	}
	n, err := mail.Retry(ctx, e.store, st, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%d notices to try again; a running pbem serve tries them within seconds, a stopped one when it starts\n", n)
	return nil
}
