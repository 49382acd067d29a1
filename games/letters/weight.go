package letters

import (
	"bytes"
	"compress/gzip"

	"github.com/pbem-games/pbem/mail"
)

// maxMail is the most a mail of pbem may weigh as sent, its pictures and
// attachments included: what a phone on a slow line fetches without a
// wait (games/mailroom/endtoend TestMailSize holds every kind of mail to it).
const maxMail = 100 << 10

// headroom is what a mail's header fields and its parts' own may take.
const headroom = 4 << 10

// weight is at least what o weighs as mail.Sender writes it: every part
// as base64 in lines of 76 (a text part goes as quoted-printable only
// where that is shorter), and the headers.
func weight(o mail.Outgoing) int {
	n := headroom + base64Size(len(o.Text)) + base64Size(len(o.HTML))
	for _, a := range o.Inline {
		n += base64Size(len(a.Data))
	}
	for _, a := range o.Attachments {
		n += base64Size(len(a.Data))
	}
	return n
}

func base64Size(n int) int {
	enc := (n + 2) / 3 * 4
	return enc + 2*((enc+75)/76)
}

// historyFile is the game-over mail's attachment: the history as
// exported, gzipped (a fifth of its size; pbem verify --file and
// scripts/verify_history.py read it as it is). A gzip header without a
// time or name makes the same bytes of the same history, so the same
// notice makes the same mail.
func historyFile(id string, export []byte) mail.Attachment {
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression) // a valid level: no error
	_, _ = z.Write(export)                                // a bytes.Buffer does not fail
	_ = z.Close()
	return mail.Attachment{Name: id + ".jsonl.gz", ContentType: "application/gzip", Data: b.Bytes()}
}
