package notice_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/games/notice"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/atacama"
)

var (
	seed    = rules.SeedFromInt(1)
	started = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
)

// event is an event of game g of type typ by actor, sealed as its seq'th.
func event(t *testing.T, seq uint64, typ string, actor int, p any) events.Event {
	t.Helper()
	e, err := events.New(typ, actor, started.Add(time.Duration(seq)*time.Hour), p)
	if err != nil {
		t.Fatal(err)
	}
	return e.Seal("g", seq, "")
}

// played is a game of atacama of Ana (seat 0, its host) and Bea (seat 1)
// after the first move of each, folded from its history, which it
// returns too.
func played(t *testing.T, settings events.Settings) (*projections.Game, []events.Event) {
	t.Helper()
	created := event(t, 1, events.TypeGameCreated, events.SystemActor, events.GameCreated{
		Game: "atacama", Variants: []string{}, Commitment: seed.Commitment(), Host: "ana@example.org",
		Players: []events.Player{{Seat: 0, Name: "Ana", Address: "ana@example.org"}, {Seat: 1, Name: "Bea", Address: "bea@example.net"}},
	})
	g, err := projections.Start(rules.NewCatalog(atacama.Game), created, seed)
	if err != nil {
		t.Fatal(err)
	}
	evs := []events.Event{created}
	apply := func(e events.Event) {
		t.Helper()
		e.Prev = g.Hash
		e = e.Seal("g", e.Seq, g.Hash)
		if err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type, err)
		}
		evs = append(evs, e)
	}
	if settings.PerMove != "" {
		apply(event(t, 2, events.TypeSettingsChanged, events.SystemActor, events.SettingsChanged{Settings: settings}))
	}
	for seat := range 2 {
		m := g.State.Legal(rules.Seat(seat))[0]
		apply(event(t, uint64(len(evs)+1), events.TypeMovePlayed, seat, events.MovePlayed{Seat: seat, Move: m.String()}))
	}
	return g, evs
}

