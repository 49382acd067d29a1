package notice_test

import (
	"testing"

	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/rules"
)

// TestMessageIDs: every Message-ID pbem makes reads back as what it says,
// and any other is not pbem's.
func TestMessageIDs(t *testing.T) {
	obs := int(rules.Observer)
	key := notice.AddressKey("Bea@Example.NET")
	if key != "626561406578616d706c652e6e6574" {
		t.Errorf("AddressKey = %s, want the hex of the address in lower case", key)
	}
	for _, c := range []struct {
		id       string
		want     notice.MessageID
		ok       bool
		notice   bool
		observer bool
	}{
		{notice.ThreadRoot("pbem.test", "k7q2mx", 1), notice.MessageID{Game: "k7q2mx", Seq: 1, Seat: 1, Kind: "invitation", Domain: "pbem.test"}, true, true, false},
		{"<k7q2mx.v12.0.moved@pbem.test>", notice.MessageID{Game: "k7q2mx", Seq: 12, Visible: true, Seat: 0, Kind: "moved", Domain: "pbem.test"}, true, true, false},
		{" k7q2mx.v3.o2.moved@pbem.test ", notice.MessageID{Game: "k7q2mx", Seq: 3, Visible: true, Seat: obs, Observer: 2, Kind: "moved", Domain: "pbem.test"}, true, true, true},
		{notice.AnswerID("pbem.test", "abc", 2, "help"), notice.MessageID{Seat: obs, Observer: 2, Kind: "help", Answers: "abc", Domain: "pbem.test"}, true, false, false},
		{notice.UndeliveredID("pbem.test", "k7q2mx", key), notice.MessageID{Game: "k7q2mx", Seat: obs, Kind: "undelivered", To: "bea@example.net", Domain: "pbem.test"}, true, false, false},
		{notice.MarkedID("pbem.test", "k7q2mx", "1764892800", key, "1"), notice.MessageID{Game: "k7q2mx", Seat: 1, Kind: "undelivered", To: "bea@example.net", Domain: "pbem.test"}, true, false, false},
		{notice.MarkedID("pbem.test", "k7q2mx", "1764892800", key, "h"), notice.MessageID{Game: "k7q2mx", Seat: obs, Kind: "undelivered", To: "bea@example.net", Domain: "pbem.test"}, true, false, false},
		// Not pbem's, or broken.
		{"k7q2mx.undelivered.zz@pbem.test", notice.MessageID{Game: "k7q2mx", Seat: obs, Kind: "undelivered", Domain: "pbem.test"}, false, false, false},
		{".undelivered." + key + "@pbem.test", notice.MessageID{Seat: obs, Domain: "pbem.test"}, false, false, false},
		{"k7q2mx.marked0." + key + ".1@pbem.test", notice.MessageID{Game: "k7q2mx", Seat: 1, Kind: "undelivered", To: "bea@example.net", Domain: "pbem.test"}, false, false, false},
		{"k7q2mx.markedx." + key + ".1@pbem.test", notice.MessageID{Game: "k7q2mx", Seat: 1, Kind: "undelivered", To: "bea@example.net", Domain: "pbem.test"}, false, false, false},
		{"k7q2mx.marked1.zz.1@pbem.test", notice.MessageID{Game: "k7q2mx", Seat: 1, Kind: "undelivered", Domain: "pbem.test"}, false, false, false},
		{".marked1." + key + ".1@pbem.test", notice.MessageID{Seat: obs, Domain: "pbem.test"}, false, false, false},
		{"re..2.help@pbem.test", notice.MessageID{Seat: obs, Observer: 2, Kind: "help", Domain: "pbem.test"}, false, false, false},
		{"re.abc.x.help@pbem.test", notice.MessageID{Seat: obs, Kind: "help", Answers: "abc", Domain: "pbem.test"}, false, false, false},
		{"k7q2mx.v0.0.moved@pbem.test", notice.MessageID{Seat: obs, Domain: "pbem.test"}, false, false, false},
		{"k7q2mx.vx.0.moved@pbem.test", notice.MessageID{Seat: obs, Domain: "pbem.test"}, false, false, false},
		{"k7q2mx.3.x.moved@pbem.test", notice.MessageID{Game: "k7q2mx", Seq: 3, Seat: 0, Kind: "moved", Domain: "pbem.test"}, false, true, false},
		{"k7q2mx.3.ox.moved@pbem.test", notice.MessageID{Game: "k7q2mx", Seq: 3, Seat: obs, Kind: "moved", Domain: "pbem.test"}, false, true, true},
		{"k7q2mx.3.0.@pbem.test", notice.MessageID{Seat: obs, Domain: "pbem.test"}, false, false, false},
		{".3.0.moved@pbem.test", notice.MessageID{Seat: obs, Domain: "pbem.test"}, false, false, false},
		{"k7q2mx.3.0@pbem.test", notice.MessageID{Seat: obs, Domain: "pbem.test"}, false, false, false},
		{"CAK1x2y3@mail.example.com", notice.MessageID{Seat: obs, Domain: "mail.example.com"}, false, false, false},
	} {
		got, ok := notice.ParseMessageID(c.id)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseMessageID(%q) = %+v, %v; want %+v, %v", c.id, got, ok, c.want, c.ok)
		}
		if got.Notice() != c.notice || got.ToObserver() != c.observer {
			t.Errorf("ParseMessageID(%q): a notice %v, to an observer %v; want %v, %v", c.id, got.Notice(), got.ToObserver(), c.notice, c.observer)
		}
	}
}
