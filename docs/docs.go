// Package docs holds the documents pbem serves as they are in its
// source: each game's rules as pbem plays them, with every house rule and
// its reason, so the link a mail gives is always the service's own text.
package docs

import (
	"embed"
	"regexp"
)

//go:embed rules/*.md
var rules embed.FS

// gameName is what a game's name may be: its rules document's name.
var gameName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// Rules returns game's rules document (docs/rules/<game>.md), Markdown;
// false when there is none.
func Rules(game string) ([]byte, bool) {
	if !gameName.MatchString(game) {
		return nil, false
	}
	b, err := rules.ReadFile("rules/" + game + ".md")
	return b, err == nil
}
