package mail

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
)

// mail makes a raw mail of header lines and a body, with CRLF line ends.
func mail(header, body string) []byte {
	return []byte(strings.ReplaceAll(header+"\n\n"+body, "\n", "\r\n"))
}

const plainHeader = "From: Bob <bob@example.net>\nTo: games+k7q2mx.1.abcdefghij@pbem.example.org\nSubject: move\nMessage-ID: <1@example.net>"

func TestParseErr(t *testing.T) {
	for _, tt := range []struct {
		name string
		raw  []byte
		lim  Limits
		want error
	}{
		{"empty", nil, Limits{}, ErrNotMail},
		{"blank lines", []byte("\r\n\r\nE5\r\n"), Limits{}, ErrNotMail},
		{"no header", []byte("E5\r\nF6\r\n"), Limits{}, ErrNotMail},
		{"binary", []byte{0x89, 'P', 'N', 'G', 0, 1, 2, 3}, Limits{}, ErrNotMail},
		{"too large", mail(plainHeader, strings.Repeat("E5\n", 400)), Limits{MaxBytes: 1000}, ErrTooLarge},
		{"too large by default", mail(plainHeader, strings.Repeat("x", DefaultMaxBytes)), Limits{}, ErrTooLarge},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(tt.raw, tt.lim)
			if !errors.Is(err, tt.want) || p != nil {
				t.Errorf("Parse(%.20q) = %v, %v, want nil, %v", tt.raw, p, err, tt.want)
			}
		})
	}
}

func TestRead(t *testing.T) {
	raw := mail(plainHeader, "E5\n")
	p, err := Read(bytes.NewReader(raw), Limits{MaxBytes: len(raw)})
	if err != nil || !slices.Equal(p.Commands, []string{"E5"}) {
		t.Errorf("Read(mail of the limit) = %v, %v, want commands [E5]", p, err)
	}
	r := &countingReader{r: bytes.NewReader(append(raw, make([]byte, 1<<20)...))}
	if _, err := Read(r, Limits{MaxBytes: len(raw)}); !errors.Is(err, ErrTooLarge) || r.n > len(raw)+1 {
		t.Errorf("Read(larger mail) = %v after %d bytes, want ErrTooLarge after at most %d", err, r.n, len(raw)+1)
	}
}

