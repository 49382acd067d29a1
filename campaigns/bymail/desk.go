package bymail

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates/words"
)

// Desk does what campaigns' mail asks, on the command side. Its
// refusals are *games.Error written for the sender, in the catalog's
// words and naming nothing the sender wrote but what pbem knows (a
// campaign's id); any other error is the store's trouble.
//
// Desk checks what the campaign allows; who the sender is, the mail
// side checks: a command that acts for an address (ENTER, WITHDRAW, an
// organiser's decision) comes to Desk only from a mail to an address
// pbem mailed that address alone.
type Desk struct {
	Organiser *organiser.Service
}

// Create starts the campaign spec asks for (see Check), organised by
// from, and returns its id. The players named (with) are asked first (Invited),
// but for the organiser, entered at once when they name themselves.
// source, the mail's line, makes the id: the same line read again
// finds the campaign it made.
func (d Desk) Create(ctx context.Context, from string, spec Spec, with []string, source string) (string, error) {
	if err := d.Check(spec, nil); err != nil {
		return "", err
	}
	req := organiser.NewCampaign{Kind: spec.Kind, Game: spec.Game, Variants: spec.Variants, Options: spec.Options,
		Organiser: from, Source: source}
	for _, p := range with {
		switch {
		case strings.EqualFold(p, from):
			req.Players = append(req.Players, p)
		case !slices.ContainsFunc(req.Invited, func(q string) bool { return strings.EqualFold(p, q) }):
			req.Invited = append(req.Invited, p)
		}
	}
	id, err := d.Organiser.Create(ctx, req)
	if errors.Is(err, organiser.ErrRefused) {
		return "", refused(err)
	}
	return id, err
}

// Check returns the refusal of a CAMPAIGN line that ParseSpec read as
// spec with specErr, or nil: the game must be one pbem plays.
func (d Desk) Check(spec Spec, specErr error) error {
	if specErr == nil && spec.Game != "" {
		if _, err := d.Organiser.Games.Catalog.Lookup(spec.Game); err != nil {
			specErr = errNoGame
		}
	}
	if errors.Is(specErr, errNoGame) {
		return refuse("refuse.campaign.game", strings.Join(d.Organiser.Games.Catalog.Names(), ", "))
	}
	return specErr
}

// refused is the organiser's refusal err as the mail says it: "pbem
// cannot do that" and the campaign's own reason, each in the reader's
// language where the campaign gave its reason as a phrase.
func refused(err error) error {
	var r *campaigns.Refusal
	if !errors.As(err, &r) {
		return refuse("refuse.campaign.refused", organiser.Reason(err))
	}
	p := rules.Phrase{Format: "refuse.campaign.refused", Args: []rules.Phrase{r.Phrase()}}
	return &games.Error{Kind: games.ErrSetup, Msg: words.For(words.Fallback).S(words.ID(p.Format), r.Error()), Phrase: &p}
}

// load returns campaign id, or the refusal of an unknown id.
func (d Desk) load(ctx context.Context, id string) (*campaigns.Campaign, error) {
	c, _, err := d.loadFrom(ctx, id, "")
	return c, err
}

// loadFrom is load, and says whether source (a mail's line) was
// recorded in the campaign already: a mail read again, after a crash
// between what it did and the record of its answer, gets the answer it
// got, not a refusal of what it did itself.
func (d Desk) loadFrom(ctx context.Context, id, source string) (*campaigns.Campaign, bool, error) {
	c, evs, _, err := d.Organiser.Load(ctx, id)
	if errors.Is(err, organiser.ErrUnknown) {
		return nil, false, refuse("refuse.campaign.unknown")
	}
	_, again := organiser.Applied(evs, source)
	return c, again, err
}

// entered returns the entry of c that is player's address, "" for none.
func entered(c *campaigns.Campaign, player string) string {
	for _, p := range c.Players {
		if strings.EqualFold(organiser.Player(p).Address, player) {
			return p
		}
	}
	return ""
}

// CanEnter says why player may not enter campaign id now, or nil.
func (d Desk) CanEnter(ctx context.Context, id, player string) error {
	c, err := d.load(ctx, id)
	if err != nil {
		return err
	}
	return canEnter(c, player)
}

