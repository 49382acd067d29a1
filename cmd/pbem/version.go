package main

import (
	"context"
	"encoding/json"
	"flag"
	"runtime/debug"

	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/internal/version"
)

// opsCommands are the commands of whoever installs and runs pbem: what a
// build is, whether a configuration holds, whether a service is healthy.
func opsCommands() []command {
	return []command{
		{Name: "version", Args: "[--json]", Help: "print pbem's version, the revision and time it was built from, and the Go it was built with", Run: runVersion},
		{Name: "config", Args: "check [--config FILE]", Help: "check a configuration as serve reads it: unknown keys, missing or malformed values, unreadable files; exit 1 naming each key at fault", Run: runConfig},
		{Name: "health", Args: "[--url URL] [--timeout D] [--quiet]", Help: "ask a running service's /healthz (default " + postoffice.DefaultHealthURL + "): exit 0 when it answers 200, 1 with its answer otherwise, as a container's health check does", Run: runHealth},
	}
}

func runVersion(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print it as one JSON object")
	if _, err := e.parse(fs, args, 0); err != nil {
		return err
	}
	v := version.Read(debug.ReadBuildInfo())
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		return enc.Encode(v)
	}
	v.Write(e.stdout)
	return nil
}
