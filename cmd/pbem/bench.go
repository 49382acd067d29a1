package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"strings"

	"github.com/pbem-games/pbem/internal/bench"
)

func runBench(ctx context.Context, e *env, args []string) error {
	offered, err := e.games()
	if err != nil {
		return err
	}
	cfg := bench.DefaultConfig(offered)
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	out := fs.String("out", "", "also write the report as Markdown to this file, e.g. docs/benchmarks.md")
	dir := fs.String("dir", "", "where the benchmark keeps its data while it runs (default: a temporary directory); put it on the disk to size")
	quick := fs.Bool("quick", false, "tiny sizes, a few seconds: check that every part runs, measure nothing")
	fs.StringVar(&cfg.Game, "game", cfg.Game, "the game played by the command side, the pipeline and growth")
	fs.IntVar(&cfg.Games, "games", cfg.Games, "games played at once on the command side")
	fs.DurationVar(&cfg.Measure, "measure", cfg.Measure, "how long each throughput is measured")
	fs.IntVar(&cfg.GrowthGames, "growth-games", cfg.GrowthGames, "games stored for the growth measurement; 0 skips it")
	fs.DurationVar(&cfg.GrowthBudget, "growth-budget", cfg.GrowthBudget, "the most time spent writing them")
	fs.BoolVar(&cfg.Cluster, "cluster", cfg.Cluster, "measure on a three-node cluster on loopback too: one, two and three pbem processes, and a node's loss")
	only := fs.String("only", "", "comma-separated parts to run, of rules, pictures, command, pipeline, rebuild, growth and cluster")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to this file, for go tool pprof")
	fs.StringVar(&cfg.MemProfile, "memprofile", "", "write a heap profile to this file once growth has played among the most games")
	if _, err := e.parse(fs, args, 0, "[--out FILE] [--dir DIR] [--quick] [--only PARTS] [--cpuprofile FILE] [--memprofile FILE] [--cluster=false]"); err != nil {
		return err
	}
	if *quick {
		q := bench.QuickConfig(offered)
		q.Game, q.Cluster, q.MemProfile = cfg.Game, cfg.Cluster, cfg.MemProfile
		cfg = q
	}
	cfg.Dir, cfg.Progress, cfg.Parts = *dir, e.stderr, splitList(*only)
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	r, err := bench.Run(ctx, cfg)
	if err != nil {
		return err
	}
	r.Command = strings.TrimSpace("pbem bench " + strings.Join(args, " "))
	r.Text(e.stdout)
	if *out != "" {
		if err := os.WriteFile(*out, r.Markdown(), 0o644); err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		fmt.Fprintf(e.stderr, "report written to %s\n", *out)
	}
	return nil
}
