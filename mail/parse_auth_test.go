package mail

import (
	"reflect"
	"strings"
	"testing"
)

func TestAuthResults(t *testing.T) {
	got := authResults([]string{
		"MX.PBEM.example.org;\r\n dkim=pass (2048-bit key; unprotected) header.d=Example.com header.i=@example.com header.s=s1;\r\n" +
			" spf=pass (domain of bob@example.com designates 192.0.2.1 as permitted sender) smtp.mailfrom=bob@example.com;\r\n" +
			" dmarc=pass (p=NONE sp=NONE dis=NONE) header.from=example.com; arc=none",
		"mx.pbem.example.org 1; dkim=pass header.i=@example.net",
		"mx.pbem.example.org; none",
		"mx.pbem.example.org; spf=pass smtp.mailfrom=example.net; iprev=fail; x-custom=neutral",
		"broken; dkim",
		"",
	})
	want := []AuthResult{
		{"mx.pbem.example.org", "dkim", "pass", "example.com", 0},
		{"mx.pbem.example.org", "spf", "pass", "example.com", 0},
		{"mx.pbem.example.org", "dmarc", "pass", "example.com", 0},
		{"mx.pbem.example.org", "arc", "none", "", 0},
		{"mx.pbem.example.org", "dkim", "pass", "example.net", 1},
		{"mx.pbem.example.org", "", "none", "", 2},
		{"mx.pbem.example.org", "spf", "pass", "example.net", 3},
		{"mx.pbem.example.org", "iprev", "fail", "", 3},
		{"mx.pbem.example.org", "x-custom", "neutral", "", 3},
		{"broken", "", "permerror", "", 4},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("authResults =\n%+v\nwant\n%+v", got, want)
	}
}

// attackHeader hides a DMARC pass in a quoted local part of the envelope
// sender, which Postfix accepts and a careful front end quotes; the
// server's own verdict, after it, is a fail.
const attackHeader = `mx.pbem.test; spf=pass smtp.mailfrom="x;dmarc=pass header.from=pbem.test x"@evil.test; dmarc=fail header.from=pbem.test`

