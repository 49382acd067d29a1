package torture

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Poll hands the players their mail from a real IMAP server at addr, as
// Deliver does for the loopback system: each player's INBOX is read every
// interval, each mail once, and left there. It returns once ctx ends; a
// failure is one of the club's errors.
func (c *Club) Poll(ctx context.Context, addr, password string, every time.Duration) {
	for _, user := range c.Users() {
		go func() {
			if err := c.poll(ctx, addr, user, password, every); err != nil && ctx.Err() == nil {
				c.fail(fmt.Errorf("reading %s's mail: %w", user, err))
			}
		}()
	}
}

func (c *Club) poll(ctx context.Context, addr, user, password string, every time.Duration) error {
	var last imap.UID
	for fails := 0; ; {
		err := c.pollSession(ctx, addr, user, password, every, &last)
		if ctx.Err() != nil {
			return nil
		}
		if fails++; fails > 20 {
			return err
		}
		time.Sleep(every)
	}
}

// pollSession reads user's new mail until ctx ends or the session fails.
func (c *Club) pollSession(ctx context.Context, addr, user, password string, every time.Duration, last *imap.UID) error {
	cl, err := imapclient.DialInsecure(addr, nil) // loopback only
	if err != nil {
		return err
	}
	defer cl.Close()
	stop := context.AfterFunc(ctx, func() { cl.Close() })
	defer stop()
	if err := cl.Login(user, password).Wait(); err != nil {
		return err
	}
	if _, err := cl.Select("INBOX", nil).Wait(); err != nil {
		return err
	}
	section := &imap.FetchItemBodySection{Peek: true}
	for {
		found, err := cl.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{{{Start: *last + 1, Stop: 0}}}}, nil).Wait()
		if err != nil {
			return err
		}
		uids := slices.DeleteFunc(found.AllUIDs(), func(u imap.UID) bool { return u <= *last })
		slices.Sort(uids)
		if len(uids) > 0 {
			msgs, err := cl.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true,
				BodySection: []*imap.FetchItemBodySection{section}}).Collect()
			if err != nil {
				return err
			}
			slices.SortFunc(msgs, func(a, b *imapclient.FetchMessageBuffer) int { return int(a.UID) - int(b.UID) })
			for _, m := range msgs {
				c.Deliver("", []string{user + "@" + c.opt.Domain}, m.FindBodySection(section))
				*last = max(*last, m.UID)
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(every):
		}
	}
}