func canEnter(c *campaigns.Campaign, player string) error {
	switch {
	case entered(c, player) != "":
		return refuse("refuse.campaign.entered", c.ID)
	case c.Over() || len(c.Rounds) > 0 && c.Created.Kind != campaigns.Ladder:
		return refuse("refuse.campaign.closed", c.ID)
	}
	return nil
}

// Enter enters player, who said yes by a mail only they could send.
// Once every player the organiser named has entered, round 1 is paired
// and its games started (a ladder's players challenge instead). source
// is the mail's line: read again, the entry it made stands, and the
// round is paired if it was not yet.
func (d Desk) Enter(ctx context.Context, id, player, source string) error {
	c, again, err := d.loadFrom(ctx, id, source)
	if err != nil {
		return err
	}
	if !again {
		if err := canEnter(c, player); err != nil {
			return err
		}
		if err := d.Organiser.Enter(ctx, id, player, source); errors.Is(err, organiser.ErrRefused) {
			return refused(err)
		} else if err != nil {
			return err
		}
	}
	c, err = d.load(ctx, id)
	if err != nil {
		return err
	}
	for _, p := range c.Created.Invited {
		if entered(c, p) == "" {
			return nil
		}
	}
	if len(c.Created.Invited) == 0 || len(c.Rounds) > 0 || c.Created.Kind == campaigns.Ladder {
		return nil
	}
	// The entry stands whatever the pairing says: a round that cannot be
	// paired now (the campaign paused) waits for the organiser's START.
	_, err = d.Organiser.Pair(ctx, id)
	if errors.Is(err, organiser.ErrRefused) {
		return nil
	}
	return err
}

// start pairs the campaign's next round, once for source.
func (d Desk) start(ctx context.Context, id, source string) error {
	_, err := d.Organiser.PairFrom(ctx, id, source)
	if errors.Is(err, organiser.ErrRefused) {
		return refused(err)
	}
	return err
}

// Withdraw takes player out of campaign id, once for source, the mail's
// line.
func (d Desk) Withdraw(ctx context.Context, id, player, source string) error {
	c, again, err := d.loadFrom(ctx, id, source)
	if err != nil || again {
		return err
	}
	p := entered(c, player)
	if _, gone := c.Withdrawn[p]; p == "" || gone {
		return refuse("refuse.campaign.notin", id)
	}
	err = d.Organiser.Withdraw(ctx, id, p, "by mail", source)
	if errors.Is(err, organiser.ErrRefused) {
		return refused(err)
	}
	return err
}

// Known says whether campaign id is there: the refusal of an unknown id,
// or nil.
func (d Desk) Known(ctx context.Context, id string) error {
	_, err := d.load(ctx, id)
	return err
}

// decisionWords are the words of the organiser's decisions by mail,
// each with its other words.
var decisionWords = map[string][]string{
	"START":      {"开始"},
	"ADJUDICATE": {"裁定"},
	"DISQUALIFY": {"取消资格"},
	"CLOSE":      {"结束"},
	"PAUSE":      {"暂停"},
	"RESUME":     {"继续"},
	"EXTEND":     {"延长"},
	"REPLACE":    {"替换"},
}

// decision returns the decision word w names.
func decision(w string) (string, bool) {
	for d, aliases := range decisionWords {
		if strings.EqualFold(d, w) || slices.Contains(aliases, w) {
			return d, true
		}
	}
	return "", false
}