// TestAuthResultsRFC8601 reads headers as RFC 8601 section 2.2 writes
// them: a quoted-string or a comment may hold ";", "=" and "(" without
// ending anything, and a header that does not follow the grammar gives
// one permerror instead of the results a guess would make of it.
func TestAuthResultsRFC8601(t *testing.T) {
	const mx = "mx.pbem.test"
	for _, tt := range []struct {
		name, header string
		want         []AuthResult
	}{
		{"AttackQuoted", attackHeader, []AuthResult{
			{mx, "spf", "pass", "evil.test", 0}, {mx, "dmarc", "fail", "pbem.test", 0}}},
		{"AttackUnquoted", "mx.pbem.test; spf=pass smtp.mailfrom=x;dmarc=pass header.from=pbem.test x@evil.test; dmarc=fail header.from=pbem.test",
			[]AuthResult{{mx, "", "permerror", "", 0}}},
		{"QuotedAtInLocalPart", `mx.pbem.test; spf=pass smtp.mailfrom="a@pbem.test"@evil.test`,
			[]AuthResult{{mx, "spf", "pass", "evil.test", 0}}},
		{"QuotedPair", `mx.pbem.test; dmarc=fail header.from="pbem.test\"; dmarc=pass"`,
			[]AuthResult{{mx, "dmarc", "fail", `pbem.test"; dmarc=pass`, 0}}},
		{"QuotedValues", `mx.pbem.test; dkim=pass header.d="example.com" header.i="bob+x@example.com"`,
			[]AuthResult{{mx, "dkim", "pass", "example.com", 0}}},
		{"CommentWithSeparators", `mx.pbem.test; dmarc=fail (p=reject; dmarc=pass "quoted) header.from=pbem.test`,
			[]AuthResult{{mx, "dmarc", "fail", "pbem.test", 0}}},
		{"NestedComments", `mx.pbem.test (a (b; c) \) d); dkim=pass (x (y (z))) header.d=example.com (end)`,
			[]AuthResult{{mx, "dkim", "pass", "example.com", 0}}},
		{"QuotedAuthservID", `"MX.pbem.test" (our mx); dmarc=pass header.from=pbem.test`,
			[]AuthResult{{mx, "dmarc", "pass", "pbem.test", 0}}},
		{"RspamdStyle", "mx.pbem.test;\r\n\tdkim=pass header.d=example.com header.s=dkim header.b=gfT/i2HB;\r\n" +
			"\tspf=pass (mx.pbem.test: domain of bob@example.com designates 192.0.2.1 as permitted sender) smtp.mailfrom=bob@example.com;\r\n" +
			"\tdmarc=pass (policy=reject) header.from=example.com",
			[]AuthResult{{mx, "dkim", "pass", "example.com", 0}, {mx, "spf", "pass", "example.com", 0}, {mx, "dmarc", "pass", "example.com", 0}}},
		{"PropertyWithoutType", "mx.pbem.test; dmarc=pass action=none header.from=example.org; compauth=pass reason=100",
			[]AuthResult{{mx, "dmarc", "pass", "example.org", 0}, {mx, "compauth", "pass", "", 0}}},
		{"NullSender", "mx.pbem.test; spf=none smtp.mailfrom=<>; spf=none smtp.mailfrom=",
			[]AuthResult{{mx, "spf", "none", "<>", 0}, {mx, "spf", "none", "", 0}}},
		{"AngleBrackets", "mx.pbem.test; spf=pass smtp.mailfrom=<bob@example.com>",
			[]AuthResult{{mx, "spf", "pass", "example.com", 0}}},
		{"TrailingSemicolon", "mx.pbem.test; spf=pass smtp.mailfrom=example.net;",
			[]AuthResult{{mx, "spf", "pass", "example.net", 0}}},
		{"UnclosedQuote", `mx.pbem.test; spf=pass smtp.mailfrom="x; dmarc=pass header.from=pbem.test`,
			[]AuthResult{{mx, "", "permerror", "", 0}}},
		{"UnclosedComment", "mx.pbem.test; dmarc=fail (p=reject; dmarc=pass header.from=pbem.test",
			[]AuthResult{{mx, "", "permerror", "", 0}}},
		{"WordWithoutValue", "mx.pbem.test; dmarc=pass header.from=pbem.test extra",
			[]AuthResult{{mx, "", "permerror", "", 0}}},
		{"NoneWithResults", "mx.pbem.test; none; dmarc=pass header.from=pbem.test",
			[]AuthResult{{mx, "", "permerror", "", 0}}},
		{"OtherVersion", "mx.pbem.test 2; dmarc=pass header.from=pbem.test",
			[]AuthResult{{mx, "", "permerror", "", 0}}},
		{"NoAuthservID", "spf=pass (sender IP is 192.0.2.1) smtp.mailfrom=example.com; dkim=pass header.d=example.com",
			[]AuthResult{{"spf", "", "permerror", "", 0}}},

		// The examples of RFC 8601 appendix B.
		{"B.2", "example.org 1; none", []AuthResult{{"example.org", "", "none", "", 0}}},
		{"B.3", "example.com;\r\n          spf=pass smtp.mailfrom=example.net",
			[]AuthResult{{"example.com", "spf", "pass", "example.net", 0}}},
		{"B.4", "example.com;\r\n          auth=pass (cram-md5) smtp.auth=sender@example.net;\r\n          spf=pass smtp.mailfrom=example.net",
			[]AuthResult{{"example.com", "auth", "pass", "", 0}, {"example.com", "spf", "pass", "example.net", 0}}},
		{"B.4-iprev", "example.com; iprev=pass\r\n          policy.iprev=192.0.2.200",
			[]AuthResult{{"example.com", "iprev", "pass", "", 0}}},
		{"B.5-DKIM", "example.com;\r\n          dkim=pass (good signature) header.d=example.com",
			[]AuthResult{{"example.com", "dkim", "pass", "example.com", 0}}},
		{"B.5-SPF", "example.com;\r\n          auth=pass (cram-md5) smtp.auth=sender@example.com;\r\n          spf=fail smtp.mailfrom=example.com",
			[]AuthResult{{"example.com", "auth", "pass", "", 0}, {"example.com", "spf", "fail", "example.com", 0}}},
		{"B.6", "example.com;\r\n      dkim=pass reason=\"good signature\"\r\n        header.i=@mail-router.example.net;\r\n" +
			"      dkim=fail reason=\"bad signature\"\r\n        header.i=@newyork.example.com",
			[]AuthResult{{"example.com", "dkim", "pass", "mail-router.example.net", 0}, {"example.com", "dkim", "fail", "newyork.example.com", 0}}},
		{"B.6-upstream", "example.net;\r\n      dkim=pass (good signature) header.i=@newyork.example.com",
			[]AuthResult{{"example.net", "dkim", "pass", "newyork.example.com", 0}}},
		{"B.7", "foo.example.net (foobar) 1 (baz);\r\n    dkim (Because I like it) / 1 (One yay) = (wait for it) fail\r\n" +
			"      policy (A dot can go here) . (like that) expired\r\n      (this surprised me) = (as I wasn't expecting it) 1362471462",
			[]AuthResult{{"foo.example.net", "dkim", "fail", "", 0}}},
		{"RFC7601-B.4", "example.com;\r\n          sender-id=pass header.from=example.net",
			[]AuthResult{{"example.com", "sender-id", "pass", "", 0}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := authResults([]string{tt.header}); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("authResults(%q) =\n%+v\nwant\n%+v", tt.header, got, tt.want)
			}
		})
	}
}

