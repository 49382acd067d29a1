package mail_test

import (
	"context"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
)

// TestPrefsAsOf checks that an address's settings are read as they stood
// at a mail's date, field by field, that a detected setting never
// overrides one made, and that they outlive a restart of the store.
func TestPrefsAsOf(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	store, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	prefs, err := mail.OpenPrefs(ctx, store)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	const bea = "Bea@Example.net"
	set := func(p mail.Pref, onlyNew, want bool) {
		t.Helper()
		if got, err := prefs.Set(ctx, bea, p, onlyNew); err != nil || got != want {
			t.Fatalf("Set(%+v, onlyNew %v) = %v, %v; want %v", p, onlyNew, got, err, want)
		}
	}
	set(mail.Pref{Lang: "zh", Zone: "+08:00", Detected: true, At: at(1)}, true, true)
	set(mail.Pref{Lang: "en", Detected: true, At: at(2)}, true, false) // known already
	set(mail.Pref{Zone: "Europe/Berlin", At: at(3)}, false, true)
	set(mail.Pref{Lang: "en", At: at(4)}, false, true)
	check := func(prefs *mail.Prefs) {
		t.Helper()
		for _, c := range []struct {
			m          int
			lang, zone string
			detected   bool
		}{
			{0, "", "", false},
			{1, "zh", "+08:00", true},
			{2, "zh", "+08:00", true},
			{3, "zh", "Europe/Berlin", true},
			{4, "en", "Europe/Berlin", false},
			{60, "en", "Europe/Berlin", false},
		} {
			p, err := prefs.At(ctx, "bea@example.NET", at(c.m))
			if err != nil {
				t.Fatal(err)
			}
			if p.Lang != c.lang || p.Zone != c.zone || p.Detected != c.detected {
				t.Errorf("At(+%dm) = %+v, want lang %q zone %q detected %v", c.m, p, c.lang, c.zone, c.detected)
			}
		}
	}
	check(prefs)
	if known, err := prefs.Known(ctx, "cai@example.com"); err != nil || known {
		t.Errorf("Known(a new address) = %v, %v; want false", known, err)
	}
	store.Close()
	store, err = events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if prefs, err = mail.OpenPrefs(ctx, store); err != nil {
		t.Fatal(err)
	}
	check(prefs)
}

// BenchmarkPrefsAt is what every mail's rendering adds to read its
// recipient's language and zone from the embedded store.
func BenchmarkPrefsAt(b *testing.B) {
	ctx := context.Background()
	store, err := events.Open(ctx, events.Options{DataDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	prefs, err := mail.OpenPrefs(ctx, store)
	if err != nil {
		b.Fatal(err)
	}
	at := time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)
	if _, err := prefs.Set(ctx, "bea@example.net", mail.Pref{Lang: "zh", Zone: "Asia/Shanghai", At: at}, false); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := prefs.At(ctx, "bea@example.net", at.Add(time.Hour)); err != nil {
			b.Fatal(err)
		}
	}
}
