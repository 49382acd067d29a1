package campaigns

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-games/pbem/rules"
)

// Campaign is a campaign folded from its history: the aggregate the
// command side decides on and everything read from it (standings,
// ratings, reliability) is computed from.
type Campaign struct {
	ID         string
	Created    Created
	Commitment string      // the seed's, from SeedCommitted
	Seed       *rules.Seed // once revealed
	Players    []string    // in order of entry
	Withdrawn  map[string]string
	Rounds     []RoundPaired
	Games      []Game // in the order started
	Decisions  []Decided
	Ladder     []string        // a ladder's order, first place first
	Seasons    []SeasonStarted // a league's seasons
	closed     bool
	paused     bool
	facts      int
	results    []string       // game ids in the order their results were recorded
	leftAfter  map[string]int // rounds paired when each player who left did
	byID       map[string]int // game id → index in Games
}

// Game is one of a campaign's games, with its result once recorded.
type Game struct {
	GameStarted
	Result *Result // nil while it runs
	// Adjudicated says the organiser set its places (Decided).
	Adjudicated bool
}

// Fold returns the campaign of id folded from facts.
func Fold(id string, facts []Fact) (*Campaign, error) {
	c := &Campaign{ID: id}
	for _, f := range facts {
		if err := c.Apply(f); err != nil {
			return nil, err
		}
	}
	if c.facts == 0 {
		return nil, fmt.Errorf("campaigns: campaign %s has no history", id)
	}
	return c, nil
}

// Apply folds the next fact into c, or says why a campaign cannot have it.
func (c *Campaign) Apply(f Fact) error {
	if err := c.apply(f); err != nil {
		return fmt.Errorf("campaigns: campaign %s, fact %d (%s): %w", c.ID, c.facts+1, f.Type(), err)
	}
	c.facts++
	return nil
}

func (c *Campaign) apply(f Fact) error {
	if _, first := f.(Created); first != (c.facts == 0) {
		return fmt.Errorf("a campaign begins with %s, and only once", TypeCreated)
	}
	if c.Seed != nil {
		return Refuse("the campaign is over") // its seed was revealed: nothing comes after
	}
	switch f := f.(type) {
	case Created:
		return c.create(f)
	case Entered:
		return c.enter(f.Player)
	case Withdrew:
		return c.withdraw(f.Player, strings.TrimSuffix("withdrew: "+f.Reason, ": "))
	case SeedCommitted:
		if c.Commitment != "" {
			return fmt.Errorf("the seed was committed to before")
		}
		c.Commitment = f.Commitment
	case RoundPaired:
		return c.pair(f)
	case GameStarted:
		return c.start(f)
	case Result:
		return c.result(f)
	case Decided:
		return c.decide(f)
	case SeedRevealed:
		return c.reveal(f)
	case SeasonStarted:
		return c.startSeason(f)
	default:
		return fmt.Errorf("unknown fact")
	}
	return nil
}

func (c *Campaign) create(f Created) error {
	if !slices.Contains(Kinds, f.Kind) {
		return fmt.Errorf("no kind of campaign %q; the kinds are %s", f.Kind, strings.Join(Kinds, ", "))
	}
	t, any := f.Options.table(), f.Kind == RoundRobin || f.Kind == League
	if t < 2 || t > 5 || (t != 2 && !any) {
		return fmt.Errorf("a %s plays at tables of %s, not %d", f.Kind, map[bool]string{true: "2 to 5", false: "2"}[any], t)
	}
	if f.Kind == League && f.Options.division() < t {
		return fmt.Errorf("a division of %d cannot fill a table of %d", f.Options.division(), t)
	}
	if f.Kind == Ladder && f.Options.AutoPair {
		return fmt.Errorf("a ladder has no rounds to pair: its players challenge")
	}
	for _, name := range f.Options.Tiebreaks {
		if !slices.Contains(Tiebreaks, name) {
			return fmt.Errorf("no tiebreak %q (there are %v)", name, Tiebreaks)
		}
	}
	c.Created, c.Withdrawn, c.leftAfter, c.byID = f, map[string]string{}, map[string]int{}, map[string]int{}
	for _, p := range f.Entries {
		if err := c.enter(p); err != nil {
			return err
		}
	}
	return nil
}

func (c *Campaign) enter(p string) error {
	switch {
	case p == "":
		return fmt.Errorf("a player without a name")
	case slices.Contains(c.Players, p):
		return Refuse("%s entered already", p)
	case len(c.Rounds) > 0 && c.Created.Kind != Ladder:
		return Refuse("entries closed when round 1 was paired")
	}
	c.Players = append(c.Players, p)
	c.Ladder = append(c.Ladder, p)
	return nil
}