type countingReader struct {
	r *bytes.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestParseLimits(t *testing.T) {
	body := strings.Repeat("E5\n", 30)
	p, err := Parse(mail(plainHeader, body), Limits{})
	if err != nil || len(p.Commands) != DefaultMaxCommands || !p.Truncated {
		t.Fatalf("Parse(30 commands) = %d commands, truncated %v, %v; want %d, true", len(p.Commands), p.Truncated, err, DefaultMaxCommands)
	}
	p, _ = Parse(mail(plainHeader, body), Limits{MaxCommands: 40})
	if len(p.Commands) != 30 || p.Truncated {
		t.Errorf("Parse(30 commands, at most 40) = %d commands, truncated %v; want 30, false", len(p.Commands), p.Truncated)
	}
	p, _ = Parse(mail(plainHeader, body), Limits{MaxLines: 5, MaxCommands: 40})
	if len(p.Commands) != 5 || !p.Truncated || strings.Count(p.Text, "\n") != 4 {
		t.Errorf("Parse(30 lines, at most 5) = %d commands, truncated %v; want 5, true", len(p.Commands), p.Truncated)
	}
}

// TestParseHeader checks the fields read from the header, among them
// headers that are malformed or try to smuggle in line breaks.
func TestParseHeader(t *testing.T) {
	raw := mail("From Bob@Example.net Mon Mar  4 10:15:00 2024\n"+
		"Return-Path: <Bob@Example.NET>\n"+
		"Delivered-To: Games+K7Q2MX.1.abcdefghij@pbem.example.org\n"+
		"Delivered-To: games@pbem.example.org\n"+
		"X-Original-To: games@pbem.example.org\n"+
		"From: \"Bob, the Builder\" <Bob@Example.net>\n"+
		"this is no header line\n"+
		"To: pbem <games+k7q2mx.1.abcdefghij@pbem.example.org>, carol@example.org\n"+
		"Cc: Dan <DAN@example.com>, broken <\n"+
		"Subject: =?UTF-8?B?bW92ZQ0KQmNjOiB4QGV4YW1wbGUuY29t?=\n"+
		"Date: Mon, 4 Mar 2024 10:15:00 +0100\n"+
		"Message-ID: <abc@example.net>\n"+
		"In-Reply-To: <k7q2mx.12.1@pbem.example.org> (the prompt)\n"+
		"References: <a@x> <b@x>\n <k7q2mx.12.1@pbem.example.org>", "E5")
	p, err := Parse(raw, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := Parsed{
		MessageID:  "abc@example.net",
		InReplyTo:  []string{"k7q2mx.12.1@pbem.example.org"},
		References: []string{"a@x", "b@x", "k7q2mx.12.1@pbem.example.org"},
		Subject:    "move Bcc: x@example.com",
		From:       "bob@example.net",
		FromName:   "Bob, the Builder",
		ReturnPath: "bob@example.net",
		Recipients: []string{"games+k7q2mx.1.abcdefghij@pbem.example.org", "games@pbem.example.org", "carol@example.org", "dan@example.com"},
		Date:       time.Date(2024, 3, 4, 10, 15, 0, 0, time.FixedZone("", 3600)),
	}
	got := Parsed{p.MessageID, p.InReplyTo, p.References, p.Subject, p.From, p.FromName, p.ReturnPath, p.Recipients, p.Date, "", nil, nil, false, "", nil, 0, "", nil}
	if fmt.Sprint(got) != fmt.Sprint(want) || !got.Date.Equal(want.Date) {
		t.Errorf("Parse(header) =\n%+v\nwant\n%+v", got, want)
	}
}

func TestParseRawSubject(t *testing.T) {
	for _, tt := range []struct{ charset, subject, want string }{
		{"GBK", "\xbb\xd8\xb8\xb4: E5", "回复: E5"},
		{"", "R\xe9ponse", "Réponse"},
		{"utf-8", "Réponse", "Réponse"},
	} {
		header := "From: a@example.net\nSubject: " + tt.subject
		if tt.charset != "" {
			header += "\nContent-Type: text/plain; charset=" + tt.charset
		}
		p, err := Parse(mail(header, "E5"), Limits{})
		if err != nil || p.Subject != tt.want {
			t.Errorf("Parse(Subject: %q, charset %q).Subject = %q, %v, want %q", tt.subject, tt.charset, p.Subject, err, tt.want)
		}
	}
}

func TestParseReferencesBounded(t *testing.T) {
	refs := ""
	for i := range 200 {
		refs += fmt.Sprintf(" <%d@example.net>", i)
	}
	p, err := Parse(mail(plainHeader+"\nReferences:"+refs, "E5"), Limits{})
	if err != nil || len(p.References) != maxRefs || p.References[maxRefs-1] != "199@example.net" {
		t.Errorf("Parse(200 references) = %d, last %q; want %d, the last ones", len(p.References), p.References[len(p.References)-1], maxRefs)
	}
}

// TestParseCharsets sends the same reply in each common charset.
func TestParseCharsets(t *testing.T) {
	const text = "Ｅ５\n走这里吧"
	for _, tt := range []struct {
		label string
		enc   encoding.Encoding
		text  string
	}{
		{"GBK", simplifiedchinese.GBK, text},
		{"gb2312", simplifiedchinese.GBK, text + "，小镕"}, // as clients send it: GBK labelled GB2312
		{"GB18030", simplifiedchinese.GB18030, text + "𠮷"},
		{"Big5", traditionalchinese.Big5, "Ｅ５\n走這裡吧"},
		{"Shift_JIS", japanese.ShiftJIS, "Ｅ５\nここに打ちます"},
		{"EUC-JP", japanese.EUCJP, "Ｅ５\nここに打ちます"},
		{"ISO-2022-JP", japanese.ISO2022JP, "Ｅ５\nここに打ちます"},
		{"EUC-KR", korean.EUCKR, "Ｅ５\n여기에 둡니다"},
		{"ks_c_5601-1987", korean.EUCKR, "Ｅ５\n여기에 둡니다"},
		{"KOI8-R", charmap.KOI8R, "E5\nхожу сюда"},
		{"windows-1251", charmap.Windows1251, "E5\nхожу сюда"},
		{"windows-1252", charmap.Windows1252, "E5\nvoilà – “à toi”"},
		{"ISO-8859-1", charmap.ISO8859_1, "E5\nvoilà"},
		{"ISO-8859-2", charmap.ISO8859_2, "E5\nzagrałem"},
		{"ISO-8859-15", charmap.ISO8859_15, "E5\n5 €"},
		{"windows-1250", charmap.Windows1250, "E5\nzagrałem"},
		{"UTF-16", unicode.UTF16(unicode.BigEndian, unicode.UseBOM), "E5\n走这里吧"},
		{"UTF-16LE", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), "E5\n走这里吧"},
		{"utf-8", unicode.UTF8, "E5\n走这里吧"},
	} {
		body, err := tt.enc.NewEncoder().Bytes([]byte(strings.ReplaceAll(tt.text, "\n", "\r\n")))
		if err != nil {
			t.Fatalf("%s: %v", tt.label, err)
		}
		raw := append(mail(plainHeader+"\nContent-Type: text/plain; charset="+tt.label+"\nContent-Transfer-Encoding: 8bit", ""), body...)
		p, err := Parse(raw, Limits{})
		want := strings.Split(strings.Join(normalize(tt.text), "\n"), "\n")
		if err != nil || !slices.Equal(p.Commands, want) {
			t.Errorf("Parse(%s) = %q, %v, want %q", tt.label, p.Commands, err, want)
		}
	}
}

func TestParseBodies(t *testing.T) {
	for _, tt := range []struct {
		name, header, body string
		want               []string
	}{
		{"no charset, UTF-8", "", "E5 à toi", []string{"E5 à toi"}},
		{"no charset, Latin-1", "", "E5 \xe0 toi", []string{"E5 à toi"}},
		{"ASCII label, Latin-1 bytes", "Content-Type: text/plain; charset=us-ascii", "E5 \xe0 toi", []string{"E5 à toi"}},
		{"UTF-8 label, Latin-1 bytes", "Content-Type: text/plain; charset=utf-8", "E5 \xe0 toi", []string{"E5 à toi"}},
		{"unknown charset", "Content-Type: text/plain; charset=x-unknown", "E5 \xe0 toi", []string{"E5 à toi"}},
		{"unknown encoding", "Content-Transfer-Encoding: x-uuencode", "E5", []string{"E5"}},
		{"bad base64", "Content-Transfer-Encoding: base64", "RTU=\r\n!!!!", []string{"E5"}},
		{"bad quoted-printable", "Content-Transfer-Encoding: quoted-printable", "E5 =ZZ\r\nF6=\x01", []string{"E5 =ZZ", "F6="}},
		{"type without subtype", "Content-Type: text", "E5", []string{"E5"}},
		{"malformed type", "Content-Type: text/plain; charset=\"utf-8; format=flowed", "E5 ", []string{"E5"}},
		{"attachment only", "Content-Type: text/plain; name=moves.txt", "E5", []string{}},
		{"inline with file name", "Content-Disposition: inline; filename=moves.txt", "E5", []string{}},
		{"image", "Content-Type: image/png", "E5", []string{}},
		{"HTML without charset, Latin-1", "Content-Type: text/html", "<p>E5 \xe0 toi</p>", []string{"E5 à toi"}},
		{"HTML with meta charset", "Content-Type: text/html", "<meta charset=\"gbk\"><p>E5 \xd7\xdf</p>", []string{"E5 走"}},
		{"multipart with no boundary", "Content-Type: multipart/mixed", "E5", []string{"E5"}},
		{"multipart, boundary not found", "Content-Type: multipart/mixed; boundary=zz", "E5\r\nF6", []string{"E5", "F6"}},
		{"multipart, no closing boundary", "Content-Type: multipart/mixed; boundary=zz", "--zz\r\n\r\nE5\r\n", []string{"E5"}},
		{"multipart, malformed type", "Content-Type: multipart/alternative; boundary=zz; charset=\"x", "--zz\r\n\r\nE5\r\n--zz--", []string{"E5"}},
		{"alternative, blank plain", "Content-Type: multipart/alternative; boundary=zz", "--zz\r\n\r\n \r\n--zz\r\nContent-Type: text/html\r\n\r\n<p>E5</p>\r\n--zz--", []string{"E5"}},
		{"mixed, parts joined", "Content-Type: multipart/mixed; boundary=zz", "--zz\r\n\r\nE5\r\n--zz\r\nContent-Type: image/png\r\n\r\nxx\r\n--zz\r\n\r\nF6\r\n--zz--", []string{"E5", "F6"}},
		{"forwarded mail as a part", "Content-Type: multipart/mixed; boundary=zz", "--zz\r\n\r\nE5\r\n--zz\r\nContent-Type: message/rfc822\r\n\r\nSubject: x\r\n\r\nZ9\r\n--zz--", []string{"E5"}},
		{"no blank line after header", "", "", []string{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			header := plainHeader
			if tt.header != "" {
				header += "\n" + tt.header
			}
			raw := append(mail(header, ""), tt.body...)
			p, err := Parse(raw, Limits{})
			if err != nil || !slices.Equal(p.Commands, tt.want) {
				t.Errorf("Parse(%q) = %q, %v, want %q", tt.body, p.Commands, err, tt.want)
			}
		})
	}
}

// TestParseHostile feeds mails built to exhaust the parser; each must be
// read quickly and without a panic.
func TestParseHostile(t *testing.T) {
	nested := ""
	for i := range 200 {
		nested += fmt.Sprintf("Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n", i, i)
	}
	manyParts := "Content-Type: multipart/mixed; boundary=zz\r\n\r\n" + strings.Repeat("--zz\r\n\r\nE5\r\n", 10000)
	for _, tt := range []struct {
		name string
		raw  []byte
	}{
		{"deep nesting", append(mail(plainHeader, ""), nested+"E5"...)},
		{"many parts", []byte(plainHeader + "\r\n" + manyParts)},
		{"many lines", mail(plainHeader, strings.Repeat("E5\n", 250000))},
		{"many quotes", mail(plainHeader, strings.Repeat("> E5\n", 160000))},
		{"many attributions", mail(plainHeader, strings.Repeat("On Mon pbem wrote:\n", 50000))},
		{"colons", mail(plainHeader, strings.Repeat("> q\nFrom: a:\n\n\n", 45000))},
		{"one long line", mail(plainHeader, strings.Repeat("E5 ", 300000))},
		{"deep HTML", mail(plainHeader+"\nContent-Type: text/html", strings.Repeat("<div>", 200000)+"E5")},
		{"long header", mail(plainHeader+"\nX-Long: "+strings.Repeat("a", 900000), "E5")},
		{"many headers", mail(plainHeader+strings.Repeat("\nX-A: b", 100000), "E5")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			if _, err := Parse(tt.raw, Limits{}); err != nil {
				t.Errorf("Parse(%s) error: %v", tt.name, err)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("Parse(%s) took %v, want well under 2s", tt.name, d)
			}
		})
	}
}
