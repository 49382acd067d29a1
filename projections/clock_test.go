package projections

import (
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/pbem-games/pbem/events"
)

func TestParseSpan(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"48h", 48 * time.Hour, true},
		{"2d", 48 * time.Hour, true},
		{"1d12h", 36 * time.Hour, true},
		{" 90M ", 90 * time.Minute, true},
		{"0d", 0, true},
		{"1d0h", 24 * time.Hour, true},
		{"", 0, true},
		{"d", 0, false},
		{"-1d", 0, false},
		{"1d-2h", 0, false},
		{"-2h", 0, false},
		{"soon", 0, false},
		{"1dx", 0, false},
		{"两天", 0, false},
	} {
		got, err := ParseSpan(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseSpan(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
	for _, tt := range []struct {
		in   string
		want time.Duration
	}{{"", time.Hour}, {"nonsense", time.Hour}, {"2h", 2 * time.Hour}, {"0d", 0}} {
		if got := span(tt.in, time.Hour); got != tt.want {
			t.Errorf("span(%q, 1h) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseZone(t *testing.T) {
	at := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		in     string
		name   string
		offset int // seconds east of UTC at "at"
		ok     bool
	}{
		{"utc", "UTC", 0, true},
		{" Z ", "UTC", 0, true},
		{"GMT", "UTC", 0, true},
		{"+08:00", "+08:00", 8 * 3600, true},
		{"+8", "+08:00", 8 * 3600, true},
		{"+ 08:00", "+08:00", 8 * 3600, true},
		{"UTC-5", "-05:00", -5 * 3600, true},
		{"gmt+0530", "+05:30", 5*3600 + 30*60, true},
		{"+14", "+14:00", 14 * 3600, true},
		{"-13:59", "-13:59", -(13*3600 + 59*60), true},
		{"+01:59", "+01:59", 3600 + 59*60, true},
		{"+15", "", 0, false},
		{"+14:30", "", 0, false},
		{"+08:60", "", 0, false},
		{"Asia/Shanghai", "Asia/Shanghai", 8 * 3600, true},
		{"asia/shanghai", "Asia/Shanghai", 8 * 3600, true},
		{"AMERICA/ARGENTINA/BUENOS_AIRES", "America/Argentina/Buenos_Aires", -3 * 3600, true},
		{"", "", 0, false},
		{"Local", "", 0, false},
		{"Asia.Shanghai", "", 0, false},
		{"Asia/ Shanghai", "", 0, false},
		{"No/Such_Zone", "", 0, false},
		{"上海", "", 0, false},
	} {
		name, loc, err := ParseZone(tt.in)
		if (err == nil) != tt.ok || name != tt.name {
			t.Errorf("ParseZone(%q) = %q, %v; want %q, ok %v", tt.in, name, err, tt.name, tt.ok)
			continue
		}
		if !tt.ok {
			if loc != nil {
				t.Errorf("ParseZone(%q) gave a zone with its error", tt.in)
			}
			continue
		}
		if _, off := at.In(loc).Zone(); off != tt.offset {
			t.Errorf("ParseZone(%q) is %ds from UTC, want %d", tt.in, off, tt.offset)
		}
		// name is how pbem keeps the zone: it reads back the same.
		if again, _, err := ParseZone(name); err != nil || again != name {
			t.Errorf("ParseZone(%q) = %q, %v; want it to read back", name, again, err)
		}
	}
}

func TestSettingsZone(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "UTC"}, {"nowhere", "UTC"}, {"+15", "UTC"}, {"Asia/Shanghai", "Asia/Shanghai"}, {"+08:00", "UTC+08:00"},
	} {
		if got := SettingsZone(tt.in).String(); got != tt.want {
			t.Errorf("SettingsZone(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestRunClock(t *testing.T) {
	shanghai, _ := time.LoadLocation("Asia/Shanghai")
	monday := t0 // 09:00 UTC
	sunday := time.Date(2026, 12, 6, 20, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name  string
		since time.Time
		per   time.Duration
		days  []string
		loc   *time.Location
		want  time.Time
	}{
		{"every day", monday, 50 * time.Hour, nil, time.UTC, monday.Add(50 * time.Hour)},
		{"inside the day", monday, 2 * time.Hour, []string{"mon"}, time.UTC, monday.Add(2 * time.Hour)},
		{"to midnight", monday, 15 * time.Hour, []string{"mon"}, time.UTC, monday.Add(15 * time.Hour)},
		{"next monday", monday, 20 * time.Hour, []string{"mon"}, time.UTC, time.Date(2026, 12, 14, 5, 0, 0, 0, time.UTC)},
		{"weekend only", monday, time.Hour, []string{"sat", "sun"}, time.UTC, time.Date(2026, 12, 12, 1, 0, 0, 0, time.UTC)},
		{"two days", monday, 39 * time.Hour, []string{"mon", "tue", "wed"}, time.UTC, time.Date(2026, 12, 9, 0, 0, 0, 0, time.UTC)},
		{"nothing to add", sunday, 0, []string{"mon"}, time.UTC, sunday},
		// 20:00 UTC on Sunday is 04:00 on Monday in Shanghai.
		{"monday in shanghai", sunday, time.Hour, []string{"mon"}, shanghai, sunday.Add(time.Hour)},
		{"sunday in utc", sunday, time.Hour, []string{"mon"}, time.UTC, time.Date(2026, 12, 7, 1, 0, 0, 0, time.UTC)},
		// No day the clock runs: it gives up after ten years of days.
		{"no such day", monday, time.Hour, []string{"someday"}, time.UTC, time.Date(2026, 12, 8, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 3659)},
	} {
		if got := runClock(tt.since, tt.per, tt.days, tt.loc); !got.Equal(tt.want) {
			t.Errorf("%s: runClock(%v, %v, %v, %v) = %v, want %v", tt.name, tt.since, tt.per, tt.days, tt.loc, got, tt.want.In(tt.loc))
		}
	}
}

// clockGame is a game of two whose seat 0 is to move since t0, with the
// host's settings set.
func clockGame(set events.Settings) *Game {
	g := &Game{ID: "g1", Table: newTable(), Seq: 5}
	g.Created.Players = slices.Clone(two)
	g.Settings = set
	g.Since[0] = t0
	return g
}

func TestDeadline(t *testing.T) {
	day := 24 * time.Hour
	paused, ended := t0, events.GameEnded{}
	for _, tt := range []struct {
		name   string
		set    events.Settings
		change func(g *Game)
		seat   int
		want   time.Time // zero for none
	}{
		{"no deadline", events.Settings{}, nil, 0, time.Time{}},
		{"unreadable", events.Settings{PerMove: "soon"}, nil, 0, time.Time{}},
		{"2d", events.Settings{PerMove: "2d"}, nil, 0, t0.Add(2 * day)},
		{"not to move", events.Settings{PerMove: "2d"}, nil, 1, time.Time{}},
		{"paused", events.Settings{PerMove: "2d"}, func(g *Game) { g.PausedAt = &paused }, 0, time.Time{}},
		{"ended", events.Settings{PerMove: "2d"}, func(g *Game) { g.Ended = &ended }, 0, time.Time{}},
		{"weekdays", events.Settings{PerMove: "24h", Days: []string{"mon", "tue"}}, nil, 0, t0.Add(day)},
		{"weekdays in shanghai", events.Settings{PerMove: "1h", Days: []string{"sun"}, Zone: "Asia/Shanghai"}, nil, 0,
			time.Date(2026, 12, 12, 17, 0, 0, 0, time.UTC)}, // Sunday 01:00 in Shanghai
		{"vacation", events.Settings{PerMove: "2d"}, func(g *Game) {
			g.Vacations = []events.VacationDeclared{{Seat: 0, From: t0.Add(day), Until: t0.Add(4 * day)}}
		}, 0, t0.Add(5 * day)},
	} {
		g := clockGame(tt.set)
		if tt.change != nil {
			tt.change(g)
		}
		got, ok := g.Deadline(tt.seat)
		if !got.Equal(tt.want) || ok == tt.want.IsZero() {
			t.Errorf("%s: Deadline(%d) = %v, %v; want %v", tt.name, tt.seat, got, ok, tt.want)
		}
	}
}

func TestAfterVacations(t *testing.T) {
	day := 24 * time.Hour
	d := t0.Add(2 * day)
	vac := func(seat int, from, until time.Duration) events.VacationDeclared {
		return events.VacationDeclared{Seat: seat, From: t0.Add(from), Until: t0.Add(until)}
	}
	for _, tt := range []struct {
		name  string
		limit string
		vs    []events.VacationDeclared
		want  time.Time
	}{
		{"none", "", nil, d},
		{"another seat's", "", []events.VacationDeclared{vac(1, day, 4*day)}, d},
		{"over before", "", []events.VacationDeclared{vac(0, 0, day)}, d},
		{"ends at the deadline", "", []events.VacationDeclared{vac(0, day, 2*day)}, d},
		{"starts at the deadline", "", []events.VacationDeclared{vac(0, 2*day, 3*day)}, d.Add(day)},
		{"around it", "", []events.VacationDeclared{vac(0, day, 4*day)}, d.Add(3 * day)},
		{"the host's limit", "1d", []events.VacationDeclared{vac(0, day, 4*day)}, d.Add(day)},
		{"fourteen days at most", "", []events.VacationDeclared{vac(0, day, 30*day)}, d.Add(14 * day)},
		{"one after another", "", []events.VacationDeclared{vac(0, day, 3*day), vac(0, 3*day, 5*day)}, d.Add(4 * day)},
	} {
		g := clockGame(events.Settings{MaxVacation: tt.limit})
		g.Vacations = tt.vs
		if got := g.afterVacations(0, d); !got.Equal(tt.want) {
			t.Errorf("%s: afterVacations = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestDueAt(t *testing.T) {
	h := time.Hour
	d := t0.Add(48 * h) // seat 0's deadline: 48h a move
	set := events.Settings{PerMove: "48h", Grace: "6h"}
	open := []events.Player{two[0], {Seat: 1, Open: true}}
	for _, tt := range []struct {
		name   string
		set    events.Settings
		change func(g *Game)
		now    time.Time
		due    []Due
		next   time.Time
	}{
		{"no clock", events.Settings{}, nil, t0.Add(100 * h), nil, time.Time{}},
		{"early", set, nil, t0.Add(h), nil, d.Add(-12 * h)},
		{"remind", set, nil, d.Add(-12 * h), []Due{{0, DueRemind, d}}, d},
		{"reminded", set, func(g *Game) { g.Reminded[0] = true }, d.Add(-12 * h), nil, d},
		{"own reminder", events.Settings{PerMove: "48h", Reminder: "1h"}, nil, d.Add(-2 * h), nil, d.Add(-h)},
		{"passed", set, nil, d, []Due{{0, DuePassed, d}}, d.Add(6 * h)},
		{"late", set, func(g *Game) { g.Late[0] = true }, d.Add(h), nil, d.Add(6 * h)},
		{"late not reminded", set, func(g *Game) { g.Late[0] = true }, d.Add(-h), nil, d},
		{"timeout", set, nil, d.Add(6 * h), []Due{{0, DueTimeout, d}}, time.Time{}},
		{"no grace", events.Settings{PerMove: "48h"}, nil, d, []Due{{0, DueTimeout, d}}, time.Time{}},
		{"abandoned", set, func(g *Game) { g.Abandoned[0] = "timeouts" }, t0, []Due{{Seat: 0, Kind: DueAbandoned}}, time.Time{}},
		{"paused", set, func(g *Game) { p := t0; g.PausedAt = &p }, d.Add(6 * h), nil, time.Time{}},
		{"waiting", set, func(g *Game) { g.Created.Players = open }, d.Add(6 * h), nil, time.Time{}},
		{"ended", set, func(g *Game) {
			g.Ended = &events.GameEnded{}
			g.Says[1] = SayMail{At: t0, Held: 3}
		}, d.Add(6 * h), nil, time.Time{}},
		{"says held", events.Settings{}, func(g *Game) { g.Says[1] = SayMail{At: t0, Held: 3} }, t0.Add(SayEvery - time.Second), nil, t0.Add(SayEvery)},
		{"says due", events.Settings{}, func(g *Game) { g.Says[1] = SayMail{At: t0, Held: 3} }, t0.Add(SayEvery), []Due{{Seat: 1, Kind: DueSays}}, time.Time{}},
		{"says none held", events.Settings{}, func(g *Game) { g.Says[1] = SayMail{At: t0} }, t0.Add(SayEvery), nil, time.Time{}},
		{"says while paused", set, func(g *Game) {
			p := t0
			g.PausedAt = &p
			g.Says[1] = SayMail{At: t0, Held: 3}
		}, t0.Add(SayEvery), []Due{{Seat: 1, Kind: DueSays}}, time.Time{}},
		{"says while waiting", events.Settings{}, func(g *Game) {
			g.Created.Players = open
			g.Says[0] = SayMail{At: t0, Held: 3}
		}, t0, nil, t0.Add(SayEvery)},
		{"digest later", events.Settings{}, func(g *Game) { g.Digest[1], g.DigestSince[1] = true, t0 }, t0.Add(h), nil, t0.Add(DigestEvery)},
		{"digest due", events.Settings{}, func(g *Game) { g.Digest[1], g.DigestSince[1], g.DigestUpTo[1] = true, t0, 4 }, t0.Add(DigestEvery), []Due{{Seat: 1, Kind: DueDigest}}, time.Time{}},
		{"digest of nothing", events.Settings{}, func(g *Game) { g.Digest[1], g.DigestSince[1], g.DigestUpTo[1] = true, t0, 5 }, t0.Add(DigestEvery), nil, time.Time{}},
		{"no digest", events.Settings{}, func(g *Game) { g.DigestSince[1] = t0 }, t0.Add(DigestEvery), nil, time.Time{}},
		{"earliest next", set, func(g *Game) { g.Says[1] = SayMail{At: t0, Held: 3} }, t0.Add(time.Minute), nil, t0.Add(SayEvery)},
		{"earliest next after the says", set, func(g *Game) {
			g.Says[1] = SayMail{At: t0, Held: 3}
			g.Digest[1], g.DigestSince[1] = true, t0
		}, t0.Add(SayEvery), []Due{{Seat: 1, Kind: DueSays}}, t0.Add(DigestEvery)},
		{"every due", set, func(g *Game) {
			g.Since[1] = t0
			g.Abandoned[1] = "expelled"
			g.Says[0] = SayMail{At: t0, Held: 3}
			g.Digest[1], g.DigestSince[1] = true, t0
		}, d.Add(6 * h), []Due{{Seat: 0, Kind: DueSays}, {Seat: 1, Kind: DueDigest}, {0, DueTimeout, d}, {Seat: 1, Kind: DueAbandoned}}, time.Time{}},
	} {
		g := clockGame(tt.set)
		if tt.change != nil {
			tt.change(g)
		}
		due, next := g.DueAt(tt.now)
		if !cmp.Equal(due, tt.due) || !next.Equal(tt.next) {
			t.Errorf("%s: DueAt(%v) = %v, %v; want %v, %v", tt.name, tt.now, due, next, tt.due, tt.next)
		}
	}
}
