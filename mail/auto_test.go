package mail

import (
	"strings"
	"testing"
)

var automaticTests = []struct {
	header string // lines to add to a person's mail, "|" between them
	want   string
}{
	{"", ""},
	{"Auto-Submitted: no", ""},
	{"Auto-Submitted: auto-replied", "auto-reply (Auto-Submitted: auto-replied)"},
	{"Auto-Submitted: Auto-Replied (vacation)", "auto-reply (Auto-Submitted: Auto-Replied (vacation))"},
	{"Auto-Submitted: auto-generated", "automatic (Auto-Submitted: auto-generated)"},
	{"Auto-Submitted: auto-notified; owner-email=x@example.net", "automatic (Auto-Submitted: auto-notified; owner-email=x@example.net)"},
	{"X-Auto-Response-Suppress: All", ""},
	{"X-Auto-Response-Suppress: DR, RN, NRN, OOF, AutoReply", ""},
	{"X-Autoreply: yes", "auto-reply (X-Autoreply: yes)"},
	{"X-Autorespond: Out of office", "auto-reply (X-Autorespond: Out of office)"},
	{"X-Autoreply: no", ""},
	{"Precedence: bulk", "bulk mail (Precedence: bulk)"},
	{"Precedence: junk", "bulk mail (Precedence: junk)"},
	{"Precedence: list", "list mail (Precedence: list)"},
	{"Precedence: auto_reply", "auto-reply (Precedence: auto_reply)"},
	{"Precedence: first-class", ""},
	{"List-Id: <players.lists.example.org>", "list mail (List-Id: <players.lists.example.org>)"},
	{"List-Unsubscribe: <mailto:leave@lists.example.org>", "list mail (List-Unsubscribe: <mailto:leave@lists.example.org>)"},
	{"Return-Path: <>", "automatic (Return-Path: <>)"},
	{"Return-Path: <MAILER-DAEMON@example.net>", "bounce (From: mailer-daemon@example.net)"},
	{"Content-Type: multipart/report; report-type=delivery-status; boundary=x", "bounce (Content-Type: multipart/report; report-type=delivery-status)"},
	{"Content-Type: multipart/report; report-type=disposition-notification; boundary=x", "report (Content-Type: multipart/report; report-type=disposition-notification)"},
	{"Content-Type: message/delivery-status", "bounce (Content-Type: message/delivery-status)"},
	{"X-Failed-Recipients: olaf@example.net", "bounce (X-Failed-Recipients: olaf@example.net)"},
	{"Feedback-ID: 1:campaign:example", ""},
	{"X-Loop: pbem", "our own mail (X-Loop: pbem)"},
	{"X-Loop: games@pbem.example.org", "our own mail (X-Loop: games@pbem.example.org)"},
	{"X-Loop: somebody@example.net", ""},
	{"Auto-Submitted: auto-replied|X-Loop: pbem", "our own mail (X-Loop: pbem)"},
	{"Auto-Submitted: auto-replied|Content-Type: multipart/report; report-type=delivery-status; boundary=x", "bounce (Content-Type: multipart/report; report-type=delivery-status)"},
	{"X-Autoreply: yes\r\nBcc: victim@example.net", "auto-reply (X-Autoreply: yes)"},
	{"Precedence: bulk " + strings.Repeat("x", 200), ""},
	{"List-Id: " + strings.Repeat("x", 200), "list mail (List-Id: " + strings.Repeat("x", maxReasonValue) + ")"},
}

func TestAutomatic(t *testing.T) {
	for _, tt := range automaticTests {
		header := "From: Bob <bob@example.net>\nTo: games@pbem.example.org\nSubject: Re: your move"
		if tt.header != "" {
			header += "\n" + strings.ReplaceAll(tt.header, "|", "\n")
		}
		p, err := Parse(mail(header, "E5"), Limits{Self: []string{"Games@PBEM.example.org"}})
		if err != nil {
			t.Fatal(err)
		}
		if p.Automatic != tt.want {
			t.Errorf("automatic(%q) = %q, want %q", tt.header, p.Automatic, tt.want)
		}
	}
}

var automaticFromTests = []struct {
	from, subject, want string
}{
	{"Bob <bob@example.net>", "Re: your move", ""},
	{"pbem <games@pbem.example.org>", "your move", "our own mail (From: games@pbem.example.org)"},
	{"pbem <GAMES@pbem.example.org>", "your move", "our own mail (From: games@pbem.example.org)"},
	{"MAILER-DAEMON@example.net (Mail Delivery System)", "Undelivered Mail Returned to Sender", "bounce (From: mailer-daemon@example.net)"},
	{"postmaster@example.net", "Delivery Status Notification (Failure)", "bounce (From: postmaster@example.net)"},
	{"Bob <bob@example.net>", "Undeliverable: your move", "bounce (Subject: Undeliverable:)"},
	{"Bob <bob@example.net>", "Delivery Status Notification (Failure)", "bounce (Subject: Delivery Status Notification)"},
	{"Bob <bob@example.net>", "Out of Office: your move", "auto-reply (Subject: Out of Office)"},
	{"Bob <bob@example.net>", "Automatic reply: your move", "auto-reply (Subject: Automatic reply:)"},
	{"Bob <bob@example.net>", "Auto: your move", "auto-reply (Subject: Auto:)"},
	{"Bob <bob@example.net>", "AutoReply: your move", "auto-reply (Subject: AutoReply)"},
	{"Bob <bob@example.net>", "=?UTF-8?B?6Ieq5Yqo5Zue5aSNOiB5b3VyIG1vdmU=?=", "auto-reply (Subject: 自动回复)"},
	{"Bob <bob@example.net>", "Abwesenheitsnotiz: your move", "auto-reply (Subject: Abwesenheitsnotiz)"},
	{"Bob <bob@example.net>", "Re: Out of office", ""},
	{"Bob <bob@example.net>", "Re: Automatic reply: your move", ""},
	{"Shop <no-reply@shop.example.com>", "Your order", "automatic (From: no-reply@shop.example.com)"},
	{"Shop <noreply+news@shop.example.com>", "Your order", "automatic (From: noreply+news@shop.example.com)"},
	{"Norbert <norbert@example.com>", "Re: your move", ""},
}

func TestAutomaticFrom(t *testing.T) {
	for _, tt := range automaticFromTests {
		raw := mail("From: "+tt.from+"\nTo: games@pbem.example.org\nSubject: "+tt.subject, "E5")
		p, err := Parse(raw, Limits{Self: []string{"games@pbem.example.org"}})
		if err != nil {
			t.Fatal(err)
		}
		if p.Automatic != tt.want {
			t.Errorf("automatic(From: %s, Subject: %s) = %q, want %q", tt.from, tt.subject, p.Automatic, tt.want)
		}
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
