package pictures

import (
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Draw is a picture of the view for the tests of the rendering: a title,
// every seat's mark and the view's text, line by line. The games' own
// drawings are registered with their games (catalog/<game>), and the
// external tests draw them through the registry.
func Draw(v rules.View) (*Picture, error) {
	return DrawIn(Draws(func(p *Picture, v rules.View) {
		p.Width = PageWidth
		y := p.Fit(Margin, 24, PageWidth-2*Margin, p.Sf("Test board"), Font{Size: TitleSize, Bold: true}, "title")
		for s := range 5 {
			SeatMark(p, Margin+20+float64(s)*30, y+20, 10, s, strconv.Itoa(s), SeatClass("mark", s))
		}
		y += 40
		for line := range strings.SplitSeq(strings.TrimRight(v.Text(), "\n"), "\n") {
			y = p.Para(Margin, y+LineHeight(Font{Size: BodySize}), PageWidth-Margin, line, Font{Size: BodySize}, "")
		}
		p.Height = y + Margin
	}), v, nil)
}

// BandStats says what the cache of compressed bands did.
func (c *Cache) BandStats() CacheStats { return c.bands.Stats() }
