package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/internal/cmdline"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/templates/words"
)

// campaignDispatch runs a campaign subcommand; a refusal of the
// campaign's says "refused:" and its reason, and a campaign not there
// is named, as the operator reads them.
func campaignDispatch(ctx context.Context, e *env, args []string) error {
	err := dispatch("campaign")(ctx, e, args)
	switch {
	case errors.Is(err, organiser.ErrRefused):
		return fmt.Errorf("refused: %s", organiser.Reason(err))
	case errors.Is(err, organiser.ErrUnknown):
		return errors.New(organiser.Reason(err))
	}
	return err
}

// campaignCommands are the subcommands of "pbem campaign": round robins,
// Swiss tournaments, knockouts, ladders and leagues whose games are
// ordinary games.
func campaignCommands() []command {
	return []command{
		{Name: "new", Args: "KIND --game G --players A,B[,…] [--table N] [--rounds N] [--reach N] [--division N --promote N --seasons N] [--variant x,y] [--points P1,P2,…] [--tiebreaks T,…] [--deadline D] [--auto-pair] [--seed N]", Help: "start a campaign and print its id", Run: runCampaignNew},
		{Name: "enter", Args: "ID PLAYER", Help: "enter a player", Run: runCampaignEnter},
		{Name: "withdraw", Args: "ID PLAYER [--reason TEXT]", Help: "withdraw a player", Run: runCampaignWithdraw},
		{Name: "pair", Args: "ID", Help: "pair the next round and start its games", Run: runCampaignPair},
		{Name: "challenge", Args: "ID CHALLENGER DEFENDER", Help: "start a ladder's challenge", Run: runCampaignChallenge},
		{Name: "record", Args: "ID [GAME]", Help: "record the results of the games ended", Run: runCampaignRecord},
		{Name: "decide", Args: "ID adjudicate|disqualify|pause|resume|extend|replace|close --reason TEXT [--game G --places 1,2,…] [--player P] [--span 2d] [--replacement ADDRESS]", Help: "record the organiser's decision", Run: runCampaignDecide},
		{Name: "show", Args: "ID [--json] [--lang en|zh] [--config FILE]", Help: "print the standings after the campaign page's address", Run: runCampaignShow},
		{Name: "standings", Args: "ID [--json]", Help: "print the standings", Run: runCampaignStandings},
		{Name: "list", Args: "", Help: "list the campaigns", Run: runCampaignList},
		{Name: "export", Args: "ID [--games]", Help: "print the campaign's history, signed", Run: runCampaignExport},
		{Name: "verify", Args: "ID | --file F [--key FILE|FINGERPRINT]", Help: "verify a campaign's history", Run: runCampaignVerify},
	}
}

func (e *env) organiser(ctx context.Context) (*organiser.Service, error) {
	svc, err := e.service(ctx)
	if err != nil {
		return nil, err
	}
	return &organiser.Service{Games: svc}, nil
}