// TestAttackHeaderNotAPass reads a whole mail with the attack header: its
// From is not authenticated, whatever the quoted sender says.
func TestAttackHeaderNotAPass(t *testing.T) {
	raw := "Authentication-Results: " + attackHeader + "\r\nFrom: ana@pbem.test\r\nTo: games@pbem.test\r\n" +
		"Message-ID: <forged@evil.test>\r\nSubject: move\r\n\r\nI9\r\n"
	p, err := Parse([]byte(raw), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"dmarc", "dkim", "spf"} {
		if p.Passed("mx.pbem.test", m) {
			t.Errorf("Passed(%q) = true for %+v", m, p.AuthResults)
		}
	}
	if p.Authenticated("mx.pbem.test") {
		t.Errorf("Authenticated = true for %+v", p.AuthResults)
	}
}

func TestPassed(t *testing.T) {
	const server = "mx.pbem.example.org"
	for _, tt := range []struct {
		name    string
		from    string
		results []AuthResult
		method  string
		want    bool
	}{
		{"dkim of the From domain", "bob@example.com", []AuthResult{{server, "dkim", "pass", "example.com", 0}}, "dkim", true},
		{"dkim of a parent domain", "bob@mail.example.com", []AuthResult{{server, "dkim", "pass", "example.com", 0}}, "dkim", true},
		{"dkim of a subdomain", "bob@example.com", []AuthResult{{server, "dkim", "pass", "evil.example.com", 0}}, "dkim", false},
		{"dkim of another domain", "bob@example.com", []AuthResult{{server, "dkim", "pass", "example.net", 0}}, "dkim", false},
		{"dkim of a look-alike", "bob@badexample.com", []AuthResult{{server, "dkim", "pass", "example.com", 0}}, "dkim", false},
		{"one of two signatures", "bob@example.com", []AuthResult{{server, "dkim", "pass", "list.example.net", 0}, {server, "dkim", "pass", "example.com", 0}}, "dkim", true},
		{"dkim failed", "bob@example.com", []AuthResult{{server, "dkim", "fail", "example.com", 0}}, "dkim", false},
		{"dmarc", "bob@example.com", []AuthResult{{server, "dmarc", "pass", "example.com", 0}}, "dmarc", true},
		{"dmarc without domain", "bob@example.com", []AuthResult{{server, "dmarc", "pass", "", 0}}, "dmarc", true},
		{"dmarc of a parent domain", "bob@mail.example.com", []AuthResult{{server, "dmarc", "pass", "example.com", 0}}, "dmarc", false},
		{"spf", "bob@example.com", []AuthResult{{server, "spf", "pass", "example.com", 0}}, "spf", true},
		{"other server", "bob@example.com", []AuthResult{{"mx.example.net", "dmarc", "pass", "example.com", 0}}, "dmarc", false},
		{"pass below a fail", "bob@example.com", []AuthResult{{server, "dmarc", "fail", "example.com", 0}, {server, "dmarc", "pass", "example.com", 1}}, "dmarc", false},
		{"pass below another server's", "bob@example.com", []AuthResult{{"mx.example.net", "dmarc", "fail", "example.com", 0}, {server, "dmarc", "pass", "example.com", 1}}, "dmarc", true},
		{"no From", "", []AuthResult{{server, "dmarc", "pass", "", 0}}, "dmarc", false},
		{"nothing", "bob@example.com", nil, "dmarc", false},
		// Two verdicts for one method in the same header: someone else wrote one.
		{"pass and fail", "bob@example.com", []AuthResult{{server, "dmarc", "pass", "example.com", 0}, {server, "dmarc", "fail", "example.com", 0}}, "dmarc", false},
		{"fail and pass", "bob@example.com", []AuthResult{{server, "dmarc", "fail", "example.com", 0}, {server, "dmarc", "pass", "example.com", 0}}, "dmarc", false},
		{"pass and none", "bob@example.com", []AuthResult{{server, "dkim", "none", "", 0}, {server, "dkim", "pass", "example.com", 0}}, "dkim", false},
		{"pass and a bad signature", "bob@example.com", []AuthResult{{server, "dkim", "pass", "example.com", 0}, {server, "dkim", "fail", "list.example.net", 0}}, "dkim", false},
		{"another method's fail", "bob@example.com", []AuthResult{{server, "spf", "fail", "example.net", 0}, {server, "dmarc", "pass", "example.com", 0}}, "dmarc", true},
		// The server's topmost header counts even when it gives no result.
		{"none above a pass", "bob@example.com", []AuthResult{{server, "", "none", "", 0}, {server, "dmarc", "pass", "example.com", 1}}, "dmarc", false},
		{"unreadable above a pass", "bob@example.com", []AuthResult{{server, "", "permerror", "", 0}, {server, "dmarc", "pass", "example.com", 1}}, "dmarc", false},
	} {
		p := &Parsed{From: tt.from, AuthResults: tt.results}
		if got := p.Passed(server, tt.method); got != tt.want {
			t.Errorf("%s: Passed(%q, %q) = %v, want %v", tt.name, server, tt.method, got, tt.want)
		}
	}
}

