package torture

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbem-games/pbem/events"
)

// Run is one command line an operator ran at the console.
type Run struct {
	Args       []string
	Game       string // the game it is about, "" for none
	Start, End time.Time
	Err        string // "" when it exited 0; else how it ended and what it printed on stderr
	Out        string
	// Event is the event a command that changes a game recorded ("recorded
	// as event N"), 0 for none.
	Event uint64
	// Disturbed says the service was killed while the command ran
	// (filled in by whoever kills it): a command that then fails has
	// failed in the way the console allows.
	Disturbed bool
	// At is the time a pbem tick acted at (--at).
	At time.Time
}

// consoleEvents are the events of a game the operator's commands record,
// by the command's first word.
var consoleEvents = map[string]string{"pause": events.TypeGamePaused, "resume": events.TypeGameResumed, "deadline": events.TypeSettingsChanged}

// Changes says whether the run asks to change its game.
func (r Run) Changes() bool {
	return len(r.Args) > 0 && consoleEvents[r.Args[0]] != ""
}

// Operator runs pbem command lines against the data directory of a
// running service, as a person at its console would, while the club plays
// and the service is killed and started again: reading (pbem games, log,
// verify, mail list) and, now and then, setting a game's deadline, pausing
// a game and resuming it a moment later, or running its clock.
type Operator struct {
	Bin, Data string
	// Store, when set, are the global flags that name the store instead
	// of --data Data: --nats URL --replicas 3 for a cluster.
	Store []string
	Club  *Club
	Seed  uint64
	// Every is about how long the operator waits between commands; Pause
	// the chance that a command is a pause (and its resume).
	Every time.Duration
	Pause float64
	// Deadline is the chance that a command sets a deadline of 48 hours a
	// move on a game in play: news to every seat, and to the seat to move
	// the prompt again, while its first prompt may still be unanswered.
	Deadline float64
	// Clock is the chance that a command sets a deadline on a game in
	// play (an hour a move, reminded half an hour before, ten minutes'
	// grace) and then runs pbem tick --at a simulated time three hours on
	// from the last: reminders, deadlines passed, and moves pbem plays
	// for the seats that did not move in time.
	Clock float64

	mu    sync.Mutex
	runs  []Run
	clock time.Time // the simulated time of the last tick
	ticks int       // ticks run
	timed map[string]bool
}

var recordedEvent = regexp.MustCompile(`(?m)^recorded as event (\d+)$`)

// Play runs commands until ctx ends, and then resumes any game it left
// paused; it returns once it has.
func (o *Operator) Play(ctx context.Context) {
	rng := rand.New(rand.NewPCG(o.Seed, 6<<32))
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
		case <-time.After(time.Duration(rng.Int64N(int64(2 * o.Every)))):
		}
		playing := o.Club.Playing()
		game := ""
		if len(playing) > 0 {
			game = playing[rng.IntN(len(playing))]
		}
		changes := o.Pause + o.Deadline + o.Clock
		switch r := rng.Float64(); {
		case game != "" && r < o.Pause:
			o.pauseAWhile(game, time.Duration(200+rng.IntN(1300))*time.Millisecond)
		case game != "" && r < o.Pause+o.Deadline:
			o.run(game, "deadline", game, "48h")
		case game != "" && r < changes:
			o.tick(game)
		case game != "" && r < changes+(1-changes)/4:
			o.run(game, "log", game)
		case game != "" && r < changes+(1-changes)/2:
			o.run(game, "verify", game)
		case r < changes+3*(1-changes)/4:
			o.run("", "mail", "list", "--waiting")
		default:
			o.run("", "games")
		}
	}
}

// tick gives game a deadline, unless it has one, and runs the clock on
// three hours from the last tick, every fourth time a day and three
// hours: long enough for the daily digests of the players who asked for
// them, and for vacations to begin and end.
func (o *Operator) tick(game string) {
	if o.timed == nil {
		o.timed = map[string]bool{}
	}
	if !o.timed[game] {
		r := o.run(game, "deadline", game, "1h", "reminder", "30m", "grace", "10m", "timeouts", "1000")
		o.timed[game] = r.Err == ""
	}
	o.ticks++
	step := 3 * time.Hour
	if o.ticks%4 == 0 {
		step += 24 * time.Hour
	}
	last := o.clock // the simulated time runs on, never back
	o.clock = time.Now().Add(step).Truncate(time.Second)
	if !last.IsZero() && !o.clock.After(last) {
		o.clock = last.Add(step)
	}
	o.run("", "tick", "--at", o.clock.UTC().Format(time.RFC3339))
}

