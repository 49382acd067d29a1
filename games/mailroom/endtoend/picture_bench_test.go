package endtoend_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// BenchmarkRenderMail renders the prompt of each game after six moves and
// writes it as the sender does, with its board picture and without (the
// same game whose views cannot be drawn), and reports the mail's size with
// the time; docs/benchmarks.md gives the figures and the command.
func BenchmarkRenderMail(b *testing.B) {
	for _, g := range []rules.Game{atacama.Game, altiplano.Game, archipelago.Game} {
		for _, c := range []struct {
			name string
			game rules.Game
		}{{"picture", g}, {"text", undrawable{g}}} {
			svc, ns := newGameNotices(b, c.game, 6)
			n := ns[len(ns)-1]
			for _, m := range ns {
				if m.Kind == notice.KindYourTurn {
					n = m
				}
			}
			b.Run(g.Info().Name+"/"+c.name, func(b *testing.B) {
				var size int
				cpu := processorTime()
				for b.Loop() {
					out, err := svc.Render(context.Background(), matrixLetterhead, n)
					if err != nil {
						b.Fatal(err)
					}
					size = len(written(b, out))
				}
				b.ReportMetric(float64(processorTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
				b.ReportMetric(float64(size)/1024, "KiB")
			})
		}
	}
}

// processorTime is the processor time the process has used, which other
// work on the machine changes less than the time on the clock.
func processorTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
