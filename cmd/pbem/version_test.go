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
	"strings"
	"testing"

	"github.com/pbem-games/pbem/internal/version"
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
	var v version.Build
	if err := json.Unmarshal([]byte(mustPbem(t, dir, "version", "--json")), &v); err != nil {
		t.Fatal(err)
	}
	if v.Go != runtime.Version() || v.Version == "" || v.Platform != runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("pbem version --json = %+v, want go %s on %s/%s", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	}
}

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
	var v version.Build
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
