package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

const mailUsage = `usage: pbem mail parse [--config FILE] FILE.eml
       pbem mail list [GAME] [--waiting|--failed|--dead|--stopped|--marked|--sent|--queued]
       pbem mail show [--config FILE] MESSAGE-ID
       pbem mail retry MESSAGE-ID | --waiting | --failed | --dead`

// runMailCommand runs "pbem mail …": reading a mail as pbem does, and the
// operator's view of the outbox.
func runMailCommand(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		return usageError{mailUsage}
	}
	switch args[0] {
	case "parse":
		return runMail(ctx, e, args)
	case "list":
		return runMailList(ctx, e, args[1:])
	case "show":
		return runMailShow(ctx, e, args[1:])
	case "retry":
		return runMailRetry(ctx, e, args[1:])
	}
	return usageError{mailUsage}
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
	pos, err := e.parse(fs, args, -1, "[GAME] [--waiting|--failed|--dead|--stopped|--marked|--sent|--queued]")
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usageError{"usage: pbem mail list [GAME] [--waiting|--failed|--dead|--stopped|--marked|--sent|--queued]"}
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
	return listMail(ctx, e.store, e.stdout, opt)
}

// listMail prints the notices opt chooses, one a line.
func listMail(ctx context.Context, store events.Follower, w io.Writer, opt mail.ListOptions) error {
	list, err := mail.ListNotices(ctx, store, opt)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "MESSAGE-ID\tTO\tKIND\tEVENT\tSTATE\tDETAIL")
	for _, s := range list {
		event := "-"
		if s.Notice.Game != "" {
			event = fmt.Sprintf("%s#%d", s.Notice.Game, s.Notice.Seq)
		}
		fmt.Fprintf(tw, "<%s>\t%s\t%s\t%s\t%s\t%s\n", s.Notice.ID, s.Notice.To, s.Notice.Kind, event, s.State, heldDetail(s.Held))
	}
	return tw.Flush()
}

// heldDetail says why a notice is held and what comes next.
func heldDetail(h *mail.Held) string {
	if h == nil {
		return ""
	}
	var parts []string
	if h.State == mail.StateWaiting && !h.Next.IsZero() {
		parts = append(parts, "next try "+h.Next.UTC().Format(time.RFC3339))
	}
	if h.Tries > 0 {
		parts = append(parts, fmt.Sprintf("%d tries since %s", h.Tries, h.Since.UTC().Format(time.RFC3339)))
	}
	if h.Error != "" {
		parts = append(parts, oneLine(h.Error))
	}
	return strings.Join(parts, "; ")
}

// runMailShow prints a notice's whole mail as it was or would be sent,
// rendered now from the history.
func runMailShow(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail show", flag.ContinueOnError)
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file (for the mailbox, the service's name and the token secret)")
	pos, err := e.parse(fs, args, 1, "[--config FILE] MESSAGE-ID")
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
	if c.SMTP.Addr == "" {
		c.SMTP.Addr = "localhost:25" // never dialed: the mail is only written out
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	opts, err := c.SMTPOptions()
	if err != nil {
		return err
	}
	sender, err := mail.NewSender(opts)
	if err != nil {
		return err
	}
	svc.Domain = c.IDDomain()
	index, err := projections.NewProjector(ctx, e.store, svc.Catalog)
	if err != nil {
		return err
	}
	lh, err := c.Letterhead(index)
	if err != nil {
		return err
	}
	st, err := postoffice.ShowMail(ctx, letters.New(svc, e.offered), lh, sender, e.stdout, pos[0])
	if err == nil {
		fmt.Fprintf(e.stderr, "pbem: <%s> is %s %s\n", st.Notice.ID, st.State, heldDetail(st.Held))
	}
	return err
}

// every one in a state.
func runMailRetry(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail retry", flag.ContinueOnError)
	state := stateFlags(fs, mail.StateWaiting, mail.StateFailed, mail.StateDead)
	pos, err := e.parse(fs, args, -1, "MESSAGE-ID | --waiting | --failed | --dead")
	if err != nil {
		return err
	}
	st, err := state()
	if err != nil {
		return err
	}
	if (st == "") == (len(pos) == 0) || len(pos) > 1 {
		return usageError{"usage: pbem mail retry MESSAGE-ID | --waiting | --failed | --dead"}
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
