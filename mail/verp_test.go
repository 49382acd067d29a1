package mail

import (
	"strings"
	"testing"
)

// TestBounceAddress: a bounce address reads back as its game and checks
// for its recipient alone, and for no other secret.
func TestBounceAddress(t *testing.T) {
	tok := Tokens{Secret: []byte("a secret of sixteen bytes")}
	for _, tt := range []struct{ game, to, prefix string }{
		{"k7q2mx", "ana@example.org", "games+bounce-k7q2mx-"},
		{"", "ana@example.org", "games+bounce-"},
		{"k7q2mx", "张伟@例子.中国", "games+bounce-k7q2mx-"},
	} {
		addr := tok.BounceAddress("games@pbem.example.org", tt.game, tt.to)
		if !strings.HasPrefix(addr, tt.prefix) || !strings.HasSuffix(addr, "@pbem.example.org") {
			t.Errorf("BounceAddress(%q, %q) = %q, want %s…@pbem.example.org", tt.game, tt.to, addr, tt.prefix)
		}
		if local, _, _ := strings.Cut(addr, "@"); len(local) > 64 {
			t.Errorf("BounceAddress(%q, %q) = %q: a local part of %d bytes, more than RFC 5321's 64", tt.game, tt.to, addr, len(local))
		}
		tag, ok := ParseBounceAddress(strings.ToUpper(addr), "Games@PBEM.example.org")
		if !ok || tag.Game != tt.game {
			t.Fatalf("ParseBounceAddress(%q) = %+v, %v; want game %q", addr, tag, ok, tt.game)
		}
		if !tok.CheckBounce(tag, strings.ToUpper(tt.to)) {
			t.Errorf("CheckBounce(%q, %q) = false, want true", addr, tt.to)
		}
		if tok.CheckBounce(tag, "eve@example.org") {
			t.Errorf("CheckBounce(%q, eve@example.org) = true: a report would count for someone the address was not made for", addr)
		}
		if (Tokens{Secret: []byte("another secret of sixteen")}).CheckBounce(tag, tt.to) || (Tokens{}).CheckBounce(tag, tt.to) {
			t.Errorf("CheckBounce(%q) holds under another secret or none", addr)
		}
		other := tag
		other.Game = "zzzzzz"
		if tok.CheckBounce(other, tt.to) {
			t.Errorf("CheckBounce with the game changed holds")
		}
	}
	for _, bad := range []string{
		"games@pbem.example.org",
		"games+k7q2mx.0.abcdefghij@pbem.example.org",
		"games+bounce-k7q2mx-abcdefghij@other.example.org",
		"other+bounce-k7q2mx-abcdefghij@pbem.example.org",
		"games+bounce-k7q2mx-abc@pbem.example.org",
		"games+bounce-k7_2mx-abcdefghij@pbem.example.org",
		"games+bounce-a-b-abcdefghij@pbem.example.org",
		"games+bounce-@pbem.example.org",
	} {
		if tag, ok := ParseBounceAddress(bad, "games@pbem.example.org"); ok {
			t.Errorf("ParseBounceAddress(%q) = %+v, want none", bad, tag)
		}
	}
}

// readBounceTests are delivery reports; want is the recipients as read,
// "address status action" each.
var readBounceTests = []struct {
	name, raw string
	want      []string
	failed    []bool
	id        string
}{
	{"Delayed", "From: MAILER-DAEMON@mx.example.net\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\n\n--b\nContent-Type: text/plain\n\nstill trying\n--b\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.net\n\nFinal-Recipient: rfc822; ana@example.org\nAction: delayed\nStatus: 4.2.2\n--b--\n",
		[]string{"ana@example.org 4.2.2 delayed"}, []bool{false}, ""},
	{"TwoRecipientsBase64", "From: MAILER-DAEMON@mx.example.net\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\n\n--b\nContent-Type: message/delivery-status\nContent-Transfer-Encoding: base64\n\n" +
		"UmVwb3J0aW5nLU1UQTogZG5zOyBteAoKT3JpZ2luYWwtUmVjaXBpZW50OiByZmM4MjI7IEJFQUBleGFtcGxlLm9yZwpBY3Rpb246IGZhaWxlZCAoYm91bmNlZCkKU3RhdHVzOiA1LjIuMSAoZGlzYWJsZWQpCgpGaW5hbC1SZWNpcGllbnQ6IHJmYzgyMjsgY2FpQGV4YW1wbGUub3JnCkFjdGlvbjogZmFpbGVkClN0YXR1czogNS43LjEK\n" +
		"--b\nContent-Type: text/rfc822-headers\n\nFrom: games@pbem.example.org\nMessage-ID: <k7q2mx.v2.1.your-turn@pbem.example.org>\n--b--\n",
		[]string{"bea@example.org 5.2.1 failed", "cai@example.org 5.7.1 failed"}, []bool{true, true}, "k7q2mx.v2.1.your-turn@pbem.example.org"},
	{"NoRecipient", "From: MAILER-DAEMON@mx.example.net\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\n\n--b\nContent-Type: text/plain\n\nfailed\n--b--\n", nil, nil, ""},
}

