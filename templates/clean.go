package templates

import (
	"reflect"
	"strings"
	"unicode"
)

// multiline are the Mail fields that may hold line breaks; every other
// string is flattened to one line, so that no name, move or sentence can
// break a header or forge a line of its own in the text part.
var multiline = map[string]bool{"Board": true, "Said": true}

// clean returns a copy of m whose strings are safe to lay out: control
// characters become spaces, except the line breaks of the multiline
// fields, which become "\n". The Board loses only carriage returns and
// trailing blank lines.
func clean(m Mail) Mail {
	m.Players = copyOf(m.Players)
	m.Happened = copyOf(m.Happened)
	m.Legal = copyOf(m.Legal)
	m.Commands = copyOf(m.Commands)
	m.History = copyOf(m.History)
	m.Games = copyOf(m.Games)
	m.Changed = copyOf(m.Changed)
	m.SaidMore = copyOf(m.SaidMore)
	m.Game.Variants = copyOf(m.Game.Variants)
	cleanValue(reflect.ValueOf(&m).Elem(), false)
	m.Board = strings.TrimRight(m.Board, "\n")
	m.Said = strings.Trim(m.Said, "\n ")
	for i := range m.SaidMore {
		m.SaidMore[i].Said = strings.Trim(m.SaidMore[i].Said, "\n ")
	}
	return m
}

// copyOf copies a slice so that cleaning it leaves the caller's alone.
func copyOf[T any](s []T) []T { return append([]T(nil), s...) }

// cleanValue cleans every string reachable from v in place.
func cleanValue(v reflect.Value, lines bool) {
	switch v.Kind() {
	case reflect.String:
		if lines {
			v.SetString(keepLines(v.String()))
		} else {
			v.SetString(oneLine(v.String()))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				cleanValue(v.Field(i), multiline[f.Name])
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			cleanValue(v.Index(i), lines)
		}
	}
}

// oneLine replaces every control character and line or paragraph
// separator in s with a space and trims the result.
func oneLine(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if breaks(r) {
			return ' '
		}
		return r
	}, strings.ReplaceAll(s, "\r\n", " ")))
}

// keepLines turns every line break in s into "\n" and every control
// character other than a tab into a space.
func keepLines(s string) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u2028", "\n", "\u2029", "\n", "\u0085", "\n").Replace(s)
	return strings.Map(func(r rune) rune {
		if r != '\n' && r != '\t' && breaks(r) {
			return ' '
		}
		return r
	}, s)
}

func breaks(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
}
