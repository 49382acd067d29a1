package endtoend_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestExportLeavesOthersPlans: Bea mails a move written in advance that
// is never played, and Ana resigns. Ana's game-over mail attaches the
// history without Bea's plan, a line standing in for it, and it still
// verifies: every move replayed, the chain whole, the service's signature
// good. Bea's attaches her own plan.
func TestExportLeavesOthersPlans(t *testing.T) {
	mt := newMailTable(t, atacama.Game)
	id := mt.create("atacama", 2)
	if r := refusals(mt.fresh(id, 1, "IF E5 THEN G7\r\n")); len(r) > 0 {
		t.Fatalf("the conditional move refused: %v", r)
	}
	mt.fresh(id, 0, "A1\r\n") // not E5: the plan is never played
	mt.fresh(id, 1, "SAY nice move\r\n")
	mt.fresh(id, 0, "RESIGN\r\n")
	key, err := events.NewSigningKey(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	lh := letters.Letterhead{Service: "pbem", Mailbox: mt.m.Mailbox, Tokens: mt.m.Tokens, Key: &key}
	exports := map[string][]byte{}
	for _, n := range mt.outbox() {
		if n.Kind != notice.KindGameOver {
			continue
		}
		o, err := mt.svc.Render(context.Background(), lh, n)
		if err != nil {
			t.Fatal(err)
		}
		if len(o.Attachments) != 1 {
			t.Fatalf("the game-over mail to %s has %d attachments, want its history", n.To, len(o.Attachments))
		}
		exports[n.To] = unzipped(t, o.Attachments[0])
	}
	ana, bea := exports[tableAddrs[0]], exports[tableAddrs[1]]
	// The plan's field, not a run of some signature's base64 (…UnG7W9…).
	plan := regexp.MustCompile(`[^A-Za-z0-9+/=]G7[^A-Za-z0-9+/=]`)
	if plan.Match(ana) || !bytes.Contains(ana, []byte(`"redacted":true`)) {
		t.Errorf("Ana's history gives Bea's plan, or no line for it:\n%s", ana)
	}
	if !plan.Match(bea) || bytes.Contains(bea, []byte(`"redacted"`)) {
		t.Errorf("Bea's history leaves out her own plan:\n%s", bea)
	}
	if !bytes.Contains(ana, []byte("nice move")) {
		t.Errorf("Ana's history leaves out what Bea said:\n%s", ana)
	}
	for who, export := range map[string][]byte{"Ana": ana, "Bea": bea} {
		lines := bytes.Split(bytes.TrimSuffix(export, []byte("\n")), []byte("\n"))
		rep, err := projections.Verify(rules.NewCatalog(atacama.Game), lines, nil)
		if err != nil || !rep.Replayed || !rep.Over || !bytes.Equal(rep.Signer, key.Public()) || who == "Ana" && rep.Redacted != 1 {
			t.Errorf("%s's history: Verify = %+v, %v; want it replayed to the end and signed by the service", who, rep, err)
		}
	}
	// A line standing in for a move cannot hide it.
	lines := bytes.Split(bytes.TrimSuffix(ana, []byte("\n")), []byte("\n"))
	for i, l := range lines {
		if e, err := events.Decode(l); err == nil && e.Type == events.TypeMovePlayed {
			lines[i] = events.Redact(e)
			break
		}
	}
	if _, err := projections.Verify(rules.NewCatalog(atacama.Game), lines, nil); err == nil {
		t.Error("a history with a move left out verifies")
	}
}

// unzipped is the history a game-over mail attaches, gzipped as
// <id>.jsonl.gz, as exported.
func unzipped(t *testing.T, a mail.Attachment) []byte {
	t.Helper()
	if a.ContentType != "application/gzip" || !strings.HasSuffix(a.Name, ".jsonl.gz") {
		t.Fatalf("the history is attached as %s (%s), want <id>.jsonl.gz, application/gzip", a.Name, a.ContentType)
	}
	z, err := gzip.NewReader(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