// campaignOpen parses a campaign command's flags and its want positional
// arguments (as parse does) and, when they are right, opens the store for
// the organiser.
func (e *env) campaignOpen(ctx context.Context, fs *flag.FlagSet, args []string, want int) (*organiser.Service, []string, error) {
	pos, err := e.parse(fs, args, want)
	if err != nil {
		return nil, nil, err
	}
	org, err := e.organiser(ctx)
	return org, pos, err
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
		return usageError{Msg: "campaign new: --game and --players are required, e.g. --game " + offered.First() + " --players ana@example.org,bea@example.net,cy@example.com"}
	}
	req := organiser.NewCampaign{Kind: pos[0], Game: *game, Variants: cmdline.List(*variants), Players: cmdline.List(*players), Organiser: "operator",
		Options: campaigns.Options{Table: *table, Rounds: *rounds, Reach: *reach, Tiebreaks: cmdline.List(*tiebreaks),
			Division: *division, Promote: *promote, Seasons: *seasons, Deadline: *deadline, AutoPair: *autoPair}}
	if req.Options.PlacePoints, err = cmdline.Ints(*points); err != nil {
		return usageError{Msg: "campaign new: --points: " + err.Error()}
	}
	if req.Seed, err = seedArg("campaign new", *seed); err != nil {
		return err
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

func runCampaignEnter(ctx context.Context, e *env, args []string) error {
	org, pos, err := e.campaignOpen(ctx, campaignFlags("enter"), args, 2)
	if err != nil {
		return err
	}
	if err := org.Enter(ctx, argID(pos[0]), pos[1], ""); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s entered campaign %s\n", pos[1], argID(pos[0]))
	return nil
}

func runCampaignWithdraw(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("withdraw")
	reason := fs.String("reason", "", "why, for the history")
	org, pos, err := e.campaignOpen(ctx, fs, args, 2)
	if err != nil {
		return err
	}
	if err := org.Withdraw(ctx, argID(pos[0]), pos[1], *reason, ""); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s withdrew from campaign %s\n", pos[1], argID(pos[0]))
	return nil
}

func runCampaignPair(ctx context.Context, e *env, args []string) error {
	org, pos, err := e.campaignOpen(ctx, campaignFlags("pair"), args, 1)
	if err != nil {
		return err
	}
	started, err := org.Pair(ctx, argID(pos[0]))
	organiser.WriteStarted(e.stdout, started)
	return err
}

func runCampaignChallenge(ctx context.Context, e *env, args []string) error {
	org, pos, err := e.campaignOpen(ctx, campaignFlags("challenge"), args, 3)
	if err != nil {
		return err
	}
	started, err := org.Challenge(ctx, argID(pos[0]), pos[1], pos[2])
	organiser.WriteStarted(e.stdout, started)
	return err
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
	game := ""
	if len(pos) == 2 {
		game = argID(pos[1])
	}
	results, err := org.RecordGames(ctx, argID(pos[0]), game)
	organiser.WriteResults(e.stdout, results)
	return err
}

func runCampaignDecide(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("decide")
	reason := fs.String("reason", "", "why, for the history (required)")
	game := fs.String("game", "", "the game adjudicated")
	places := fs.String("places", "", "the places of the game adjudicated, by seat, e.g. 1,2")
	player := fs.String("player", "", "the player disqualified or replaced")
	span := fs.String("span", "", "how much longer each player to move has, for extend (e.g. 2d)")
	replacement := fs.String("replacement", "", "the address that takes the player's seat, for replace")
	org, pos, err := e.campaignOpen(ctx, fs, args, 2)
	if err != nil {
		return err
	}
	d := campaigns.Decided{Decision: pos[1], Game: argID(*game), Player: *player, Span: *span, Replacement: *replacement, Reason: *reason}
	if d.Places, err = cmdline.Ints(*places); err != nil {
		return usageError{Msg: "campaign decide: --places: " + err.Error()}
	}
	if err := org.Decide(ctx, argID(pos[0]), d, ""); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "campaign %s: %s recorded\n", argID(pos[0]), d.Decision)
	return nil
}

func runCampaignStandings(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("standings")
	asJSON := fs.Bool("json", false, "print the standings, games, ratings and reliability as JSON")
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	return showCampaign(ctx, e, argID(pos[0]), *asJSON, "", words.Fallback)
}

// runCampaignShow is standings with the address of the campaign's public
// page under the configuration's web_url.
func runCampaignShow(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("show")
	asJSON := fs.Bool("json", false, "print the page's address, the standings, games, ratings and reliability as JSON")
	file := fs.String("config", cmdline.EnvOr("PBEM_CONFIG", ""), "TOML configuration file (web_url)")
	lang := fs.String("lang", words.Fallback, "the language of the table: "+strings.Join(words.Languages(), ", "))
	pos, err := e.parse(fs, args, 1)
	if err != nil {
		return err
	}
	l, ok := words.Match(*lang)
	if !ok {
		return usageError{Msg: fmt.Sprintf("campaign show: --lang: pbem speaks %s, not %q", strings.Join(words.Languages(), ", "), *lang)}
	}
	c, err := e.config(*file)
	if err != nil {
		return err
	}
	page, err := c.CampaignPage(argID(pos[0]))
	if err != nil {
		return err
	}
	return showCampaign(ctx, e, argID(pos[0]), *asJSON, page, l)
}

// showCampaign prints campaign id's standings (organiser.Service.Show)
// in language lang, its games' words included.
func showCampaign(ctx context.Context, e *env, id string, asJSON bool, page, lang string) error {
	games, err := e.games()
	if err != nil {
		return err
	}
	org, err := e.organiser(ctx)
	if err != nil {
		return err
	}
	return org.Show(ctx, e.stdout, id, asJSON, page, games.Words().For(lang))
}

func runCampaignList(ctx context.Context, e *env, args []string) error {
	org, _, err := e.campaignOpen(ctx, campaignFlags("list"), args, 0)
	if err != nil {
		return err
	}
	return org.WriteList(ctx, e.stdout)
}

func runCampaignExport(ctx context.Context, e *env, args []string) error {
	fs := campaignFlags("export")
	withGames := fs.Bool("games", false, "follow the campaign's history with every game's that has a result, whole and signed, so that the file is checked without this store")
	org, pos, err := e.campaignOpen(ctx, fs, args, 1)
	if err != nil {
		return err
	}
	b, err := postoffice.ExportCampaign(ctx, org, e.data, argID(pos[0]), *withGames)
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
	return e.print(postoffice.VerifyCampaign(ctx, org, argID(pos[0])))
}
