package locale_test

import (
	"reflect"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/locale"
)

// TestParseDeadlineInChinese: a host who writes Chinese writes the parts of
// 截止 in Chinese too, the weekdays as a Chinese calendar names them, and
// gets the settings the English words give.
func TestParseDeadlineInChinese(t *testing.T) {
	for _, c := range []struct{ zh, en string }{
		{"48h 宽限 6h", "48h GRACE 6h"},
		{"48h 提醒 12h 宽限 6h 超时 3 假期 14d", "48h REMINDER 12h GRACE 6h TIMEOUTS 3 VACATION 14d"},
		{"48h 周一-周五", "48h mon-fri"},
		{"24h 星期六,星期日", "24h sat,sun"},
		{"24h 周六、周日", "24h sat,sun"},
		{"72h 周一至周五 宽限 1d", "72h mon-fri GRACE 1d"},
		{"关", "OFF"},
	} {
		zh, err := locale.ParseDeadline(c.zh)
		if err != nil {
			t.Errorf("截止 %s: %v", c.zh, err)
			continue
		}
		en, err := locale.ParseDeadline(c.en)
		if err != nil {
			t.Fatalf("DEADLINE %s: %v", c.en, err)
		}
		if !reflect.DeepEqual(zh, en) {
			t.Errorf("截止 %s = %+v, want %+v as DEADLINE %s gives", c.zh, zh, en, c.en)
		}
	}
	if _, err := locale.ParseDeadline("48h 周八"); err == nil {
		t.Errorf("截止 48h 周八 was taken")
	}
	var none events.Settings
	if set, _ := locale.ParseDeadline("关"); !reflect.DeepEqual(set, none) {
		t.Errorf("截止 关 = %+v, want no deadline", set)
	}
}
