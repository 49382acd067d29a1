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
// ([BounceScores]). The outbox sends it as any answer; [ProbeMail] writes
// it, not the templates, since it speaks of no game.
const KindProbe = "probe"

// ProbeNotice returns the probe to addr sent at now, its Message-ID under
// domain: probe.<hex address>.<unix time>@domain, so each probe is a mail
// of its own and sending one again is the same mail.
func ProbeNotice(domain, addr string, now time.Time) Notice {
	addr = strings.ToLower(strings.TrimSpace(addr))
	id := "probe." + hex.EncodeToString([]byte(addr)) + "." + strconv.FormatInt(now.Unix(), 10) + "@" + domain
	return Notice{ID: id, Kind: KindProbe, Seat: -1, To: addr, Time: now}
}

// SendProbe writes the probe n to the outbox, once whatever repeats.
func SendProbe(ctx context.Context, store events.Records, n Notice) error {
	_, err := store.Put(ctx, n.Subject(), n.ID, n.Encode())
	if err != nil {
		return fmt.Errorf("mail: probe %s: %w", n.To, err)
	}
	return nil
}

// ProbeMail writes the probe n: from mailbox, with the probe's own bounce
// address (Tokens.ProbeAddress) as its envelope sender, in English and
// Chinese, since pbem may know nothing of who reads the address.
func ProbeMail(n Notice, mailbox string, t Tokens) Outgoing {
	return Outgoing{
		MessageID:    n.ID,
		EnvelopeFrom: t.ProbeAddress(mailbox, n.To),
		To:           n.To,
		Subject:      "pbem: does mail reach you? / pbem：邮件能送达吗？",
		Text:         probeText,
		Date:         n.Time,
		// As the mailroom's X-Pbem-Kind names every other mail's kind.
		Headers: map[string]string{"X-Pbem-Kind": KindProbe},
	}
}

const probeText = `Mail that pbem sent to this address has come back undelivered several
times. This mail checks whether it still reaches you. If you read it, there
is nothing to do: you keep getting your games' mail.

If this mail comes back too, pbem sends this address no more game mail and
tells the hosts and players of its games. A reply to any mail of one of
your games (a move, or HELP) gets you the games' mail again at once.

pbem 发往这个地址的邮件多次被退回。这封邮件用来确认邮件是否还能送达你。
如果你看到了它，什么都不用做：你会继续收到对局的邮件。

如果这封邮件也被退回，pbem 将不再给这个地址发对局邮件，并告诉对局的主持人和
其他玩家。回复你任何一局的任何一封邮件（走一步棋，或者 HELP），就会立刻恢复
接收对局邮件。
`
