package main

import (
	"bytes"
	"debug/buildinfo"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

// builtBinary builds this command and returns its path: a real binary,
// whose module graph the toolchain recorded in it.
func builtBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "release")
	// This command itself: its graph is pbem's module and what it links.
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

var spdxID = regexp.MustCompile(`^SPDXRef-[A-Za-z0-9.-]+$`)

// TestSBOM: the SBOM of a built binary is an SPDX 2.3 document that names
// the main module, each module the toolchain linked with its version and
// package URL, and Go, with ids SPDX allows, each unique, and a
// relationship from the main module to each.
func TestSBOM(t *testing.T) {
	bi := &debug.BuildInfo{
		GoVersion: "go1.26.8", Path: "github.com/pbem-games/pbem/cmd/pbem",
		Main: debug.Module{Path: "github.com/pbem-games/pbem", Version: "v0.1.0"},
		Deps: []*debug.Module{
			{Path: "github.com/BurntSushi/toml", Version: "v1.6.0", Sum: "h1:abc="},
			{Path: "github.com/wneessen/go-mail", Version: "v0.8.1", Sum: "h1:def="},
			{Path: "example.org/old", Version: "v1.0.0", Replace: &debug.Module{Path: "example.org/new", Version: "v1.0.1", Sum: "h1:ghi="}},
		},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123abc"}, {Key: "vcs.time", Value: "2026-12-04T20:00:00Z"}, {Key: "vcs.modified", Value: "false"}},
	}
	doc, err := SBOM(bi, []byte("the binary"))
	if err != nil {
		t.Fatal(err)
	}
	if doc.SPDXVersion != "SPDX-2.3" || doc.DataLicense != "CC0-1.0" || doc.SPDXID != "SPDXRef-DOCUMENT" || doc.CreationInfo.Created != "2026-12-04T20:00:00Z" {
		t.Errorf("SBOM header = %+v", doc)
	}
	if !strings.HasPrefix(doc.DocumentNamespace, "https://github.com/pbem-games/pbem/spdx/pbem-v0.1.0-") {
		t.Errorf("documentNamespace = %q", doc.DocumentNamespace)
	}
	want := map[string]string{
		"github.com/pbem-games/pbem":  "pkg:golang/github.com/pbem-games/pbem@v0.1.0",
		"github.com/BurntSushi/toml":  "pkg:golang/github.com/BurntSushi/toml@v1.6.0",
		"github.com/wneessen/go-mail": "pkg:golang/github.com/wneessen/go-mail@v0.8.1",
		"example.org/new":             "pkg:golang/example.org/new@v1.0.1",
		"stdlib":                      "pkg:golang/stdlib@go1.26.8",
	}
	ids := map[string]bool{}
	for _, p := range doc.Packages {
		if !spdxID.MatchString(p.SPDXID) || ids[p.SPDXID] {
			t.Errorf("package %s has the id %q: not one SPDX allows, or not unique", p.Name, p.SPDXID)
		}
		ids[p.SPDXID] = true
		if len(p.ExternalRefs) != 1 || p.ExternalRefs[0].ReferenceLocator != want[p.Name] {
			t.Errorf("package %s: externalRefs %+v, want the purl %s", p.Name, p.ExternalRefs, want[p.Name])
		}
		delete(want, p.Name)
	}
	if len(want) != 0 {
		t.Errorf("the SBOM lacks %v", want)
	}
	if doc.Packages[1].DownloadLocation != "https://proxy.golang.org/github.com/!burnt!sushi/toml/@v/v1.6.0.zip" {
		t.Errorf("toml's downloadLocation = %q", doc.Packages[1].DownloadLocation)
	}
	if doc.Packages[0].DownloadLocation != "git+https://github.com/pbem-games/pbem@0123abc" || doc.Packages[0].LicenseDeclared != "Apache-2.0" {
		t.Errorf("the main package = %+v", doc.Packages[0])
	}
	depends := 0
	for _, r := range doc.Relationships {
		if !ids[r.RelatedSPDXElement] {
			t.Errorf("relationship %+v names no package", r)
		}
		if r.RelationshipType == "DEPENDS_ON" && r.SPDXElementID == "SPDXRef-Package-main" {
			depends++
		}
	}
	if depends != len(doc.Packages)-1 {
		t.Errorf("%d DEPENDS_ON relationships from the main package, want %d", depends, len(doc.Packages)-1)
	}
	if _, err := SBOM(&debug.BuildInfo{}, nil); err == nil {
		t.Error("SBOM of a binary without a main module succeeded")
	}
}

