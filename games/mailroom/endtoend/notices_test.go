package endtoend_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/gamestest"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
)

// outbox returns the notices written since the last call, as
// "kind>address" strings, after rendering each as the outbox would.
func outbox(t *testing.T, svc *letters.Service) []string {
	t.Helper()
	var got []string
	lh := letters.Letterhead{Service: "pbem games", Mailbox: "games@pbem.example.org", Tokens: mail.Tokens{Secret: []byte("k")}}
	ns, err := mailtest.CatchUpNotices(context.Background(), svc.Store, "test", svc.Notices)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range ns {
		out, err := svc.Render(context.Background(), lh, n)
		if err != nil || out.Subject == "" || out.Text == "" {
			t.Errorf("Render(%s) = %q, %v", n.ID, out.Subject, err)
		}
		got = append(got, n.Kind+">"+n.To)
	}
	return got
}

// TestNotices checks who is told what after each kind of event.
func TestNotices(t *testing.T) {
	ctx := context.Background()
	svc := letters.New(gamestest.NewService(t), offered())
	id := gamestest.Create(t, svc.Service)
	steps := []struct {
		name string
		do   func() error
		want string
	}{
		{"Created", func() error { return nil }, "invitation>ana@example.org invitation>bea@example.net"},
		{"Move", func() error { _, err := svc.Move(ctx, id, 0, "A1", games.Cause{}); return err }, "accepted>ana@example.org your-turn>bea@example.net"},
		{"Say", func() error { _, err := svc.Say(ctx, id, 1, "good luck", games.Cause{}); return err }, "said>ana@example.org"},
		{"Refused", func() error { _, err := svc.Move(ctx, id, 0, "C1", games.Cause{}); return nilIfRefused(err) }, ""},
		{"Resign", func() error { _, err := svc.Resign(ctx, id, 1, games.Cause{}); return err }, "game-over>ana@example.org game-over>bea@example.net"},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if got := strings.Join(outbox(t, svc), " "); got != s.want {
			t.Errorf("after %s the outbox got %q, want %q", s.name, got, s.want)
		}
	}
}

func nilIfRefused(err error) error {
	var ge *games.Error
	if err == nil {
		return fmt.Errorf("the move was not refused")
	}
	if errors.As(err, &ge) {
		return nil
	}
	return err
}