// Decide records the decision line (a word of Decisions and what
// follows it) of campaign id's organiser, from, who wrote it to an
// address pbem mailed them alone; source is that line's. A decision
// read again is not decided again: what it does to the campaign's games
// is finished, and the round paired, where it was left.
func (d Desk) Decide(ctx context.Context, id, from, line, source string) error {
	c, again, err := d.loadFrom(ctx, id, source)
	if err != nil {
		return err
	}
	if !strings.EqualFold(c.Created.Organiser, from) {
		return refuse("refuse.campaign.organiser", id)
	}
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return refuse("refuse.campaign.decision", id)
	}
	word, ok := decision(fields[0])
	if !ok {
		return refuse("refuse.campaign.decision", id)
	}
	if again && word != "START" { // START records a round, which PairFrom finds
		dec, _, err := d.Organiser.DecisionOf(ctx, id, source)
		if err != nil {
			return err
		}
		return d.decided(ctx, c, dec, source)
	}
	args := fields[1:]
	var dec campaigns.Decided
	switch word {
	case "START":
		return d.start(ctx, id, source)
	case "ADJUDICATE":
		if len(args) < 1 {
			return refuse("refuse.campaign.decision", id)
		}
		places, ok := parsePlaces(args[1:])
		if !ok {
			return refuse("refuse.campaign.places", args[0])
		}
		dec = campaigns.Decided{Decision: campaigns.Adjudicated, Game: strings.ToLower(args[0]), Places: places, Reason: strings.Join(args[2:], " ")}
	case "DISQUALIFY":
		if len(args) < 1 {
			return refuse("refuse.campaign.decision", id)
		}
		p := entered(c, args[0])
		if p == "" {
			return refuse("refuse.campaign.noplayer", args[0])
		}
		dec = campaigns.Decided{Decision: campaigns.Disqualified, Player: p, Reason: strings.Join(args[1:], " ")}
	case "CLOSE":
		dec = campaigns.Decided{Decision: campaigns.Closed, Reason: strings.Join(args, " ")}
	case "PAUSE":
		dec = campaigns.Decided{Decision: campaigns.Paused, Reason: strings.Join(args, " ")}
	case "RESUME":
		dec = campaigns.Decided{Decision: campaigns.Resumed, Reason: strings.Join(args, " ")}
	case "EXTEND":
		if len(args) < 1 {
			return refuse("refuse.campaign.decision", id)
		}
		dec = campaigns.Decided{Decision: campaigns.Extended, Span: args[0], Reason: strings.Join(args[1:], " ")}
	case "REPLACE":
		// REPLACE <entrant> WITH <address> <reason>
		if len(args) < 3 || !isWith(args[1]) {
			return refuse("refuse.campaign.decision", id)
		}
		p := entered(c, args[0])
		game := ""
		for _, g := range c.Running() {
			if slices.Contains(g.Seats, p) {
				game = g.Game
			}
		}
		if p == "" || game == "" {
			return refuse("refuse.campaign.notplaying", args[0])
		}
		addr, err := games.ParseAddress(strings.Trim(args[2], "<>"), d.Organiser.Games.Mailbox)
		if err != nil {
			return err
		}
		dec = campaigns.Decided{Decision: campaigns.Replaced, Player: p, Game: game, Replacement: addr, Reason: strings.Join(args[3:], " ")}
	}
	if dec.Reason == "" {
		return refuse("refuse.campaign.reason")
	}
	return d.decided(ctx, c, dec, source)
}

// decided records dec in campaign c (the decision source recorded when
// it was read before), and pairs the round an adjudication completed.
func (d Desk) decided(ctx context.Context, c *campaigns.Campaign, dec campaigns.Decided, source string) error {
	id := c.ID
	err := d.Organiser.Decide(ctx, id, dec, source)
	if errors.Is(err, organiser.ErrRefused) {
		return refused(err)
	}
	var refusal *games.Error
	if errors.As(err, &refusal) {
		return refusal // a game's, such as a vacation too long: in the reader's words where it has them
	}
	if err == nil && dec.Decision == campaigns.Adjudicated && c.Created.Options.AutoPair && !c.Paused() {
		// The round may be complete now: a campaign by mail runs itself.
		_, err = d.Organiser.Pair(ctx, id)
		if errors.Is(err, organiser.ErrRefused) {
			err = nil // games of the round are still being played
		}
	}
	return err
}

// parsePlaces reads "1,2" (or "1 2") as the places by seat; ok is false
// when there is none.
func parsePlaces(args []string) ([]int, bool) {
	if len(args) == 0 {
		return nil, false
	}
	var out []int
	for _, p := range strings.FieldsFunc(args[0], func(r rune) bool { return r == ',' || r == '，' }) {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, len(out) > 0
}

// isWith reports whether w is the keyword WITH, in a language pbem reads.
func isWith(w string) bool {
	return strings.EqualFold(w, "WITH") || w == "和" || w == "与"
}