// pauseAWhile pauses game, waits, and resumes it: a resume that fails
// (the service killed under it) is run again until the game is no longer
// paused, so no game is left paused.
func (o *Operator) pauseAWhile(game string, d time.Duration) {
	if p := o.run(game, "pause", game); strings.Contains(p.Err, overSays) {
		return
	}
	time.Sleep(d)
	for try := 0; try < 100; try++ {
		r := o.run(game, "resume", game)
		if r.Err == "" || strings.Contains(r.Err, notPausedSays) || strings.Contains(r.Err, overSays) {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// What pbem says when it refuses a pause or a resume for a reason the
// console allows: the game ended since the operator chose it, or a
// resume is run again after one the service was killed under had been
// recorded (or the pause before it had not).
const (
	overSays      = " is over"
	notPausedSays = "the game is not paused"
)

// run runs one command line with a time limit, and notes it.
func (o *Operator) run(game string, args ...string) Run {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r := Run{Args: args, Game: game, Start: time.Now()}
	if args[0] == "tick" {
		r.At, _ = time.Parse(time.RFC3339, args[2])
	}
	store := o.Store
	if store == nil {
		store = []string{"--data", o.Data}
	}
	cmd := exec.CommandContext(ctx, o.Bin, append(slices.Clip(args), store...)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	r.End, r.Out = time.Now(), out.String()
	if err != nil {
		r.Err = fmt.Sprintf("%v: %s", err, strings.TrimSpace(errOut.String()))
	}
	if m := recordedEvent.FindStringSubmatch(r.Out); m != nil {
		r.Event, _ = strconv.ParseUint(m[1], 10, 64)
	}
	o.mu.Lock()
	o.runs = append(o.runs, r)
	o.mu.Unlock()
	return r
}

// Runs returns every command the operator ran.
func (o *Operator) Runs() []Run {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Run(nil), o.runs...)
}

// ClockSource starts the source of the events pbem's clock records
// (games.Service.Tick): reminders, deadlines passed, moves played for a
// seat at its time out.
const ClockSource = "clock:"

// checkConsole checks the operator's command lines: each succeeded, or
// failed because the service was killed under it, or was refused for a
// reason the console allows (overSays, notPausedSays); each pause and
// resume that succeeded recorded the event it names, of its kind, as the
// operator's; every pause and resume in the histories was asked for by
// one, and told to every seat of the game by a mail of that event.
func checkConsole(r *Report, out Outcome) {
	type asked struct{ disturbed int }
	byGame := map[string]map[string]*asked{} // game, event type
	claimed := map[string]bool{}             // game and event
	failedBefore := map[string]bool{}
	for _, run := range out.Console {
		r.Commands++
		what := strings.Join(run.Args, " ")
		evs := out.Games[run.Game]
		switch {
		case run.Err == "":
		case run.Disturbed:
			r.Disturbed++
		case run.Changes() && strings.Contains(run.Err, overSays) && len(evs) > 0 && evs[len(evs)-1].Type == events.TypeGameEnded &&
			// An end the operator's tick --at caused is dated at that
			// later moment, not when it was recorded.
			(!evs[len(evs)-1].Time.After(run.End) || strings.HasPrefix(evs[len(evs)-1].Source, ClockSource)):
		case run.Args[0] == "resume" && strings.Contains(run.Err, notPausedSays) && failedBefore[run.Game]:
		default:
			r.problem("the operator's pbem %s (%s to %s) failed: %s", what, run.Start.Format("15:04:05.000"), run.End.Format("15:04:05.000"), run.Err)
		}
		if run.Err == "" && run.Args[0] == "verify" && !strings.HasPrefix(run.Out, "ok: game "+run.Game+",") {
			r.problem("the operator's pbem %s printed %q, want the game verified", what, strings.TrimSpace(run.Out))
		}
		if !run.Changes() {
			continue
		}
		if run.Err != "" {
			failedBefore[run.Game] = true
		}
		typ := consoleEvents[run.Args[0]]
		if byGame[run.Game] == nil {
			byGame[run.Game] = map[string]*asked{}
		}
		if byGame[run.Game][typ] == nil {
			byGame[run.Game][typ] = &asked{}
		}
		a := byGame[run.Game][typ]
		switch {
		case run.Err == "" && (run.Event == 0 || run.Event > uint64(len(evs))):
			r.problem("the operator's pbem %s said %q, which names no event of game %s (%d events)", what, strings.TrimSpace(run.Out), run.Game, len(evs))
		case run.Err == "":
			e := evs[run.Event-1]
			if e.Type != typ || e.Actor != events.SystemActor {
				r.problem("the operator's pbem %s recorded event %d of game %s, which is a %s of actor %d, want a %s of the operator", what, run.Event, run.Game, e.Type, e.Actor, typ)
			}
			claimed[fmt.Sprintf("%s %d", run.Game, run.Event)] = true
			switch typ {
			case events.TypeGamePaused:
				r.Paused++
			case events.TypeSettingsChanged:
				r.Deadlines++
			}
		case run.Disturbed:
			a.disturbed++ // recorded or not, as the kill fell
		}
	}
	told := map[string]bool{} // game, event and seat
	for _, n := range out.Notices {
		told[fmt.Sprintf("%s %d %d", n.Game, n.Seq, n.Seat)] = true
	}
	ticks := map[int64]bool{} // the times a tick that ran (or may have) acted at
	for _, run := range out.Console {
		if !run.At.IsZero() && (run.Err == "" || run.Disturbed) {
			ticks[run.At.Unix()] = true
		}
	}
	for id, evs := range out.Games {
		var created events.GameCreated
		_ = json.Unmarshal(evs[0].Payload, &created)
		unclaimed := map[string]int{}
		digest := map[int]bool{} // the seats that asked for one mail a day
		// The seats whose player has yet to say they play (invited, or
		// open for anyone to JOIN): they hear nothing of the game until
		// then.
		asked := map[int]bool{}
		for _, p := range created.Players {
			asked[p.Seat] = p.Invited || p.Open
		}
		for _, e := range evs {
			switch e.Type {
			case events.TypeDigestChanged:
				var d events.DigestChanged
				_ = json.Unmarshal(e.Payload, &d)
				digest[d.Seat] = d.On
			case events.TypePlayerReplaced:
				var pr events.PlayerReplaced
				_ = json.Unmarshal(e.Payload, &pr)
				asked[pr.Seat] = pr.Invited
			case events.TypeInvitationAnswered:
				var a events.InvitationAnswered
				_ = json.Unmarshal(e.Payload, &a)
				asked[a.Seat] = !a.Accepted // declined, the seat is open
			}
			if strings.HasPrefix(e.Source, ClockSource) {
				r.Clocked++
				if !ticks[e.Time.Unix()] || e.Actor != events.SystemActor {
					r.problem("game %s event %d, a %s of actor %d at %s, is the clock's, but no pbem tick the operator ran acted then", id, e.Seq, e.Type, e.Actor, e.Time.UTC().Format(time.RFC3339))
				}
			}
			everyone := e.Type == events.TypeDeadlinePassed // told to every seat
			if e.Type == events.TypeGamePaused || e.Type == events.TypeGameResumed || e.Type == events.TypeSettingsChanged {
				everyone = true
				if !claimed[fmt.Sprintf("%s %d", id, e.Seq)] {
					unclaimed[e.Type]++
				}
			}
			if !everyone {
				continue
			}
			if out.Console == nil {
				r.problem("game %s event %d is a %s, but no operator ran a command", id, e.Seq, e.Type)
				continue
			}
			for _, p := range created.Players {
				// A seat with DIGEST ON hears of it in its next digest.
				if !asked[p.Seat] && !digest[p.Seat] && !told[fmt.Sprintf("%s %d %d", id, e.Seq, p.Seat)] {
					r.problem("game %s event %d (%s) was told to no mail of seat %d (%s)", id, e.Seq, e.Type, p.Seat, p.Address)
				}
			}
		}
		for typ, n := range unclaimed {
			cut := 0 // commands cut short by a kill, which may have recorded theirs
			if a := byGame[id][typ]; a != nil {
				cut = a.disturbed
			}
			if n > cut {
				r.problem("game %s has %d %s events that no command the operator ran says it recorded, and %d of its commands were cut short", id, n, typ, cut)
			}
		}
	}
}
