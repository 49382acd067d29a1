package mail

import (
	"context"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
)

// KindProbe is the notice kind of a probe: the mail pbem sends an address
// whose mail bounced again and again, to learn whether it is read at all
// ([BounceScores]). The outbox sends it as any answer, rendered by the
// templates in its reader's language, with an envelope sender of its own
// ([Tokens.ProbeAddress]).
const KindProbe = "probe"

// ProbeNotice returns the probe to addr sent at now, its Message-ID under
// domain: probe.<hex address>.<unix time>@domain, so each probe is a mail
// of its own and sending one again is the same mail.
func ProbeNotice(domain, addr string, now time.Time) Notice {
	addr = strings.ToLower(strings.TrimSpace(addr))
	id := "probe." + hex.EncodeToString([]byte(addr)) + "." + strconv.FormatInt(now.Unix(), 10) + "@" + domain
	return Notice{ID: id, Kind: KindProbe, Seat: -1, To: addr, Time: now}
}

// sendProbe writes the probe n to the outbox, once whatever repeats.
func sendProbe(ctx context.Context, store events.Records, n Notice) error {
	_, err := store.Put(ctx, n.Subject(), n.ID, n.Encode())
	if err != nil {
		return fmt.Errorf("mail: probe %s: %w", n.To, err)
	}
	return nil
}
