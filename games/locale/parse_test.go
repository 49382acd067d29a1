package locale_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// TestParseDeadline: each part of DEADLINE sets its own setting, the
// weekdays as a range (wrapping past Sunday) or a list, and a command
// that lacks a part or has one pbem cannot read is refused with the
// command's usage or the weekdays it could not read.
func TestParseDeadline(t *testing.T) {
	usage := words.For(words.Fallback).S("refuse.deadline.usage")
	for _, c := range []struct {
		text string
		want events.Settings
	}{
		{"48h", events.Settings{PerMove: "48h"}},
		{"off", events.Settings{}},
		{"48h REMINDER 12h", events.Settings{PerMove: "48h", Reminder: "12h"}},
		{"48h grace 6h", events.Settings{PerMove: "48h", Grace: "6h"}},
		{"48h VACATION 14d", events.Settings{PerMove: "48h", MaxVacation: "14d"}},
		{"48h TIMEOUTS 1", events.Settings{PerMove: "48h", MaxTimeouts: 1}},
		{"48h mon-fri REMINDER 12h GRACE 6h TIMEOUTS 2 VACATION 14d",
			events.Settings{PerMove: "48h", Days: []string{"mon", "tue", "wed", "thu", "fri"}, Reminder: "12h", Grace: "6h", MaxTimeouts: 2, MaxVacation: "14d"}},
		{"24h fri-mon", events.Settings{PerMove: "24h", Days: []string{"fri", "sat", "sun", "mon"}}},
		{"24h sun-tue", events.Settings{PerMove: "24h", Days: []string{"sun", "mon", "tue"}}},
		{"24h fri-sun", events.Settings{PerMove: "24h", Days: []string{"fri", "sat", "sun"}}},
		{"24h wed-wed", events.Settings{PerMove: "24h", Days: []string{"wed"}}},
		{"24h sat,sun", events.Settings{PerMove: "24h", Days: []string{"sat", "sun"}}},
		{"24h Sunday,Monday", events.Settings{PerMove: "24h", Days: []string{"sun", "mon"}}},
		{"24h sun", events.Settings{PerMove: "24h", Days: []string{"sun"}}},
	} {
		got, err := locale.ParseDeadline(c.text)
		if err != nil {
			t.Errorf("DEADLINE %s: %v", c.text, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("DEADLINE %s = %+v, want %+v", c.text, got, c.want)
		}
	}
	weekdays := func(w string) string { return words.For(words.Fallback).S("refuse.weekdays", w) }
	for _, c := range []struct{ text, want string }{
		{"", usage},
		{"soon", usage},
		{"off 48h", usage},
		{"48h REMINDER", usage},
		{"48h GRACE", usage},
		{"48h VACATION", usage},
		{"48h TIMEOUTS", usage},
		{"48h TIMEOUTS 0", usage},
		{"48h TIMEOUTS -1", usage},
		{"48h TIMEOUTS two", usage},
		{"48h someday", weekdays("someday")},
		{"48h mo-fr", weekdays("mo-fr")},
		{"48h mon-xyz", weekdays("mon-xyz")},
		{"48h xyz-fri", weekdays("xyz-fri")},
		{"48h sat,xyz", weekdays("sat,xyz")},
		{"48h xyz,sun", weekdays("xyz,sun")},
	} {
		_, err := locale.ParseDeadline(c.text)
		if err == nil || err.Error() != c.want || !errors.Is(err, games.ErrSetup) {
			t.Errorf("DEADLINE %s: error %v, want the setup refusal %q", c.text, err, c.want)
		}
	}
}

// TestParseVacation: a vacation runs from the start of its first day to
// the end of its last, both days as they are in the reader's zone; any
// other text is refused with the command's usage.
func TestParseVacation(t *testing.T) {
	shanghai, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		t.Fatal(err)
	}
	from, to, err := locale.ParseVacation(" 2026-12-20  2026-12-27 ", shanghai)
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 12, 20, 0, 0, 0, 0, shanghai); !from.Equal(want) {
		t.Errorf("from = %v, want %v", from, want)
	}
	if want := time.Date(2026, 12, 28, 0, 0, 0, 0, shanghai); !to.Equal(want) {
		t.Errorf("to = %v, want %v", to, want)
	}
	usage := words.For(words.Fallback).S("refuse.vacation.usage")
	for _, text := range []string{"", "2026-12-20", "2026-12-20 2026-12-27 2026-12-28", "2026-12-20 soon", "soon 2026-12-27", "2026-13-01 2026-12-27"} {
		from, to, err := locale.ParseVacation(text, time.UTC)
		if err == nil || err.Error() != usage || !errors.Is(err, rules.ErrIllegal) || !from.IsZero() || !to.IsZero() {
			t.Errorf("VACATION %q = %v, %v, %v; want the usage refused as illegal", text, from, to, err)
		}
	}
}
