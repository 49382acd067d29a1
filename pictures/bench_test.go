package pictures_test

import (
	"bytes"
	"testing"

	"github.com/pbem-games/pbem/pictures"
)

// BenchmarkPNG draws each game's largest fixed position as a PNG and
// reports the size of the image with the time.
func BenchmarkPNG(b *testing.B) {
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
				if err := pic.WritePNG(&buf); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len())/1024, "KiB")
		})
	}
}