// TestDescribe: each event in a sentence for each reader: "you" for the
// reader's own seat, the player's name for another's, silence where the
// event is the reader's own business or none of theirs.
func TestDescribe(t *testing.T) {
	g, evs := played(t, events.Settings{})
	move := evs[1]
	var mp events.MovePlayed
	if err := move.Unmarshal(&mp); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 3, 18, 0, 0, 0, time.UTC)
	why := []byte(`{"f":"game %s is over","a":[{"t":"g1"}]}`)
	for _, c := range []struct {
		name string
		typ  string
		p    any
		want [3]string // to Ana, to Bea, to an observer
	}{
		{"a move", events.TypeMovePlayed, events.MovePlayed{Seat: 0, Move: mp.Move}, [3]string{"You placed a rig on A1.", "Ana placed a rig on A1.", "Ana placed a rig on A1."}},
		{"a timeout", events.TypeMovePlayed, events.MovePlayed{Seat: 0, Move: mp.Move, Timeout: true}, [3]string{"Time ran out for you, so pbem played for you: it placed a rig on A1.", "Time ran out for Ana, so pbem played for them: it placed a rig on A1.", "Time ran out for Ana, so pbem played for them: it placed a rig on A1."}},
		{"a conditional move", events.TypeMovePlayed, events.MovePlayed{Seat: 0, Move: mp.Move, Conditional: true}, [3]string{"pbem played the move you wrote in advance: it placed a rig on A1.", "pbem played the move Ana wrote in advance: it placed a rig on A1.", "pbem played the move Ana wrote in advance: it placed a rig on A1."}},
		{"a queued move", events.TypeMovePlayed, events.MovePlayed{Seat: 0, Move: mp.Move, Queued: true}, [3]string{"pbem played the next move of your programmed list: it placed a rig on A1.", "pbem played the next move of Ana's programmed list: it placed a rig on A1.", "pbem played the next move of Ana's programmed list: it placed a rig on A1."}},
		{"a forced move", events.TypeMovePlayed, events.MovePlayed{Seat: 0, Move: mp.Move, Forced: true}, [3]string{"You had one move only, so pbem played it for you: it placed a rig on A1.", "Ana had one move only, so pbem played it for them: it placed a rig on A1.", "Ana had one move only, so pbem played it for them: it placed a rig on A1."}},
		{"a move the rules cannot read", events.TypeMovePlayed, events.MovePlayed{Seat: 1, Move: "ZZ9"}, [3]string{"Bea placed a rig on ZZ9.", "You placed a rig on ZZ9.", "Bea placed a rig on ZZ9."}},
		{"a SAY", events.TypePlayerSaid, events.PlayerSaid{Seat: 1, Text: "good luck\nBea"}, [3]string{"Bea said: good luck", "You said: good luck", "Bea said: good luck"}},
		{"a resignation", events.TypePlayerResigned, events.PlayerResigned{Seat: 1}, [3]string{"Bea resigned.", "You resigned.", "Bea resigned."}},
		{"the end, not folded", events.TypeGameEnded, events.GameEnded{}, [3]string{"The game ended.", "The game ended.", "The game ended."}},
		{"no deadline", events.TypeSettingsChanged, events.SettingsChanged{}, [3]string{"The host set the clock: no deadlines.", "The host set the clock: no deadlines.", "The host set the clock: no deadlines."}},
		{"a deadline", events.TypeSettingsChanged, events.SettingsChanged{Settings: events.Settings{PerMove: "48h", Days: []string{"mon", "fri"}, Zone: "Asia/Shanghai", Reminder: "12h", Grace: "6h"}}, [3]string{"The host set the clock: 48h per move counting only Mon, Fri, days as they are in Asia/Shanghai (UTC+08:00), a reminder 12h before, 6h of grace.", "The host set the clock: 48h per move counting only Mon, Fri, days as they are in Asia/Shanghai (UTC+08:00), a reminder 12h before, 6h of grace.", "The host set the clock: 48h per move counting only Mon, Fri, days as they are in Asia/Shanghai (UTC+08:00), a reminder 12h before, 6h of grace."}},
		{"a deadline every day", events.TypeSettingsChanged, events.SettingsChanged{Settings: events.Settings{PerMove: "24h"}}, [3]string{"The host set the clock: 24h per move.", "The host set the clock: 24h per move.", "The host set the clock: 24h per move."}},
		{"a reminder", events.TypeReminderSent, events.ReminderSent{Seat: 1, Deadline: at}, [3]string{"pbem reminded Bea of their deadline, Thu 3 Dec 18:00 UTC.", "", "pbem reminded Bea of their deadline, Thu 3 Dec 18:00 UTC."}},
		{"a digest", events.TypeDigestSent, events.DigestSent{Seat: 1}, [3]string{"pbem sent Bea their digest of the game.", "", "pbem sent Bea their digest of the game."}},
		{"SAYs gathered", events.TypeSaysGathered, events.SaysGathered{Seat: 1}, [3]string{"pbem sent Bea the messages held back for one mail.", "", "pbem sent Bea the messages held back for one mail."}},
		{"a deadline passed", events.TypeDeadlinePassed, events.DeadlinePassed{Seat: 1, Deadline: at}, [3]string{"Bea's deadline (Thu 3 Dec 18:00 UTC) passed.", "Your deadline (Thu 3 Dec 18:00 UTC) passed.", "Bea's deadline (Thu 3 Dec 18:00 UTC) passed."}},
		{"a seat given up for its timeouts", events.TypeSeatAbandoned, events.SeatAbandoned{Seat: 1, Reason: "timeouts"}, [3]string{"From now on pbem plays Bea's seat for good: there were too many timeouts.", "From now on pbem plays your seat for good: there were too many timeouts.", "From now on pbem plays Bea's seat for good: there were too many timeouts."}},
		{"a seat expelled", events.TypeSeatAbandoned, events.SeatAbandoned{Seat: 1, Reason: "expelled"}, [3]string{"From now on pbem plays Bea's seat for good: the host expelled Bea.", "From now on pbem plays your seat for good: the host expelled you.", "From now on pbem plays Bea's seat for good: the host expelled Bea."}},
		{"a vacation", events.TypeVacationDeclared, events.VacationDeclared{Seat: 1, From: at, Until: at.Add(48 * time.Hour)}, [3]string{"Bea is away from Thu 3 Dec 18:00 UTC until Sat 5 Dec 18:00 UTC; a deadline in between moves past the return.", "You are away from Thu 3 Dec 18:00 UTC until Sat 5 Dec 18:00 UTC; a deadline in between moves past the return.", "Bea is away from Thu 3 Dec 18:00 UTC until Sat 5 Dec 18:00 UTC; a deadline in between moves past the return."}},
		{"a pause by the host", events.TypeGamePaused, events.GamePaused{By: "Ana"}, [3]string{"Ana paused the game: no moves and no deadlines until it resumes.", "Ana paused the game: no moves and no deadlines until it resumes.", "Ana paused the game: no moves and no deadlines until it resumes."}},
		{"a pause by the operator", events.TypeGamePaused, events.GamePaused{By: "the operator"}, [3]string{"The operator paused the game: no moves and no deadlines until it resumes.", "The operator paused the game: no moves and no deadlines until it resumes.", "The operator paused the game: no moves and no deadlines until it resumes."}},
		{"a resumption", events.TypeGameResumed, events.GameResumed{By: "Ana"}, [3]string{"Ana resumed the game.", "Ana resumed the game.", "Ana resumed the game."}},
		{"an undo asked", events.TypeUndoProposed, events.UndoProposed{Seat: 1, Back: 2}, [3]string{"Bea asks to take back the moves after move 1: reply AGREE or DECLINE.", "You asked to take back the moves after move 1; the other players answer.", "Bea asks to take back the moves after move 1: reply AGREE or DECLINE."}},
		{"an undo to the start asked", events.TypeUndoProposed, events.UndoProposed{Seat: 0, Back: 1}, [3]string{"You asked to take back the moves after the start; the other players answer.", "Ana asks to take back the moves after the start: reply AGREE or DECLINE.", "Ana asks to take back the moves after the start: reply AGREE or DECLINE."}},
		{"an undo decided", events.TypeUndoProposed, events.UndoProposed{Seat: -1, Back: 2, Decided: true}, [3]string{"The host took moves back.", "The host took moves back.", "The host took moves back."}},
		{"an undo agreed", events.TypeUndoAnswered, events.UndoAnswered{Seat: 0, Agree: true}, [3]string{"You agreed to take the moves back.", "Ana agreed to take the moves back.", "Ana agreed to take the moves back."}},
		{"an undo declined", events.TypeUndoAnswered, events.UndoAnswered{Seat: 0}, [3]string{"You declined to take the moves back.", "Ana declined to take the moves back.", "Ana declined to take the moves back."}},
		{"moves undone", events.TypeMovesUndone, events.MovesUndone{Back: 2}, [3]string{"Every move after move 1 was taken back; the game is as it was then.", "Every move after move 1 was taken back; the game is as it was then.", "Every move after move 1 was taken back; the game is as it was then."}},
		{"a seat given to another", events.TypePlayerReplaced, events.PlayerReplaced{Seat: 1, Name: "Cai", Address: "cai@example.com"}, [3]string{"Cai took seat 1.", "Cai took seat 1.", "Cai took seat 1."}},
		{"an invitation accepted", events.TypeInvitationAnswered, events.InvitationAnswered{Seat: 1, Accepted: true}, [3]string{"Bea joined the game.", "You joined the game.", "Bea joined the game."}},
		{"an invitation declined", events.TypeInvitationAnswered, events.InvitationAnswered{Seat: 1}, [3]string{"Seat 1 declined the game; seat 1 is open.", "You declined the game.", "Seat 1 declined the game; seat 1 is open."}},
		{"AUTO ON", events.TypeAutoChanged, events.AutoChanged{Seat: 1}, [3]string{"Bea let pbem play a move that is the only one.", "You let pbem play a move that is the only one.", "Bea let pbem play a move that is the only one."}},
		{"AUTO OFF", events.TypeAutoChanged, events.AutoChanged{Seat: 1, Off: true}, [3]string{"Bea asked to be asked even for a move that is the only one.", "You asked to be asked even for a move that is the only one.", "Bea asked to be asked even for a move that is the only one."}},
		{"an end asked", events.TypeEndProposed, events.EndProposed{Seat: 1}, [3]string{"Bea proposes to end the game as it stands: reply END to agree.", "You proposed to end the game as it stands; it ends when every player still playing agrees.", "Bea proposes to end the game as it stands: reply END to agree."}},
		{"an observer asked", events.TypeObserverChanged, events.ObserverChanged{Address: "olga@example.com", Watch: true, Invited: true}, [3]string{"The host asked someone to follow the game.", "The host asked someone to follow the game.", "The host asked someone to follow the game."}},
		{"an observer joined", events.TypeObserverChanged, events.ObserverChanged{Address: "olga@example.com", Watch: true, Accepted: true}, [3]string{"Someone the host asked now follows the game: they get the board as everyone sees it.", "Someone the host asked now follows the game: they get the board as everyone sees it.", "Someone the host asked now follows the game: they get the board as everyone sees it."}},
		{"an observer added", events.TypeObserverChanged, events.ObserverChanged{Address: "olga@example.com", Watch: true}, [3]string{"The host let someone follow the game: they get the board as everyone sees it.", "The host let someone follow the game: they get the board as everyone sees it.", "The host let someone follow the game: they get the board as everyone sees it."}},
		{"an observer gone", events.TypeObserverChanged, events.ObserverChanged{Address: "olga@example.com"}, [3]string{"Someone stopped following the game.", "Someone stopped following the game.", "Someone stopped following the game."}},
		{"DIGEST ON", events.TypeDigestChanged, events.DigestChanged{Seat: 1, On: true}, [3]string{"", "You will get one mail a day about this game, and one at once whenever it is your turn.", ""}},
		{"DIGEST OFF", events.TypeDigestChanged, events.DigestChanged{Seat: 1}, [3]string{"", "You will get a mail about each move again.", ""}},
		{"moves queued", events.TypeMovesQueued, events.MovesQueued{Seat: 1, Moves: []string{"A1", "B2"}}, [3]string{"", "pbem will play for you, as your turns come: A1, B2.", ""}},
		{"a queued move skipped", events.TypeMovesQueued, events.MovesQueued{Seat: 1, Skipped: "A1"}, [3]string{"", "pbem left A1 out of your programmed list: it could not be played when its turn came, and you wrote IF NEEDED.", ""}},
		{"queued moves dropped", events.TypeMovesQueued, events.MovesQueued{Seat: 1, Dropped: "the game is over"}, [3]string{"", "Your programmed list stopped: the game is over. The rest of it was dropped.", ""}},
		{"queued moves dropped, why as a phrase", events.TypeMovesQueued, events.MovesQueued{Seat: 1, Dropped: "game g1 is over", Why: why}, [3]string{"", "Your programmed list stopped: game g1 is over. The rest of it was dropped.", ""}},
		{"queued moves dropped, why unreadable", events.TypeMovesQueued, events.MovesQueued{Seat: 1, Dropped: "game g1 is over", Why: []byte(`"x"`)}, [3]string{"", "Your programmed list stopped: game g1 is over. The rest of it was dropped.", ""}},
		{"a conditional move", events.TypeConditionalSet, events.ConditionalSet{Seat: 1, If: "A1", Then: "B2"}, [3]string{"", "If A1 is played next, pbem will play B2 for you.", ""}},
		{"an event of no type pbem knows", "Unknown", struct{}{}, [3]string{}},
	} {
		e := event(t, uint64(len(evs)+1), c.typ, 0, c.p)
		var got [3]string
		for i, reader := range []int{0, 1, int(rules.Observer)} {
			got[i] = notice.Describe(g, e, reader)
		}
		if got != c.want {
			t.Errorf("%s: to Ana, Bea and an observer\n%q\nwant\n%q", c.name, got, c.want)
		}
	}
}

