package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/pbem-games/pbem/internal/cmdline"
	"github.com/pbem-games/pbem/internal/postoffice"
)

func runConfig(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("config", flag.ContinueOnError)
	file := fs.String("config", cmdline.EnvOr("PBEM_CONFIG", ""), "TOML configuration file")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	if pos[0] != "check" {
		return usageError{Msg: fmt.Sprintf("config: unknown subcommand %q; %s", pos[0], usageOf("config"))}
	}
	if *file == "" {
		return usageError{Msg: "config check: --config FILE (or PBEM_CONFIG) names the file to check"}
	}
	return postoffice.WriteCheck(e.stdout, *file)
}
