package mail

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net/textproto"
	"strings"
	"time"

	"github.com/emersion/go-msgauth/dkim"
	"github.com/emersion/go-msgauth/dmarc"
)

// DKIMVerifier checks the DKIM signatures of a mail in the process, so
// that whether its From is authentic does not rest on what a front end
// wrote in Authentication-Results.
type DKIMVerifier struct {
	// LookupTXT returns the TXT records of a name (the DKIM keys at
	// <selector>._domainkey.<domain>, the DMARC record at _dmarc.<domain>);
	// nil is net.LookupTXT.
	LookupTXT func(name string) ([]string, error)
	// Now is the time signatures expire against; nil is time.Now.
	Now func() time.Time
}

// maxSignatures bounds the signatures of a mail verified, each a DNS query.
const maxSignatures = 5

// Verify reports whether raw, a whole mail, carries a valid DKIM signature
// aligned with its From domain, from: the signing domain (d=) is the From
// domain or, unless the From domain's DMARC record asks for strict
// alignment (adkim=s), a parent of it. A mail with more than one From
// header fails: a signature covers the lowest, a reader may show the
// topmost. err says why a mail failed, for the log.
func (v DKIMVerifier) Verify(raw []byte, from string) (bool, error) {
	_, fromDomain, ok := splitAddr(from)
	if !ok {
		return false, errors.New("no From address")
	}
	if n, err := fromHeaders(raw); err != nil || n != 1 {
		return false, fmt.Errorf("%d From headers (%v)", n, err)
	}
	verifs, err := dkim.VerifyWithOptions(bytes.NewReader(raw), &dkim.VerifyOptions{LookupTXT: v.LookupTXT, MaxVerifications: maxSignatures})
	if err != nil && !errors.Is(err, dkim.ErrTooManySignatures) {
		return false, err
	}
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	var why []string
	strict := -1 // unknown until a parent domain signed
	for _, verif := range verifs {
		d := strings.ToLower(verif.Domain)
		switch {
		case verif.Err != nil:
			why = append(why, d+": "+verif.Err.Error())
		case !verif.Expiration.IsZero() && now().After(verif.Expiration):
			why = append(why, d+": signature expired")
		case d == fromDomain:
			return true, nil
		case strings.HasSuffix(fromDomain, "."+d) && strings.Contains(d, "."):
			if strict < 0 {
				strict = 0
				rec, err := dmarc.LookupWithOptions(fromDomain, &dmarc.LookupOptions{LookupTXT: v.LookupTXT})
				switch {
				case errors.Is(err, dmarc.ErrNoPolicy):
				case err != nil:
					return false, fmt.Errorf("DMARC record of %s: %w", fromDomain, err)
				case rec.DKIMAlignment == dmarc.AlignmentStrict:
					strict = 1
				}
			}
			if strict == 0 {
				return true, nil
			}
			why = append(why, d+": strict alignment asked for by "+fromDomain)
		default:
			why = append(why, d+": not the From domain")
		}
	}
	if len(why) == 0 {
		return false, errors.New("no DKIM signature")
	}
	return false, errors.New(strings.Join(why, "; "))
}

// fromHeaders counts the From headers of raw.
func fromHeaders(raw []byte) (int, error) {
	h, err := textproto.NewReader(bufio.NewReader(bytes.NewReader(raw))).ReadMIMEHeader()
	if err != nil && len(h) == 0 {
		return 0, err
	}
	return len(h["From"]), nil
}
