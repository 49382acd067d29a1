// Package version says what a build of pbem is, from what the Go
// toolchain stamped into the binary (runtime/debug.BuildInfo): the
// module's version, the commit, its time, whether the tree was modified,
// the Go and the platform. "pbem version" prints it.
package version

import (
	"fmt"
	"io"
	"runtime/debug"
)

// Build is what a build of pbem says of itself, read from what the
// Go toolchain stamped into the binary: nothing is made up where the
// build recorded nothing.
type Build struct {
	// Version is the module's version: a tag such as v1.2.0, a
	// pseudo-version for a commit after one, "(devel)" when the toolchain
	// knew none.
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"` // the VCS commit; "" when the build recorded none
	Time     string `json:"time,omitempty"`     // the commit's time, RFC 3339
	// Modified says the working tree differed from the commit.
	Modified bool   `json:"modified"`
	Go       string `json:"go"`
	Platform string `json:"platform,omitempty"` // GOOS/GOARCH
}

// Read reads bi, which debug.ReadBuildInfo returned with ok.
func Read(bi *debug.BuildInfo, ok bool) Build {
	if !ok || bi == nil {
		return Build{Version: "(unknown)", Go: "(unknown)"}
	}
	v := Build{Version: bi.Main.Version, Go: bi.GoVersion}
	if v.Version == "" {
		v.Version = "(devel)"
	}
	var goos, goarch string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		case "GOOS":
			goos = s.Value
		case "GOARCH":
			goarch = s.Value
		}
	}
	if goos != "" && goarch != "" {
		v.Platform = goos + "/" + goarch
	}
	return v
}

// Write prints v as lines of "key value".
func (v Build) Write(w io.Writer) {
	fmt.Fprintf(w, "pbem %s\n", v.Version)
	rev := v.Revision
	switch {
	case rev == "":
		rev = "unknown (built without version control information)"
	case v.Modified:
		rev += " (modified)"
	}
	fmt.Fprintf(w, "revision %s\n", rev)
	if v.Time != "" {
		fmt.Fprintf(w, "time     %s\n", v.Time)
	}
	fmt.Fprintf(w, "go       %s", v.Go)
	if v.Platform != "" {
		fmt.Fprintf(w, " %s", v.Platform)
	}
	fmt.Fprintln(w)
}