// history folds more events into the game played returns, each sealed
// after the one before, and returns them all.
func history(t *testing.T, g *projections.Game, evs []events.Event, more ...events.Event) []events.Event {
	t.Helper()
	for _, e := range more {
		e = e.Seal("g", uint64(len(evs)+1), g.Hash)
		if err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type, err)
		}
		evs = append(evs, e)
	}
	return evs
}

// turn plays the moves of the others until it is seat's turn, then
// seat's move as mp says (Seat and Move filled in).
func turn(t *testing.T, g *projections.Game, evs []events.Event, seat int, mp events.MovePlayed) []events.Event {
	t.Helper()
	for {
		s := int(g.State.ToAct()[0])
		m := events.MovePlayed{Seat: s, Move: g.State.Legal(rules.Seat(s))[0].String()}
		if s == seat {
			mp.Seat, mp.Move = m.Seat, m.Move
			m = mp
		}
		evs = history(t, g, evs, event(t, 0, events.TypeMovePlayed, s, m))
		if s == seat {
			return evs
		}
	}
}

// TestDescribeEach: each event of a history as things stood when it
// happened: Bea's timeouts before pbem took her seat for good read as
// timeouts, those after as pbem playing the seat; her moves are hers to
// Cai, who took the seat after her, and his own are his.
func TestDescribeEach(t *testing.T) {
	g, evs := played(t, events.Settings{})
	evs = turn(t, g, evs, 1, events.MovePlayed{Timeout: true})
	evs = history(t, g, evs, event(t, 0, events.TypeSeatAbandoned, events.SystemActor, events.SeatAbandoned{Seat: 1, Reason: "timeouts"}))
	evs = turn(t, g, evs, 1, events.MovePlayed{Timeout: true})
	evs = history(t, g, evs, event(t, 0, events.TypePlayerReplaced, events.SystemActor, events.PlayerReplaced{Seat: 1, Name: "Cai", Address: "cai@example.com"}))
	evs = turn(t, g, evs, 1, events.MovePlayed{})
	created := "Ana set up the game for %s (seat 0), Bea (seat 1); the seed's commitment is " + seed.Commitment() + "."
	story := func(ana, bea, cai string) []string {
		return []string{
			fmt.Sprintf(created, ana),
			title(ana) + " placed a rig on A1.",
			bea + " placed a rig on A3.",
			title(ana) + " placed a rig on A5.",
			"Time ran out for " + bea + ", so pbem played for them: it placed a rig on A7.",
			"From now on pbem plays Bea's seat for good: there were too many timeouts.",
			title(ana) + " placed a rig on A9.",
			"pbem plays Bea's seat for good: it placed a rig on B2.",
			title(cai) + " took over Bea's seat (seat 1).",
			title(ana) + " placed a rig on B4.",
			title(cai) + " placed a rig on B6.",
		}
	}
	for _, c := range []struct {
		reader int
		want   []string
	}{
		{0, story("you", "Bea", "Cai")},
		{1, story("Ana", "Bea", "you")},
		{int(rules.Observer), story("Ana", "Bea", "Cai")},
	} {
		if got := notice.DescribeEach(g, evs, c.reader); !slices.Equal(got, c.want) {
			t.Errorf("DescribeEach to seat %d:\n%q\nwant\n%q", c.reader, got, c.want)
		}
		if got := notice.DescribeAll(g, evs, 9, c.reader, locale.Locale{}); !slices.Equal(got, c.want[9:]) {
			t.Errorf("DescribeAll from 9 to seat %d = %q, want %q", c.reader, got, c.want[9:])
		}
	}
	if got := notice.DescribeEach(g, nil, 0); len(got) != 0 {
		t.Errorf("DescribeEach of no events = %q", got)
	}
	// Told alone, by the game as it now is, Bea's timeouts read as Cai's,
	// whose seat pbem no longer plays.
	if got, want := notice.Describe(g, evs[7], 0), "Time ran out for Cai, so pbem played for them: it placed a rig on B2."; got != want {
		t.Errorf("Describe of the first timeout = %q, want %q", got, want)
	}

	// Happened: what a reader missed since they last moved, at most the
	// last 8 lines (60 for a seat of DIGEST ON), a move taken back left out.
	for _, c := range []struct {
		reader int
		digest bool
		want   []string
	}{
		{0, false, story("you", "Bea", "Cai")[10:]},
		{1, false, story("Ana", "Bea", "you")[8:]},
		{int(rules.Observer), false, story("Ana", "Bea", "Cai")[3:]},
		{int(rules.Observer), true, story("Ana", "Bea", "Cai")[1:]},
	} {
		g.Digest[c.reader] = c.digest
		if got := notice.Happened(g, evs, c.reader, locale.Locale{}); !slices.Equal(got, c.want) {
			t.Errorf("Happened to seat %d, digest %v:\n%q\nwant\n%q", c.reader, c.digest, got, c.want)
		}
	}
	g.Undone[evs[9].Seq] = true
	if got, want := notice.Happened(g, evs, 1, locale.Locale{}), []string{"You took over Bea's seat (seat 1).", "You placed a rig on B6."}; !slices.Equal(got, want) {
		t.Errorf("Happened with a move taken back = %q, want %q", got, want)
	}
	// A mail about the reader's own move says what came since the move
	// before it.
	if got, want := notice.Happened(g, evs[:10], 0, locale.Locale{}), story("you", "Bea", "Cai")[7:9]; !slices.Equal(got, want) {
		t.Errorf("Happened to a seat whose move is the last = %q, want %q", got, want)
	}
}

