// Package en is English as pbem writes and reads it: the language every
// reader gets whose own pbem does not speak, and the one every other
// pack's texts are checked against.
package en

import "github.com/pbem-games/pbem/lang"

// Pack returns English.
func Pack() lang.Pack {
	return lang.Pack{
		Tag:   "en",
		Names: map[string]string{"english": "en", "chinese": "zh"},
		// The command words are the table's own (games/commands); these
		// are English's other words for them.
		Commands: map[string][]string{
			"HELP": {"?"}, "LANG": {"LANGUAGE"}, "TZ": {"TIMEZONE"}, "BOARD": {"STATUS"},
		},
		Texts: texts,
	}
}
