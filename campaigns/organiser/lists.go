package organiser

import (
	"context"
	"fmt"
	"github.com/pbem-games/pbem/projections"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/pbem-games/pbem/campaigns"
)

// WriteList writes the table of every campaign to w: its id, kind, game,
// players, rounds and whether it is over; a campaign that cannot be
// loaded gets its error in the state's place.
func (s *Service) WriteList(ctx context.Context, w io.Writer) error {
	ids, err := s.IDs(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "id\tkind\tgame\tplayers\trounds\tstate\t")
	for _, id := range ids {
		c, _, _, err := s.Load(ctx, id)
		if err != nil {
			fmt.Fprintf(tw, "%s\t?\t\t\t\t%v\t\n", id, err)
			continue
		}
		state := "running"
		if c.Over() {
			state = "over"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\t\n", id, c.Created.Kind, c.Created.Game, len(c.Players), len(c.Rounds), state)
	}
	return tw.Flush()
}

// WriteStarted writes each game started to w: its id, round, table and
// players in seat order.
func WriteStarted(w io.Writer, started []campaigns.GameStarted) {
	for _, g := range started {
		fmt.Fprintf(w, "%s round %d table %d: %s\n", g.Game, g.Round, g.Table, strings.Join(g.Seats, ", "))
	}
}

// WriteResults writes each result recorded to w: the game, its places and
// the event it ended at; or that none was.
func WriteResults(w io.Writer, results []campaigns.Result) {
	for _, r := range results {
		fmt.Fprintf(w, "%s: places %s, ending at event %d %.12s…\n", r.Game, projections.JoinInts(r.Places), r.Seq, r.Hash)
	}
	if len(results) == 0 {
		fmt.Fprintln(w, "no game of the campaign has ended without its result recorded")
	}
}
