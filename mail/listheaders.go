package mail

import (
	"strings"
)

// ListHeaders returns the header fields that present the mail of one game
// as a mailing list's, for mail clients and filters (a "mute this game"
// or a folder per game) and for providers' bulk-sender rules: List-Id
// (RFC 2919), one per game, as "<game>.<mailbox's local part>.<domain>";
// List-Help (RFC 2369), a mail asking HELP; and List-Archive (RFC 2369),
// the reader's page of the game, when archive gives one. service names
// the list in List-Id where it is plain ASCII.
func ListHeaders(service, mailbox, game, archive string) map[string]string {
	local, domain, ok := splitAddr(strings.ToLower(mailbox))
	if !ok || game == "" {
		return nil
	}
	id := "<" + game + "." + dotAtom(local) + "." + domain + ">"
	if phrase := service + " " + game; plainPhrase(phrase) {
		id = `"` + phrase + `" ` + id
	}
	h := map[string]string{
		"List-Id":   id,
		"List-Help": "<mailto:" + mailbox + "?subject=HELP&body=HELP>",
	}
	if archive != "" {
		h["List-Archive"] = "<" + archive + ">"
	}
	return h
}

// dotAtom keeps of a local part what a List-Id's label may hold: letters,
// digits and hyphens, in dot-separated words.
func dotAtom(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			b.WriteRune(r)
		case r == '.' && b.Len() > 0:
			b.WriteRune(r)
		}
	}
	if out := strings.Trim(b.String(), "."); out != "" {
		return strings.ReplaceAll(out, "..", ".")
	}
	return "pbem"
}

// plainPhrase says whether s may stand in a quoted string as it is:
// printable ASCII without quotes or backslashes.
func plainPhrase(s string) bool {
	for _, r := range s {
		if r < ' ' || r > '~' || r == '"' || r == '\\' {
			return false
		}
	}
	return s != ""
}
