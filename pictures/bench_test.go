package pictures_test

import (
	"bytes"
	"syscall"
	"testing"
	"time"

	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// BenchmarkPNG draws each fixed position, as its first seat sees it, as a
// PNG image and reports the image's size with the time; docs/benchmarks.md
// gives the figures and the command.
func BenchmarkPNG(b *testing.B) {
	for _, p := range positions {
		st := p.play(b)
		v := st.View(0)
		b.Run(p.name, func(b *testing.B) {
			var buf bytes.Buffer
			cpu := cpuTime()
			for b.Loop() {
				buf.Reset()
				pic, err := drawView(v)
				if err != nil {
					b.Fatal(err)
				}
				if err := pic.WritePNG(&buf); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
			b.ReportMetric(float64(buf.Len())/1024, "KiB")
		})
	}
}

// BenchmarkSVG draws each fixed position as an SVG document.
func BenchmarkSVG(b *testing.B) {
	for _, p := range positions {
		st := p.play(b)
		v := st.View(0)
		b.Run(p.name, func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				pic, err := drawView(v)
				if err != nil {
					b.Fatal(err)
				}
				if err := pic.WriteSVG(&buf); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len())/1024, "KiB")
		})
	}
}

// cpuTime is the processor time the process has used, which other work
// on a busy machine changes less than the time on the clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkDraw draws each fixed position as a list of shapes and texts
// and hashes it, as every mail does before it asks the cache for the
// picture's PNG.
func BenchmarkDraw(b *testing.B) {
	for _, p := range positions {
		st := p.play(b)
		v := st.View(0)
		b.Run(p.name, func(b *testing.B) {
			cache := pictures.NewCache(1 << 20)
			pic, err := drawView(v)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := cache.PNG(pic); err != nil {
				b.Fatal(err)
			}
			cpu := cpuTime()
			for b.Loop() {
				pic, err := drawView(v)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := cache.PNG(pic); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

// BenchmarkMoves draws the pictures of a game's successive moves for its
// two readers, as the mail of each move does: each PNG written anew, or
// through a cache, which writes each move's picture once and keeps the
// bands of pixels the move before had too.
func BenchmarkMoves(b *testing.B) {
	for _, g := range []position{
		{"atacama", atacama.Game, 2, nil, 1, 0, false},
		{"altiplano", altiplano.Game, 2, nil, 5, 0, false},
		{"archipelago", archipelago.Game, 2, nil, 7, 0, false},
	} {
		var states []rules.State
		for m := 5; m < 45; m++ {
			q := g
			q.moves = m
			states = append(states, q.play(b))
		}
		for _, cached := range []bool{false, true} {
			name := g.name + "/each-anew"
			if cached {
				name = g.name + "/cache"
			}
			b.Run(name, func(b *testing.B) {
				cache := pictures.NewCache(64 << 20)
				cpu, i, bands, size := cpuTime(), 0, int64(0), 0
				for b.Loop() {
					st := states[i%len(states)]
					i++
					for s := range rules.Seat(2) {
						pic, err := drawView(st.View(s))
						if err != nil {
							b.Fatal(err)
						}
						var png []byte
						if cached {
							png, err = cache.PNG(pic)
						} else {
							var buf bytes.Buffer
							err = pic.WritePNG(&buf)
							png = buf.Bytes()
						}
						size += len(png)
						if err != nil {
							b.Fatal(err)
						}
					}
					if i%len(states) == 0 {
						bands += cache.BandStats().Misses
						cache = pictures.NewCache(64 << 20) // the next round's moves are new
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/move")
				b.ReportMetric(float64(size)/float64(2*b.N)/1024, "KiB/picture")
				if cached {
					bands += cache.BandStats().Misses
					b.ReportMetric(float64(bands)/float64(b.N), "bands-compressed/move")
				}
			})
		}
	}
}
