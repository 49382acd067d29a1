package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
)

// opsCommands are the commands of whoever installs and runs pbem: what a
// build is, whether a configuration holds, whether a service is healthy.
func opsCommands() []command {
	return []command{
		{"version", "[--json]", "print pbem's version, the revision and time it was built from, and the Go it was built with", runVersion},
		{"config", "check [--config FILE]", "check a configuration as serve reads it: unknown keys, missing or malformed values, unreadable files; exit 1 naming each key at fault", runConfig},
		{"health", "[--url URL] [--timeout D] [--quiet]", "ask a running service's /healthz (default " + defaultHealthURL + "): exit 0 when it answers 200, 1 with its answer otherwise, as a container's health check does", runHealth},
	}
}

// buildVersion is what a build of pbem says of itself, read from what the
// Go toolchain stamped into the binary: nothing is made up where the
// build recorded nothing.
type buildVersion struct {
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

// readBuildVersion reads bi, which debug.ReadBuildInfo returned with ok.
func readBuildVersion(bi *debug.BuildInfo, ok bool) buildVersion {
	if !ok || bi == nil {
		return buildVersion{Version: "(unknown)", Go: "(unknown)"}
	}
	v := buildVersion{Version: bi.Main.Version, Go: bi.GoVersion}
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

// write prints v as lines of "key value".
func (v buildVersion) write(w io.Writer) {
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

func runVersion(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print it as one JSON object")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	v := readBuildVersion(debug.ReadBuildInfo())
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		return enc.Encode(v)
	}
	v.write(e.stdout)
	return nil
}

// versionFlag says whether args ask for the version before any command,
// as "pbem --version" does.
func versionFlag(args []string) bool {
	for _, a := range args {
		switch a {
		case "-version", "--version":
			return true
		case "--":
			return false
		}
	}
	return false
}
