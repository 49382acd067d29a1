package pictures_test

import (
	"bytes"
	"syscall"
	"testing"
	"time"

	"github.com/pbem-games/pbem/pictures"
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
				pic, err := pictures.Draw(v)
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
				pic, err := pictures.Draw(v)
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
			pic, err := pictures.Draw(v)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := cache.PNG(pic); err != nil {
				b.Fatal(err)
			}
			cpu := cpuTime()
			for b.Loop() {
				pic, err := pictures.Draw(v)
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
