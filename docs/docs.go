// Package docs holds the documents pbem serves as they are in its
// source: each game's rules as pbem plays them, with every house rule and
// its reason, in English (docs/rules) and in Chinese (docs/zh/rules), so
// the link a mail gives is always the service's own text.
package docs

import (
	"embed"
	"regexp"
)

//go:embed rules/*.md zh/rules/*.md
var rules embed.FS

// gameName is what a game's name may be: its rules document's name.
var gameName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// langDir is where each language's rules documents are, by language tag.
var langDir = map[string]string{"en": "rules/", "zh": "zh/rules/"}

// Rules returns game's rules document in English (docs/rules/<game>.md),
// Markdown; false when there is none.
func Rules(game string) ([]byte, bool) { return RulesIn("en", game) }

// RulesIn returns game's rules document in language lang ("en":
// docs/rules/<game>.md, "zh": docs/zh/rules/<game>.md), Markdown; false
// when there is none in that language.
func RulesIn(lang, game string) ([]byte, bool) {
	dir, ok := langDir[lang]
	if !ok || !gameName.MatchString(game) {
		return nil, false
	}
	b, err := rules.ReadFile(dir + game + ".md")
	return b, err == nil
}
