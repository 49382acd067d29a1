// Package bymail runs campaigns by mail. It reads what an organiser or a
// player writes (CAMPAIGN, ENTER, WITHDRAW, STANDINGS and the
// organiser's decisions) and decides it on the command side (package
// organiser) with Desk; and it derives from each campaign's history the
// mail that tells its people of it (Letters): the organiser's mail of
// the campaign, each invitation, each entry and withdrawal, each round's
// table and the standings after each round. The mail side's command
// table runs Desk; the outbox sends what Letters derives, as it sends a
// game's notices.
package bymail

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/templates/words"
)

// Spec is what a CAMPAIGN line asks for, before WITH.
type Spec struct {
	Kind     string
	Game     string
	Variants []string
	Options  campaigns.Options
}

// kindWords are the words that name each kind of campaign, in every
// language pbem reads.
var kindWords = map[string]string{
	"roundrobin": campaigns.RoundRobin, "round-robin": campaigns.RoundRobin, "循环赛": campaigns.RoundRobin,
	"swiss": campaigns.Swiss, "瑞士制": campaigns.Swiss,
	"knockout": campaigns.Knockout, "淘汰赛": campaigns.Knockout,
	"ladder": campaigns.Ladder, "天梯": campaigns.Ladder, "天梯赛": campaigns.Ladder,
	"league": campaigns.League, "联赛": campaigns.League,
}

// An option of a CAMPAIGN line: its word, its other words, what its
// value is (for a refusal, a message id of nothing the sender wrote) and
// how it sets the options.
type option struct {
	word    string
	aliases []string
	set     func(o *campaigns.Options, v string) bool
}

func number(field func(*campaigns.Options) *int) func(*campaigns.Options, string) bool {
	return func(o *campaigns.Options, v string) bool {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return false
		}
		*field(o) = n
		return true
	}
}

// options are the CAMPAIGN line's options, one a word and its value.
var options = []option{
	{"ROUNDS", []string{"轮数"}, number(func(o *campaigns.Options) *int { return &o.Rounds })},
	{"TABLE", []string{"每桌"}, number(func(o *campaigns.Options) *int { return &o.Table })},
	{"REACH", []string{"范围"}, number(func(o *campaigns.Options) *int { return &o.Reach })},
	{"DIVISION", []string{"每组"}, number(func(o *campaigns.Options) *int { return &o.Division })},
	{"PROMOTE", []string{"升降"}, number(func(o *campaigns.Options) *int { return &o.Promote })},
	{"SEASONS", []string{"赛季"}, number(func(o *campaigns.Options) *int { return &o.Seasons })},
	{"DEADLINE", []string{"期限"}, func(o *campaigns.Options, v string) bool { o.Deadline = v; return v != "" }},
	{"POINTS", []string{"积分"}, func(o *campaigns.Options, v string) bool {
		for _, p := range strings.Split(v, ",") {
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 {
				return false
			}
			o.PlacePoints = append(o.PlacePoints, n)
		}
		return true
	}},
	{"TIEBREAKS", []string{"破同分"}, func(o *campaigns.Options, v string) bool {
		for _, tb := range strings.Split(v, ",") {
			if !slices.Contains(campaigns.Tiebreaks, tb) {
				return false
			}
			o.Tiebreaks = append(o.Tiebreaks, tb)
		}
		return true
	}},
}

// what each option's value is, for its refusal: in pbem's words.
var optionValue = map[string]string{"POINTS": "3,1,0", "TIEBREAKS": strings.Join(campaigns.Tiebreaks, ","), "DEADLINE": "72h"}

func lookupOption(w string) (option, bool) {
	for _, o := range options {
		if strings.EqualFold(o.word, w) || slices.Contains(o.aliases, w) {
			return o, true
		}
	}
	return option{}, false
}

// Kind returns the kind of campaign word names, in any language pbem
// reads.
func Kind(word string) (string, bool) {
	k, ok := kindWords[strings.ToLower(word)]
	return k, ok
}

// ParseSpec reads the words of a CAMPAIGN line before its WITH: the
// kind, the game, its variants, then options, each a word and its value
// (ROUNDS 3, TABLE 3, DEADLINE 72h, POINTS 3,1,0, TIEBREAKS
// game-score,buchholz, REACH, DIVISION, PROMOTE, SEASONS, or their
// Chinese words). Its refusals name nothing the sender wrote.
func ParseSpec(fields []string) (Spec, error) {
	if len(fields) == 0 {
		return Spec{}, refuse("refuse.campaign.usage")
	}
	kind, ok := Kind(fields[0])
	if !ok {
		return Spec{}, refuse("refuse.campaign.kind", strings.Join(campaigns.Kinds, ", "))
	}
	s := Spec{Kind: kind}
	if len(fields) < 2 {
		return s, errNoGame
	}
	s.Game = strings.ToLower(fields[1])
	rest := fields[2:]
	for len(rest) > 0 {
		o, isOption := lookupOption(rest[0])
		if !isOption {
			if s.Options.Rounds != 0 || s.Options.Table != 0 || s.Options.Deadline != "" {
				return s, refuse("refuse.campaign.usage") // a variant after the options
			}
			s.Variants = append(s.Variants, strings.ToLower(rest[0]))
			rest = rest[1:]
			continue
		}
		if len(rest) < 2 || !o.set(&s.Options, strings.ReplaceAll(rest[1], "，", ",")) {
			return s, refuse("refuse.campaign.option", o.word, valueOf(o.word))
		}
		rest = rest[2:]
	}
	if s.Kind != campaigns.Ladder {
		// A campaign started by mail runs itself: each round is paired
		// once the last game of the one before has its result.
		s.Options.AutoPair = true
	}
	return s, nil
}

// errNoGame is a CAMPAIGN line without a game; Desk answers it with the
// games pbem plays.
var errNoGame = errors.New("bymail: no game")

func valueOf(word string) string {
	if v, ok := optionValue[word]; ok {
		return v
	}
	return "1, 2, 3…"
}

// refuse is a refusal in the reader's language: id names it in the
// catalog (package words), args fill it in.
func refuse(id string, args ...string) error {
	as := make([]any, len(args))
	for i, a := range args {
		as[i] = a
	}
	return &games.Error{Kind: games.ErrSetup, Msg: words.For(words.Fallback).S(words.ID(id), as...), ID: id, Args: args}
}
