package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// parsedMail is what "pbem mail parse" prints: what pbem reads from a mail.
type parsedMail struct {
	*mail.Parsed
	Game      string `json:"game,omitempty"`
	Seat      *int   `json:"seat,omitempty"`
	Token     string `json:"token"`     // "valid", or why not
	Automatic bool   `json:"automatic"` // auto-reply, bounce, list or own mail: pbem stays silent
	Why       string `json:"automaticReason,omitempty"`
	// Mailroom is what the mailroom would do with the mail, now, as the
	// data directory stands: the same reading it gives every mail
	// (mailroom.Mailroom.Read), with nothing run, recorded or sent.
	Mailroom mailroom.Reading `json:"mailroom"`
}

func runMail(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] != "parse" {
		return usageError{"usage: pbem mail parse [--config FILE] [--data DIR] FILE.eml"}
	}
	fs := flag.NewFlagSet("mail parse", flag.ContinueOnError)
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file (for the mailbox and the token secret)")
	pos, err := e.parse(fs, args[1:], 1, "parse [--config FILE] [--data DIR] FILE.eml")
	if err != nil {
		return err
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	raw, err := os.ReadFile(pos[0])
	if err != nil {
		return fmt.Errorf("mail parse: %w", err)
	}
	p, err := mail.Parse(raw, mail.Limits{MaxBytes: mail.MaxRaw, Self: []string{c.Mailbox}})
	if err != nil {
		return fmt.Errorf("mail parse %s: %w", pos[0], err)
	}
	out := parsedMail{Parsed: p, Token: "none: not sent to a game's reply address", Automatic: p.Automatic != "", Why: p.Automatic}
	if c.Mailbox == "" {
		out.Token = "unknown: no mailbox configured (set mailbox in --config or PBEM_MAILBOX)"
	}
	var tag *mail.Tag
	for _, r := range p.Recipients {
		t, ok := mail.ParseTag(r, c.Mailbox)
		if !ok {
			continue
		}
		tag = &t
		out.Game, out.Seat = tag.Game, &tag.Seat
		tokens, err := c.Tokens()
		if err != nil {
			return err
		}
		out.Token = "valid"
		switch {
		case tag.Confirm != "" && !tokens.CheckConfirm(t, p.From):
			out.Token = "invalid: the confirmation address was not made for the sender"
		case tag.Confirm != "":
		default:
			if err := tokens.Check(tag.Game, tag.Seat, tag.Token); err != nil {
				out.Token = "invalid: " + err.Error()
			}
		}
		break
	}
	if out.Mailroom, err = mailroomReads(ctx, e, c, raw); err != nil {
		return err
	}
	return writeJSON(e, out)
}

// mailroomReads is what the mailroom would do with the mail raw: the
// mailroom's own reading (mailroom.Mailroom.Read), as the service that c
// configures would read it now.
func mailroomReads(ctx context.Context, e *env, c postoffice.Config, raw []byte) (mailroom.Reading, error) {
	svc, err := e.service(ctx)
	if err != nil {
		return mailroom.Reading{}, err
	}
	c.Data = e.data
	tokens, err := c.Tokens()
	if err != nil {
		return mailroom.Reading{}, err
	}
	index, err := projections.NewProjector(ctx, e.store, svc.Catalog)
	if err != nil {
		return mailroom.Reading{}, err
	}
	m := &mailroom.Mailroom{Service: letters.New(svc, e.offered), Tokens: tokens, Mailbox: c.Mailbox, Index: index,
		TrustedAuthServID: c.TrustedAuth, DKIM: c.DKIMVerifier()}
	return m.Read(ctx, mail.NewInboxRecord(raw, "INBOX", 0, 0, time.Now()))
}
