package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/projections"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/rules"
)

// An export of the corpus: a history as a file, the key it should be
// signed by, and, for a forgery, the line at which both verifiers must
// refuse it.
type corpusExport struct {
	name string
	// variant marks a genuine export that is another form of one already
	// forged (the same with CRLF, the whole of a player's export): only
	// its left-out lines are forged.
	variant bool
	data    []byte
	key     string // the fingerprint given with --key
	// line is where a forgery must be refused: a line number, or -1 for
	// a refusal that names no line. 0 for a genuine export.
	line int
	want string // in the refusal, or at the start of the verdict of a genuine export
}

// TestHistoryCorpus builds genuine exports of every game (played out,
// ended by the host, running with a line leaving a plan out, recorded
// before hash schema 2, and played on across it) and forges each in every
// way an auditor must catch: a line changed, dropped, reordered,
// duplicated, left out as another type, junk after the history, and a
// signature by another key. pbem verify --file must accept the genuine
// ones and refuse each forgery at the line at fault; the second verifier,
// scripts/verify_history.py, written from docs/history-format.md alone,
// must say the same.
func TestHistoryCorpus(t *testing.T) {
	t.Parallel()
	var corpus []corpusExport
	for _, g := range genuineExports(t) {
		corpus = append(corpus, g)
		forged := forgeries(t, g)
		corpus = append(corpus, forged...)
		if !g.variant { // as the game-over mail attaches it: the same verdict, the same line at fault
			corpus = append(corpus, gzipped(t, g), gzipped(t, forged[0]))
		}
	}
	whole := gzipped(t, corpus[0]).data
	corpus = append(corpus, corpusExport{name: corpus[0].name + ", gzipped and cut short", data: whole[:len(whole)/2],
		key: corpus[0].key, line: -1, want: "not a whole gzip file"})
	t.Logf("%d exports, %d of them genuine or passing as what they are", len(corpus), countGenuine(corpus))
	dir := t.TempDir()
	verdicts := map[string]string{} // pbem's verdict of each genuine export, by file
	files := make([]string, len(corpus))
	for i, c := range corpus {
		files[i] = filepath.Join(dir, strconv.Itoa(i)+".jsonl")
		if err := os.WriteFile(files[i], c.data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("pbem", func(t *testing.T) {
		for i, c := range corpus {
			out, err := pbem(t, dir, "verify", "--file", files[i], "--key", c.key)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			checkVerdict(t, "pbem verify", c, out, msg, err == nil)
			verdicts[files[i]] = strings.TrimSpace(out)
		}
	})
	t.Run("python", func(t *testing.T) {
		argvs := make([][]string, len(corpus))
		for i, c := range corpus {
			argvs[i] = []string{files[i], "--key", c.key}
		}
		runs := runPython(t, pythonVerifier(t), "verify_history.py", argvs)
		for i, c := range corpus {
			r := runs[i]
			if r.Code != 0 && r.Code != 1 {
				t.Fatalf("verify_history.py %s: exit %d\n%s", c.name, r.Code, r.Stderr)
			}
			checkVerdict(t, "verify_history.py", c, r.Stdout, r.Stderr, r.Code == 0)
			if c.line == 0 {
				want := strings.Replace(verdicts[files[i]], "; every move replayed;", "; moves not replayed;", 1)
				if got := strings.TrimSpace(r.Stdout); got != want {
					t.Errorf("verify_history.py %s:\n%s\nwant what pbem verify says:\n%s", c.name, got, want)
				}
			}
		}
	})
}

// gzipped is c gzipped, as the game-over mail attaches a history.
func gzipped(t *testing.T, c corpusExport) corpusExport {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	if _, err := z.Write(c.data); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	c.name += ", gzipped"
	c.variant, c.data = true, b.Bytes()
	return c
}

func countGenuine(corpus []corpusExport) int {
	n := 0
	for _, c := range corpus {
		if c.line == 0 {
			n++
		}
	}
	return n
}

var lineAt = regexp.MustCompile(`\bline (\d+):`)

// checkVerdict checks one verifier's answer to one export of the corpus.
func checkVerdict(t *testing.T, who string, c corpusExport, out, refusal string, ok bool) {
	t.Helper()
	if c.line == 0 {
		if !ok || !strings.HasPrefix(out, c.want) {
			t.Errorf("%s of genuine %s = %q, %s; want a verdict beginning %q", who, c.name, out, refusal, c.want)
		}
		return
	}
	if ok {
		t.Errorf("%s of forged %s = %q; want a refusal at line %d", who, c.name, out, c.line)
		return
	}
	line := -1
	if m := lineAt.FindStringSubmatch(refusal); m != nil {
		line, _ = strconv.Atoi(m[1])
	}
	if line != c.line || !strings.Contains(refusal, c.want) {
		t.Errorf("%s of forged %s refused with %q; want line %d and %q", who, c.name, refusal, c.line, c.want)
	}
}

// pythonVerifier returns the python3 that can run verify_history.py, or
// skips the test: unless PBEM_TEST_PYTHON_REQUIRED=1 (CI installs
// python3-cryptography and sets it), when it fails instead.
func pythonVerifier(t *testing.T) string {
	t.Helper()
	why := ""
	python, err := exec.LookPath("python3")
	if err != nil {
		why = "python3 is not installed"
	} else if out, err := exec.Command(python, "-c", "import cryptography.hazmat.primitives.asymmetric.ed25519").CombinedOutput(); err != nil {
		why = "python3 lacks the cryptography module (Debian: apt-get install python3-cryptography): " + strings.TrimSpace(string(out))
	}
	if why == "" {
		return python
	}
	if os.Getenv("PBEM_TEST_PYTHON_REQUIRED") == "1" {
		t.Fatalf("the second verifier cannot run: %s", why)
	}
	t.Skipf("the second verifier cannot run: %s", why)
	return ""
}

// pythonRun is what one run of a second verifier's command line gave: its
// exit code and what it wrote.
type pythonRun struct {
	Code           int
	Stdout, Stderr string
}

// runPython runs scripts/script as its command line would, once for each
// of argvs, in one python process: the script's main with each list of
// arguments, its output and exit code caught. Python takes about half a
// second to start on a small machine, which for a corpus of some two
// hundred exports was most of the test; a run that raises is exit code 3
// with its traceback, where the command line would say so and exit 1.
func runPython(t *testing.T, python, script string, argvs [][]string) []pythonRun {
	t.Helper()
	in, err := json.Marshal(argvs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", pythonRuns, filepath.Join("..", "..", "scripts", script))
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", script, err, stderr.String())
	}
	var runs []pythonRun
	if err := json.Unmarshal(out, &runs); err != nil || len(runs) != len(argvs) {
		t.Fatalf("%s: %d runs of %d read (%v)\n%s", script, len(runs), len(argvs), err, stderr.String())
	}
	return runs
}

// pythonRuns is the program runPython runs: the script named by its
// argument loaded as a module, its main called with each list of
// arguments read from the standard input, the runs written out as JSON.
const pythonRuns = `
import contextlib, importlib.util, io, json, sys, traceback
spec = importlib.util.spec_from_file_location("verifier", sys.argv[1])
verifier = importlib.util.module_from_spec(spec)
spec.loader.exec_module(verifier)
runs = []
for argv in json.load(sys.stdin):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = verifier.main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
        except Exception:
            traceback.print_exc()
            code = 3
    runs.append({"Code": code or 0, "Stdout": out.getvalue(), "Stderr": err.getvalue()})
json.dump(runs, sys.stdout)
`

// genuineExports makes the corpus's genuine exports, each with the
// beginning of the verdict it must get.
func genuineExports(t *testing.T) []corpusExport {
	t.Helper()
	var out []corpusExport
	add := func(name string, data []byte, want string) {
		out = append(out, corpusExport{name: name, data: data, key: signerOf(t, data), want: want})
	}
	variant := func(name string, data []byte, want string) {
		add(name, data, want)
		out[len(out)-1].variant = true
	}
	players := []string{"--players", "Ana <ana@example.org>,Bea <bea@example.net>"}

	dir := t.TempDir()
	id := newGame(t, dir, append(players, "--seed", "11")...)
	playOut(t, dir, id, 2)
	atacama := []byte(mustPbem(t, dir, "export", id))
	add("atacama played out", atacama, "ok: game "+id)
	variant("atacama played out, CRLF", bytes.ReplaceAll(atacama, []byte("\n"), []byte("\r\n")), "ok: game "+id)

	for _, game := range []string{"altiplano", "archipelago"} {
		dir := t.TempDir()
		id := strings.TrimSpace(mustPbem(t, dir, append([]string{"new", game, "--seed", "12"}, players...)...))
		playSome(t, dir, id, 5)
		mustPbem(t, dir, "end", id)
		add(game+" ended by the host", []byte(mustPbem(t, dir, "export", id)), "ok: game "+id)
	}

	// A running game in which Bea wrote a move in advance, as Ana's
	// export gives it: Bea's plan is a line leaving it out.
	dir = t.TempDir()
	id = newGame(t, dir, append(players, "--seed", "13")...)
	evs, key := conditionalPlayed(t, dir, id)
	ana := games.SignedExportLeaving(evs, &key, func(e events.Event) bool { return notice.LeftOut(e, 0) })
	if !bytes.Contains(ana, []byte(`"redacted":true`)) {
		t.Fatalf("Ana's export leaves nothing out:\n%s", ana)
	}
	add("atacama running, Ana's export", ana, "ok: game "+id)
	variant("atacama running, whole", games.SignedExport(evs, &key), "ok: game "+id)
	// The same, as pbem wrote it before hash schema 2: every line is
	// bound but the one leaving Bea's plan out.
	old := resealV1(evs)
	variant("atacama running, Ana's export of schema 1", games.SignedExportLeaving(old, &key, func(e events.Event) bool { return notice.LeftOut(e, 0) }),
		"chain intact; lines left out the old way not checked: game "+id)

	// An export made before hash schema 2, and a game recorded then and
	// played on after.
	schema1, err := os.ReadFile(filepath.Join("testdata", "schema1-export.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	add("atacama of schema 1", schema1, "ok: game xjg43x, 4 events, hash chain intact; events 1 to 4 carry hashes of schema 1")
	dir = t.TempDir()
	mustPbem(t, dir, "restore", "--from", filepath.Join("testdata", "schema1-backup"))
	if out := mustPbem(t, dir, "verify", "j4y5xe"); !strings.HasPrefix(out, "ok: game j4y5xe, 4 events, hash chain intact; events 1 to 4 carry hashes of schema 1,") || !strings.Contains(out, "every move replayed") {
		t.Errorf("pbem verify of a game stored before hash schema 2 = %q, want ok, every move replayed, saying its hashes are of schema 1", out)
	}
	playSome(t, dir, "j4y5xe", 2)
	mustPbem(t, dir, "end", "j4y5xe")
	add("atacama across schemas", []byte(mustPbem(t, dir, "export", "j4y5xe")), "ok: game j4y5xe, 7 events, hash chain intact; events 1 to 4 carry hashes of schema 1")
	return out
}

// signerOf returns the fingerprint on an export's signature line.
func signerOf(t *testing.T, data []byte) string {
	t.Helper()
	lines := projections.SplitLines(data)
	s, ok := events.ParseSignature(lines[len(lines)-1])
	if !ok {
		t.Fatalf("the export ends in no signature:\n%s", data)
	}
	return s.Key
}

// playSome plays up to n first legal moves of whoever acts.
func playSome(t *testing.T, dir, id string, n int) {
	t.Helper()
	for range n {
		var sh shownJSON
		if err := json.Unmarshal([]byte(mustPbem(t, dir, "show", id, "--json")), &sh); err != nil {
			t.Fatal(err)
		}
		if sh.Over {
			return
		}
		seat := strconv.Itoa(sh.ToAct[0])
		legal := strings.Split(strings.TrimSpace(mustPbem(t, dir, "legal", id, "--seat", seat)), "\n")
		mustPbem(t, dir, "move", id, "--seat", seat, legal[0])
	}
}

// conditionalPlayed has Bea (seat 1) write a move in advance for a move
// Ana does not play, and Ana play another; it returns the history and
// the service's key.
func conditionalPlayed(t *testing.T, dir, id string) ([]events.Event, events.SigningKey) {
	t.Helper()
	legal := strings.Split(strings.TrimSpace(mustPbem(t, dir, "legal", id, "--seat", "0")), "\n")
	ctx := context.Background()
	st, err := events.Open(ctx, events.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	offered, err := all.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	svc := &games.Service{Store: st, Catalog: offered.Rules()}
	if _, err := svc.Conditional(ctx, id, rules.Seat(1), legal[0], legal[1], games.Cause{Source: "test"}); err != nil {
		t.Fatalf("IF %s THEN %s: %v", legal[0], legal[1], err)
	}
	if _, err := svc.Move(ctx, id, rules.Seat(0), legal[len(legal)-1], games.Cause{Source: "测试#0"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Say(ctx, id, rules.Seat(1), "你好 <b>&\u2028 \"ok\"\n", games.Cause{Source: "test"}); err != nil {
		t.Fatal(err)
	}
	evs, err := svc.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	key, err := postoffice.SigningKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	return evs, key
}

// resealV1 seals a history again as pbem did before hash schema 2.
func resealV1(evs []events.Event) []events.Event {
	out := make([]events.Event, len(evs))
	prev := ""
	for i, e := range evs {
		e.Prev, e.Hash = prev, ""
		h := sha256.Sum256(e.Encode())
		e.Hash = hex.EncodeToString(h[:])
		out[i], prev = e, e.Hash
	}
	return out
}

// forgeries makes every forgery of a genuine signed export g that both
// verifiers must refuse.
func forgeries(t *testing.T, g corpusExport) []corpusExport {
	t.Helper()
	lines := projections.SplitLines(g.data)
	for i := range lines {
		lines[i] = bytes.TrimRight(lines[i], "\r")
	}
	n := len(lines) - 1 // events; line n+1 is the signature
	k := max(n/2, 2)    // an event in the middle
	var out []corpusExport
	add := func(what string, line int, want string, ls ...[]byte) {
		out = append(out, corpusExport{name: g.name + ": " + what, data: append(bytes.Join(ls, []byte("\n")), '\n'), key: g.key, line: line, want: want})
	}
	with := func(i int, l []byte) [][]byte { // lines with line i+1 replaced
		c := append([][]byte{}, lines...)
		c[i] = l
		return c
	}
	if !g.variant {
		edits(t, lines, add, with)
	}

	// A line left out as another type: each event that may not be left
	// out, as a reminder; a line already left out, as another type; an
	// event of schema 2 left out by a line of schema 1. A line of schema
	// 1 binds nothing it shows: for an event of schema 1 (but the first)
	// the forgery passes, and both verifiers must say it is not ok.
	leftOut := func(what string, i int, bound bool, l []byte) {
		if bound || i == 0 {
			add(what, i+1, "", with(i, l)...)
			return
		}
		add(what, 0, "chain intact; lines left out the old way not checked", with(i, l)...)
	}
	for i, l := range lines[:n] {
		e, err := events.Decode(l)
		if err == nil && e.Type == events.TypeMovePlayed && (i != k-1 || !events.HashBinds(e.Hash)) {
			continue // one move is enough, and the replay refuses a move left out
		}
		if err != nil {
			if e, bound, err := events.ParseRedacted(l); err == nil {
				leftOut("line "+strconv.Itoa(i+1)+" left out as a DigestSent", i, bound, retype(events.Redact(e), e.Type, events.TypeDigestSent))
				if bound {
					add("line "+strconv.Itoa(i+1)+" left out the old way", i+1, "", with(i, oldRedact(e))...)
				}
			}
			continue
		}
		if e.Type != events.TypeReminderSent {
			leftOut("line "+strconv.Itoa(i+1)+" left out as a ReminderSent", i, events.HashBinds(e.Hash), retype(events.Redact(e), e.Type, events.TypeReminderSent))
		}
		if events.HashBinds(e.Hash) {
			add("line "+strconv.Itoa(i+1)+" left out the old way as a ReminderSent", i+1, "", with(i, retype(oldRedact(e), e.Type, events.TypeReminderSent))...)
		}
	}
	return out
}

// edits makes the forgeries of g's lines other than leaving one out:
// lines changed, dropped, reordered, duplicated, added, junk after the
// history, the signature changed or by another key.
func edits(t *testing.T, lines [][]byte, add func(string, int, string, ...[]byte), with func(int, []byte) [][]byte) {
	t.Helper()
	n := len(lines) - 1 // events; line n+1 is the signature
	k := max(n/2, 2)    // an event in the middle
	sig, _ := events.ParseSignature(lines[n])
	for _, i := range []int{0, n - 1} {
		changed := bytes.Clone(lines[i])
		changed[len(changed)-3] ^= 1 // a digit of the hash
		add("hash of line "+strconv.Itoa(i+1)+" changed", i+1, "", with(i, changed)...)
	}
	payloadAt := bytes.Index(lines[k-1], []byte(`"payload":{`)) + len(`"payload":{`) + 2
	changed := bytes.Clone(lines[k-1])
	changed[payloadAt] ^= 1
	add("line "+strconv.Itoa(k)+" changed", k, "", with(k-1, changed)...)
	if e, err := events.Decode(lines[n-1]); err == nil && e.Type == events.TypeGameEnded {
		add("seed changed", n, "", with(n-1, bytes.Replace(lines[n-1], []byte(`"seed":"`), []byte(`"seed":"0`), 1))...)
	}
	add("line dropped", k, "", append(append([][]byte{}, lines[:k-1]...), lines[k:]...)...)
	add("last event dropped", n, "", append(append([][]byte{}, lines[:n-1]...), lines[n])...)
	add("lines reordered", k, "", append(append(append([][]byte{}, lines[:k-1]...), lines[k], lines[k-1]), lines[k+1:]...)...)
	add("line duplicated", k+1, "", append(append([][]byte{}, lines[:k]...), lines[k-1:]...)...)
	add("empty line", k, "", append(append(append([][]byte{}, lines[:k-1]...), []byte{}), lines[k-1:]...)...)
	add("line added", n+1, "", append(append([][]byte{}, lines[:n]...), lines[n-1], lines[n])...)
	// Junk after the history, and a signature not last.
	add("junk after the signature", n+2, "", append(append([][]byte{}, lines...), []byte("junk"))...)
	add("signature duplicated", n+2, "", append(append([][]byte{}, lines...), lines[n])...)
	add("an event after the signature", n+1, "", append(append(append([][]byte{}, lines[:n-1]...), lines[n]), lines[n-1])...)
	add("junk instead of the signature", n+1, "", append(append([][]byte{}, lines[:n]...), []byte(`{"note":"signed"}`))...)

	// The signature: by another key, another key's fingerprint on it,
	// its bytes changed, spaced out.
	other, err := events.NewSigningKey(bytes.Repeat([]byte{42}, 32))
	if err != nil {
		t.Fatal(err)
	}
	resigned := other.Sign(sig.Game, sig.Hash)
	add("re-signed by another key", n+1, other.Public().String(), with(n, resigned.Encode())...)
	swapped := sig
	swapped.Key = other.Public().String()
	add("another key's fingerprint", n+1, "", with(n, swapped.Encode())...)
	flipped := sig
	raw, err := base64.RawURLEncoding.DecodeString(sig.Signature)
	if err != nil {
		t.Fatal(err)
	}
	raw[0] ^= 1
	flipped.Signature = base64.RawURLEncoding.EncodeToString(raw)
	add("signature changed", n+1, "", with(n, flipped.Encode())...)
	add("signature line spaced", n+1, "", with(n, bytes.Replace(lines[n], []byte(`","key"`), []byte(`", "key"`), 1))...)
	add("signature removed, --key given", -1, "no signature", lines[:n]...)
}

// retype makes the left-out line l say another type.
func retype(l []byte, from, to string) []byte {
	return bytes.Replace(l, []byte(`"type":"`+from+`"`), []byte(`"type":"`+to+`"`), 1)
}

// oldRedact writes the line of schema 1 for e with e's hash.
func oldRedact(e events.Event) []byte {
	b, _ := json.Marshal(struct {
		Redacted bool   `json:"redacted"`
		Game     string `json:"game"`
		Seq      uint64 `json:"seq"`
		Type     string `json:"type"`
		Time     any    `json:"time"`
		Actor    int    `json:"actor"`
		Prev     string `json:"prev"`
		Hash     string `json:"hash"`
	}{true, e.Game, e.Seq, e.Type, e.Time, e.Actor, e.Prev, e.Hash})
	return b
}