// TestAuthenticated: DMARC passed, or DKIM or SPF passed for the From
// domain and DMARC did not fail, which it cannot when either of them
// passed for the From domain itself, as the server that wrote both saw.
func TestAuthenticated(t *testing.T) {
	const server = "mx.pbem.test"
	for _, tt := range []struct {
		name, header string
		want         bool
	}{
		{"DMARC", "mx.pbem.test; dmarc=pass header.from=example.com", true},
		{"DKIM", "mx.pbem.test; dkim=pass header.d=example.com", true},
		{"SPF", "mx.pbem.test; spf=pass smtp.mailfrom=bob@example.com", true},
		{"DKIMWithoutDMARCPolicy", "mx.pbem.test; dkim=pass header.d=example.com; dmarc=none header.from=example.com", true},
		{"DKIMButDMARCFailed", "mx.pbem.test; dkim=pass header.d=example.com; dmarc=fail header.from=example.com", false},
		{"SPFButDMARCFailed", "mx.pbem.test; spf=pass smtp.mailfrom=example.com; dmarc=fail header.from=example.com", false},
		{"Attack", attackHeader, false},
		{"OtherServer", "mx.example.net; dmarc=pass header.from=example.com", false},
		{"Nothing", "mx.pbem.test; none", false},
	} {
		p := &Parsed{From: "bob@example.com", AuthResults: authResults([]string{tt.header})}
		if tt.name == "Attack" {
			p.From = "ana@pbem.test"
		}
		if got := p.Authenticated(server); got != tt.want {
			t.Errorf("%s: Authenticated(%q) = %v, want %v (%+v)", tt.name, strings.TrimSpace(tt.header), got, tt.want, p.AuthResults)
		}
	}
}

// FuzzAuthResults reads any header value without a panic, and gives
// results only under an authserv-id, and none beside a permerror.
func FuzzAuthResults(f *testing.F) {
	f.Add(attackHeader)
	f.Add("foo.example.net (foobar) 1 (baz); dkim (x) / 1 (y) = (z) fail policy (a) . (b) expired (c) = (d) 1362471462")
	f.Add(`"mx" ; dkim=pass header.i="a\"b"@example.com (c (d) \)); none`)
	f.Fuzz(func(t *testing.T, v string) {
		got := authResults([]string{v})
		for _, r := range got {
			if r.Server == "" || (r.Method == "" && len(got) != 1) {
				t.Errorf("authResults(%q) = %+v", v, got)
			}
		}
	})
}
