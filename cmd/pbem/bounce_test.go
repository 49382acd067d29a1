package main

import (
	"encoding/json"
	"testing"
)

// TestMailParseBounce: pbem mail parse reads a delivery report as the
// bounce of its recipient, with the report's status and the Message-ID of
// the mail that bounced.
func TestMailParseBounce(t *testing.T) {
	for _, tt := range []struct{ file, recipient, status, id string }{
		{"../../mail/testdata/corpus/bounce-dsn.eml", "olaf@example.net", "5.1.1", "k7q2mx.12.2@pbem.example.org"},
		{"../../mail/testdata/corpus/bounce-exim.eml", "nobody@example.com", "5.1.1", "k7q2mx.v3.1.your-turn@pbem.example.org"},
	} {
		out := mustPbem(t, t.TempDir(), "mail", "parse", tt.file)
		var got struct {
			Automatic bool `json:"automatic"`
			Bounce    struct {
				Recipients []struct{ Recipient, Status, Action string } `json:"recipients"`
				MessageID  string                                       `json:"messageId"`
			} `json:"bounce"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		r := got.Bounce.Recipients
		if !got.Automatic || len(r) != 1 || r[0].Recipient != tt.recipient || r[0].Status != tt.status || r[0].Action != "failed" || got.Bounce.MessageID != tt.id {
			t.Errorf("pbem mail parse %s = %+v, want the bounce of %s with %s, failed, of %s", tt.file, got, tt.recipient, tt.status, tt.id)
		}
	}
}
