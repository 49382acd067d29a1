package main

import (
	"context"
	"flag"

	"github.com/pbem-games/pbem/internal/cmdline"
	"github.com/pbem-games/pbem/internal/postoffice"
)

func runMailParse(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail parse", flag.ContinueOnError)
	file := fs.String("config", cmdline.EnvOr("PBEM_CONFIG", ""), "TOML configuration file (for the mailbox and the token secret)")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	out, err := postoffice.ParseMail(ctx, svc, e.offered, c, pos[0])
	if err != nil {
		return err
	}
	return writeJSON(e, out)
}
