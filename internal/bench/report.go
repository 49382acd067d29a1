package bench

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// Report is what a benchmark run found.
type Report struct {
	Command  string // the command line that ran it, set by the caller
	Date     time.Time
	Machine  Machine
	Elapsed  time.Duration
	LoadFrom float64 // the one-minute load average when it started
	LoadTo   float64 // and when it ended
	Rows     []Row
	Notes    []string
}

// Row is one figure, next to the raw JetStream figure it is measured
// against.
type Row struct {
	Part   string  // rules, pictures, command, pipeline, rebuild, growth, cluster
	What   string  // what was measured
	Value  string  // the figure
	Raw    string  // the raw JetStream figure measured just before
	Ratio  string  // Value against Raw, as the target reads it
	Target string  // "" when the figure has none
	Met    string  // "yes", "NO" or ""
	Load   float64 // the load average when the part started
}

// MiB is a mebibyte.
const MiB = 1 << 20

func (m *measured) report(cfg *Config) *Report {
	r := &Report{Date: m.started, Machine: m.machine, Elapsed: m.elapsed, LoadFrom: m.loadStart, LoadTo: m.loadEnd}
	add := func(row Row) { r.Rows = append(r.Rows, row) }
	rawRate := fmt.Sprintf("%s publishes/s", count(m.raw))
	serialP50 := m.serial.Percentile(50)

	pipePerMove := time.Duration(0)
	if m.pipe != nil {
		pipePerMove = m.pipe.perMove
	}
	for _, x := range m.pictures {
		row := Row{Part: "pictures", What: fmt.Sprintf("%s: a board drawn as the PNG of a mail, one core (%d drawn, at most %d px wide)", x.game, x.drawn, x.width),
			Value: fmt.Sprintf("p50 %s, p99 %s; processor p50 %s; largest %s", dur(x.median), dur(x.p99), dur(x.cpu), bytesize(float64(x.size))), Load: m.picLoad,
			Target: "p50 < 50 ms, at most 150 KiB", Met: yes(x.median < 50*time.Millisecond && x.size <= 150<<10)}
		if serialP50 > 0 {
			row.Raw, row.Ratio = "publish p50 "+dur(serialP50), fmt.Sprintf("%.0f publishes", ratio(x.median, serialP50))
		}
		add(row)
		add(Row{Part: "pictures", What: fmt.Sprintf("%s: the same picture for another reader, from the cache (drawn as a list, hashed, found)", x.game),
			Value: "processor p50 " + dur(x.hit), Load: m.picLoad})
	}
	for _, x := range m.rules {
		row := Row{Part: "rules", What: fmt.Sprintf("%s, %d seats: whole seeded random playouts per second, one core", x.game, x.seats),
			Value: fmt.Sprintf("%s playouts/s (%d moves each)", count(x.perSecond), x.moves/max(x.playouts, 1)), Load: m.rulesLoad}
		if m.raw > 0 {
			row.Raw, row.Ratio = rawRate, fmt.Sprintf("%.2f playouts per publish", x.perSecond/m.raw)
		}
		add(row)
		row = Row{Part: "rules", What: fmt.Sprintf("%s: Legal + Apply of one move, median", x.game),
			Value: fmt.Sprintf("%s, %.0f allocs, %s", dur(x.median), x.allocs, bytesize(x.bytes)), Load: m.rulesLoad}
		if serialP50 > 0 {
			row.Raw, row.Ratio = "publish p50 "+dur(serialP50), fmt.Sprintf("%.3f of a publish", ratio(x.median, serialP50))
		}
		if pipePerMove > 0 {
			share := ratio(x.median, pipePerMove)
			row.Target, row.Met = "< 10% of the pipeline's time per move", yes(share < 0.10)
			row.Ratio += fmt.Sprintf("; %.2f%% of the pipeline's %s per move", 100*share, dur(pipePerMove))
		}
		add(row)
	}

	if len(m.serial) > 0 {
		add(Row{Part: "raw", What: "publishes one at a time, one subject: the latency baseline",
			Value: fmt.Sprintf("p50 %s, p99 %s", dur(serialP50), dur(m.serial.Percentile(99))), Load: m.commandLoad})
	}
	if m.commanded {
		add(Row{Part: "command", What: fmt.Sprintf("raw: publishes with expected last subject sequence, %d subjects at once", cfg.Games),
			Value: rawRate, Ratio: "1", Load: m.commandLoad})
		add(Row{Part: "command", What: fmt.Sprintf("raw: atomic batches of 3 (as a move stored its event and 2 notices before its mail was derived), %d subjects at once", cfg.Games),
			Value: fmt.Sprintf("%s batches/s", count(m.rawBatch)), Raw: rawRate, Ratio: fmt.Sprintf("%.2f", m.rawBatch/m.raw), Load: m.commandLoad})
		add(Row{Part: "command", What: fmt.Sprintf("Service.Move committed, %d games at once", cfg.Games),
			Value: fmt.Sprintf("%s moves/s (p50 %s, p99 %s)", count(m.moves), dur(m.moveLat.Percentile(50)), dur(m.moveLat.Percentile(99))),
			Raw:   rawRate, Ratio: fmt.Sprintf("%.2f", m.moves/m.raw), Target: "≥ 0.5", Met: yes(m.moves/m.raw >= 0.5), Load: m.commandLoad})
	}

	if p := m.pipe; p != nil {
		pipeRaw := fmt.Sprintf("%s publishes/s", count(m.pipeRaw))
		add(Row{Part: "pipeline", What: fmt.Sprintf("moves from inbox record to pbem's answer accepted by SMTP (%d games, %d moves)", cfg.PipelineGames, p.moves),
			Value: fmt.Sprintf("%s moves/s", count(p.rate)), Raw: pipeRaw, Ratio: fmt.Sprintf("%.2f", p.rate/m.pipeRaw),
			Target: "≥ 0.25", Met: yes(p.rate/m.pipeRaw >= 0.25), Load: m.pipeLoad})
		if p.cpuPerMove > 0 {
			// The raw publish's processor time is measured with the
			// command side; without it the figure stands alone.
			row := Row{Part: "pipeline", What: "processor time per move in that run: pbem and its JetStream",
				Value: dur(p.cpuPerMove), Target: "≤ 5 ms", Met: yes(p.cpuPerMove <= 5*time.Millisecond), Load: m.pipeLoad}
			if m.rawCPU > 0 {
				row.Raw, row.Ratio = "per raw publish "+dur(m.rawCPU), fmt.Sprintf("%.0f publishes", ratio(p.cpuPerMove, m.rawCPU))
			}
			add(row)
			add(Row{Part: "pipeline", What: "processor time per move in that run: the players' IMAP and SMTP servers, a process of their own",
				Value: dur(p.mailCPUPerMove), Load: m.pipeLoad})
			if q := m.pipePlain; q != nil && q.cpuPerMove > 0 {
				// The baseline: the same moves, the mail without pictures.
				add(Row{Part: "pipeline", What: "processor time per move, the same moves again with mail without pictures (no_pictures): pbem and its JetStream",
					Value: dur(q.cpuPerMove), Raw: "with pictures " + dur(p.cpuPerMove),
					Ratio: fmt.Sprintf("pictures %s a move, %.0f%% of it", dur(p.cpuPerMove-q.cpuPerMove), 100*(1-ratio(q.cpuPerMove, p.cpuPerMove))),
					Load:  m.pipeLoad})
			}
		}
		if p.largest > 0 {
			add(Row{Part: "pipeline", What: "the largest mail accepted in that run, its picture included", Value: bytesize(float64(p.largest)),
				Target: "≤ 100 KiB", Met: yes(p.largest <= 100<<10), Load: m.pipeLoad})
		}
		what := fmt.Sprintf("IMAP arrival to pbem's answer accepted, %.0f mails/s asked, %.1f sent, %d mails", p.offered, p.achieved, len(p.latency))
		add(Row{Part: "pipeline", What: what + ": p50", Value: dur(p.latency.Percentile(50)),
			Raw: "publish p50 " + dur(serialP50), Ratio: fmt.Sprintf("%.0f publishes", ratio(p.latency.Percentile(50), serialP50)), Load: m.pipeLoad})
		p99 := p.latency.Percentile(99)
		add(Row{Part: "pipeline", What: what + ": p99", Value: dur(p99),
			Raw: "publish p99 " + dur(m.serial.Percentile(99)), Ratio: fmt.Sprintf("%.0f publishes", ratio(p99, m.serial.Percentile(99))),
			Target: "≤ 250 ms", Met: yes(p99 <= 250*time.Millisecond), Load: m.pipeLoad})
	}

	if rb := m.rebuild; m.rebuilt {
		rawRead := fmt.Sprintf("%s reads/s", count(rb.raw))
		add(Row{Part: "rebuild", What: fmt.Sprintf("raw: ordered consumer reading every game's events (%s)", count(rb.events)),
			Value: rawRead, Ratio: "1", Load: m.rebuildLoad})
		what := "Projector.Rebuild: events folded into every read model"
		if !rb.complete {
			what += fmt.Sprintf(" (stopped after %v: %d of %d)", rb.elapsed.Round(time.Second), rb.folded, rb.events)
		}
		add(Row{Part: "rebuild", What: what, Value: fmt.Sprintf("%s events/s", count(rb.rate)), Raw: rawRead,
			Ratio: fmt.Sprintf("%.2f", rb.rate/rb.raw), Target: "≥ 0.5", Met: yes(rb.rate/rb.raw >= 0.5), Load: m.rebuildLoad})
	}

	if g := m.growth; g.measured > 0 {
		for _, ph := range []struct {
			name string
			ph   growthPhase
		}{{"few", g.small}, {"many", g.big}} {
			stored := fmt.Sprintf("%s games stored (%s events)", count(ph.ph.games), count(ph.ph.events))
			rawP50 := ph.ph.raw.Percentile(50)
			add(Row{Part: "growth", What: "raw: publishes one at a time, " + stored, Value: p5099(ph.ph.raw), Load: m.growthLoad})
			add(Row{Part: "growth", What: fmt.Sprintf("first read of each of %d games after a start, %s", g.measured, stored),
				Value: p5099(ph.ph.cold), Raw: "publish p50 " + dur(rawP50), Ratio: fmt.Sprintf("%.1f publishes", ratio(ph.ph.cold.Percentile(50), rawP50)), Load: m.growthLoad})
			row := Row{Part: "growth", What: fmt.Sprintf("move latency, %d moves in flight, %s", cfg.GrowthWorkers, stored),
				Value: p5099(ph.ph.warm), Raw: "publish p50 " + dur(rawP50), Ratio: fmt.Sprintf("%.1f publishes", ratio(ph.ph.warm.Percentile(50), rawP50)), Load: m.growthLoad}
			if ph.name == "many" {
				grow50 := ratio(g.big.warm.Percentile(50), g.small.warm.Percentile(50))
				grow99 := ratio(g.big.warm.Percentile(99), g.small.warm.Percentile(99))
				row.Raw, row.Ratio = "the move latency with few games", fmt.Sprintf("p50 %.2f, p99 %.2f", grow50, grow99)
				row.Target, row.Met = "p50 and p99 ≤ 1.5", yes(grow50 <= 1.5 && grow99 <= 1.5)
			}
			add(row)
		}
		add(Row{Part: "growth", What: fmt.Sprintf("peak memory (VmHWM) playing among %s games", count(g.big.games)),
			Value: fmt.Sprintf("%d MiB", g.unlimited.peakRSS/MiB), Target: "< 300 MiB", Met: yes(g.unlimited.peakRSS > 0 && g.unlimited.peakRSS < 300*MiB), Load: m.growthLoad})
		if lp := g.limitedPhase; lp.games > 0 {
			limit := fmt.Sprintf("GOMEMLIMIT=%dMiB", cfg.GrowthMemoryLimit/MiB)
			grow50 := ratio(lp.warm.Percentile(50), g.small.warm.Percentile(50))
			grow99 := ratio(lp.warm.Percentile(99), g.small.warm.Percentile(99))
			row := Row{Part: "growth", What: fmt.Sprintf("move latency, %d moves in flight, %s games stored, the service under %s", cfg.GrowthWorkers, count(lp.games), limit),
				Value: "no moves left to play", Load: m.growthLoad}
			if len(lp.warm) > 0 {
				row.Value, row.Raw, row.Ratio = p5099(lp.warm), "the move latency with few games", fmt.Sprintf("p50 %.2f, p99 %.2f", grow50, grow99)
				row.Target, row.Met = "p50 and p99 ≤ 1.5", yes(grow50 <= 1.5 && grow99 <= 1.5)
			}
			add(row)
			add(Row{Part: "growth", What: fmt.Sprintf("peak memory (VmHWM) playing among %s games under %s", count(lp.games), limit),
				Value: fmt.Sprintf("%d MiB", g.limited.peakRSS/MiB), Target: "< 300 MiB", Met: yes(g.limited.peakRSS > 0 && g.limited.peakRSS < 300*MiB), Load: m.growthLoad})
		}
		if rb := g.rebuild; rb.elapsed > 0 {
			row := Row{Part: "growth", What: fmt.Sprintf("pbem rebuild: every read model folded again among %s games (%s events); peak memory %d MiB, Go heap at most %d MiB, %d MiB of it live",
				count(g.big.games), count(int(rb.events)), rb.memory.peakRSS/MiB, rb.memory.peakHeap/MiB, rb.memory.peakLive/MiB), Value: rb.elapsed.Round(time.Second).String(), Load: m.growthLoad,
				Target: "peak memory ≤ 1024 MiB", Met: yes(rb.memory.peakRSS > 0 && rb.memory.peakRSS <= 1024*MiB)}
			if rb.err != nil {
				row.Value = fmt.Sprintf("unfinished after %v: %v", rb.elapsed.Round(time.Second), rb.err)
			} else if m.rebuilt && m.rebuild.raw > 0 {
				rate := perSecond(int(rb.events), rb.elapsed)
				row.Value += fmt.Sprintf(" (%s events/s)", count(rate))
				row.Raw, row.Ratio = fmt.Sprintf("raw reads %s/s", count(m.rebuild.raw)), fmt.Sprintf("%.2f", rate/m.rebuild.raw)
			}
			add(row)
		}
		if g.big.games < g.asked {
			r.Notes = append(r.Notes, fmt.Sprintf("Growth: %s of the %s games asked for were written in the %v allowed (%.0f games/s); "+
				"the second measurement ran with the games there were.", count(g.big.games), count(g.asked), cfg.GrowthBudget, perSecond(g.big.games-g.measured, g.loadTime)))
		}
		if mem := g.unlimited; mem.peakHeap > 0 {
			note := fmt.Sprintf("Growth: of the peak memory among %s games, the Go heap (pbem's and the embedded nats-server's) held at most %d MiB, "+
				"garbage not yet collected included; at most %d MiB of it was live after a collection.", count(g.big.games), mem.peakHeap/MiB, mem.peakLive/MiB)
			if lim := g.limited; lim.peakHeap > 0 {
				note += fmt.Sprintf(" Under GOMEMLIMIT: at most %d MiB, %d MiB of it live.", lim.peakHeap/MiB, lim.peakLive/MiB)
			}
			r.Notes = append(r.Notes, note)
		}
		r.Notes = append(r.Notes, fmt.Sprintf("Growth: the finished games were written by a server of their own without a sync per write, "+
			"in %v (peak memory then %d MiB); every move measured ran with every write synced.", g.loadTime.Round(time.Second), g.loadPeakRSS/MiB))
	}

	if m.clustered {
		craw := fmt.Sprintf("%s publishes/s", count(m.clusterRaw))
		add(Row{Part: "cluster", What: fmt.Sprintf("raw: publishes with expected last subject sequence, %d subjects, 3 replicas", cfg.Games),
			Value: craw, Ratio: "1", Load: m.clusterLoad})
		add(Row{Part: "cluster", What: fmt.Sprintf("raw: atomic batches of 3, %d subjects, 3 replicas", cfg.Games),
			Value: fmt.Sprintf("%s batches/s", count(m.clusterBatch)), Raw: craw, Ratio: fmt.Sprintf("%.2f", m.clusterBatch/m.clusterRaw), Load: m.clusterLoad})
		for _, row := range m.cluster {
			procs := fmt.Sprintf("%d pbem process", row.processes)
			if row.processes > 1 {
				procs += "es"
			}
			if p := row.pipe; p != nil {
				praw := fmt.Sprintf("%s publishes/s", count(row.pipeRaw))
				add(Row{Part: "cluster", What: fmt.Sprintf("pipeline, %s: moves from inbox record to pbem's answer accepted by SMTP (%d games, %d moves)", procs, cfg.PipelineGames, p.moves),
					Value: fmt.Sprintf("%s moves/s", count(p.rate)), Raw: praw, Ratio: fmt.Sprintf("%.2f", p.rate/row.pipeRaw), Load: row.load})
				add(Row{Part: "cluster", What: fmt.Sprintf("pipeline, %s: IMAP arrival to pbem's answer accepted, %.0f mails/s asked, %.1f sent, %d mails", procs, p.offered, p.achieved, len(p.latency)),
					Value: p5099(p.latency), Raw: praw, Target: "p99 ≤ 250 ms", Met: yes(p.latency.Percentile(99) <= 250*time.Millisecond), Load: row.load})
			}
			if row.moves > 0 {
				rraw := fmt.Sprintf("%s publishes/s", count(row.raw))
				add(Row{Part: "cluster", What: fmt.Sprintf("command side, %s: Service.Move committed, %d games at once", procs, cfg.Games),
					Value: fmt.Sprintf("%s moves/s", count(row.moves)), Raw: rraw,
					Ratio:  fmt.Sprintf("%.2f (a move writes one message)", row.moves/row.raw),
					Target: "≥ 0.5", Met: yes(row.moves/row.raw >= 0.5), Load: row.load})
			}
		}
		if l := m.loss; len(l.events) > 0 {
			for _, ev := range l.events {
				add(Row{Part: "cluster", What: fmt.Sprintf("a node's loss, %.0f moves/s asked: %s: the longest time no move was committed", l.rate, ev.what),
					Value: fmt.Sprintf("%.1f s (a move waited at most %.1f s)", ev.gap.Seconds(), ev.slowest.Seconds()),
					Raw:   fmt.Sprintf("%.2f s before any stop", l.steady.Seconds()), Ratio: fmt.Sprintf("%.0f", ratio(ev.gap, l.steady)), Load: m.clusterLoad})
			}
			if s := l.failed.String(); s != "" {
				r.Notes = append(r.Notes, fmt.Sprintf("A node's loss: %d moves committed; %s.", l.moves, s))
			}
		}
	}

	for _, f := range []struct {
		part string
		f    *failures
	}{{"Raw publishes", &m.rawFailed}, {"Raw atomic batches", &m.rawBatchFailed}, {"Moves on the command side", &m.moveFailed},
		{"Moves of the growth measurement", m.growth.failed}, {"On the cluster, publishes and moves", &m.clusterFailed}} {
		if f.f == nil {
			continue
		}
		if s := f.f.String(); s != "" {
			r.Notes = append(r.Notes, f.part+": "+s+".")
		}
	}
	return r
}

