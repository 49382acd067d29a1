package version

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
)

var buildTests = []struct {
	name string
	bi   *debug.BuildInfo
	want Build
	line string // in what pbem version prints
}{
	{"Tagged", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.time", Value: "2026-12-04T20:00:00Z"},
		{Key: "vcs.modified", Value: "false"}, {Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "arm64"}}},
		Build{"v1.2.0", "0123456789abcdef0123456789abcdef01234567", "2026-12-04T20:00:00Z", false, "go1.26.8", "linux/arm64"},
		"revision 0123456789abcdef0123456789abcdef01234567\n"},
	{"Modified", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.1-0.20261204200000-0123456789ab+dirty"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789ab"}, {Key: "vcs.modified", Value: "true"}}},
		Build{"v1.2.1-0.20261204200000-0123456789ab+dirty", "0123456789ab", "", true, "go1.26.8", ""},
		"revision 0123456789ab (modified)\n"},
	{"NoVCS", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
		Build{"(devel)", "", "", false, "go1.26.8", ""},
		"revision unknown (built without version control information)\n"},
	{"NoBuildInfo", nil, Build{"(unknown)", "", "", false, "(unknown)", ""}, "pbem (unknown)\n"},
}

// TestRead: what the toolchain stamped is what is said, and
// nothing where it stamped nothing.
func TestRead(t *testing.T) {
	for _, tt := range buildTests {
		t.Run(tt.name, func(t *testing.T) {
			got := Read(tt.bi, tt.bi != nil)
			if got != tt.want {
				t.Errorf("Read = %+v, want %+v", got, tt.want)
			}
			var b bytes.Buffer
			got.Write(&b)
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
