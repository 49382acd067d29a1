package mail

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"
)

// dkimKeys is a DNS of DKIM keys and DMARC records made for a test.
type dkimKeys struct {
	txt  map[string][]string
	keys map[string]ed25519.PrivateKey // by domain, selector "s1"
}

func newDKIMKeys(t *testing.T, domains ...string) *dkimKeys {
	t.Helper()
	k := &dkimKeys{txt: map[string][]string{}, keys: map[string]ed25519.PrivateKey{}}
	for _, d := range domains {
		pub, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		k.keys[d] = priv
		k.txt["s1._domainkey."+d] = []string{"v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)}
	}
	return k
}

func (k *dkimKeys) lookupTXT(name string) ([]string, error) {
	if txt, ok := k.txt[name]; ok {
		return txt, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

// sign signs raw with the key of domain.
func (k *dkimKeys) sign(t *testing.T, domain, raw string) string {
	t.Helper()
	var b bytes.Buffer
	if err := dkim.Sign(&b, strings.NewReader(raw), &dkim.SignOptions{Domain: domain, Selector: "s1", Signer: k.keys[domain]}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestDKIMVerifier(t *testing.T) {
	keys := newDKIMKeys(t, "pbem.test", "evil.test", "strict.test")
	keys.txt["_dmarc.mail.strict.test"] = []string{"v=DMARC1; p=reject; adkim=s"}
	mail := func(from string) string {
		return "From: " + from + "\r\nTo: games@pbem.test\r\nSubject: move\r\nMessage-ID: <m@pbem.test>\r\n\r\nI9\r\n"
	}
	v := DKIMVerifier{LookupTXT: keys.lookupTXT}
	for _, tt := range []struct {
		name, from, raw string
		want            bool
		why             string
	}{
		{"Signed", "ana@pbem.test", keys.sign(t, "pbem.test", mail("ana@pbem.test")), true, ""},
		{"ParentDomain", "ana@mail.pbem.test", keys.sign(t, "pbem.test", mail("ana@mail.pbem.test")), true, ""},
		{"StrictAlignment", "ana@mail.strict.test", keys.sign(t, "strict.test", mail("ana@mail.strict.test")), false, "strict alignment"},
		{"Unsigned", "ana@pbem.test", mail("ana@pbem.test"), false, "no DKIM signature"},
		{"OtherDomain", "ana@pbem.test", keys.sign(t, "evil.test", mail("ana@pbem.test")), false, "not the From domain"},
		{"Altered", "ana@pbem.test", strings.Replace(keys.sign(t, "pbem.test", mail("ana@pbem.test")), "I9\r\n", "RESIGN\r\n", 1), false, "body hash"},
		{"FromChanged", "bea@pbem.test", strings.Replace(keys.sign(t, "pbem.test", mail("ana@pbem.test")), "From: ana@", "From: bea@", 1), false, "signature"},
		{"FromAdded", "bea@pbem.test", "From: bea@pbem.test\r\n" + keys.sign(t, "pbem.test", mail("ana@pbem.test")), false, "2 From headers"},
		{"NoKey", "ana@pbem.test", strings.Replace(keys.sign(t, "pbem.test", mail("ana@pbem.test")), "s=s1", "s=s2", 1), false, "pbem.test"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := v.Verify([]byte(tt.raw), tt.from)
			if got != tt.want || (!got && (err == nil || !strings.Contains(err.Error(), tt.why))) {
				t.Errorf("Verify = %v, %v; want %v, an error about %q", got, err, tt.want, tt.why)
			}
		})
	}
	t.Run("Expired", func(t *testing.T) {
		var b bytes.Buffer
		err := dkim.Sign(&b, strings.NewReader(mail("ana@pbem.test")), &dkim.SignOptions{Domain: "pbem.test", Selector: "s1",
			Signer: keys.keys["pbem.test"], Expiration: time.Now().Add(time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		later := DKIMVerifier{LookupTXT: keys.lookupTXT, Now: func() time.Time { return time.Now().Add(2 * time.Hour) }}
		if ok, err := later.Verify(b.Bytes(), "ana@pbem.test"); ok || err == nil || !strings.Contains(err.Error(), "expired") {
			t.Errorf("Verify of an expired signature = %v, %v", ok, err)
		}
	})
	t.Run("DNSFailure", func(t *testing.T) {
		down := DKIMVerifier{LookupTXT: func(string) ([]string, error) { return nil, errors.New("server failure") }}
		if ok, _ := down.Verify([]byte(keys.sign(t, "pbem.test", mail("ana@pbem.test"))), "ana@pbem.test"); ok {
			t.Error("Verify passed without the key")
		}
	})
}
