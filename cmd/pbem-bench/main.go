// Command pbem-bench measures pbem against raw JetStream on this machine:
// the rules, the pictures, the command side, the whole mail pipeline,
// rebuilding the read models, growth to a million games and a three-node
// cluster. It is a tool of its own, so that the pbem binary links neither
// the benchmark nor the cluster it starts.
//
// Usage:
//
//	pbem-bench [--out FILE] [--dir DIR] [--quick] [--only PARTS] [--cpuprofile FILE] [--memprofile FILE] [--cluster=false]
//
// "make bench" runs it and writes docs/benchmarks.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/events/storetest"
	"github.com/pbem-games/pbem/internal/bench"
	"github.com/pbem-games/pbem/internal/cmdline"
)

func main() {
	// The cluster's nodes are this program started again.
	storetest.ServeNodeIfAsked()
	// The pipeline's mail servers are this program started again too.
	bench.ServeMailHostIfAsked()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pbem-bench: "+strings.Join(strings.Fields(err.Error()), " "))
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	offered, err := all.Catalog()
	if err != nil {
		return err
	}
	cfg := bench.DefaultConfig(offered)
	fs := flag.NewFlagSet("pbem-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "also write the report as Markdown to this file, e.g. docs/benchmarks.md")
	dir := fs.String("dir", "", "where the benchmark keeps its data while it runs (default: a temporary directory); put it on the disk to size")
	quick := fs.Bool("quick", false, "tiny sizes, a few seconds: check that every part runs, measure nothing")
	fs.StringVar(&cfg.Game, "game", cfg.Game, "the game played by the command side, the pipeline and growth")
	fs.IntVar(&cfg.Games, "games", cfg.Games, "games played at once on the command side")
	fs.DurationVar(&cfg.Measure, "measure", cfg.Measure, "how long each throughput is measured")
	fs.IntVar(&cfg.GrowthGames, "growth-games", cfg.GrowthGames, "games stored for the growth measurement; 0 skips it")
	fs.DurationVar(&cfg.GrowthBudget, "growth-budget", cfg.GrowthBudget, "the most time spent writing them")
	fs.DurationVar(&cfg.GrowthRebuildLimit, "growth-rebuild-limit", cfg.GrowthRebuildLimit, "the most time the rebuild among them may take; 0 skips it")
	fs.BoolVar(&cfg.Cluster, "cluster", cfg.Cluster, "measure on a three-node cluster on loopback too: one, two and three pbem processes, and a node's loss")
	only := fs.String("only", "", "comma-separated parts to run, of rules, pictures, command, pipeline, rebuild, growth and cluster")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to this file, for go tool pprof")
	fs.StringVar(&cfg.MemProfile, "memprofile", "", "write a heap profile to this file once growth has played among the most games")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("no arguments but flags, not %q; pbem-bench --help lists them", fs.Arg(0))
	}
	if *quick {
		q := bench.QuickConfig(offered)
		q.Game, q.Cluster, q.MemProfile = cfg.Game, cfg.Cluster, cfg.MemProfile
		cfg = q
	}
	cfg.Dir, cfg.Progress, cfg.Parts = *dir, stderr, cmdline.List(*only)
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	r, err := bench.Run(ctx, cfg)
	if err != nil {
		return err
	}
	r.Command = strings.TrimSpace("pbem-bench " + strings.Join(args, " "))
	r.Text(stdout)
	if *out != "" {
		if err := os.WriteFile(*out, r.Markdown(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "report written to %s\n", *out)
	}
	return nil
}
