package main

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// campaignCommands are the subcommands of "pbem campaign": round robins,
// Swiss tournaments, knockouts, ladders and leagues whose games are
// ordinary games.
func campaignCommands() []command {
	return []command{
		{"new", "KIND --game G --players A,B[,…] [--table N] [--rounds N] [--reach N] [--division N --promote N --seasons N] [--variant x,y] [--points P1,P2,…] [--tiebreaks T,…] [--deadline D] [--auto-pair] [--seed N]", "start a campaign and print its id", runCampaignNew},
		{"enter", "ID PLAYER", "enter a player", runCampaignEnter},
		{"withdraw", "ID PLAYER [--reason TEXT]", "withdraw a player", runCampaignWithdraw},
		{"pair", "ID", "pair the next round and start its games", runCampaignPair},
		{"challenge", "ID CHALLENGER DEFENDER", "start a ladder's challenge", runCampaignChallenge},
		{"record", "ID [GAME]", "record the results of the games ended", runCampaignRecord},
		{"decide", "ID adjudicate|disqualify|pause|resume|extend|replace|close --reason TEXT [--game G --places 1,2,…] [--player P] [--span 2d] [--replacement ADDRESS]", "record the organiser's decision", runCampaignDecide},
		{"show", "ID [--json] [--lang en|zh] [--config FILE]", "print the standings after the campaign page's address", runCampaignShow},
		{"standings", "ID [--json]", "print the standings", runCampaignStandings},
		{"list", "", "list the campaigns", runCampaignList},
		{"export", "ID [--games]", "print the campaign's history, signed", runCampaignExport},
		{"verify", "ID | --file F [--key FILE|FINGERPRINT]", "verify a campaign's history", runCampaignVerify},
	}
}

func (e *env) organiser(ctx context.Context) (*organiser.Service, error) {
	svc, err := e.service(ctx)
	if err != nil {
		return nil, err
	}
	return &organiser.Service{Games: svc}, nil
}

func campaignFlags(sub string) *flag.FlagSet {
	return flag.NewFlagSet("campaign "+sub, flag.ContinueOnError)
}

func runCampaignNew(ctx context.Context, e *env, args []string) error {
	offered, err := e.games()
	if err != nil {
		return err
	}
	fs := campaignFlags("new")
	game := fs.String("game", "", "the game every table plays, e.g. "+offered.First())
	players := fs.String("players", "", "comma-separated player names or addresses, the entries in order")
	table := fs.Int("table", 0, "seats at each table: 2, or 3 to 5 in a round robin or a league (default 2)")
	rounds := fs.Int("rounds", 0, "a Swiss's rounds (default: the base-2 logarithm of the entries), a round robin's or a league season's cycles (default 1)")
	reach := fs.Int("reach", 0, "how many places up a ladder's player may challenge (default 3)")
	division := fs.Int("division", 0, "players in each of a league's divisions (default 6)")
	promote := fs.Int("promote", 0, "players going up and down between a league's divisions each season (default 1)")
	seasons := fs.Int("seasons", 0, "a league's seasons (default 1)")
	variants := fs.String("variant", "", "comma-separated variants of every game")
	points := fs.String("points", "", "points of each place, first place first, instead of a point for each seat placed behind and a half for each tied")
	tiebreaks := fs.String("tiebreaks", "", "the tiebreaks in order, from "+strings.Join(campaigns.Tiebreaks, ","))
	deadline := fs.String("deadline", "", "every game's time per move, e.g. 72h or 3d (default: pbem's clock)")
	autoPair := fs.Bool("auto-pair", false, "a running pbem serve pairs each next round as soon as every game of the round before has ended (not on a ladder)")
	seed := fs.String("seed", "", "a number, for a repeatable campaign (default: a secret random seed)")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	if *game == "" || *players == "" {
		return usageError{"campaign new: --game and --players are required, e.g. --game " + offered.First() + " --players ana@example.org,bea@example.net,cy@example.com"}
	}
	req := organiser.NewCampaign{Kind: pos[0], Game: *game, Variants: splitList(*variants), Players: splitList(*players), Organiser: "operator",
		Options: campaigns.Options{Table: *table, Rounds: *rounds, Reach: *reach, Tiebreaks: splitList(*tiebreaks),
			Division: *division, Promote: *promote, Seasons: *seasons, Deadline: *deadline, AutoPair: *autoPair}}
	if req.Options.PlacePoints, err = ints(*points); err != nil {
		return usageError{"campaign new: --points: " + err.Error()}
	}
	if !slices.Contains(campaigns.Kinds, req.Kind) {
		return usageError{fmt.Sprintf("campaign new: no kind of campaign %q; the kinds are %s", req.Kind, strings.Join(campaigns.Kinds, ", "))}
	}
	if *seed != "" {
		n, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			return usageError{fmt.Sprintf("campaign new: --seed must be a number, not %q", *seed)}
		}
		s := rules.SeedFromInt(n)
		req.Seed = &s
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	id, err := org.Create(ctx, req)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, id)
	return nil
}

