package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/pbem-games/pbem/mail"
)

// parsedMail is what "pbem mail parse" prints: what pbem reads from a mail.
type parsedMail struct {
	*mail.Parsed
	Game      string `json:"game,omitempty"`
	Seat      *int   `json:"seat,omitempty"`
	Token     string `json:"token"`     // "valid", or why not
	Automatic bool   `json:"automatic"` // auto-reply, bounce, list or own mail: pbem stays silent
	Why       string `json:"automaticReason,omitempty"`
}

func runMail(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] != "parse" {
		return usageError{"usage: pbem mail parse [--config FILE] FILE.eml"}
	}
	fs := flag.NewFlagSet("mail parse", flag.ContinueOnError)
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file (for the mailbox and the token secret)")
	pos, err := e.parse(fs, args[1:], 1, "parse [--config FILE] FILE.eml")
	if err != nil {
		return err
	}
	c, err := loadConfig(*file)
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
	for _, r := range p.Recipients {
		tag, ok := mail.ParseTag(r, c.Mailbox)
		if !ok {
			continue
		}
		out.Game, out.Seat = tag.Game, &tag.Seat
		tokens, err := c.tokens(e.data)
		if err != nil {
			return err
		}
		out.Token = "valid"
		if err := tokens.Check(tag.Game, tag.Seat, tag.Token); err != nil {
			out.Token = "invalid: " + err.Error()
		}
		break
	}
	return writeJSON(e, out)
}
