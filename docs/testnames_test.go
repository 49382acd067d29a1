package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// testName is a Go test's name as the documents cite one.
var testName = regexp.MustCompile(`\bTest[A-Z][A-Za-z0-9_]*`)

// TestCitedTestsExist: every test a document names as the proof of
// something is a test of the repository's, so that a test renamed,
// moved away or deleted leaves no claim resting on nothing.
func TestCitedTestsExist(t *testing.T) {
	defined := map[string]bool{}
	funcs := regexp.MustCompile(`(?m)^func (Test[A-Za-z0-9_]+)\(`)
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != ".." {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range funcs.FindAllStringSubmatch(string(src), -1) {
			defined[m[1]] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	docs := []string{"../README.md"}
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".md") {
			docs = append(docs, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	missing := map[string][]string{}
	for _, doc := range docs {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range testName.FindAllString(string(text), -1) {
			if !defined[name] && !exampleTest[name] {
				missing[name] = append(missing[name], doc)
			}
		}
	}
	names := make([]string, 0, len(missing))
	for n := range missing {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Errorf("%s is cited in %s, and no test has that name", n, strings.Join(uniq(missing[n]), ", "))
	}
}

// exampleTest are the names the documents use as examples of a test to
// write, not as proofs.
var exampleTest = map[string]bool{"TestSomething": true}

func uniq(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
