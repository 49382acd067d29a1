package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestNoCommand: pbem alone is pbem called wrongly: the usage on stderr,
// nothing on stdout, and the error that exits 2.
func TestNoCommand(t *testing.T) {
	for _, args := range [][]string{{}, {"--data", t.TempDir()}} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, &out, &errOut)
		var u usageError
		if !errors.As(err, &u) {
			t.Errorf("pbem %s = %v, want a usage error (exit 2)", strings.Join(args, " "), err)
		}
		if out.Len() != 0 || !strings.Contains(errOut.String(), "Usage: pbem") || !strings.Contains(errOut.String(), "version") {
			t.Errorf("pbem %s printed %q on stdout and %q on stderr, want the usage on stderr alone", strings.Join(args, " "), out.String(), errOut.String())
		}
	}
}

// TestVersion: pbem version, pbem --version and the JSON form say the
// same, with the Go this test was built with.
func TestVersion(t *testing.T) {
	dir := t.TempDir()
	plain := mustPbem(t, dir, "version")
	if !strings.HasPrefix(plain, "pbem ") || !strings.Contains(plain, "\nrevision ") || !strings.Contains(plain, runtime.Version()) {
		t.Errorf("pbem version = %q, want the version, a revision line and %s", plain, runtime.Version())
	}
	for _, args := range [][]string{{"--version"}, {"-version"}} {
		var out, errOut bytes.Buffer
		if err := run(context.Background(), append([]string{"--data", dir}, args...), &out, &errOut); err != nil || out.String() != plain {
			t.Errorf("pbem %s = %q, %v; want what pbem version prints, %q", strings.Join(args, " "), out.String(), err, plain)
		}
	}
	var v buildVersion
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "version", "--json")), &v); err != nil {
		t.Fatal(err)
	}
	if v.Go != runtime.Version() || v.Version == "" || v.Platform != runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("pbem version --json = %+v, want go %s on %s/%s", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	}
}

var buildVersionTests = []struct {
	name string
	bi   *debug.BuildInfo
	want buildVersion
	line string // in what pbem version prints
}{
	{"Tagged", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.time", Value: "2026-12-04T20:00:00Z"},
		{Key: "vcs.modified", Value: "false"}, {Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "arm64"}}},
		buildVersion{"v1.2.0", "0123456789abcdef0123456789abcdef01234567", "2026-12-04T20:00:00Z", false, "go1.26.8", "linux/arm64"},
		"revision 0123456789abcdef0123456789abcdef01234567\n"},
	{"Modified", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.1-0.20261204200000-0123456789ab+dirty"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789ab"}, {Key: "vcs.modified", Value: "true"}}},
		buildVersion{"v1.2.1-0.20261204200000-0123456789ab+dirty", "0123456789ab", "", true, "go1.26.8", ""},
		"revision 0123456789ab (modified)\n"},
	{"NoVCS", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
		buildVersion{"(devel)", "", "", false, "go1.26.8", ""},
		"revision unknown (built without version control information)\n"},
	{"NoBuildInfo", nil, buildVersion{"(unknown)", "", "", false, "(unknown)", ""}, "pbem (unknown)\n"},
}

// TestReadBuildVersion: what the toolchain stamped is what is said, and
// nothing where it stamped nothing.
func TestReadBuildVersion(t *testing.T) {
	for _, tt := range buildVersionTests {
		t.Run(tt.name, func(t *testing.T) {
			got := readBuildVersion(tt.bi, tt.bi != nil)
			if got != tt.want {
				t.Errorf("readBuildVersion = %+v, want %+v", got, tt.want)
			}
			var b bytes.Buffer
			got.write(&b)
			if !strings.Contains(b.String(), tt.line) {
				t.Errorf("written as %q, want the line %q", b.String(), tt.line)
			}
		})
	}
}

// TestVersionBinary: a binary built from this checkout names its commit as
// git does, and says whether the tree was modified, when the toolchain
// could stamp it (a clone: the toolchain stamps nothing in a git
// worktree, whose .git is a file); pbem alone exits 2.
func TestVersionBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "pbem")
	build := exec.Command("go", "build", "-buildvcs=auto", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	c := exec.Command(bin)
	var errOut bytes.Buffer
	c.Stderr = &errOut
	if err := c.Run(); err == nil || c.ProcessState.ExitCode() != 2 || !strings.Contains(errOut.String(), "Usage: pbem") {
		t.Errorf("pbem alone = %v, stderr %q; want exit 2 and the usage", err, errOut.String())
	}
	out, err := exec.Command(bin, "version", "--json").Output()
	if err != nil {
		t.Fatal(err)
	}
	var v buildVersion
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("no git checkout: %v", err)
	}
	if fi, err := os.Stat(filepath.Join(strings.TrimSpace(string(root)), ".git")); err != nil || !fi.IsDir() {
		if v.Revision != "" {
			t.Errorf("built in a git worktree, pbem version says revision %q, which the toolchain does not stamp there", v.Revision)
		}
		return
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	status, err := exec.Command("git", "status", "--porcelain").Output()
	if err != nil {
		t.Fatal(err)
	}
	if v.Revision != strings.TrimSpace(string(head)) || v.Modified != (len(status) > 0) || v.Time == "" {
		t.Errorf("pbem version = %+v, want revision %s, modified %v and a time", v, strings.TrimSpace(string(head)), len(status) > 0)
	}
}
