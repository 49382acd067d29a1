package words

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Complete checks texts, one set of texts by language (pbem's own, or a
// game's), and returns what is wrong with them, joined: a language pbem
// speaks that is missing or lacks a text another gives, a language pbem
// does not speak, or a text that does not print every argument the
// English prints, of the same kind, so that no reader misses what
// another is told.
func Complete(texts map[string]Texts) error {
	var errs []error
	all := map[ID]bool{}
	for lang, d := range texts {
		if _, ok := defaults().Pack(lang); !ok {
			errs = append(errs, fmt.Errorf("texts in %q, which pbem does not speak", lang))
		}
		for id := range d {
			all[id] = true
		}
	}
	ids := slices.Sorted(func(yield func(ID) bool) {
		for id := range all {
			if !yield(id) {
				return
			}
		}
	})
	for _, lang := range Languages() {
		d, ok := texts[lang]
		if !ok {
			errs = append(errs, fmt.Errorf("no texts in %s", lang))
			continue
		}
		for _, id := range ids {
			text, ok := d[id]
			if !ok {
				errs = append(errs, fmt.Errorf("%s has no text for %q", lang, id))
				continue
			}
			s, ok := text.(string)
			english, ok2 := texts[Fallback][id].(string)
			if !ok || !ok2 || id == "time.when" {
				continue // a plural (TestPlurals prints pbem's), or a date written its own way
			}
			if missing := lacks(verbs(s), verbs(english)); missing != "" {
				errs = append(errs, fmt.Errorf("%s %q does not print %s", lang, id, missing))
			}
		}
	}
	return errors.Join(errs...)
}

// verbs lists the arguments a text prints, by index and verb, sorted: an
// argument without an index is the one after the argument before it.
func verbs(text string) string {
	seen := map[string]bool{}
	n := 0
	for _, m := range verb.FindAllStringSubmatch(text, -1) {
		if m[1] != "" {
			n, _ = strconv.Atoi(m[1])
		} else {
			n++
		}
		seen[fmt.Sprintf("%%[%d]%s", n, m[2])] = true
	}
	var out []string
	for m := range seen {
		out = append(out, m)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// lacks returns the verbs of want that got lacks.
func lacks(got, want string) string {
	var out []string
	for _, v := range strings.Fields(want) {
		if !slices.Contains(strings.Fields(got), v) {
			out = append(out, v)
		}
	}
	return strings.Join(out, " ")
}

var verb = regexp.MustCompile(`%(?:\[(\d+)\])?([a-zA-Z])`)
