package storetest

import (
	"testing"

	"github.com/pbem-games/pbem/events"
)

// testReplace prunes a record written once: the subject holds the new
// message alone, PutOnce still finds it written, a replace tried again
// after it landed (a crash before the erase) erases what is left, and a
// later replace of the new message replaces it in turn.
func testReplace(t *testing.T, e *env) {
	subject := "pbem.inbox." + e.game("replace")
	first, err := e.s.PutOnce(ctx(t), subject, []byte("the whole mail"))
	if err != nil {
		t.Fatal(err)
	}
	second, err := e.s.Replace(ctx(t), subject, first, []byte("its header"))
	if err != nil || second <= first {
		t.Fatalf("Replace(%d) = %d, %v; want a later sequence, nil", first, second, err)
	}
	if got, err := e.s.Last(ctx(t), subject); err != nil || string(got) != "its header" {
		t.Errorf("Last = %q, %v; want the replacement", got, err)
	}
	if n := e.count(subject); n != 1 {
		t.Errorf("%s holds %d messages after Replace, want 1", subject, n)
	}
	if _, err := e.s.PutOnce(ctx(t), subject, []byte("the mail read again")); !errorsIs(err, events.ErrExists) {
		t.Errorf("PutOnce after Replace = %v, want ErrExists", err)
	}
	if again, err := e.s.Replace(ctx(t), subject, first, []byte("its header")); err != nil || again != second {
		t.Errorf("Replace(%d) again = %d, %v; want %d, nil", first, again, err, second)
	}
	third, err := e.s.Replace(ctx(t), subject, second, []byte("nothing"))
	if err != nil || third <= second {
		t.Fatalf("Replace(%d) = %d, %v; want a later sequence, nil", second, third, err)
	}
	if n := e.count(subject); n != 1 {
		t.Errorf("%s holds %d messages after two Replaces, want 1", subject, n)
	}
	var read []string
	if _, err := e.s.ReadAll(ctx(t), subject, func(r events.Record) error { read = append(read, string(r.Data)); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(read) != 1 || read[0] != "nothing" {
		t.Errorf("ReadAll(%s) = %q, want only the last replacement", subject, read)
	}
}
