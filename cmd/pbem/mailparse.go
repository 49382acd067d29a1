package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/pbem-games/pbem/internal/postoffice"
)

func runMailParse(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("mail parse", flag.ContinueOnError)
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file (for the mailbox and the token secret)")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	raw, err := os.ReadFile(pos[0])
	if err != nil {
		return fmt.Errorf("mail parse: %w", err)
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	out, err := postoffice.ParseMail(ctx, svc, e.offered, c, pos[0], raw)
	if err != nil {
		return err
	}
	return writeJSON(e, out)
}
