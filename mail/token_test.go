package mail

import (
	"errors"
	"strings"
	"testing"
)

var testTokens = Tokens{Secret: []byte("a secret only the service knows")}

func TestTokenShape(t *testing.T) {
	for _, game := range []string{"k7q2mx", "a", "zzzzzzzzzzzz"} {
		for _, seat := range []int{0, 1, 9, 99} {
			tok := testTokens.Token(game, seat)
			if !isToken(tok) {
				t.Errorf("Token(%q, %d) = %q, want [a-z2-7]{10}", game, seat, tok)
			}
			if err := testTokens.Check(game, seat, tok); err != nil {
				t.Errorf("Check(%q, %d, Token) = %v, want nil", game, seat, err)
			}
			if err := testTokens.Check(game, seat, strings.ToUpper(tok)); err != nil {
				t.Errorf("Check(%q, %d, upper-case Token) = %v, want nil", game, seat, err)
			}
		}
	}
}

func TestTokenDiffers(t *testing.T) {
	seen := map[string]string{}
	for _, game := range []string{"k7q2mx", "k7q2m", "k7q2mx1", "1"} {
		for seat := range 12 {
			tok := testTokens.Token(game, seat)
			id := game + "." + string(rune('0'+seat))
			if other, ok := seen[tok]; ok {
				t.Errorf("Token(%s) = Token(%s) = %q, want different tokens", id, other, tok)
			}
			seen[tok] = id
		}
	}
	other := Tokens{Secret: []byte("another secret")}
	if a, b := testTokens.Token("k7q2mx", 1), other.Token("k7q2mx", 1); a == b {
		t.Errorf("Token with two secrets = %q both times, want different tokens", a)
	}
}

var checkErrTests = []struct {
	name   string
	tokens Tokens
	game   string
	seat   int
	token  string
}{
	{"other seat", testTokens, "k7q2mx", 2, testTokens.Token("k7q2mx", 1)},
	{"other game", testTokens, "k7q2my", 1, testTokens.Token("k7q2mx", 1)},
	{"short", testTokens, "k7q2mx", 1, testTokens.Token("k7q2mx", 1)[:9]},
	{"long", testTokens, "k7q2mx", 1, testTokens.Token("k7q2mx", 1) + "a"},
	{"empty", testTokens, "k7q2mx", 1, ""},
	{"no secret", Tokens{}, "k7q2mx", 1, Tokens{}.Token("k7q2mx", 1)},
}

func TestCheckErr(t *testing.T) {
	for _, tt := range checkErrTests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.tokens.Check(tt.game, tt.seat, tt.token)
			if !errors.Is(err, ErrBadToken) {
				t.Errorf("Check(%q, %d, %q) = %v, want ErrBadToken", tt.game, tt.seat, tt.token, err)
			}
		})
	}
}

func TestReplyToRoundTrip(t *testing.T) {
	const mailbox = "games@pbem.example.org"
	for _, seat := range []int{0, 1, 42, 99} {
		addr := testTokens.ReplyTo(mailbox, "k7q2mx", seat)
		tag, ok := ParseTag(addr, mailbox)
		want := Tag{Game: "k7q2mx", Seat: seat, Token: testTokens.Token("k7q2mx", seat)}
		if !ok || tag != want {
			t.Errorf("ParseTag(ReplyTo(%d)) = %+v, %v, want %+v, true", seat, tag, ok, want)
		}
		if err := testTokens.Check(tag.Game, tag.Seat, tag.Token); err != nil {
			t.Errorf("Check(ParseTag(ReplyTo(%d))) = %v, want nil", seat, err)
		}
	}
	if got, want := testTokens.ReplyTo(mailbox, "k7q2mx", 1), "games+k7q2mx.1."+testTokens.Token("k7q2mx", 1)+"@pbem.example.org"; got != want {
		t.Errorf("ReplyTo = %q, want %q", got, want)
	}
}

var parseTagTests = []struct {
	addr, mailbox string
	want          Tag
	ok            bool
}{
	{"games+k7q2mx.1.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{Game: "k7q2mx", Seat: 1, Token: "abcdefghij"}, true},
	{"GAMES+K7Q2MX.1.ABCDEFGHIJ@PBEM.EXAMPLE.ORG", "games@pbem.example.org", Tag{Game: "k7q2mx", Seat: 1, Token: "abcdefghij"}, true},
	{"games+k7q2mx.1.abcdefghij@pbem.example.org", "Games@PBEM.example.org", Tag{Game: "k7q2mx", Seat: 1, Token: "abcdefghij"}, true},
	{"<games+k7q2mx.0.abcdefghij@pbem.example.org>", "games@pbem.example.org", Tag{Game: "k7q2mx", Seat: 0, Token: "abcdefghij"}, true},
	{"games+abcdefghijkl.99.a2b3c4d5e6@pbem.example.org", "games@pbem.example.org", Tag{Game: "abcdefghijkl", Seat: 99, Token: "a2b3c4d5e6"}, true},
	{"games+k7q2mx.1.abcdefghij@pbem.example.net", "games@pbem.example.org", Tag{}, false},        // other domain
	{"other+k7q2mx.1.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{}, false},        // other mailbox
	{"xgames+k7q2mx.1.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{}, false},       // longer local part
	{"games@pbem.example.org", "games@pbem.example.org", Tag{}, false},                            // no tag
	{"games+k7q2mx.1@pbem.example.org", "games@pbem.example.org", Tag{}, false},                   // no token
	{"games+k7q2mx.1.abcdefghij.x@pbem.example.org", "games@pbem.example.org", Tag{}, false},      // a part too many
	{"games+abcdefghijklm.1.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{}, false}, // game id too long
	{"games+.1.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{}, false},              // empty game id
	{"games+k7_2mx.1.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{}, false},        // bad game id
	{"games+k7q2mx.100.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{}, false},      // seat too large
	{"games+k7q2mx.01.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{}, false},       // leading zero
	{"games+k7q2mx.-1.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{}, false},       // negative seat
	{"games+k7q2mx.1.abcdefghi1@pbem.example.org", "games@pbem.example.org", Tag{}, false},        // 1 is not base32
	{"games+k7q2mx.1.abcdefghi@pbem.example.org", "games@pbem.example.org", Tag{}, false},         // short token
	{"games+k7q2mx.1.abcdefghij@pbem.example.org\r\nBcc: x@example.com", "games@pbem.example.org", Tag{}, false},
	{"", "games@pbem.example.org", Tag{}, false},
	{"games+k7q2mx.join.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{Game: "k7q2mx", Seat: -1, Token: "abcdefghij", Confirm: "join"}, true},
	{"games+stop.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{Seat: -1, Token: "abcdefghij", Confirm: "stop"}, true},
	{"games+k7q2mx.stop.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{}, false}, // stop names no game
	{"games+join.abcdefghij@pbem.example.org", "games@pbem.example.org", Tag{}, false},        // join names a game
	{"games+k7q2mx.1.abcdefghij@pbem.example.org", "", Tag{}, false},
}

func TestParseTag(t *testing.T) {
	for _, tt := range parseTagTests {
		got, ok := ParseTag(tt.addr, tt.mailbox)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseTag(%q, %q) = %+v, %v, want %+v, %v", tt.addr, tt.mailbox, got, ok, tt.want, tt.ok)
		}
	}
}
