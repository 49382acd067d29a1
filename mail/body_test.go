package mail_test

import (
	"bytes"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"testing"

	pmail "github.com/pbem-games/pbem/mail"
)

var (
	board   = pmail.Attachment{Name: "board.png", ContentType: "image/png", Data: []byte("\x89PNG\r\n\x1a\nnot really"), ContentID: "board.k7q2mx.9.1.your-turn@pbem.example.org"}
	history = pmail.Attachment{Name: "k7q2mx.jsonl", ContentType: "application/jsonl", Data: []byte("{}\n{}\n")}
)

// messageShapes are the MIME trees mails take: the text, the HTML as its
// alternative with the images it shows beside it alone, attachments after.
var messageShapes = []struct {
	name   string
	change func(*pmail.Outgoing)
	want   string
}{
	{"TextOnly", func(o *pmail.Outgoing) { o.HTML = "" }, "text/plain"},
	{"TextAndHTML", nil, "multipart/alternative[text/plain text/html]"},
	{"Picture", func(o *pmail.Outgoing) { o.Inline = []pmail.Attachment{board} },
		"multipart/alternative[text/plain multipart/related(type=text/html)[text/html image/png<board.k7q2mx.9.1.your-turn@pbem.example.org>inline]]"},
	{"Attachment", func(o *pmail.Outgoing) { o.Attachments = []pmail.Attachment{history} },
		"multipart/mixed[multipart/alternative[text/plain text/html] application/jsonl(k7q2mx.jsonl)attachment]"},
	{"PictureAndAttachment", func(o *pmail.Outgoing) {
		o.Inline, o.Attachments = []pmail.Attachment{board}, []pmail.Attachment{history}
	}, "multipart/mixed[multipart/alternative[text/plain multipart/related(type=text/html)[text/html image/png<board.k7q2mx.9.1.your-turn@pbem.example.org>inline]] application/jsonl(k7q2mx.jsonl)attachment]"},
	{"PictureWithoutHTML", func(o *pmail.Outgoing) { o.HTML, o.Inline = "", []pmail.Attachment{board} }, "text/plain"},
}

// TestMessageShape writes each shape of mail, parses it back as a mail
// client would, and checks its tree and that every part's content is what
// went in.
func TestMessageShape(t *testing.T) {
	s, err := pmail.NewSender(pmail.SMTPOptions{Addr: "127.0.0.1:25", From: "games@pbem.example.org"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range messageShapes {
		t.Run(c.name, func(t *testing.T) {
			o := outgoing()
			o.Text = "Bea, it is your turn.\nA line of more than seventy-six characters, which quoted-printable must break.\n"
			if c.change != nil {
				c.change(&o)
			}
			raw := write(t, s, o)
			msg, err := mail.ReadMessage(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			contents := map[string]string{}
			got := tree(t, mail.Header(msg.Header), msg.Body, contents)
			if got != c.want {
				t.Errorf("tree = %s, want %s", got, c.want)
			}
			if want := strings.ReplaceAll(o.Text, "\n", "\r\n"); contents["text/plain"] != want {
				t.Errorf("text part = %q, want %q", contents["text/plain"], want)
			}
			if o.HTML != "" && contents["text/html"] != o.HTML {
				t.Errorf("HTML part = %q, want %q", contents["text/html"], o.HTML)
			}
			for _, a := range append(o.Inline, o.Attachments...) {
				if o.HTML == "" && a.ContentID != "" {
					continue
				}
				if got := contents[a.ContentType]; got != string(a.Data) {
					t.Errorf("%s part = %q, want %q", a.Name, got, a.Data)
				}
			}
			for line := range strings.SplitSeq(string(raw), "\r\n") {
				if len(line) > 78 {
					t.Errorf("line of %d characters: %q", len(line), line)
				}
			}
		})
	}
}

// TestMessageSameBytes writes the same mail twice, from two Message calls,
// with a picture, an attachment and a DKIM signature: a mail derived again
// after a crash must be the same mail, byte for byte.
func TestMessageSameBytes(t *testing.T) {
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	s, err := pmail.NewSender(pmail.SMTPOptions{Addr: "127.0.0.1:25", From: "games@pbem.example.org",
		DKIM: pmail.DKIMOptions{Domain: "pbem.example.org", Selector: "pbem", KeyPEM: pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})}})
	if err != nil {
		t.Fatal(err)
	}
	o := outgoing()
	o.Inline, o.Attachments = []pmail.Attachment{board}, []pmail.Attachment{history}
	first, second := write(t, s, o), write(t, s, o)
	if !bytes.Equal(first, second) {
		t.Errorf("the same Outgoing written twice differs:\n%s\n----\n%s", first, second)
	}
	o.MessageID = "k7q2mx.10.1.your-turn@pbem.example.org"
	if other := write(t, s, o); bytes.Equal(first, other) {
		t.Error("two mails of different Message-IDs are the same bytes")
	}
}

func write(t *testing.T, s *pmail.Sender, o pmail.Outgoing) []byte {
	t.Helper()
	m, err := s.Message(o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// tree describes the MIME entity of header h and body r, e.g.
// "multipart/alternative[text/plain text/html]", and records each leaf's
// decoded content by its media type.
func tree(t *testing.T, h mail.Header, r io.Reader, contents map[string]string) string {
	t.Helper()
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		t.Fatalf("Content-Type %q: %v", h.Get("Content-Type"), err)
	}
	desc := mt
	if v := params["type"]; v != "" {
		desc += "(type=" + v + ")"
	}
	if v := params["name"]; v != "" && mt != "image/png" {
		desc += "(" + v + ")"
	}
	if !strings.HasPrefix(mt, "multipart/") {
		if id := h.Get("Content-ID"); id != "" {
			desc += id
		}
		if d := h.Get("Content-Disposition"); d != "" {
			disp, _, _ := mime.ParseMediaType(d)
			desc += disp
		}
		contents[mt] = decode(t, h.Get("Content-Transfer-Encoding"), r)
		return desc
	}
	mr := multipart.NewReader(r, params["boundary"])
	var kids []string
	for {
		p, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", mt, err)
		}
		kids = append(kids, tree(t, mail.Header(p.Header), p, contents))
	}
	return fmt.Sprintf("%s[%s]", desc, strings.Join(kids, " "))
}

func decode(t *testing.T, encoding string, r io.Reader) string {
	t.Helper()
	var data []byte
	var err error
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		data, err = io.ReadAll(quotedprintable.NewReader(r))
	case "base64":
		data, err = io.ReadAll(base64.NewDecoder(base64.StdEncoding, r))
	default:
		data, err = io.ReadAll(r)
	}
	if err != nil {
		t.Fatalf("decode %s: %v", encoding, err)
	}
	return string(data)
}
