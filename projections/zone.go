package projections

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // zones by name, whatever the host has installed
)

// offset matches a zone given as its offset from UTC: "+08:00", "+8",
// "UTC-5", "GMT+0530".
var offset = regexp.MustCompile(`^(?i:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$`)

// ParseZone reads a time zone as players and hosts write it (TZ): "UTC",
// an offset from UTC ("+08:00", "UTC-5"), or an IANA name
// ("Asia/Shanghai", in any case); name is how pbem keeps it, which
// ParseZone reads back to the same zone.
func ParseZone(s string) (name string, loc *time.Location, err error) {
	s = strings.TrimSpace(s)
	switch up := strings.ToUpper(s); up {
	case "UTC", "GMT", "Z", "UTC+0", "UTC+00:00", "+00:00", "0":
		return "UTC", time.UTC, nil
	}
	if m := offset.FindStringSubmatch(strings.ReplaceAll(s, " ", "")); m != nil {
		h, _ := strconv.Atoi(m[2])
		min := 0
		if m[3] != "" {
			min, _ = strconv.Atoi(m[3])
		}
		secs := h*3600 + min*60
		if h > 14 || min > 59 || secs > 14*3600 {
			return "", nil, fmt.Errorf("no zone is %s from UTC", s)
		}
		if m[1] == "-" {
			secs = -secs
		}
		name = fmt.Sprintf("%s%02d:%02d", m[1], h, min)
		return name, time.FixedZone("UTC"+name, secs), nil
	}
	if s == "" || strings.EqualFold(s, "local") || strings.ContainsAny(s, ". \\") {
		return "", nil, fmt.Errorf("no zone %q", s)
	}
	for _, name := range []string{s, zoneCase(s)} {
		if loc, err := time.LoadLocation(name); err == nil {
			return name, loc, nil
		}
	}
	return "", nil, fmt.Errorf("no zone %q", s)
}

// zoneCase writes an IANA zone name as the database does, for a reader who
// wrote it in other case: "asia/shanghai" is "Asia/Shanghai".
func zoneCase(s string) string {
	parts := strings.Split(strings.ToLower(s), "/")
	for i, p := range parts {
		words := strings.Split(p, "_")
		for j, w := range words {
			if w != "" {
				words[j] = strings.ToUpper(w[:1]) + w[1:]
			}
		}
		parts[i] = strings.Join(words, "_")
	}
	return strings.Join(parts, "/")
}

// SettingsZone is the zone of the host's settings (events.Settings.Zone)
// in which the clock's weekdays are counted: UTC for "" or a zone it
// cannot read.
func SettingsZone(name string) *time.Location {
	if name == "" {
		return time.UTC
	}
	if _, loc, err := ParseZone(name); err == nil {
		return loc
	}
	return time.UTC
}
