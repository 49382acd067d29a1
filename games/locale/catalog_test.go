package locale_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// TestSayIn: what is said by message id is kept in English in the field
// and as its messages beside it, one after another as they are said, and
// Said writes them all in the reader's language.
func TestSayIn(t *testing.T) {
	en, zh := locale.Of(nil, prefLang("en")), locale.Of(nil, prefLang("zh"))
	fields := locale.Saying("note", "game %s is over", "g1")
	if got, want := fields["note"], "game g1 is over"; got != want {
		t.Errorf("Saying: field = %q, want %q", got, want)
	}
	locale.SayIn(fields, "note", "game %s has no open seat", "g2")
	if got, want := fields["note"], "game g1 is over game g2 has no open seat"; got != want {
		t.Errorf("SayIn: field = %q, want %q", got, want)
	}
	if got, want := fields["note.msgs"], `[["game %s is over","g1"],["game %s has no open seat","g2"]]`; got != want {
		t.Errorf("SayIn: messages = %s, want %s", got, want)
	}
	for _, c := range []struct {
		loc  locale.Locale
		want string
	}{
		{en, "game g1 is over game g2 has no open seat"},
		{zh, "对局 g1 已经结束 对局 g2 没有空座位"},
	} {
		got, ok := locale.Said(c.loc, fields, "note")
		if !ok || got != c.want {
			t.Errorf("Said in %s = %q, %v; want %q", c.loc.Lang(), got, ok, c.want)
		}
	}
}

// TestSaidWithout: a field with no messages, or with messages pbem cannot
// read, is not said; an empty message in a list is left out.
func TestSaidWithout(t *testing.T) {
	zh := locale.Of(nil, prefLang("zh"))
	for _, fields := range []map[string]string{
		{},
		{"note": "plain English"},
		{"note.msgs": "[]"},
		{"note.msgs": "not json"},
		{"note.phrase": "not json"},
	} {
		if got, ok := locale.Said(zh, fields, "note"); ok || got != "" {
			t.Errorf("Said of %v = %q, %v; want nothing", fields, got, ok)
		}
	}
	got, ok := locale.Said(zh, map[string]string{"note.msgs": `[[],["game %s is over","g1"]]`}, "note")
	if want := "对局 g1 已经结束"; !ok || got != want {
		t.Errorf("Said with an empty message = %q, %v; want %q", got, ok, want)
	}
}

// TestSayRefusal: a refusal of the rules is kept as their phrase, one of
// the command side by its English format where the catalog has it (its
// %d and %v as %s), and any other as its English text.
func TestSayRefusal(t *testing.T) {
	zh := locale.Of(nil, prefLang("zh"))
	phrase := rules.Say("game %s is over", "g1")
	for _, c := range []struct {
		name    string
		refusal *games.Error
		field   string // the field in English
		said    string // Said in Chinese; "" for not said
	}{
		{"the rules' phrase", &games.Error{Msg: "game g1 is over", Phrase: &phrase}, "before game g1 is over", "对局 g1 已经结束"},
		{"by its format", &games.Error{Msg: "game g2 has no open seat", ID: "game %d has no open seat", Args: []string{"g2"}}, "before game g2 has no open seat", "对局 g2 没有空座位"},
		{"a format the catalog lacks", &games.Error{Msg: "no such thing", ID: "no such %v"}, "before no such thing", ""},
		{"without a format", &games.Error{Msg: "no such thing"}, "before no such thing", ""},
	} {
		fields := map[string]string{"note": "before"}
		locale.SayRefusal(fields, "note", c.refusal)
		if fields["note"] != c.field {
			t.Errorf("%s: field = %q, want %q", c.name, fields["note"], c.field)
		}
		said, ok := locale.Said(zh, fields, "note")
		if said != c.said || ok != (c.said != "") {
			t.Errorf("%s: Said = %q, %v; want %q", c.name, said, ok, c.said)
		}
	}
}

// TestRefuseIn: a refusal of the mail side is of its kind, in English,
// and names its message and arguments for the reader's language.
func TestRefuseIn(t *testing.T) {
	err := locale.RefuseIn(games.ErrSetup, "refuse.weekdays", "someday")
	var e *games.Error
	if !errors.As(err, &e) {
		t.Fatalf("RefuseIn = %T, want a *games.Error", err)
	}
	if want := words.For(words.Fallback).S("refuse.weekdays", "someday"); e.Msg != want || e.Kind != games.ErrSetup ||
		e.ID != "refuse.weekdays" || len(e.Args) != 1 || e.Args[0] != "someday" {
		t.Errorf("RefuseIn = %+v, want kind setup, message %q, its id and argument", e, want)
	}
}

// TestRefuse: a refusal is written in English from its format; one that
// is the rules' reason alone ("%v" of their error) keeps their phrase, to
// be written in the reader's language.
func TestRefuse(t *testing.T) {
	illegal := rules.Illegal("game %s is over", "g1")
	for _, c := range []struct {
		name   string
		format string
		args   []any
		msg    string
		phrase bool
	}{
		{"the rules' reason", "%v", []any{illegal}, "game g1 is over", true},
		{"the rules' reason wrapped", "%v", []any{fmt.Errorf("move 3: %w", illegal)}, "move 3: game g1 is over", false},
		{"the rules' reason with more", "%v %v", []any{illegal, 3}, "game g1 is over 3", false},
		{"the rules' reason and another argument", "%v", []any{illegal, 3}, "game g1 is over%!(EXTRA int=3)", false},
		{"an error without a phrase", "%v", []any{errors.New("no")}, "no", false},
		{"not an error", "%v", []any{"game g1 is over"}, "game g1 is over", false},
		{"a format", "seat %d of %s", []any{2, "g1"}, "seat 2 of g1", false},
	} {
		err := locale.Refuse(games.ErrBadSeat, c.format, c.args...)
		var e *games.Error
		if !errors.As(err, &e) || e.Kind != games.ErrBadSeat || e.Msg != c.msg {
			t.Errorf("%s: Refuse = %#v, want %q of its kind", c.name, err, c.msg)
			continue
		}
		if c.phrase != (e.Phrase != nil) {
			t.Errorf("%s: phrase %v, want one: %v", c.name, e.Phrase, c.phrase)
		}
		if e.Phrase != nil && e.Phrase.String() != c.msg {
			t.Errorf("%s: phrase says %q, want %q", c.name, e.Phrase, c.msg)
		}
	}
}
