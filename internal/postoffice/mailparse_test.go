package postoffice

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
)

// TestParseMail: a mail file is read as the service reads it: its
// sender, its game and seat from a reply address whose token holds, or
// says why not, its commands without the quoted mail, an auto-reply
// marked so; a file that is not there is refused, naming it.
func TestParseMail(t *testing.T) {
	ctx := context.Background()
	c := Config{Mailbox: "games@pbem.example.org", Secret: "s3cret"}
	tokens := mail.Tokens{Secret: []byte("s3cret")}
	dir := t.TempDir()
	good := tokens.ReplyTo(c.Mailbox, "k7q2mx", 1)
	offline(t, t.TempDir(), func(svc *games.Service) {
		for _, tc := range []struct {
			name, raw string
			token     string
			commands  []string
			automatic bool
		}{
			{"valid", "From: Bea <bea@example.net>\nTo: " + good + "\nSubject: Re: 轮到你了\n\nE5\nsay 你好\n\nOn Mon, pbem wrote:\n> E7\n", "valid", []string{"E5", "say 你好"}, false},
			{"forged", "From: bea@example.net\nTo: games+k7q2mx.1.abcdefghij@pbem.example.org\n\nE5\n", "invalid: ", []string{"E5"}, false},
			{"auto", "From: bea@example.net\nTo: " + good + "\nAuto-Submitted: auto-replied\n\nI am away\n", "valid", []string{"I am away"}, true},
		} {
			file := filepath.Join(dir, tc.name+".eml")
			if err := os.WriteFile(file, []byte(tc.raw), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := ParseMail(ctx, svc, offered(), c, file)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if got.From != "bea@example.net" || got.Game != "k7q2mx" || got.Seat == nil || *got.Seat != 1 {
				t.Errorf("%s: from %q game %q seat %v, want bea@example.net, k7q2mx, 1", tc.name, got.From, got.Game, got.Seat)
			}
			if !strings.HasPrefix(got.Token, tc.token) || !slices.Equal(got.Commands, tc.commands) || got.Automatic != tc.automatic {
				t.Errorf("%s: token %q, commands %q, automatic %v; want %q…, %q, %v", tc.name, got.Token, got.Commands, got.Automatic, tc.token, tc.commands, tc.automatic)
			}
		}
		missing := filepath.Join(dir, "none.eml")
		if _, err := ParseMail(ctx, svc, offered(), c, missing); err == nil || !strings.Contains(err.Error(), missing) {
			t.Errorf("ParseMail of a file not there = %v, want it named", err)
		}
	})
}