// Text writes the report as a table for a terminal.
func (r *Report) Text(w io.Writer) {
	fmt.Fprintf(w, "pbem bench, %s, on %s; load %.2f → %.2f; %v\n\n", r.Date.Format(time.DateTime), r.Machine, r.LoadFrom, r.LoadTo, r.Elapsed.Round(time.Second))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "part\tfigure\tvalue\tagainst raw\tratio\ttarget\tmet\tload")
	for _, row := range r.Rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.1f\n", row.Part, row.What, row.Value, row.Raw, row.Ratio, row.Target, row.Met, row.Load)
	}
	tw.Flush()
	for _, n := range r.Notes {
		fmt.Fprintln(w, "\n"+n)
	}
}

// findings is what earlier runs found and what was changed because of
// them, kept with every report.
//
//go:embed findings.md
var findings string

// Markdown returns docs/benchmarks.md for the report.
func (r *Report) Markdown() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Benchmarks\n\nWritten by `%s` on %s.\n\n", r.Command, r.Date.UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "- machine: %s\n", r.Machine)
	fmt.Fprintf(&b, "- load average (one minute): %.2f at the start, %.2f at the end; each row gives it when its part began\n", r.LoadFrom, r.LoadTo)
	fmt.Fprintf(&b, "- took %v\n", r.Elapsed.Round(time.Second))
	b.WriteString("- durability: every write synced before it is acknowledged (`sync_interval: always`), for pbem and for the raw figures alike\n\n")
	b.WriteString("Every figure stands next to a raw JetStream figure measured in the same run, moments before, on the same server, " +
		"and the ratio is the figure to compare between runs. Other work on the machine slows both, but not alike: " +
		"a raw publish mostly waits for the disk, pbem mostly needs the processor, so on a busy machine the ratios move too; " +
		"compare runs at a similar load (the last column).\n\n")
	b.WriteString("| part | figure | value | against raw | ratio | target | met | load |\n|---|---|---|---|---|---|---|---|\n")
	for _, row := range r.Rows {
		met := row.Met
		if met == "NO" {
			met = "**no**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %.1f |\n", row.Part, mdEscape(row.What), mdEscape(row.Value),
			mdEscape(row.Raw), mdEscape(row.Ratio), mdEscape(row.Target), met, row.Load)
	}
	for _, n := range r.Notes {
		b.WriteString("\n" + n + "\n")
	}
	b.WriteString("\n" + strings.TrimSpace(findings) + "\n")
	return b.Bytes()
}

// p5099 writes the median and the 99th percentile of l.
func p5099(l Latencies) string {
	return fmt.Sprintf("p50 %s, p99 %s", dur(l.Percentile(50)), dur(l.Percentile(99)))
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func yes(ok bool) string {
	if ok {
		return "yes"
	}
	return "NO"
}

func ratio(a, b time.Duration) float64 {
	if b <= 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// count writes a number for people: 1234.5 is "1,235", 12.34 is "12.3",
// and whole numbers are whole.
func count[N int | float64](n N) string {
	x := float64(n)
	if _, whole := any(n).(int); !whole && x < 100 {
		return fmt.Sprintf("%.1f", x)
	}
	s := fmt.Sprintf("%.0f", x)
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// dur writes a duration with three significant digits.
func dur(d time.Duration) string {
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= time.Millisecond:
		return fmt.Sprintf("%.3g ms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.3g µs", float64(d)/float64(time.Microsecond))
	}
}

func bytesize(b float64) string {
	if b >= 1024 {
		return fmt.Sprintf("%.1f KiB", b/1024)
	}
	return fmt.Sprintf("%.0f B", b)
}