// TestReadBounce: what a delivery report says of each recipient is read
// as it says it, whatever its encoding, and only 5.x.x failures are hard.
func TestReadBounce(t *testing.T) {
	for _, tt := range readBounceTests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse([]byte(strings.ReplaceAll(tt.raw, "\n", "\r\n")), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == nil {
				if p.Bounce != nil {
					t.Errorf("Parse(%s).Bounce = %+v, want none", tt.name, p.Bounce)
				}
				return
			}
			if p.Bounce == nil {
				t.Fatalf("Parse(%s).Bounce = nil (automatic %q), want %v", tt.name, p.Automatic, tt.want)
			}
			var got []string
			for i, r := range p.Bounce.Recipients {
				got = append(got, r.Recipient+" "+r.Status+" "+r.Action)
				if i < len(tt.failed) && r.Failed() != tt.failed[i] {
					t.Errorf("%s: %s Failed() = %v, want %v", tt.name, r.Recipient, r.Failed(), tt.failed[i])
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") || p.Bounce.MessageID != tt.id {
				t.Errorf("Parse(%s).Bounce = %v, %q; want %v, %q", tt.name, got, p.Bounce.MessageID, tt.want, tt.id)
			}
		})
	}
}

// TestListHeaders: a game's mail names its list, its help and its page.
func TestListHeaders(t *testing.T) {
	h := ListHeaders("pbem games", "games+x@pbem.example.org", "k7q2mx", "https://games.example.org/g/k7q2mx/abc")
	want := map[string]string{
		"List-Id":      `"pbem games k7q2mx" <k7q2mx.gamesx.pbem.example.org>`,
		"List-Help":    "<mailto:games+x@pbem.example.org?subject=HELP&body=HELP>",
		"List-Archive": "<https://games.example.org/g/k7q2mx/abc>",
	}
	for k, v := range want {
		if h[k] != v {
			t.Errorf("ListHeaders: %s = %q, want %q", k, h[k], v)
		}
	}
	if h := ListHeaders("棋社", "games@pbem.example.org", "k7q2mx", ""); h["List-Id"] != "<k7q2mx.games.pbem.example.org>" || h["List-Archive"] != "" {
		t.Errorf("ListHeaders with a Chinese service name and no page = %v, want a bare List-Id and no List-Archive", h)
	}
	// A club's mailbox under an international domain: the fields stay
	// ASCII, as RFC 2919 and 2369 have them, and read back to it.
	h = ListHeaders("棋社", "棋社+x@例子.中国", "k7q2mx", "https://对局.例子.中国/g/k7q2mx/页")
	want = map[string]string{
		"List-Id":      "<k7q2mx.x.xn--fsqu00a.xn--fiqs8s>",
		"List-Help":    "<mailto:%E6%A3%8B%E7%A4%BE+x@xn--fsqu00a.xn--fiqs8s?subject=HELP&body=HELP>",
		"List-Archive": "<https://xn--cet6f.xn--fsqu00a.xn--fiqs8s/g/k7q2mx/%E9%A1%B5>",
	}
	for k, v := range want {
		if h[k] != v {
			t.Errorf("ListHeaders under 例子.中国: %s = %q, want %q", k, h[k], v)
		}
	}
	if h := ListHeaders("pbem games", "games@pbem.example.org", "", ""); h != nil {
		t.Errorf("ListHeaders for mail about no game = %v, want none", h)
	}
}
