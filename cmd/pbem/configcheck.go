package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/pbem-games/pbem/internal/postoffice"
)

func runConfig(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("config", flag.ContinueOnError)
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	if pos[0] != "check" {
		return usageError{fmt.Sprintf("config: unknown subcommand %q; %s", pos[0], usageOf("config"))}
	}
	if *file == "" {
		return usageError{"config check: --config FILE (or PBEM_CONFIG) names the file to check"}
	}
	c, problems := postoffice.CheckFile(*file)
	for _, p := range problems {
		fmt.Fprintln(e.stdout, p)
	}
	if len(problems) > 0 {
		what := "problem"
		if len(problems) > 1 {
			what += "s"
		}
		return fmt.Errorf("config %s: %d %s", *file, len(problems), what)
	}
	fmt.Fprintf(e.stdout, "%s: no problems (mailbox %s, IMAP %s, SMTP %s)\n", *file, c.Mailbox, c.IMAP.Addr, c.SMTP.Addr)
	return nil
}