// ints reads a comma-separated list of whole numbers.
func ints(s string) ([]int, error) {
	var out []int
	for _, f := range splitList(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func campaignID(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func runCampaignEnter(ctx context.Context, e *env, args []string) error {
	pos, err := e.parse(campaignFlags("enter"), args, 2)
	if err != nil {
		return err
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	if err := org.Enter(ctx, campaignID(pos[0]), pos[1], ""); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s entered campaign %s\n", pos[1], campaignID(pos[0]))
	return nil
}

func runCampaignWithdraw(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("withdraw")
	reason := fs.String("reason", "", "why, for the history")
	pos, err := e.parse(fs, args, 2)
	if err != nil {
		return err
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	if err := org.Withdraw(ctx, campaignID(pos[0]), pos[1], *reason, ""); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s withdrew from campaign %s\n", pos[1], campaignID(pos[0]))
	return nil
}

func runCampaignPair(ctx context.Context, e *env, args []string) error {
	pos, err := e.parse(campaignFlags("pair"), args, 1)
	if err != nil {
		return err
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	started, err := org.Pair(ctx, campaignID(pos[0]))
	printStarted(e, started)
	return err
}

func runCampaignChallenge(ctx context.Context, e *env, args []string) error {
	pos, err := e.parse(campaignFlags("challenge"), args, 3)
	if err != nil {
		return err
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	started, err := org.Challenge(ctx, campaignID(pos[0]), pos[1], pos[2])
	printStarted(e, started)
	return err
}

// printStarted prints each game started: its id, round, table and
// players in seat order.
func printStarted(e *env, started []campaigns.GameStarted) {
	for _, g := range started {
		fmt.Fprintf(e.stdout, "%s round %d table %d: %s\n", g.Game, g.Round, g.Table, strings.Join(g.Seats, ", "))
	}
}

func runCampaignRecord(ctx context.Context, e *env, args []string) error {
	pos, err := e.parse(campaignFlags("record"), args, -1)
	if err != nil {
		return err
	}
	if len(pos) < 1 || len(pos) > 2 {
		return usageOf("campaign record")
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	id := campaignID(pos[0])
	var results []campaigns.Result
	if len(pos) == 2 {
		r, err := org.Record(ctx, id, gameID(pos[1]))
		if err != nil {
			return err
		}
		results = append(results, r)
	} else if results, err = org.RecordEnded(ctx, id); err != nil {
		return err
	}
	for _, r := range results {
		fmt.Fprintf(e.stdout, "%s: places %s, ending at event %d %.12s…\n", r.Game, joinInts(r.Places), r.Seq, r.Hash)
	}
	if len(results) == 0 {
		fmt.Fprintln(e.stdout, "no game of the campaign has ended without its result recorded")
	}
	return nil
}

func runCampaignDecide(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("decide")
	reason := fs.String("reason", "", "why, for the history (required)")
	game := fs.String("game", "", "the game adjudicated")
	places := fs.String("places", "", "the places of the game adjudicated, by seat, e.g. 1,2")
	player := fs.String("player", "", "the player disqualified or replaced")
	span := fs.String("span", "", "how much longer each player to move has, for extend (e.g. 2d)")
	replacement := fs.String("replacement", "", "the address that takes the player's seat, for replace")
	pos, err := e.parse(fs, args, 2)
	if err != nil {
		return err
	}
	d := campaigns.Decided{Decision: pos[1], Game: gameID(*game), Player: *player, Span: *span, Replacement: *replacement, Reason: *reason}
	if d.Places, err = ints(*places); err != nil {
		return usageError{"campaign decide: --places: " + err.Error()}
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	if err := org.Decide(ctx, campaignID(pos[0]), d, ""); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "campaign %s: %s recorded\n", campaignID(pos[0]), d.Decision)
	return nil
}

func runCampaignStandings(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("standings")
	asJSON := fs.Bool("json", false, "print the standings, games, ratings and reliability as JSON")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	return showCampaign(ctx, e, campaignID(pos[0]), *asJSON, "", words.For(words.Fallback))
}

// runCampaignShow is standings with the address of the campaign's public
// page under the configuration's web_url.
func runCampaignShow(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("show")
	asJSON := fs.Bool("json", false, "print the page's address, the standings, games, ratings and reliability as JSON")
	file := fs.String("config", envOr("PBEM_CONFIG", ""), "TOML configuration file (web_url)")
	lang := fs.String("lang", words.Fallback, "the language of the table: "+strings.Join(words.Languages(), ", "))
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	l, ok := words.Match(*lang)
	if !ok {
		return usageError{fmt.Sprintf("campaign show: --lang: pbem speaks %s, not %q", strings.Join(words.Languages(), ", "), *lang)}
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	tokens, err := c.Tokens()
	if err != nil {
		return err
	}
	id := campaignID(pos[0])
	return showCampaign(ctx, e, id, *asJSON, tokens.CampaignLink(c.WebURL, id), words.For(l))
}

// showCampaign prints campaign id's standings in the language of p (the
// JSON is the same in every language), after its page's address when
// page is not "".
func showCampaign(ctx context.Context, e *env, id string, asJSON bool, page string, p words.Printer) error {
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		return err
	}
	if asJSON {
		return organiser.WriteJSON(e.stdout, c, page)
	}
	if page != "" {
		fmt.Fprintln(e.stdout, p.S("campaign.show.page", page))
	}
	organiser.WriteStandings(e.stdout, c, p)
	return nil
}

func runCampaignList(ctx context.Context, e *env, args []string) error {
	if _, err := e.parse(campaignFlags("list"), args, 0); err != nil {
		return err
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	ids, err := org.IDs(ctx)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "id\tkind\tgame\tplayers\trounds\tstate\t")
	for _, id := range ids {
		c, _, _, err := org.Load(ctx, id)
		if err != nil {
			fmt.Fprintf(w, "%s\t?\t\t\t\t%v\t\n", id, err)
			continue
		}
		state := "running"
		if c.Over() {
			state = "over"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%d\t%s\t\n", id, c.Created.Kind, c.Created.Game, len(c.Players), len(c.Rounds), state)
	}
	return w.Flush()
}

func runCampaignExport(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("export")
	withGames := fs.Bool("games", false, "follow the campaign's history with every game's that has a result, whole and signed, so that the file is checked without this store")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	key, err := postoffice.SigningKey(e.data)
	if err != nil {
		return err
	}
	b, err := org.Export(ctx, campaignID(pos[0]), &key, *withGames)
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(b)
	return err
}

// runCampaignVerify verifies a stored campaign, or, with --file, an
// exported one as pbem verify --campaign --file does (one code path: the
// file alone, no store).
func runCampaignVerify(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("verify")
	file := fs.String("file", "", "verify an exported campaign history, with its games' (export --games), instead of a stored campaign; no store is opened")
	trust := fs.String("key", "", "with --file: the key the history must be signed by, a fingerprint (ed25519:…) or a file holding one or a signing key; default: the data directory's")
	pos, err := e.parse(fs, args, -1)
	if err != nil {
		return err
	}
	if (len(pos) == 1) == (*file != "") || len(pos) > 1 || (*trust != "" && *file == "") {
		return usageOf("campaign verify")
	}
	if *file != "" {
		offered, err := e.games()
		if err != nil {
			return err
		}
		return e.print(postoffice.VerifyCampaignFile(offered.Rules(), e.data, *file, *trust))
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	return e.print(postoffice.VerifyCampaign(ctx, org, campaignID(pos[0])))
}
