package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// noRun marks a README shell block the README test does not run, on the
// line just above the block, with the reason after the colon.
const noRun = "<!-- not run by TestREADME:"

// shellBlock is one ```sh block of a Markdown file.
type shellBlock struct {
	line   int    // of the opening fence, counted from 1
	text   string // the commands
	notRun string // why it is not run, or "" when it is
}

// shellBlocks returns the ```sh blocks of a Markdown text.
func shellBlocks(md string) []shellBlock {
	var blocks []shellBlock
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```sh" {
			continue
		}
		b := shellBlock{line: i + 1}
		if i > 0 && strings.HasPrefix(strings.TrimSpace(lines[i-1]), noRun) {
			b.notRun = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(lines[i-1]), noRun), "-->")
			b.notRun = strings.TrimSpace(b.notRun)
		}
		var body []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			body = append(body, lines[i])
		}
		b.text = strings.Join(body, "\n") + "\n"
		blocks = append(blocks, b)
	}
	return blocks
}

// TestREADME runs the README's shell blocks as a newcomer would, one after
// another in one directory, so that its walkthrough is known to work as
// written: the binary the first block builds, a data directory of its own.
// Blocks that cannot run here (a server that runs until stopped, make test
// itself) carry the noRun mark with the reason.
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to run the README's shell blocks")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	dir := checkoutLinks(t, root)
	ran := 0
	for _, b := range shellBlocks(string(md)) {
		if b.notRun != "" {
			t.Logf("README.md:%d not run: %s", b.line, b.notRun)
			continue
		}
		// A command that hangs fails the test in minutes, with what the
		// block printed so far, rather than at the whole run's timeout.
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		c := exec.CommandContext(ctx, bash, "-e", "-u", "-x", "-o", "pipefail", "-c", b.text)
		c.Dir = dir
		c.Env = append(os.Environ(), "PBEM_DATA="+filepath.Join(dir, "pbem-data"), "NATS_URL=", "PBEM_CONFIG=")
		// The whole group is killed, so that no pbem the block started
		// outlives it.
		c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
		c.WaitDelay = 5 * time.Second
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		err := c.Run()
		cancel()
		if err != nil {
			t.Fatalf("README.md:%d: the shell block fails: %v (%v)\n%s", b.line, err, ctx.Err(), out.String())
		}
		ran++
	}
	if ran == 0 {
		t.Fatal("README.md has no shell block to run")
	}
}

// checkoutLinks returns a temporary directory that looks like the
// checkout at root to a shell and to go build: its directories, go.mod
// and go.sum are links to the checkout's. What the README's blocks write
// there (bin/pbem, pbem-data, game.jsonl) stays out of the checkout, since
// none of those names is linked.
func checkoutLinks(t *testing.T, root string) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == ".git" || name == "bin" || name == "pbem-data":
			continue
		case !e.IsDir() && name != "go.mod" && name != "go.sum" && name != "Makefile":
			continue
		}
		if err := os.Symlink(filepath.Join(root, name), filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
