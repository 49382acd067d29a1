package locale

import (
	"strings"
	"time"
	"unicode"

	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/templates/words"
)

// A reader's language and zone as they set them (LANG, TZ) or as pbem
// reads them from a newcomer's first mail.

// languageNames are the words a reader may write for each language pbem
// writes, in any case, beside its tag.
var languageNames = map[string]string{
	"english": "en", "英文": "en", "英语": "en", "英語": "en",
	"chinese": "zh", "中文": "zh", "汉语": "zh", "漢語": "zh", "简体中文": "zh", "普通话": "zh",
}

// ParseLang reads the language of a LANG command: a tag ("zh", "zh-CN")
// or a name ("中文", "English").
func ParseLang(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if tag, ok := languageNames[strings.ToLower(s)]; ok {
		return tag, true
	}
	return words.Match(s)
}

// ParseZone reads the zone of a TZ command: "UTC", an offset from UTC, or
// an IANA name ("Asia/Shanghai", in any case); name is how pbem keeps it.
func ParseZone(s string) (name string, loc *time.Location, err error) {
	return projections.ParseZone(s)
}

// Detect reads a newcomer's language and zone from their mail: the
// language its Content-Language names, where pbem writes it, else Chinese
// for a mail written mostly in Chinese characters, else English; the
// zone from the offset of its Date, where it has one.
func Detect(p *mail.Parsed) mail.Pref {
	pref := mail.Pref{Lang: "en", Detected: true}
	if tag, ok := words.Match(p.Language); ok && p.Language != "" {
		pref.Lang = tag
	} else if mostlyHan(p.Text + "\n" + p.Subject) {
		pref.Lang = "zh"
	}
	if !p.Date.IsZero() {
		if _, off := p.Date.Zone(); off != 0 {
			pref.Zone = strings.TrimPrefix(words.Offset(p.Date), "UTC")
		}
	}
	return pref
}

// mostlyHan reports whether s has more Chinese characters than Latin
// letters, and no kana or hangul (Japanese or Korean, which pbem does not
// write).
func mostlyHan(s string) bool {
	han, latin := 0, 0
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
			return false
		case unicode.Is(unicode.Han, r):
			han++
		case r < unicode.MaxASCII && unicode.IsLetter(r):
			latin++
		}
	}
	// A Chinese character says as much as a word of Latin letters.
	return han > 0 && 3*han >= latin
}
