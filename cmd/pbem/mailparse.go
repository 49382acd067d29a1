package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// parsedMail is what "pbem mail parse" prints: what pbem reads from a mail.
type parsedMail struct {
	*mail.Parsed
	Game      string `json:"game,omitempty"`
	Seat      *int   `json:"seat,omitempty"`
	Token     string `json:"token"`     // "valid", or why not
	Automatic bool   `json:"automatic"` // auto-reply, bounce, list or own mail: pbem stays silent
	Why       string `json:"automaticReason,omitempty"`
	// Mailroom is what the mailroom makes of Commands for the game the
	// mail is addressed to, as that game stands in the data directory.
	Mailroom mailroomReading `json:"mailroom"`
}

// mailroomReading is the commands the mailroom runs of a mail, in order,
// and the lines it ignores (greetings, sign-offs), see mailroom.Meant.
type mailroomReading struct {
	Runs    []string `json:"runs"`
	Ignored []string `json:"ignored"`
	Why     string   `json:"why,omitempty"` // why it runs nothing
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
		if err := tokens.Check(tag.Game, tag.Seat, tag.Token); err != nil {
			out.Token = "invalid: " + err.Error()
		}
		break
	}
	if out.Mailroom, err = mailroomReads(ctx, e, p, tag, out.Token == "valid"); err != nil {
		return err
	}
	return writeJSON(e, out)
}

// mailroomReads says which lines of p the mailroom runs: for mail to a
// game's reply address (tag, with a valid token or not), as the game
// stands in the data directory.
func mailroomReads(ctx context.Context, e *env, p *mail.Parsed, tag *mail.Tag, valid bool) (mailroomReading, error) {
	r := mailroomReading{Runs: []string{}, Ignored: []string{}}
	g, seat := (*projections.Game)(nil), rules.Observer
	switch {
	case p.Automatic != "":
		r.Why = "automatic mail: the mailroom does not answer it"
		return r, nil
	case tag != nil && !valid:
		r.Why = "the reply address's token is not valid: the mailroom runs nothing of the mail"
		return r, nil
	case tag != nil:
		svc, err := e.service(ctx)
		if err != nil {
			return r, err
		}
		g, _, err = svc.Load(ctx, tag.Game)
		if errors.Is(err, games.ErrUnknownGame) {
			r.Why = fmt.Sprintf("there is no game %s in %s: the mailroom ignores the mail", tag.Game, e.data)
			return r, nil
		}
		if err != nil {
			return r, err
		}
		if tag.Seat >= len(g.Created.Players) || !strings.EqualFold(g.Created.Players[tag.Seat].Address, p.From) {
			r.Why = fmt.Sprintf("the mail is not from the address of seat %d of game %s: the mailroom runs nothing of it", tag.Seat, tag.Game)
			return r, nil
		}
		seat = rules.Seat(tag.Seat)
	}
	run, ignored := mailroom.Meant(g, seat, p.Commands)
	r.Runs, r.Ignored = append(r.Runs, run...), append(r.Ignored, ignored...)
	return r, nil
}
