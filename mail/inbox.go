package mail

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/pbem-games/pbem/events"
)

// InboxSubject is the prefix of the subjects inbox records are stored on:
// one subject per mail, named after its Message-ID, written once.
const InboxSubject = "pbem.inbox."

// InboxRecord is one mail as it arrived, stored before anything else
// happens to it, so that nothing is lost and nothing is read twice.
type InboxRecord struct {
	Key         string    `json:"key"`       // names the mail: from its Message-ID, else its bytes
	MessageID   string    `json:"messageId"` // as in the header, without angle brackets
	Mailbox     string    `json:"mailbox"`   // the IMAP mailbox it was read from
	UIDValidity uint32    `json:"uidValidity"`
	UID         uint32    `json:"uid"`
	Received    time.Time `json:"received"`
	Size        int       `json:"size"`      // of the whole mail
	Raw         []byte    `json:"raw"`       // the mail; when Truncated its header alone (see newInboxRecordHead)
	Truncated   bool      `json:"truncated"` // the mail is longer than MaxRaw
	// Pruned says what was taken from the record once its mail was
	// handled (PrunedBody, PrunedMail); "" for a record as the intake
	// wrote it. A pruned record is never handled again.
	Pruned string `json:"pruned,omitempty"`
}

// MaxRaw is the longest mail an inbox record keeps; a longer mail is
// answered as too long, from its header.
const MaxRaw = 2 << 20

var messageIDHeader = regexp.MustCompile(`(?im)^message-id:[ \t]*<?([^>\r\n]+)>?`)

// NewInboxRecord makes the record of a raw mail.
func NewInboxRecord(raw []byte, mailbox string, uidValidity, uid uint32, at time.Time) InboxRecord {
	return newInboxRecordHead(raw, len(raw), mailbox, uidValidity, uid, at)
}

// newInboxRecordHead makes the record of a mail of size bytes of which
// head holds the first ones, at least MaxRaw of them when size is larger:
// the intake fetches no more of a mail than it keeps. A head shorter than
// MaxRaw, or longer than size (0, say), is the whole mail. A long mail
// without a Message-ID is named by its size and first MaxRaw bytes, so it
// is named alike whether read whole or not. Of a long mail the record keeps
// its header alone, all that is read of it: records written before kept
// its first MaxRaw bytes, which are read the same way.
func newInboxRecordHead(head []byte, size int, mailbox string, uidValidity, uid uint32, at time.Time) InboxRecord {
	if len(head) < MaxRaw || size < len(head) {
		size = len(head)
	}
	r := InboxRecord{Mailbox: mailbox, UIDValidity: uidValidity, UID: uid, Received: at.UTC(), Size: size}
	r.Raw = head
	if size > MaxRaw {
		r.Raw, r.Truncated = head[:MaxRaw], true
	}
	header := r.Raw
	if i := indexHeaderEnd(header); i >= 0 {
		header = header[:i]
	}
	if m := messageIDHeader.FindSubmatch(header); m != nil {
		r.MessageID = string(m[1])
	}
	if r.Truncated && r.MessageID == "" {
		// Named by what was read of it: its first MaxRaw bytes and its size.
		r.Key = InboxKey("", append(fmt.Appendf(nil, "truncated %d\n", size), r.Raw...))
	} else {
		r.Key = InboxKey(r.MessageID, r.Raw)
	}
	if r.Truncated {
		// The rest is never read, and a mailbox of long mails would
		// otherwise put 2.7 MB (in JSON) in the stream for each.
		r.Raw = HeaderOnly(r.Raw)
	}
	return r
}

// InboxKey names a mail by its Message-ID, or by its bytes when it has none.
func InboxKey(messageID string, raw []byte) string {
	h := sha256.Sum256([]byte("id:" + messageID))
	if messageID == "" {
		h = sha256.Sum256(raw)
	}
	return hex.EncodeToString(h[:16])
}

// HeaderOnly returns raw's header with an empty body: what can still be
// read of a mail too long or too broken to parse whole, to answer it.
func HeaderOnly(raw []byte) []byte {
	i := indexHeaderEnd(raw)
	if i < 0 {
		return raw
	}
	return append(append([]byte{}, raw[:i+1]...), "\r\n"...)
}

func indexHeaderEnd(raw []byte) int {
	for i := 0; i+1 < len(raw); i++ {
		if raw[i] == '\n' && (raw[i+1] == '\n' || (raw[i+1] == '\r' && i+2 < len(raw) && raw[i+2] == '\n')) {
			return i
		}
	}
	return -1
}

// StoreInbox returns the function that stores inbox records in store,
// reporting a mail already stored as stored.
func StoreInbox(store events.Records) func(context.Context, InboxRecord) error {
	return func(ctx context.Context, r InboxRecord) error {
		data, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("mail: inbox record: %w", err)
		}
		_, err = store.PutOnce(ctx, InboxSubject+r.Key, data)
		if errors.Is(err, events.ErrExists) {
			return nil // read before: the first record stands
		}
		return err
	}
}
