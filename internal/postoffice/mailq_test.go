package postoffice

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
)

// TestMailQueue: the outbox of a stopped service as the operator reads
// it: a new game's invitations listed as queued, one shown as the mail it
// would be, from a mailbox at its Message-ID's domain when no mailbox is
// configured (and said so), and not retried, as it is not held; a
// Message-ID there is not is refused.
func TestMailQueue(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	id := operatorGame(t, dir, "ana@example.org", "bea@example.net")
	offline(t, dir, func(svc *games.Service) {
		var list bytes.Buffer
		if err := ListMail(ctx, svc, offered(), &list, mail.ListOptions{Game: id}); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(list.String(), "\n"), "\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[0], "MESSAGE-ID") || !strings.Contains(lines[1], "queued") || !strings.Contains(lines[2], id+"#") {
			t.Fatalf("ListMail of game %s:\n%s\nwant its two invitations, queued", id, list.String())
		}
		first := strings.Fields(lines[1])[0]
		c, err := LoadConfig("") // the defaults and the environment, as the command line reads them
		if err != nil {
			t.Fatal(err)
		}
		c.Data, c.Mailbox = dir, ""
		_, domain, _ := strings.Cut(strings.Trim(first, "<>"), "@")
		var shown, note bytes.Buffer
		if err := ShowNotice(ctx, svc, offered(), c, first, &shown, &note); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Message-ID: " + first, "X-Pbem-Kind: invitation", "games@" + domain} {
			if !strings.Contains(shown.String(), want) {
				t.Errorf("ShowNotice(%s) lacks %q:\n%.600s", first, want, shown.String())
			}
		}
		if want := "pbem: no --config: the mail is shown as from games@" + domain + "\npbem: " + first + " is queued"; !strings.HasPrefix(note.String(), want) {
			t.Errorf("ShowNotice said %q, want %q", note.String(), want)
		}
		if _, err := RetryMail(ctx, svc, offered(), "", first); err == nil || !strings.Contains(err.Error(), "not held") {
			t.Errorf("RetryMail of a queued notice = %v, want it not held", err)
		}
		c.Mailbox = "games@example.org"
		if err := ShowNotice(ctx, svc, offered(), c, "<nothing@pbem.invalid>", &shown, &note); err == nil {
			t.Error("ShowNotice of a Message-ID there is not succeeded")
		}
	})
}
