package endtoend_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestObserverInvitation: someone the host asks to follow a game does not
// play in it: their invitation neither tells them to reply with moves nor
// offers them a player's commands, in either language.
func TestObserverInvitation(t *testing.T) {
	for _, c := range []struct {
		lang  string
		wrong []string
	}{
		{"en", []string{"Reply to it with your move", "RESIGN", "SAY", "whenever it is your turn", "has invited you to a game"}},
		{"zh", []string{"写上你的着法", "RESIGN", "认输", "SAY", "每当轮到你", "邀请你下一局"}},
	} {
		t.Run(c.lang, func(t *testing.T) {
			ctx := context.Background()
			mt := newMailTable(t, atacama.Game)
			prefs, err := mt.svc.Prefs(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := prefs.Set(ctx, "olu@example.org", mail.Pref{Lang: c.lang}, false); err != nil {
				t.Fatal(err)
			}
			id := mt.create("atacama", 3)
			before := len(mt.outbox())
			if _, err := mt.svc.Watch(ctx, id, 0, "olu@example.org", true, games.Cause{}); err != nil {
				t.Fatal(err)
			}
			lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens}
			var got int
			for _, n := range mt.outbox()[before:] {
				if n.To != "olu@example.org" {
					continue
				}
				got++
				out, err := mt.svc.Render(ctx, lh, n)
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range c.wrong {
					if strings.Contains(out.Text, w) || strings.Contains(out.HTML, w) {
						t.Errorf("the observer's %s mail says %q:\n%s", n.Kind, w, out.Text)
					}
				}
			}
			if got != 1 {
				t.Errorf("the observer got %d mails, want their invitation", got)
			}
		})
	}
}
