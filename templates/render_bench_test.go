package templates_test

import (
	"testing"

	"github.com/pbem-games/pbem/templates"
)

// BenchmarkRender renders the mails a move causes most often: the prompt
// to the player to move and the news to the other.
func BenchmarkRender(b *testing.B) {
	for _, f := range fixtures(b) {
		if f.Name != "your-turn" && f.Name != "accepted" {
			continue
		}
		b.Run(f.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := templates.Render(f.Mail); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
