// Command release makes what goes beside the binaries of a release, from
// the binaries themselves: the SPDX 2.3 SBOM of the modules the Go
// toolchain recorded in one, the SHA256SUMS of the files, and the release
// notes of the version one was built as, from CHANGELOG.md. make release
// runs it; it needs no network.
//
// Usage:
//
//	go run ./internal/release sbom BINARY > pbem.spdx.json
//	go run ./internal/release sums FILE... > SHA256SUMS
//	go run ./internal/release notes [--changelog CHANGELOG.md] BINARY
package main

import (
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "release: "+err.Error())
		os.Exit(1)
	}
}

const usage = "usage: release sbom BINARY | sums FILE... | notes [--changelog FILE] BINARY"

func run(args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	switch args[0] {
	case "sbom":
		if len(args) != 2 {
			return errors.New(usage)
		}
		bin, err := os.ReadFile(args[1])
		if err != nil {
			return err
		}
		bi, err := buildinfo.ReadFile(args[1])
		if err != nil {
			return fmt.Errorf("%s: %w", args[1], err)
		}
		doc, err := SBOM(bi, bin)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	case "sums":
		return Sums(out, args[1:])
	case "notes":
		fs := flag.NewFlagSet("notes", flag.ContinueOnError)
		changelog := fs.String("changelog", "CHANGELOG.md", "the changelog")
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 1 {
			return errors.New(usage)
		}
		bi, err := buildinfo.ReadFile(fs.Arg(0))
		if err != nil {
			return fmt.Errorf("%s: %w", fs.Arg(0), err)
		}
		text, err := os.ReadFile(*changelog)
		if err != nil {
			return err
		}
		notes, err := Notes(string(text), bi.Main.Version)
		if err != nil {
			return err
		}
		_, err = io.WriteString(out, notes)
		return err
	}
	return errors.New(usage)
}