// title is s, a name or "you", with its first letter in capitals.
func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// guideOnly is a state that describes its moves in English only (a
// rules.Guide, not a rules.PhrasedGuide), and says nothing of "pass".
type guideOnly struct{ rules.State }

func (guideOnly) MoveSyntax(rules.Seat) string { return "Name a field." }

func (guideOnly) Describe(_ rules.Seat, move string) string {
	if move == "pass" {
		return ""
	}
	return "did " + move
}

// silent is a state that describes none of its moves.
type silent struct{ rules.State }

// TestDescribeMove: a move is told in the game's words where its rules
// phrase it, in their English words for a reader of English, and as it
// is written otherwise.
func TestDescribeMove(t *testing.T) {
	g, evs := played(t, events.Settings{})
	en, zh := locale.Of(nil, mail.Pref{Lang: "en"}), locale.Of(nil, mail.Pref{Lang: "zh"})
	atacama := g.State
	for _, c := range []struct {
		name   string
		st     rules.State
		move   string
		en, zh string
	}{
		{"phrased", atacama, "A1", "You placed a rig on A1.", ""}, // its Chinese is in the game's book
		{"in English only", guideOnly{atacama}, "A1", "You did A1.", "你走了 A1。"},
		{"not described", guideOnly{atacama}, "pass", "You played pass.", "你走了 pass。"},
		{"never described", silent{atacama}, "A1", "You played A1.", "你走了 A1。"},
	} {
		g.State = c.st
		e := event(t, 9, events.TypeMovePlayed, 0, events.MovePlayed{Seat: 0, Move: c.move})
		if got := notice.DescribeEachIn(g, append(evs, e), 0, en)[len(evs)]; got != c.en {
			t.Errorf("%s: in English %q, want %q", c.name, got, c.en)
		}
		if got := notice.DescribeEachIn(g, append(evs, e), 0, zh); c.zh != "" && got[len(evs)] != c.zh {
			t.Errorf("%s: in Chinese %q, want %q", c.name, got[len(evs)], c.zh)
		}
	}
}

