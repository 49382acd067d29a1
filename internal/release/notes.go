package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Notes returns the release notes of version from a changelog kept as
// Keep a Changelog does: the section under "## [X.Y.Z] - date" for a
// version vX.Y.Z, or under "## [Unreleased]" for a build that is no
// release (a pseudo-version, "(devel)"). The notes begin with the
// section's heading.
func Notes(changelog, version string) (string, error) {
	want := "Unreleased"
	if release.MatchString(version) {
		want = strings.TrimPrefix(version, "v")
	}
	lines := strings.Split(changelog, "\n")
	start := -1
	for i, l := range lines {
		if !strings.HasPrefix(l, "## ") {
			continue
		}
		if start >= 0 {
			return strings.TrimSpace(strings.Join(lines[start:i], "\n")) + "\n", nil
		}
		if m := heading.FindStringSubmatch(l); m != nil && strings.EqualFold(strings.TrimPrefix(m[1], "v"), want) {
			start = i
		}
	}
	if start >= 0 {
		return strings.TrimSpace(strings.Join(lines[start:], "\n")) + "\n", nil
	}
	return "", fmt.Errorf("the changelog has no section \"## [%s]\" for version %s", want, version)
}

var (
	release = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+(-(alpha|beta|rc)[.0-9]*)?$`)
	heading = regexp.MustCompile(`^## \[([^\]]+)\]`)
)

// Sums writes the SHA-256 of each file as sha256sum does ("<hex>  <name>",
// the name without its directory), sorted by name, so that
// "sha256sum -c SHA256SUMS" checks them beside each other.
func Sums(w io.Writer, files []string) error {
	if len(files) == 0 {
		return fmt.Errorf("sums: no files")
	}
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b string) int { return strings.Compare(filepath.Base(a), filepath.Base(b)) })
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		if _, err := fmt.Fprintf(w, "%s  %s\n", hex.EncodeToString(sum[:]), filepath.Base(f)); err != nil {
			return err
		}
	}
	return nil
}
