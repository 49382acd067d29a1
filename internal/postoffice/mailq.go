package postoffice

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// ListMail prints the notices opt chooses, one a line.
func ListMail(ctx context.Context, store events.Follower, w io.Writer, opt mail.ListOptions) error {
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
		fmt.Fprintf(tw, "<%s>\t%s\t%s\t%s\t%s\t%s\n", s.Notice.ID, s.Notice.To, s.Notice.Kind, event, s.State, HeldDetail(s.Held))
	}
	return tw.Flush()
}

// HeldDetail says why a notice is held and what comes next.
func HeldDetail(h *mail.Held) string {
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
		parts = append(parts, strings.Join(strings.Fields(h.Error), " "))
	}
	return strings.Join(parts, "; ")
}

// ShowNotice writes notice id's whole mail to w as it was or would be
// sent, rendered now from the history by the mail side of svc for the
// games offered, as the service c configures sends it, and returns the
// notice's state.
func ShowNotice(ctx context.Context, svc *games.Service, offered *catalog.Catalog, c Config, id string, w io.Writer) (mail.NoticeState, error) {
	if c.SMTP.Addr == "" {
		c.SMTP.Addr = "localhost:25" // never dialed: the mail is only written out
	}
	opts, err := c.SMTPOptions()
	if err != nil {
		return mail.NoticeState{}, err
	}
	sender, err := mail.NewSender(opts)
	if err != nil {
		return mail.NoticeState{}, err
	}
	svc = copyService(svc)
	svc.Domain = c.IDDomain()
	index, err := projections.NewProjector(ctx, svc.Store, svc.Catalog)
	if err != nil {
		return mail.NoticeState{}, err
	}
	lh, err := c.Letterhead(index)
	if err != nil {
		return mail.NoticeState{}, err
	}
	return ShowMail(ctx, letters.New(svc, offered), lh, sender, w, id)
}
