package locale

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	_ "time/tzdata" // zones by name, whatever the host has installed

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// What a notice says by message id (refusals, notes), stored so and
// written in its reader's language when the mail is rendered: the
// catalog's helpers of the mail side.

// SayIn adds message id with args to field of fields: its English text to
// the field, and the message itself to field+".msgs", from which Render
// writes the field in the reader's language.
func SayIn(fields map[string]string, field, id string, args ...string) {
	fields[field] = strings.TrimSpace(fields[field] + " " + words.For(words.Fallback).S(words.ID(id), anys(args)...))
	var msgs [][]string
	_ = json.Unmarshal([]byte(fields[field+".msgs"]), &msgs)
	b, _ := json.Marshal(append(msgs, append([]string{id}, args...)))
	fields[field+".msgs"] = string(b)
}

// Saying returns fields holding field said so (see SayIn).
func Saying(field, id string, args ...string) map[string]string {
	f := map[string]string{}
	SayIn(f, field, id, args...)
	return f
}

// SayRefusal adds a refusal to field: by its message id where the
// catalog has it (the command side's refusals are named by their English
// format, see refusalID), else as it is written.
func SayRefusal(fields map[string]string, field string, refusal *games.Error) {
	if refusal.Phrase != nil {
		fields[field] = strings.TrimSpace(fields[field] + " " + refusal.Msg)
		b, _ := json.Marshal(refusal.Phrase)
		fields[field+".phrase"] = string(b)
		return
	}
	id := refusalID(refusal.ID)
	if id == "" || !words.Has(words.Fallback, words.ID(id)) {
		fields[field] = strings.TrimSpace(fields[field] + " " + refusal.Msg)
		return
	}
	SayIn(fields, field, id, refusal.Args...)
}

// refusalID is the catalog's id of a refusal's: the command side names
// its refusals by their English format, whose arguments the mail side
// has as text, so %d and %v are %s in the id.
func refusalID(id string) string {
	return strings.NewReplacer("%d", "%s", "%v", "%s").Replace(id)
}

func anys(args []string) []any {
	as := make([]any, len(args))
	for i, a := range args {
		as[i] = a
	}
	return as
}

// RefuseIn is a refusal the mail side writes in its reader's language:
// id names it in the message catalog (package words), args fill it in.
func RefuseIn(kind error, id string, args ...string) error {
	return &games.Error{Kind: kind, Msg: words.For(words.Fallback).S(words.ID(id), anys(args)...), ID: id, Args: args}
}

// Said writes field of fields in the reader's language, from its
// messages (see SayIn); ok is false for a field without.
func Said(loc Locale, fields map[string]string, field string) (string, bool) {
	var p rules.Phrase
	if json.Unmarshal([]byte(fields[field+".phrase"]), &p) == nil {
		return loc.Tidy(loc.Phrase(p)), true
	}
	var msgs [][]string
	if json.Unmarshal([]byte(fields[field+".msgs"]), &msgs) != nil || len(msgs) == 0 {
		return "", false
	}
	var out []string
	for _, msg := range msgs {
		if len(msg) > 0 {
			out = append(out, loc.S(words.ID(msg[0]), anys(msg[1:])...))
		}
	}
	return loc.Tidy(strings.Join(out, " ")), true
}

// Refuse is a refusal written for the person who asked.
func Refuse(kind error, format string, args ...any) error {
	e := &games.Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
	var phrased rules.Phrased
	if format == "%v" && len(args) == 1 {
		if err, ok := args[0].(error); ok && errors.As(err, &phrased) && phrased.Phrase().String() == e.Msg {
			p := phrased.Phrase() // the rules' own reason
			e.Phrase = &p
		}
	}
	return e
}
