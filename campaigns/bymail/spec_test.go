package bymail

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/games"
)

// TestParseSpec reads CAMPAIGN lines before their WITH, in English and in
// Chinese, and refuses what is not one with the catalog's refusal.
func TestParseSpec(t *testing.T) {
	for _, c := range []struct {
		line   string
		want   Spec
		refuse string // the refusal's id, "" for none
	}{
		{"swiss atacama", Spec{Kind: campaigns.Swiss, Game: "atacama", Options: campaigns.Options{AutoPair: true}}, ""},
		{"roundrobin Altiplano TABLE 3 ROUNDS 2", Spec{Kind: campaigns.RoundRobin, Game: "altiplano", Options: campaigns.Options{Table: 3, Rounds: 2, AutoPair: true}}, ""},
		{"循环赛 altiplano 每桌 3 积分 3，1，0", Spec{Kind: campaigns.RoundRobin, Game: "altiplano", Options: campaigns.Options{Table: 3, PlacePoints: []int{3, 1, 0}, AutoPair: true}}, ""},
		{"knockout atacama enhanced DEADLINE 72h", Spec{Kind: campaigns.Knockout, Game: "atacama", Variants: []string{"enhanced"}, Options: campaigns.Options{Deadline: "72h", AutoPair: true}}, ""},
		{"天梯 atacama 范围 2", Spec{Kind: campaigns.Ladder, Game: "atacama", Options: campaigns.Options{Reach: 2}}, ""},
		{"league atacama TIEBREAKS game-score,buchholz SEASONS 2", Spec{Kind: campaigns.League, Game: "atacama", Options: campaigns.Options{Tiebreaks: []string{"game-score", "buchholz"}, Seasons: 2, AutoPair: true}}, ""},
		{"", Spec{}, "refuse.campaign.usage"},
		{"cup atacama", Spec{}, "refuse.campaign.kind"},
		{"瑞士 atacama", Spec{}, "refuse.campaign.kind"},
		{"swiss atacama ROUNDS", Spec{}, "refuse.campaign.option"},
		{"swiss atacama ROUNDS 0", Spec{}, "refuse.campaign.option"},
		{"swiss atacama 轮数 三", Spec{}, "refuse.campaign.option"},
		{"swiss atacama TIEBREAKS coin", Spec{}, "refuse.campaign.option"},
		{"swiss atacama ROUNDS 3 enhanced", Spec{}, "refuse.campaign.usage"},
	} {
		got, err := ParseSpec(strings.Fields(c.line))
		var refusal *games.Error
		switch {
		case c.refuse != "" && (!errors.As(err, &refusal) || refusal.ID != c.refuse):
			t.Errorf("ParseSpec(%q) = %v, want the refusal %s", c.line, err, c.refuse)
		case c.refuse == "" && (err != nil || !reflect.DeepEqual(got, c.want)):
			t.Errorf("ParseSpec(%q) = %+v, %v, want %+v", c.line, got, err, c.want)
		}
	}
	if _, err := ParseSpec([]string{"swiss"}); !errors.Is(err, errNoGame) {
		t.Errorf("ParseSpec(swiss) = %v, want no game (Check names the games)", err)
	}
}

// TestEveryKindHasWords: every kind of campaign can be written in a
// CAMPAIGN line, in English and in Chinese.
func TestEveryKindHasWords(t *testing.T) {
	for _, k := range campaigns.Kinds {
		var ascii, other bool
		for w, kind := range kindWords {
			if kind == k {
				ascii = ascii || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz-") == ""
				other = other || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz-") != ""
			}
		}
		if !ascii || !other {
			t.Errorf("kind %s has an English word %v and a Chinese one %v, want both", k, ascii, other)
		}
	}
	for _, o := range options {
		if len(o.aliases) == 0 || slices.Contains(o.aliases, o.word) {
			t.Errorf("option %s has no Chinese word", o.word)
		}
	}
}

// TestWidth counts a wide rune as two columns, so that a standings
// table with Chinese names lines up.
func TestWidth(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{{"ana", 3}, {"王芳", 4}, {"王a", 3}, {"½", 1}, {"", 0}} {
		if got := width(c.s); got != c.want {
			t.Errorf("width(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

// TestKindsDocumented: every kind of a campaign's mail is in the table
// of docs/campaigns.md and in the headers' table of docs/commands.md,
// where programs read what X-Pbem-Kind may be.
func TestKindsDocumented(t *testing.T) {
	for _, doc := range []string{"campaigns.md", "commands.md"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "docs", doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range Kinds {
			if !strings.Contains(string(b), "`"+k+"`") {
				t.Errorf("docs/%s does not name the campaign mail %s", doc, k)
			}
		}
	}
}
