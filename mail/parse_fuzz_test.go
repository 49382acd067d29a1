package mail

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzParse parses anything, with the corpus as seeds: Parse must not
// panic or hang, and what it returns must keep its promises.
func FuzzParse(f *testing.F) {
	for _, file := range corpusFiles(f) {
		raw, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte("From: a@b\r\n\r\n"))
	f.Add([]byte("Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n\r\nE5\r\n--x--\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		lim := Limits{MaxCommands: 5, MaxLines: 50, Self: []string{"games@pbem.example.org"}}
		start := time.Now() // a hang shows as a failure rather than a stall
		p, err := Parse(raw, lim)
		if d := time.Since(start); d > time.Second {
			t.Fatalf("Parse took %v", d)
		}
		if err != nil {
			if p != nil {
				t.Fatalf("Parse = %+v, %v; want nil with an error", p, err)
			}
			return
		}
		checkParsed(t, p, lim.withDefaults())
	})
}

// checkParsed checks what every result of Parse must hold.
func checkParsed(t *testing.T, p *Parsed, lim Limits) {
	t.Helper()
	header := append([]string{p.MessageID, p.Subject, p.From, p.FromName, p.ReturnPath, p.Automatic}, p.InReplyTo...)
	header = append(header, p.References...)
	header = append(header, p.Recipients...)
	for _, r := range p.AuthResults {
		header = append(header, r.Server, r.Method, r.Result, r.Domain)
	}
	for _, s := range header {
		if strings.ContainsAny(s, "\r\n\x00") || !utf8.ValidString(s) {
			t.Errorf("Parse gave header-derived %q, want valid UTF-8 without CR, LF or NUL", s)
		}
	}
	for _, a := range append([]string{p.From}, p.Recipients...) {
		if a != strings.ToLower(a) {
			t.Errorf("Parse gave address %q, want it lower-cased", a)
		}
	}
	if len(p.Commands) > lim.MaxCommands {
		t.Errorf("Parse gave %d commands, want at most %d", len(p.Commands), lim.MaxCommands)
	}
	for _, c := range p.Commands {
		if c == "" || c != strings.TrimSpace(c) || strings.ContainsAny(c, "\r\n") || len(c) > MaxCommandBytes || !utf8.ValidString(c) {
			t.Errorf("Parse gave command %q, want a trimmed, non-empty, valid line of at most %d bytes", c, MaxCommandBytes)
		}
	}
	if n := strings.Count(p.Text, "\n") + 1; n > lim.MaxLines || !utf8.ValidString(p.Text) {
		t.Errorf("Parse gave a text of %d lines, want at most %d of valid UTF-8", n, lim.MaxLines)
	}
	if _, err := json.Marshal(p); err != nil {
		t.Errorf("json.Marshal(Parse(…)) error: %v", err)
	}
}

// FuzzParseTag checks that whatever tag ParseTag reads is well-formed and
// the one ReplyTo writes for that game and seat.
func FuzzParseTag(f *testing.F) {
	for _, tt := range parseTagTests {
		f.Add(tt.addr, tt.mailbox)
	}
	f.Fuzz(func(t *testing.T, addr, mailbox string) {
		tag, ok := ParseTag(addr, mailbox)
		if !ok {
			if tag != (Tag{}) {
				t.Fatalf("ParseTag(%q, %q) = %+v, false; want the zero Tag", addr, mailbox, tag)
			}
			return
		}
		if tag.Confirm != "" {
			if tag.Seat != -1 || !isToken(tag.Token) || (tag.Confirm != ConfirmStop) != isGameID(tag.Game) {
				t.Fatalf("ParseTag(%q, %q) = %+v, want a well-formed confirmation tag", addr, mailbox, tag)
			}
			again, ok := ParseTag(testTokens.ConfirmTo(mailbox, tag.Confirm, tag.Game, "x@example.org"), mailbox)
			if !ok || !testTokens.CheckConfirm(again, "X@example.org") || testTokens.CheckConfirm(again, "y@example.org") {
				t.Fatalf("ParseTag(ConfirmTo(%q, %q, %q)) = %+v, %v: not checked as made for its address", mailbox, tag.Confirm, tag.Game, again, ok)
			}
			return
		}
		if !isGameID(tag.Game) || tag.Seat < 0 || tag.Seat > 99 || !isToken(tag.Token) {
			t.Fatalf("ParseTag(%q, %q) = %+v, want a well-formed tag", addr, mailbox, tag)
		}
		again, ok := ParseTag(testTokens.ReplyTo(mailbox, tag.Game, tag.Seat), mailbox)
		want := Tag{Game: tag.Game, Seat: tag.Seat, Token: testTokens.Token(tag.Game, tag.Seat)}
		if !ok || again != want {
			t.Fatalf("ParseTag(ReplyTo(%q, %q, %d)) = %+v, %v, want %+v, true", mailbox, tag.Game, tag.Seat, again, ok, want)
		}
		if err := testTokens.Check(again.Game, again.Seat, again.Token); err != nil {
			t.Fatalf("Check(ParseTag(ReplyTo(…))) = %v, want nil", err)
		}
	})
}