func (c *Campaign) withdraw(p, why string) error {
	if !slices.Contains(c.Players, p) {
		return Refuse("%s never entered", p)
	}
	if _, gone := c.Withdrawn[p]; gone {
		return Refuse("%s left already", p)
	}
	c.Withdrawn[p] = why
	c.leftAfter[p] = len(c.Rounds)
	c.Ladder = slices.DeleteFunc(c.Ladder, func(q string) bool { return q == p })
	return nil
}

// Active lists the players still in the campaign, in order of entry.
func (c *Campaign) Active() []string {
	var out []string
	for _, p := range c.Players {
		if _, gone := c.Withdrawn[p]; !gone {
			out = append(out, p)
		}
	}
	return out
}

func (c *Campaign) pair(f RoundPaired) error {
	if f.Round != len(c.Rounds)+1 {
		return fmt.Errorf("round %d paired where round %d comes", f.Round, len(c.Rounds)+1)
	}
	if c.Commitment == "" {
		return fmt.Errorf("a round paired before the seed was committed to")
	}
	if c.Over() {
		return Refuse("the campaign is over")
	}
	if c.paused {
		return Refuse("the campaign is paused")
	}
	if c.Created.Kind == League && f.Round > len(c.Seasons)*c.seasonLength() {
		return fmt.Errorf("round %d paired before season %d started", f.Round, len(c.Seasons)+1)
	}
	if c.Created.Kind != Ladder && len(c.Running()) > 0 {
		return fmt.Errorf("round %d paired while games of round %d run", f.Round, f.Round-1)
	}
	seen, active := map[string]bool{}, map[string]bool{}
	for _, p := range c.Active() {
		active[p] = true
	}
	check := func(p string) error {
		if !active[p] {
			return fmt.Errorf("%s is not in the campaign", p)
		}
		if seen[p] {
			return fmt.Errorf("%s is paired twice", p)
		}
		seen[p] = true
		return nil
	}
	if len(f.Tables) == 0 && c.Created.Kind != RoundRobin && c.Created.Kind != League {
		return fmt.Errorf("round %d has no table", f.Round)
	}
	for _, t := range f.Tables {
		if len(t) < 2 || len(t) > c.Created.Options.table() {
			return fmt.Errorf("a table of %d", len(t))
		}
		for _, p := range t {
			if err := check(p); err != nil {
				return err
			}
		}
	}
	for _, p := range f.Byes {
		if err := check(p); err != nil {
			return err
		}
	}
	if c.Created.Kind == Ladder {
		if err := c.checkChallenge(f); err != nil {
			return err
		}
	}
	c.Rounds = append(c.Rounds, f)
	return nil
}

func (c *Campaign) start(f GameStarted) error {
	if f.Round < 1 || f.Round > len(c.Rounds) {
		return fmt.Errorf("game %s in round %d, which was not paired", f.Game, f.Round)
	}
	tables := c.Rounds[f.Round-1].Tables
	if f.Table < 1 || f.Table > len(tables) || !slices.Equal(tables[f.Table-1], f.Seats) {
		return fmt.Errorf("game %s does not seat table %d of round %d", f.Game, f.Table, f.Round)
	}
	if c.game(f.Game) != nil || !slices.ContainsFunc(c.Unstarted(), func(u GameStarted) bool { return u.Round == f.Round && u.Table == f.Table }) {
		return fmt.Errorf("game %s or table %d of round %d started before", f.Game, f.Table, f.Round)
	}
	c.Games = append(c.Games, Game{GameStarted: f})
	c.byID[f.Game] = len(c.Games) - 1
	return nil
}

// game returns the campaign's game id, or nil.
func (c *Campaign) game(id string) *Game {
	if i, ok := c.byID[id]; ok && i < len(c.Games) && c.Games[i].Game == id {
		return &c.Games[i]
	}
	for i := range c.Games { // a view (season) keeps only some games
		if c.Games[i].Game == id {
			return &c.Games[i]
		}
	}
	return nil
}

func (c *Campaign) result(f Result) error {
	g := c.game(f.Game)
	switch {
	case g == nil:
		return fmt.Errorf("game %s is not the campaign's", f.Game)
	case g.Result != nil:
		return Refuse("game %s has its result already", f.Game)
	case f.Hash == "":
		return fmt.Errorf("game %s's result names no final hash", f.Game)
	}
	n := len(g.Seats)
	if err := checkPlaces(f.Places, n); err != nil {
		return fmt.Errorf("game %s: %w", f.Game, err)
	}
	if len(f.Scores) != n || len(f.Moves) != n || len(f.Timeouts) != n || len(f.Abandoned) != n {
		return fmt.Errorf("game %s: a result of %d seats", f.Game, n)
	}
	g.Result = &f
	c.results = append(c.results, f.Game)
	c.settled(g)
	return nil
}