// TestSBOMOfBinary: the sbom command reads a real binary's module graph:
// every module the toolchain recorded in it is in the SBOM.
func TestSBOMOfBinary(t *testing.T) {
	bin := builtBinary(t)
	var out bytes.Buffer
	if err := run([]string{"sbom", bin}, &out); err != nil {
		t.Fatal(err)
	}
	var doc Document
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("the SBOM is not JSON: %v", err)
	}
	bi, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, p := range doc.Packages {
		names[p.Name] = p.VersionInfo
	}
	if names["github.com/pbem-games/pbem"] == "" && bi.Main.Version != "" {
		t.Errorf("the SBOM lacks the main module: %v", names)
	}
	for _, d := range bi.Deps {
		if names[d.Path] != d.Version {
			t.Errorf("the SBOM has %s at %q, want %q", d.Path, names[d.Path], d.Version)
		}
	}
	if names["stdlib"] != bi.GoVersion {
		t.Errorf("the SBOM has Go at %q, want %s", names["stdlib"], bi.GoVersion)
	}
}

const changelog = `# Changelog

All notable changes.

## [Unreleased]

### Added
- Bounces are read.

## [0.2.0] - 2026-12-01

### Added
- Chinese.

## [0.1.0] - 2026-11-30

- First.

[Unreleased]: https://example.org/compare/v0.2.0...HEAD
`

// TestNotes: a release's notes are its own section of the changelog; a
// build that is no release gets the unreleased section; a version the
// changelog lacks is an error.
func TestNotes(t *testing.T) {
	for _, tt := range []struct{ version, start, lacks string }{
		{"v0.2.0", "## [0.2.0] - 2026-12-01\n\n### Added\n- Chinese.\n", "First"},
		{"v0.1.0", "## [0.1.0] - 2026-11-30\n\n- First.\n", "Chinese"},
		{"v0.2.1-0.20261204200000-0123456789ab", "## [Unreleased]\n\n### Added\n- Bounces are read.\n", "Chinese"},
		{"(devel)", "## [Unreleased]", "Chinese"},
	} {
		got, err := Notes(changelog, tt.version)
		if err != nil || !strings.HasPrefix(got, tt.start) || strings.Contains(got, tt.lacks) {
			t.Errorf("Notes(%s) = %q, %v; want it to start %q without %q", tt.version, got, err, tt.start, tt.lacks)
		}
	}
	if _, err := Notes(changelog, "v9.9.9"); err == nil {
		t.Error("Notes(v9.9.9) succeeded, want an error: the changelog has no such version")
	}
}

// TestSums: SHA256SUMS is as sha256sum writes it, sorted by name.
func TestSums(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"b.txt": "bee\n", "a.txt": "", "c.txt": "中文\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if err := run([]string{"sums", filepath.Join(dir, "c.txt"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")}, &out); err != nil {
		t.Fatal(err)
	}
	want := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a.txt\n"
	if !strings.HasPrefix(out.String(), want) || strings.Count(out.String(), "\n") != 3 || !strings.HasSuffix(out.String(), "  c.txt\n") {
		t.Errorf("sums = %q, want a.txt's (the empty file's) first and c.txt's last", out.String())
	}
	if sha, err := exec.LookPath("sha256sum"); err == nil {
		if err := os.WriteFile(filepath.Join(dir, "SHA256SUMS"), out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		c := exec.Command(sha, "-c", "SHA256SUMS")
		c.Dir = dir
		if b, err := c.CombinedOutput(); err != nil {
			t.Errorf("sha256sum -c SHA256SUMS: %v\n%s", err, b)
		}
	}
}