// TestDescribeDropped: why a programmed list stopped is told in the
// reader's language where the rules gave it as a phrase.
func TestDescribeDropped(t *testing.T) {
	g, evs := played(t, events.Settings{})
	zh := locale.Of(nil, mail.Pref{Lang: "zh"})
	for _, c := range []struct {
		why  []byte
		want string
	}{
		{nil, "你的着法清单停了：game g1 is over。剩下的已作废。"},
		{[]byte(`{"f":"game %s is over","a":[{"t":"g1"}]}`), "你的着法清单停了：对局 g1 已经结束。剩下的已作废。"},
	} {
		e := event(t, 9, events.TypeMovesQueued, 1, events.MovesQueued{Seat: 1, Dropped: "game g1 is over", Why: c.why})
		if got := notice.DescribeEachIn(g, append(evs, e), 1, zh)[len(evs)]; got != c.want {
			t.Errorf("dropped, why %s: %q, want %q", c.why, got, c.want)
		}
	}
}

// TestDescribeClock: a passed deadline says when the grace ends, where
// the host gave one.
func TestDescribeClock(t *testing.T) {
	at := time.Date(2026, 12, 3, 18, 0, 0, 0, time.UTC)
	passed := events.DeadlinePassed{Seat: 1, Deadline: at}
	for _, c := range []struct {
		grace string
		want  [2]string // to Ana, to Bea
	}{
		{"", [2]string{"Bea's deadline (Thu 3 Dec 18:00 UTC) passed.", "Your deadline (Thu 3 Dec 18:00 UTC) passed."}},
		{"0h", [2]string{"Bea's deadline (Thu 3 Dec 18:00 UTC) passed.", "Your deadline (Thu 3 Dec 18:00 UTC) passed."}},
		{"6h", [2]string{
			"Bea's deadline (Thu 3 Dec 18:00 UTC) passed; if Bea has not moved by Fri 4 Dec 00:00 UTC, the end of the grace, pbem plays for them.",
			"Your deadline (Thu 3 Dec 18:00 UTC) passed; if you have not moved by Fri 4 Dec 00:00 UTC, the end of the grace, pbem plays for you."}},
	} {
		g, _ := played(t, events.Settings{PerMove: "48h", Grace: c.grace})
		e := event(t, 9, events.TypeDeadlinePassed, events.SystemActor, passed)
		if got := [2]string{notice.Describe(g, e, 0), notice.Describe(g, e, 1)}; got != c.want {
			t.Errorf("grace %q: %q, want %q", c.grace, got, c.want)
		}
	}
}

