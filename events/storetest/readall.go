package storetest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
)

// testReadAll reads every game's events and seeds in stream order, starts
// a durable consumer after them with Handled, and stores several messages
// at once with PutAll.
func testReadAll(t *testing.T, e *env) {
	a, b := e.game("ra"), e.game("rb")
	seed := events.Message{Subject: events.SecretSubject + a, MsgID: a + ".seed", Data: []byte("seed")}
	ha := e.mustAppend(a, events.Head{}, moves(t, 0, 2), seed)
	hb := e.mustAppend(b, events.Head{}, moves(t, 0, 1))
	e.mustAppend(a, ha, moves(t, 2, 1))

	var got []string
	read := func(filter string) uint64 {
		through, err := e.s.ReadAll(ctx(t), filter, func(r events.Record) error {
			if strings.HasSuffix(r.Subject, "-"+e.id) {
				got = append(got, r.Subject)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("ReadAll(%s) = %v", filter, err)
		}
		return through
	}
	read(events.SecretSubject + ">")
	through := read(events.GameSubject + ">")
	want := []string{seed.Subject, events.GameSubject + a, events.GameSubject + a, events.GameSubject + b, events.GameSubject + a}
	if !slices.Equal(got, want) {
		t.Fatalf("ReadAll = %v; want %v", got, want)
	}

	durable := "ra-" + e.id
	if err := e.s.Handled(ctx(t), durable, events.GameSubject+">", through); err != nil {
		t.Fatalf("Handled(%s, %d) = %v, want nil", durable, through, err)
	}
	e.mustAppend(b, hb, moves(t, 1, 1))
	if d := e.subscribe(durable, 1, nil); len(d) != 1 || d[0] != (delivered{b, 2}) {
		t.Errorf("Subscribe(%s) after Handled(%d) = %v, want only %s#2", durable, through, d, b)
	}

	var batch []events.Message
	for i := range 3 {
		batch = append(batch, events.Message{Subject: "pbem.mail." + a, MsgID: fmt.Sprintf("%s.put%d", a, i), Data: []byte("mail")})
	}
	if err := e.s.PutAll(ctx(t), batch); err != nil {
		t.Fatalf("PutAll(3 messages) = %v, want nil", err)
	}
	if n := e.count("pbem.mail." + a); n != 3 {
		t.Errorf("messages on pbem.mail.%s after PutAll = %d, want 3", a, n)
	}
}
