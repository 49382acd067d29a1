package locale

import (
	"strconv"
	"strings"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// ParseDeadline reads the host's "DEADLINE 48h [mon-fri] [REMINDER 12h]
// [GRACE 6h] [TIMEOUTS 2] [VACATION 14d]", or "DEADLINE OFF", its words
// in any language pbem speaks (lang/all: "截止 48h 周一-周五 提醒 12h 宽限 6h").
func ParseDeadline(text string) (events.Settings, error) {
	return ParseDeadlineIn(words.Default().Langs(), text)
}

// ParseDeadlineIn is ParseDeadline with the words of DEADLINE of every
// language of langs (lang.Pack.Deadline).
func ParseDeadlineIn(langs *lang.Registry, text string) (events.Settings, error) {
	var set events.Settings
	words := strings.Fields(strings.ToLower(text))
	for i, w := range words {
		words[i] = langs.DeadlineWord(w)
	}
	if len(words) == 1 && words[0] == "off" {
		return set, nil
	}
	usage := RefuseIn(games.ErrSetup, "refuse.deadline.usage")
	if len(words) == 0 {
		return set, usage
	}
	if _, err := projections.ParseSpan(words[0]); err != nil {
		return set, usage
	}
	set.PerMove = words[0]
	for i := 1; i < len(words); i++ {
		w := words[i]
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		switch w {
		case "reminder", "grace", "vacation", "timeouts":
			if next == "" {
				return set, usage
			}
			i++
			switch w {
			case "reminder":
				set.Reminder = next
			case "grace":
				set.Grace = next
			case "vacation":
				set.MaxVacation = next
			case "timeouts":
				n, err := strconv.Atoi(next)
				if err != nil || n < 1 {
					return set, usage
				}
				set.MaxTimeouts = n
			}
		default:
			days, err := parseDays(langs, w)
			if err != nil {
				return set, err
			}
			set.Days = days
		}
	}
	return set, nil
}

// parseDays reads "mon-fri" or "sat,sun", or the same in another
// language of langs (周一-周五, 星期六、星期日).
func parseDays(langs *lang.Registry, w string) ([]string, error) {
	bad := RefuseIn(games.ErrSetup, "refuse.weekdays", w)
	w = langs.Days(w)
	index := func(d string) int {
		for i, name := range projections.Weekdays {
			if strings.HasPrefix(d, name) && len(d) >= 3 {
				return i
			}
		}
		return -1
	}
	if a, b, ok := strings.Cut(w, "-"); ok {
		i, j := index(a), index(b)
		if i < 0 || j < 0 {
			return nil, bad
		}
		var days []string
		for k := i; ; k = (k + 1) % 7 {
			days = append(days, projections.Weekdays[k])
			if k == j {
				return days, nil
			}
		}
	}
	var days []string
	for _, d := range strings.Split(w, ",") {
		i := index(d)
		if i < 0 {
			return nil, bad
		}
		days = append(days, projections.Weekdays[i])
	}
	return days, nil
}

// ParseVacation reads "2026-12-20 2026-12-27": away from the start of the
// first day to the end of the last, days as they are in zone.
func ParseVacation(text string, zone *time.Location) (time.Time, time.Time, error) {
	words := strings.Fields(text)
	bad := RefuseIn(rules.ErrIllegal, "refuse.vacation.usage")
	if len(words) != 2 {
		return time.Time{}, time.Time{}, bad
	}
	from, err1 := time.ParseInLocation("2006-01-02", words[0], zone)
	last, err2 := time.ParseInLocation("2006-01-02", words[1], zone)
	if err1 != nil || err2 != nil {
		return time.Time{}, time.Time{}, bad
	}
	return from, last.AddDate(0, 0, 1), nil
}