// TestDescribeUndone: moves taken back are listed, those after the
// position gone back to and before the undo.
func TestDescribeUndone(t *testing.T) {
	g, evs := played(t, events.Settings{})
	turn(t, g, evs, 0, events.MovePlayed{}) // event 4
	undo := event(t, 6, events.TypeMovesUndone, events.SystemActor, events.MovesUndone{Back: 2})
	for _, m := range g.Moves {
		g.Undone[m.Seq] = m.Seq > 2
	}
	want := "Every move after move 1 was taken back (Bea placed a rig on A3; you placed a rig on A5); the game is as it was then."
	if got := notice.Describe(g, undo, 0); got != want {
		t.Errorf("the undo = %q, want %q", got, want)
	}
	undo = event(t, 4, events.TypeMovesUndone, events.SystemActor, events.MovesUndone{Back: 2})
	if got, want := notice.Describe(g, undo, 0), "Every move after move 1 was taken back (Bea placed a rig on A3); the game is as it was then."; got != want {
		t.Errorf("an undo before the last move = %q, want %q", got, want)
	}
	if got, want := notice.Describe(g, event(t, 6, events.TypeMovesUndone, events.SystemActor, events.MovesUndone{Back: 4}), 0), "Every move after move 1 was taken back; the game is as it was then."; got != want {
		t.Errorf("an undo of no move = %q, want %q", got, want)
	}
}
