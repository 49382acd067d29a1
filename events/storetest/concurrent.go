package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/pbem-games/pbem/events"
)

// testManyAtOnce has many writers append to many games at once, each with
// a notice on another subject, while pairs of rivals race for other games:
// every writer gets the head its events were stored at, every history is
// whole, and of each pair exactly one wins.
func testManyAtOnce(t *testing.T, e *env) {
	const games, appends, duels = 40, 3, 8
	type writer struct {
		game  string
		head  events.Head
		want  []events.Event
		err   error
		notes int
	}
	ws := make([]*writer, games)
	for i := range ws {
		w := &writer{game: e.game(fmt.Sprint("ma", i))}
		evs := moves(t, 0, 1)
		w.want = sealAfter(w.game, w.head, evs)
		w.head = e.mustAppend(w.game, w.head, evs)
		ws[i] = w
	}
	type duel struct {
		game string
		head events.Head
		errs [2]error
		won  [2]events.Head
		evs  [2][]events.Event
	}
	ds := make([]*duel, duels)
	for i := range ds {
		d := &duel{game: e.game(fmt.Sprint("md", i))}
		d.head = e.mustAppend(d.game, d.head, moves(t, 0, 1))
		d.evs = [2][]events.Event{moves(t, 100, 2), moves(t, 200, 1)}
		ds[i] = d
	}

	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Go(func() {
			for k := range appends {
				evs := moves(t, 1+2*k, 2)
				note := events.Message{Subject: "pbem.mail." + w.game, MsgID: fmt.Sprintf("%s.%d", w.game, k), Data: []byte("mail")}
				h, err := e.s.Append(ctx(t), w.game, w.head, evs, note)
				if err != nil {
					w.err = err
					return
				}
				w.want = append(w.want, sealAfter(w.game, w.head, evs)...)
				w.head, w.notes = h, w.notes+1
			}
		})
	}
	for _, d := range ds {
		for r := range 2 {
			wg.Go(func() {
				d.won[r], d.errs[r] = e.s.Append(ctx(t), d.game, d.head, d.evs[r],
					events.Message{Subject: "pbem.mail." + d.game, MsgID: fmt.Sprintf("%s.rival%d", d.game, r), Data: []byte("mail")})
			})
		}
	}
	wg.Wait()

	for _, w := range ws {
		if w.err != nil {
			t.Errorf("Append(%s) with others at once = %v, want nil", w.game, w.err)
			continue
		}
		e.checkHistory(w.game, w.want, w.head)
		if got := e.count("pbem.mail." + w.game); got != uint64(w.notes) {
			t.Errorf("messages on pbem.mail.%s = %d, want %d", w.game, got, w.notes)
		}
	}
	for _, d := range ds {
		winner := -1
		for r, err := range d.errs {
			switch {
			case err == nil && winner < 0:
				winner = r
			case err == nil:
				t.Errorf("Append(%s) by both rivals = nil, want one ErrConflict", d.game)
			case !errors.Is(err, events.ErrConflict):
				t.Errorf("Append(%s) by rival %d = %v, want nil or ErrConflict", d.game, r, err)
			}
		}
		if winner < 0 {
			t.Errorf("Append(%s) by two rivals = %v, %v, want one nil", d.game, d.errs[0], d.errs[1])
			continue
		}
		first := sealAfter(d.game, events.Head{}, moves(t, 0, 1))
		e.checkHistory(d.game, append(first, sealAfter(d.game, d.head, d.evs[winner])...), d.won[winner])
		if got := e.count("pbem.mail." + d.game); got != 1 {
			t.Errorf("messages on pbem.mail.%s = %d, want the winner's 1", d.game, got)
		}
	}
}
