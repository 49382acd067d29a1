package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/pbem-games/pbem/internal/postoffice"
)

func runExport(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	b, err := postoffice.ExportGame(ctx, svc, e.data, argID(pos[0]))
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(b)
	return err
}

func runVerify(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	file := fs.String("file", "", "verify an exported history instead of a stored game")
	trust := fs.String("key", "", "with --file: the key the history must be signed by, a fingerprint (ed25519:…) or a file holding one or a signing key; default: the data directory's")
	campaign := fs.Bool("campaign", false, "with --file: the file is a campaign's export with its games' histories (pbem campaign export ID --games), verified with no store")
	pos, err := e.parse(fs, args, -1)
	if err != nil {
		return err
	}
	if (len(pos) == 1) == (*file != "") || len(pos) > 1 || (*trust != "" && *file == "") || (*campaign && *file == "") {
		return usageOf("verify")
	}
	if *file == "" {
		svc, err := e.service(ctx)
		if err != nil {
			return err
		}
		return e.print(postoffice.VerifyGame(ctx, svc, argID(pos[0])))
	}
	offered, err := e.games()
	if err != nil {
		return err
	}
	if *campaign {
		return e.print(postoffice.VerifyCampaignFile(offered.Rules(), e.data, *file, *trust))
	}
	return e.print(postoffice.VerifyFile(offered.Rules(), e.data, *file, *trust))
}

// print prints a command's one line of outcome, or returns its error.
func (e *env) print(line string, err error) error {
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, line)
	return nil
}
