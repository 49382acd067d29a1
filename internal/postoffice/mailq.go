package postoffice

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// ListMail prints the notices opt chooses, one a line; the mail side of
// svc for the games offered derives the notices of the games' events.
func ListMail(ctx context.Context, svc *games.Service, offered *catalog.Catalog, w io.Writer, opt mail.ListOptions) error {
	opt.Notices = letters.New(svc, offered).Notices
	list, err := mail.ListNotices(ctx, svc.Store, opt)
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
		parts = append(parts, strings.Join(strings.Fields(h.Error), " "))
	}
	return strings.Join(parts, "; ")
}

// ShowNotice writes notice id's whole mail to w as it was or would be
// sent, rendered now from the history by the mail side of svc for the
// games offered, as the service c configures sends it, then says on note
// the notice's state. Without a mailbox in c, the mail is shown as from
// a mailbox at the Message-ID's domain, which note is told: the reply
// addresses are then not the ones the service gives.
func ShowNotice(ctx context.Context, svc *games.Service, offered *catalog.Catalog, c Config, id string, w, note io.Writer) error {
	if c.Mailbox == "" {
		_, domain, _ := strings.Cut(strings.Trim(id, "<>"), "@")
		c.Mailbox = "games@" + domain
		fmt.Fprintf(note, "pbem: no --config: the mail is shown as from %s\n", c.Mailbox)
	}
	st, err := showNotice(ctx, svc, offered, c, id, w)
	if err == nil {
		fmt.Fprintf(note, "pbem: <%s> is %s %s\n", st.Notice.ID, st.State, heldDetail(st.Held))
	}
	return err
}

// showNotice writes the mail and returns the notice's state.
func showNotice(ctx context.Context, svc *games.Service, offered *catalog.Catalog, c Config, id string, w io.Writer) (mail.NoticeState, error) {
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
