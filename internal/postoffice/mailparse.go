package postoffice

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/mailroom"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// ParsedMail is what "pbem mail parse" prints: what pbem reads from a mail.
type ParsedMail struct {
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

// ParseMail reads the mail in file as the service that c configures
// reads it: what it finds in the mail, whether its reply address's token
// holds, and what the mailroom of svc for the games offered would do with
// it now, with nothing run, recorded or sent.
func ParseMail(ctx context.Context, svc *games.Service, offered *catalog.Catalog, c Config, file string) (ParsedMail, error) {
	var out ParsedMail
	raw, err := os.ReadFile(file)
	if err != nil {
		return out, fmt.Errorf("mail parse: %w", err)
	}
	p, err := mail.Parse(raw, mail.Limits{MaxBytes: mail.MaxRaw, Self: []string{c.Mailbox}})
	if err != nil {
		return out, fmt.Errorf("mail parse %s: %w", file, err)
	}
	out = ParsedMail{Parsed: p, Token: "none: not sent to a game's reply address", Automatic: p.Automatic != "", Why: p.Automatic}
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
			return out, err
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
	out.Mailroom, err = reads(ctx, svc, offered, c, raw)
	return out, err
}

// reads is what the mailroom would do with the mail raw: the mailroom's
// own reading (mailroom.Mailroom.Read), as the service that c configures
// would read it now.
func reads(ctx context.Context, svc *games.Service, offered *catalog.Catalog, c Config, raw []byte) (mailroom.Reading, error) {
	tokens, err := c.Tokens()
	if err != nil {
		return mailroom.Reading{}, err
	}
	index, err := projections.NewProjector(ctx, svc.Store, svc.Catalog)
	if err != nil {
		return mailroom.Reading{}, err
	}
	m := &mailroom.Mailroom{Service: letters.New(svc, offered), Tokens: tokens, Mailbox: c.Mailbox, Index: index,
		TrustedAuthServID: c.TrustedAuth, DKIM: c.DKIMVerifier()}
	return m.Read(ctx, mail.NewInboxRecord(raw, "INBOX", 0, 0, time.Now()))
}
