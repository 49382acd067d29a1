package mail

import (
	"slices"
	"strings"
	"testing"

	"github.com/emersion/go-message"
	gomail "github.com/emersion/go-message/mail"
)

func TestSanitize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		max  int
		want string
	}{
		{"plain", 100, "plain"},
		{"  two\r\n  lines  ", 100, "two lines"},
		{"a\rBcc: b\nc", 100, "a Bcc: b c"},
		{"tab\tand\x00nul\x7fdel", 100, "tab and nul del"},
		{"line\u2028sep\u2029para\u0085nel", 100, "line sep para nel"},
		{"bad \xff utf-8", 100, "bad \uFFFD utf-8"},
		{"héllo wörld", 6, "héllo"},
		{"漢字漢字", 7, "漢字"},
	} {
		if got := sanitize(tt.in, tt.max); got != tt.want {
			t.Errorf("sanitize(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
		if got := sanitize(tt.in, tt.max); strings.ContainsAny(got, "\r\n") || len(got) > tt.max {
			t.Errorf("sanitize(%q, %d) = %q, want no line break and at most %d bytes", tt.in, tt.max, got, tt.max)
		}
	}
}

func TestNormAddr(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Bob@Example.NET", "bob@example.net"},
		{" <bob@example.net> ", "bob@example.net"},
		{"bob", ""},
		{"@example.net", ""},
		{"bob@", ""},
		{"bob@example.net\r\nBcc: x@example.net", ""},
		{"a b@example.net", ""},
	} {
		if got := normAddr(tt.in); got != tt.want {
			t.Errorf("normAddr(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestAddressList(t *testing.T) {
	for _, tt := range []struct {
		value string
		addrs []string
		names []string
	}{
		{"Bob <Bob@Example.net>", []string{"bob@example.net"}, []string{"Bob"}},
		{`"Example, Bob" <bob@example.net>, carol@example.org`, []string{"bob@example.net", "carol@example.org"}, []string{"Example, Bob", ""}},
		{"=?UTF-8?Q?Ren=C3=A9e?= <renee@example.net>", []string{"renee@example.net"}, []string{"Renée"}},
		{`"=?GBK?B?s8LOsA==?=" <chen@example.com>`, []string{"chen@example.com"}, []string{"陈伟"}},
		{"Bob Q. Public <bob@example.net>", []string{"bob@example.net"}, []string{"Bob Q. Public"}},
		{"bob@example.net (Bob)", []string{"bob@example.net"}, []string{"Bob"}},
		{"broken <bob@example.net", []string{"bob@example.net"}, []string{"broken"}},
		{"fake@evil.example <bob@example.net> <", []string{"bob@example.net"}, []string{"fake@evil.example"}},
		{"nobody", nil, nil},
	} {
		var h message.Header
		h.Set("From", tt.value)
		addrs, names := addressList(gomail.Header{Header: h}, "From")
		if !slices.Equal(addrs, tt.addrs) || !slices.Equal(names, tt.names) {
			t.Errorf("addressList(%q) = %q, %q, want %q, %q", tt.value, addrs, names, tt.addrs, tt.names)
		}
	}
}

func TestMsgIDs(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"<a@x>", []string{"a@x"}},
		{"<a@x> <b@x>\t<c@x>", []string{"a@x", "b@x", "c@x"}},
		{"<a@x> (comment) <b@x>", []string{"a@x", "b@x"}},
		{"a@x", []string{"a@x"}},
		{"<a@x", []string{"a@x"}},
		{"<>", nil},
		{"", nil},
		{"no id", nil},
	} {
		if got := msgIDs(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("msgIDs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRecipientsOrder(t *testing.T) {
	p, err := Parse(mail("Delivered-To: games+k7q2mx.1.abcdefghij@pbem.example.org\n"+
		"Delivered-To: games@pbem.example.org\n"+
		"X-Original-To: Games@pbem.example.org\n"+
		"From: bob@example.net\n"+
		"To: Bob <bob@example.net>, pbem <games+k7q2mx.1.abcdefghij@pbem.example.org>\n"+
		"Cc: carol@example.org", "E5"), Limits{})
	want := []string{"games+k7q2mx.1.abcdefghij@pbem.example.org", "games@pbem.example.org", "bob@example.net", "carol@example.org"}
	if err != nil || !slices.Equal(p.Recipients, want) {
		t.Errorf("Parse(…).Recipients = %q, %v, want %q", p.Recipients, err, want)
	}
}

func TestParsedTag(t *testing.T) {
	p := &Parsed{Recipients: []string{"bob@example.net", "games@pbem.example.org", "games+k7q2mx.1.abcdefghij@pbem.example.org"}}
	tag, ok := p.Tag("games@pbem.example.org")
	if want := (Tag{Game: "k7q2mx", Seat: 1, Token: "abcdefghij"}); !ok || tag != want {
		t.Errorf("Tag = %+v, %v, want %+v, true", tag, ok, want)
	}
	if tag, ok := p.Tag("other@pbem.example.org"); ok {
		t.Errorf("Tag(other mailbox) = %+v, true, want false", tag)
	}
}
