package mail

import (
	"reflect"
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
		{"mx.pbem.example.org", "spf", "pass", "example.net", 3},
		{"mx.pbem.example.org", "iprev", "fail", "", 3},
		{"mx.pbem.example.org", "x-custom", "neutral", "", 3},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("authResults =\n%+v\nwant\n%+v", got, want)
	}
}

func TestStripComments(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a (b) c", "a  c"},
		{"a (b (nested) c) d", "a  d"},
		{`a (b \) c) d`, "a  d"},
		{`a "(not a comment)" b`, `a "(not a comment)" b`},
		{"a (unclosed", "a "},
		{"a) b", "a) b"},
	} {
		if got := stripComments(tt.in); got != tt.want {
			t.Errorf("stripComments(%q) = %q, want %q", tt.in, got, tt.want)
		}
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
	} {
		p := &Parsed{From: tt.from, AuthResults: tt.results}
		if got := p.Passed(server, tt.method); got != tt.want {
			t.Errorf("%s: Passed(%q, %q) = %v, want %v", tt.name, server, tt.method, got, tt.want)
		}
	}
}
