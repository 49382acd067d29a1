package rules

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSay: a phrase says in English exactly what its format says, with
// every verb an argument of its own, written as the verb writes it.
func TestSay(t *testing.T) {
	for _, c := range []struct {
		format string
		args   []any
		norm   string
	}{
		{"%q is not a field: row %c has fields %c1 to %c%d", []any{"F99", byte('F'), byte('F'), byte('F'), 7}, "%s is not a field: row %s has fields %s1 to %s%s"},
		{"seat %d scores %+d (100%%)", []any{1, 7}, "seat %s scores %s (100%%)"},
		{"no arguments", nil, "no arguments"},
	} {
		p := Say(c.format, c.args...)
		if got, want := p.String(), fmt.Sprintf(c.format, c.args...); got != want {
			t.Errorf("Say(%q).String() = %q, want %q", c.format, got, want)
		}
		if p.Format != c.norm {
			t.Errorf("Say(%q).Format = %q, want %q", c.format, p.Format, c.norm)
		}
	}
	inner := Say("write a field such as %s", "E5")
	outer := Say("%q is not a move: %s", "FROB", inner)
	if got := outer.String(); got != `"FROB" is not a move: write a field such as E5` {
		t.Errorf("nested phrase = %q", got)
	}
	if got := outer.Formats(); !slices.Equal(got, []string{"%s is not a move: %s", "write a field such as %s"}) {
		t.Errorf("Formats() = %q", got)
	}
	err := Illegal("%s is next to %s", "E6", inner)
	if p, ok := err.(Phrased); !ok || p.Phrase().Args[1].Format != "write a field such as %s" || err.Error() != "E6 is next to write a field such as E5" {
		t.Errorf("Illegal gives phrase %+v, text %q", p, err)
	}
}

// TestColumn: a column is its phrase with spaces after it up to its
// width, none when the phrase fills it, and keeps its format.
func TestColumn(t *testing.T) {
	row := Say("%s%s|", Column(Say("fish"), 9), Column(Say("%d cattle", 12), 4))
	if got := row.String(); got != "fish     12 cattle|" {
		t.Errorf("row = %q", got)
	}
	if got := row.Formats(); !slices.Equal(got, []string{"%s%s|", "fish", "%s cattle"}) {
		t.Errorf("Formats() = %q", got)
	}
}

// TestSayPads: a Phrase argument of %-8s keeps its width, for each
// language to fill with spaces after its own words.
func TestSayPads(t *testing.T) {
	p := Say("  %-8s %s|", Say("Farm"), "wool 3")
	if p.Format != "  %s %s|" || p.Args[0].Pad != 8 {
		t.Errorf("Say = %+v, want the first argument padded to 8", p)
	}
	if got := p.String(); got != "  Farm     wool 3|" {
		t.Errorf("String() = %q", got)
	}
	if got := p.Args[0].Padded("农场", 4); got != "农场    " {
		t.Errorf("Padded = %q", got)
	}
}

// TestSayVerbs: Say finds the verbs a format has, flags, width and
// precision included, as the regular expression it once used found them,
// and writes each argument as fmt writes it by its verb.
func TestSayVerbs(t *testing.T) {
	verb := regexp.MustCompile(`%[-+# 0]*[0-9]*(?:\.[0-9]+)?[a-zA-Z%]`)
	leftPad := regexp.MustCompile(`^%-([0-9]+)[sv]$`)
	formats := []string{
		"", "%", "%%", "100%", "%s", "%d", "%v", "%q", "%c", "%+d", "%-8s", "%-8v", "%-0s", "% d", "%#x",
		"%05d", "%5.2f", "%.f", "%.3s", "%-.s", "%-8.s", "%.", "%5%", "%-12s|%3d", "%%d %d", "%%%s",
		"%é", "%5é %s", "a%s b%d c%q", "行%s列%d", "%-8s%-4s|", "%+-8s", "%--8s", "%-08s", "%x%X", "%[1]s", "%!", "%-",
	}
	args := []any{"Ana", 7, Say("Farm"), byte('F'), -3, 2.5, "中文", Column(Say("fish"), 3)}
	for _, f := range formats {
		for k := range args {
			as := append(slices.Clone(args[k:]), args[:k]...)
			var norm strings.Builder
			var want []Phrase
			i := 0
			norm.WriteString(verb.ReplaceAllStringFunc(f, func(v string) string {
				if v == "%%" {
					return v
				}
				a := any("%!(MISSING)")
				if i < len(as) {
					a = as[i]
				}
				i++
				if p, ok := a.(Phrase); ok {
					if m := leftPad.FindStringSubmatch(v); m != nil {
						p.Pad, _ = strconv.Atoi(m[1])
					}
					want = append(want, p)
				} else {
					want = append(want, Phrase{Text: fmt.Sprintf(v, a)})
				}
				return "%s"
			}))
			got := Say(f, as...)
			if got.Format != norm.String() || !reflect.DeepEqual(got.Args, want) {
				t.Errorf("Say(%q, %v) = %q %+v, want %q %+v", f, as, got.Format, got.Args, norm.String(), want)
			}
		}
	}
}

// BenchmarkSay makes the phrases of a line of a board and a picture's
// label: a format with a padded phrase, a number and a name.
// TestPhraseStringIsSprintf: a phrase is written as fmt.Sprintf writes
// its format with its arguments' English, whatever the format holds:
// the %s and %% of Say's, other verbs, too few or too many arguments.
func TestPhraseStringIsSprintf(t *testing.T) {
	arg := func(s string) Phrase { return Phrase{Text: s} }
	for _, p := range []Phrase{
		Say("%s has %d florins, 100%% of them", "Ana", 7),
		Say("%-8s|%s", Say("cubes: %s", "2 fish"), "x"),
		Say("no verb, 50%% off"),
		{Format: "%s and %s", Args: []Phrase{arg("a")}},
		{Format: "%s", Args: []Phrase{arg("a"), arg("b")}},
		{Format: "%d florins", Args: []Phrase{arg("7")}},
		{Format: "ends with %", Args: nil},
		{Format: "%q", Args: []Phrase{arg("quoted")}},
		{Format: "%s 中文 %s", Args: []Phrase{arg("一"), Column(arg("二"), 4)}},
	} {
		args := make([]any, len(p.Args))
		for i, a := range p.Args {
			args[i] = a.String()
		}
		if got, want := p.String(), fmt.Sprintf(p.Format, args...); got != want {
			t.Errorf("%#v: String() = %q, fmt.Sprintf = %q", p, got, want)
		}
	}
}

func BenchmarkSay(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = Say("  %-8s %s|", Say("Farm"), Say("wool %d, %s", 3, "Ana"))
	}
}
