package letters

import (
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/projections"
)

// DescribeEachIn is notice.DescribeEach in the language lang ("en", "zh").
func (s *Service) DescribeEachIn(g *projections.Game, evs []events.Event, reader int, lang string) []string {
	return notice.DescribeEachIn(g, evs, reader, locale.Locale{Printer: s.games.Words().For(lang)})
}

// DescribeEachFor is notice.DescribeEach for a reader of language lang ("en",
// "zh") whose times are in zone (nil: UTC), as a game's web page tells
// its history to a seat's player.
func (s *Service) DescribeEachFor(g *projections.Game, evs []events.Event, reader int, lang string, zone *time.Location) []string {
	loc := locale.Locale{Printer: s.games.Words().For(lang), Zone: zone}
	if zone != nil {
		loc.ZoneName = zone.String()
	}
	return notice.DescribeEachIn(g, evs, reader, loc)
}
