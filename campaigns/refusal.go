package campaigns

import "github.com/pbem-games/pbem/rules"

// Refusal is why a campaign cannot take a fact now, where the reason is
// one a person meets (a pause of a paused campaign, an entry once round 1
// is paired), not a history that breaks the format. Error is the reason
// in English; Phrase the same reason for the mail side to write in its
// reader's language (rules.Phrased), its format a key of the catalog.
type Refusal struct{ phrase rules.Phrase }

// Refuse returns the Refusal of format and its arguments (see rules.Say).
func Refuse(format string, args ...any) error {
	return &Refusal{phrase: rules.Say(format, args...)}
}

func (r *Refusal) Error() string        { return r.phrase.String() }
func (r *Refusal) Phrase() rules.Phrase { return r.phrase }
