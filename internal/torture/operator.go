package torture

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"regexp"
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
}

// Changes says whether the run asks to change its game.
func (r Run) Changes() bool {
	return len(r.Args) > 0 && (r.Args[0] == "pause" || r.Args[0] == "resume")
}

// Operator runs pbem command lines against the data directory of a
// running service, as a person at its console would, while the club plays
// and the service is killed and started again: reading (pbem games, log,
// verify, mail list) and, now and then, pausing a game in play and
// resuming it a moment later.
type Operator struct {
	Bin, Data string
	Club      *Club
	Seed      uint64
	// Every is about how long the operator waits between commands; Pause
	// the chance that a command is a pause (and its resume).
	Every time.Duration
	Pause float64

	mu   sync.Mutex
	runs []Run
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
		switch r := rng.Float64(); {
		case game != "" && r < o.Pause:
			o.pauseAWhile(game, time.Duration(200+rng.IntN(1300))*time.Millisecond)
		case game != "" && r < o.Pause+(1-o.Pause)/4:
			o.run(game, "log", game)
		case game != "" && r < o.Pause+(1-o.Pause)/2:
			o.run(game, "verify", game)
		case r < o.Pause+3*(1-o.Pause)/4:
			o.run("", "mail", "list", "--waiting")
		default:
			o.run("", "games")
		}
	}
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
	cmd := exec.CommandContext(ctx, o.Bin, append(args, "--data", o.Data)...)
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

// checkConsole checks the operator's command lines: each succeeded, or
// failed because the service was killed under it, or was refused for a
// reason the console allows (overSays, notPausedSays); each pause and
// resume that succeeded recorded the event it names, of its kind, as the
// operator's; every pause and resume in the histories was asked for by
// one, and told to every seat of the game by a mail of that event.
func checkConsole(r *Report, out Outcome) {
	type asked struct{ disturbed int }
	byGame := map[string]map[string]*asked{} // game, event type
	kinds := map[string]string{"pause": events.TypeGamePaused, "resume": events.TypeGameResumed}
	claimed := map[string]bool{} // game and event
	failedBefore := map[string]bool{}
	for _, run := range out.Console {
		r.Commands++
		what := strings.Join(run.Args, " ")
		evs := out.Games[run.Game]
		switch {
		case run.Err == "":
		case run.Disturbed:
			r.Disturbed++
		case run.Changes() && strings.Contains(run.Err, overSays) && len(evs) > 0 && evs[len(evs)-1].Type == events.TypeGameEnded && !evs[len(evs)-1].Time.After(run.End):
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
		typ := kinds[run.Args[0]]
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
			if typ == events.TypeGamePaused {
				r.Paused++
			}
		case run.Disturbed:
			a.disturbed++ // recorded or not, as the kill fell
		}
	}
	told := map[string]bool{} // game, event and seat
	for _, n := range out.Notices {
		told[fmt.Sprintf("%s %d %d", n.Game, n.Seq, n.Seat)] = true
	}
	for id, evs := range out.Games {
		var created events.GameCreated
		_ = json.Unmarshal(evs[0].Payload, &created)
		unclaimed := map[string]int{}
		for _, e := range evs {
			if e.Type != events.TypeGamePaused && e.Type != events.TypeGameResumed {
				continue
			}
			if out.Console == nil {
				r.problem("game %s event %d is a %s, but no operator ran a command", id, e.Seq, e.Type)
				continue
			}
			if !claimed[fmt.Sprintf("%s %d", id, e.Seq)] {
				unclaimed[e.Type]++
			}
			for _, p := range created.Players {
				if p.Address != "" && !told[fmt.Sprintf("%s %d %d", id, e.Seq, p.Seat)] {
					r.problem("game %s event %d (%s at the console) was told to no mail of seat %d (%s)", id, e.Seq, e.Type, p.Seat, p.Address)
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
