package projections

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ParseSpan reads a span of time as hosts write it: "48h", "2d", "1d12h",
// "90m".
func ParseSpan(s string) (time.Duration, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	var total time.Duration
	if d, rest, ok := strings.Cut(s, "d"); ok {
		n, err := strconv.Atoi(d)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%q is not a span such as 48h, 2d or 1d12h", s)
		}
		total, s = time.Duration(n)*24*time.Hour, rest
	}
	if s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			return 0, fmt.Errorf("%q is not a span such as 48h, 2d or 1d12h", s)
		}
		total += d
	}
	return total, nil
}

// Weekdays are the names hosts use for the days the clock runs.
var Weekdays = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// span reads one of the settings' spans, with a default for "".
func span(s string, def time.Duration) time.Duration {
	if s == "" {
		return def
	}
	d, err := ParseSpan(s)
	if err != nil {
		return def
	}
	return d
}

// Deadline returns when seat must have moved, and false when there is no
// deadline: none set, the game paused, or the seat not to move.
func (g *Game) Deadline(seat int) (time.Time, bool) {
	per := span(g.Settings.PerMove, 0)
	since, ok := g.Since[seat]
	if per <= 0 || !ok || g.PausedAt != nil || g.Ended != nil {
		return time.Time{}, false
	}
	d := runClock(since, per, g.Settings.Days, SettingsZone(g.Settings.Zone))
	return g.afterVacations(seat, d), true
}

// runClock adds per to since counting only the allowed weekdays (all when
// days is empty), the days as they are in zone loc: a Monday in Shanghai
// begins at 16:00 UTC on Sunday.
func runClock(since time.Time, per time.Duration, days []string, loc *time.Location) time.Time {
	if len(days) == 0 {
		return since.Add(per)
	}
	t, left := since.In(loc), per
	for i := 0; left > 0 && i < 3660; i++ { // at most ten years of days
		midnight := time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, loc)
		if slices.Contains(days, Weekdays[t.Weekday()]) {
			if step := midnight.Sub(t); step < left {
				left -= step
			} else {
				return t.Add(left)
			}
		}
		t = midnight
	}
	return t
}

// afterVacations moves a deadline that falls inside one of seat's
// vacations past its end by as much as was left at its start, by at most
// the host's limit.
func (g *Game) afterVacations(seat int, d time.Time) time.Time {
	limit := span(g.Settings.MaxVacation, 14*24*time.Hour)
	for _, v := range g.Vacations {
		if v.Seat != seat || d.Before(v.From) || !d.Before(v.Until) {
			continue
		}
		shift := min(v.Until.Sub(v.From), limit)
		d = d.Add(shift)
	}
	return d
}

// Due is what the clock asks of a game now.
type Due struct {
	Seat     int
	Kind     string // DueRemind, DuePassed, DueTimeout or DueAbandoned
	Deadline time.Time
}

// What the clock may ask.
const (
	DueRemind    = "remind"    // remind the seat of its deadline
	DuePassed    = "passed"    // tell everyone the deadline passed
	DueTimeout   = "timeout"   // the grace is over: play the seat's default move
	DueAbandoned = "abandoned" // pbem plays this seat for good: move now
	DueDigest    = "digest"    // the seat's daily digest is due
	DueSays      = "says"      // the SAYs held back from the seat's mail are due
)

// DigestEvery is how often a seat that chose digests gets one.
const DigestEvery = 24 * time.Hour

// DueAt returns what is due at now, and the next time something will be
// (zero when nothing will without a new event).
func (g *Game) DueAt(now time.Time) (due []Due, next time.Time) {
	if g.Ended != nil { // the game-over mail gives what SAYs were held back
		return nil, time.Time{}
	}
	later := func(t time.Time) {
		if t.After(now) && (next.IsZero() || t.Before(next)) {
			next = t
		}
	}
	// Table talk goes on while a game is paused or waits for its players.
	for _, p := range g.Created.Players {
		m := g.Says[p.Seat]
		if m.Held == 0 {
			continue
		}
		if at := m.At.Add(SayEvery); now.Before(at) {
			later(at)
		} else {
			due = append(due, Due{Seat: p.Seat, Kind: DueSays})
		}
	}
	if g.PausedAt != nil || g.Waiting() {
		return due, next
	}
	seats := make([]int, 0, len(g.Since))
	for s := range g.Since {
		seats = append(seats, s)
	}
	slices.Sort(seats)
	for _, p := range g.Created.Players {
		if !g.Digest[p.Seat] {
			continue
		}
		if at := g.DigestSince[p.Seat].Add(DigestEvery); now.Before(at) {
			later(at)
		} else if g.Seq > g.DigestUpTo[p.Seat] {
			due = append(due, Due{Seat: p.Seat, Kind: DueDigest})
		}
	}
	for _, s := range seats {
		if _, gone := g.Abandoned[s]; gone {
			due = append(due, Due{Seat: s, Kind: DueAbandoned})
			continue
		}
		d, ok := g.Deadline(s)
		if !ok {
			continue
		}
		per := span(g.Settings.PerMove, 0)
		remind := d.Add(-span(g.Settings.Reminder, per/4))
		timeout := d.Add(span(g.Settings.Grace, 0))
		switch {
		case !now.Before(timeout):
			due = append(due, Due{Seat: s, Kind: DueTimeout, Deadline: d})
		case !now.Before(d) && !g.Late[s]:
			due = append(due, Due{Seat: s, Kind: DuePassed, Deadline: d})
			later(timeout)
		case !now.Before(remind) && !g.Reminded[s] && !g.Late[s]:
			due = append(due, Due{Seat: s, Kind: DueRemind, Deadline: d})
			later(d)
		default:
			for _, t := range []time.Time{remind, d, timeout} {
				later(t)
			}
		}
	}
	return due, next
}