func (c *Campaign) decide(f Decided) error {
	if f.Reason == "" {
		return fmt.Errorf("a decision without its reason")
	}
	switch f.Decision {
	case Disqualified:
		if err := c.withdraw(f.Player, "disqualified: "+f.Reason); err != nil {
			return err
		}
	case Adjudicated:
		g := c.game(f.Game)
		if g == nil || g.Result != nil {
			return Refuse("game %s is not a running game of the campaign", f.Game)
		}
		n := len(g.Seats)
		if err := checkPlaces(f.Places, n); err != nil {
			return fmt.Errorf("game %s: %w", f.Game, err)
		}
		g.Result = &Result{Game: f.Game, Places: f.Places, Scores: make([]int, n), Moves: make([]int, n),
			Timeouts: make([]int, n), Abandoned: make([]bool, n), Reason: Adjudicated}
		g.Adjudicated = true
		c.results = append(c.results, f.Game)
		c.settled(g)
	case Paused, Resumed:
		if c.paused == (f.Decision == Paused) {
			if c.paused {
				return Refuse("the campaign is paused already")
			}
			return Refuse("the campaign is not paused")
		}
		c.paused = f.Decision == Paused
	case Extended:
		if f.Span == "" {
			return Refuse("an extension of no time")
		}
		if len(c.Running()) == 0 {
			return Refuse("no game of the campaign is being played")
		}
	case Replaced:
		g := c.game(f.Game)
		if g == nil || g.Result != nil {
			return Refuse("game %s is not a running game of the campaign", f.Game)
		}
		if !slices.Contains(g.Seats, f.Player) {
			return Refuse("%s does not play in game %s", f.Player, f.Game)
		}
		if f.Replacement == "" || slices.Contains(g.Seats, f.Replacement) {
			return Refuse("a replacement who is not at the table")
		}
	case Closed:
		if c.Created.Kind != Ladder {
			return Refuse("only a ladder is closed by its organiser; the others end with their last round")
		}
		c.closed = true
	default:
		return fmt.Errorf("no decision %q", f.Decision)
	}
	c.Decisions = append(c.Decisions, f)
	return nil
}

func (c *Campaign) reveal(f SeedRevealed) error {
	if !c.Over() {
		return fmt.Errorf("the seed is revealed only once the campaign is over")
	}
	seed, err := rules.ParseSeed(f.Seed)
	if err != nil {
		return err
	}
	if !seed.Commits(c.Commitment, seedBinds(c.ID)...) {
		return fmt.Errorf("the seed revealed is not the one committed to")
	}
	c.Seed = &seed
	return nil
}

// seedBinds is what a campaign's seed commitment binds the seed to.
func seedBinds(id string) []string { return []string{"campaign", id} }

// SeedCommitment returns the commitment to seed of campaign id.
func SeedCommitment(seed rules.Seed, id string) string {
	return seed.CommitmentTo(seedBinds(id)...)
}

// Paused reports whether the organiser paused the campaign (and has not
// resumed it): no round is paired meanwhile.
func (c *Campaign) Paused() bool { return c.paused }

// Running lists the campaign's games without a result.
func (c *Campaign) Running() []Game {
	var out []Game
	for _, g := range c.Games {
		if g.Result == nil {
			out = append(out, g)
		}
	}
	return out
}

// Unstarted lists the tables of paired rounds that have no game yet, as
// games without an id.
func (c *Campaign) Unstarted() []GameStarted {
	var out []GameStarted
	started := make(map[[2]int]bool, len(c.Games))
	for _, g := range c.Games {
		started[[2]int{g.Round, g.Table}] = true
	}
	for r, round := range c.Rounds {
		for t, seats := range round.Tables {
			if !started[[2]int{r + 1, t + 1}] {
				out = append(out, GameStarted{Round: r + 1, Table: t + 1, Seats: seats})
			}
		}
	}
	return out
}

// Over reports whether the campaign has played all it will.
func (c *Campaign) Over() bool {
	if c.Created.Kind == "" || len(c.Running()) > 0 || len(c.Unstarted()) > 0 {
		return false
	}
	switch c.Created.Kind {
	case Ladder:
		return c.closed
	case Knockout:
		return len(c.Rounds) > 0 && len(c.knockoutAlive()) <= 1
	case Swiss:
		return len(c.Rounds) > 0 && (len(c.Rounds) >= c.swissRounds() || len(c.Active()) < 2)
	case League:
		return len(c.Seasons) > 0 && (len(c.Rounds) >= c.Created.Options.seasons()*c.seasonLength() || len(c.Active()) < 2)
	default:
		return len(c.Rounds) > 0 && (len(c.Rounds) >= len(c.roundRobinSchedule()) || len(c.Active()) < 2)
	}
}

func (o Options) table() int {
	if o.Table == 0 {
		return 2
	}
	return o.Table
}

func (o Options) reach() int {
	if o.Reach <= 0 {
		return 3
	}
	return o.Reach
}

// resultOrder lists the games with a result, in the order recorded.
func (c *Campaign) resultOrder() []string { return c.results }
