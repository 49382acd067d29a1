package mail

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/internal/golden"
)

// corpusLimits are the limits the corpus is parsed with: the defaults,
// and the game mailbox as the service's own address.
var corpusLimits = Limits{Self: []string{"games@pbem.example.org"}}

// corpusFiles lists the mails of testdata/corpus.
func corpusFiles(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.eml"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("corpus: %v, %d files", err, len(files))
	}
	return files
}

// TestCorpusGolden parses every mail of the corpus and compares the result
// with its golden file, testdata/corpus/<name>.json; go test -update
// rewrites them.
func TestCorpusGolden(t *testing.T) {
	for _, file := range corpusFiles(t) {
		name := strings.TrimSuffix(filepath.Base(file), ".eml")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Parse(raw, corpusLimits)
			if err != nil {
				t.Fatalf("Parse(%s) error: %v", name, err)
			}
			got := marshal(t, p)
			golden.Check(t, strings.TrimSuffix(file, ".eml")+".json", string(got))
		})
	}
}

// marshal writes p as its golden file holds it: indented, with "<" and
// ">" as they are.
func marshal(tb testing.TB, p *Parsed) []byte {
	tb.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(p); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}
