package mail

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"net/textproto"
	"strings"
	"testing"
)

// dataCases are mails as DATA carries them: lines that end in CRLF or in
// LF alone, lines that begin with one dot or several, a line that is a
// dot, and a last line left open.
var dataCases = []string{
	"",
	"Subject: x\r\n\r\nhello\r\n",
	".\r\n",
	"..\r\n.x\r\n\r\n.\r\nend",
	"a\nb\n.c\n\n.\n",
	"a\r\n.\rb\r\n",
	"no end",
	strings.Repeat("line of a mail\r\n.dotted\r\n", 500),
}

// dotStuffed is what textproto's writer, the one go-mail sends with,
// writes for s, the dot that ends DATA included.
func dotStuffed(t *testing.T, s string) string {
	var b bytes.Buffer
	bw := bufio.NewWriter(&b)
	w := textproto.NewWriter(bw).DotWriter()
	if _, err := w.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestDataWriterAsTextproto: the DATA a mail is sent as is byte for byte
// what textproto's writer makes of it, however the mail is cut into
// writes.
func TestDataWriterAsTextproto(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, s := range dataCases {
		want := dotStuffed(t, s)
		for range 20 {
			var b bytes.Buffer
			bw := bufio.NewWriterSize(&b, 16)
			d := &dataWriter{w: bw, start: true}
			rest := []byte(s)
			for len(rest) > 0 {
				n := 1 + r.IntN(len(rest))
				if _, err := d.Write(rest[:n]); err != nil {
					t.Fatal(err)
				}
				rest = rest[n:]
			}
			if err := d.end(); err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != want {
				t.Fatalf("DATA of %q:\n got %q\nwant %q", s, got, want)
			}
		}
	}
}

// BenchmarkDataWriter writes a mail of 60 KB, as the outbox sends one with
// its picture, as DATA: by textproto's writer, byte by byte, as go-mail
// does, and by the sender's own, a line at a time.
func BenchmarkDataWriter(b *testing.B) {
	mail := []byte(strings.Repeat(strings.Repeat("A", 76)+"\r\n", 780))
	b.Run("textproto", func(b *testing.B) {
		bw := bufio.NewWriter(&bytes.Buffer{})
		b.SetBytes(int64(len(mail)))
		for b.Loop() {
			bw.Reset(discard{})
			w := textproto.NewWriter(bw).DotWriter()
			w.Write(mail)
			w.Close()
		}
	})
	b.Run("lines", func(b *testing.B) {
		bw := bufio.NewWriter(&bytes.Buffer{})
		b.SetBytes(int64(len(mail)))
		for b.Loop() {
			bw.Reset(discard{})
			d := &dataWriter{w: bw, start: true}
			d.Write(mail)
			d.end()
		}
	})
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
