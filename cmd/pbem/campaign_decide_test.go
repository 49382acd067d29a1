package main

import (
	"strings"
	"testing"
)

// TestCampaignDecideAsByMail: pbem campaign decide records the
// decisions an organiser writes by mail, extend with its span and
// replace with the replacement, whose game the campaign finds from the
// player replaced; each in the campaign's history, and an extension
// without its span refused.
func TestCampaignDecideAsByMail(t *testing.T) {
	dir := t.TempDir()
	id := strings.TrimSpace(mustPbem(t, dir, "campaign", "new", "roundrobin", "--game", "atacama",
		"--players", "ana@example.org,bea@example.net"))
	mustPbem(t, dir, "campaign", "pair", id)
	if out, err := pbem(t, dir, "campaign", "decide", id, "extend", "--reason", "the holidays"); err == nil || !strings.Contains(err.Error(), "extension") {
		t.Errorf("extend without --span = %q, %v; want a refusal of the extension", out, err)
	}
	mustPbem(t, dir, "campaign", "decide", id, "extend", "--span", "2d", "--reason", "the holidays")
	mustPbem(t, dir, "campaign", "decide", id, "replace", "--player", "bea@example.net", "--replacement", "cai@example.com", "--reason", "Bea moved abroad")
	export := mustPbem(t, dir, "campaign", "export", id)
	for _, want := range []string{`"decision":"extend"`, `"span":"2d"`, `"decision":"replace"`, `"replacement":"cai@example.com"`} {
		if !strings.Contains(export, want) {
			t.Errorf("the campaign's history does not hold %s:\n%s", want, export)
		}
	}
	for _, line := range strings.Split(export, "\n") {
		if strings.Contains(line, `"decision":"replace"`) && !strings.Contains(line, `"game":"`) {
			t.Errorf("the replacement names no game: %s", line)
		}
	}
}
