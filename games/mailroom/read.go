package mailroom

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/pbem-games/pbem/games/commands"
	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
)

// Reading is what the mailroom would make of a mail, as Read finds it:
// the very path Handle takes, with nothing run, recorded or sent.
type Reading struct {
	// Runs are the lines the mailroom runs, in order, each as the
	// command it is (its word, MOVE for a move).
	Runs []ReadLine `json:"runs"`
	// Ignored are the lines it reads as greetings and sign-offs.
	Ignored []string `json:"ignored"`
	// Notes are what the mailroom logs of the mail as it reads it: why it
	// ignores it, answers it with a refusal alone, or needs a
	// confirmation, in its own words.
	Notes []string `json:"notes,omitempty"`
}

// ReadLine is one line the mailroom runs.
type ReadLine struct {
	Line    string `json:"line"`
	Command string `json:"command"`           // the command's word, or MOVE
	Refused string `json:"refused,omitempty"` // why it is refused before it runs (a question), the lines after it not run
}

// Read says what the mailroom would do with the recorded mail rec, now,
// taking the same path as Handle: who wrote from where (the reply
// address, its token, the sender's seat, the confirmation address), which
// lines are commands, which are refused unread (a destructive command
// asked about). It runs no command and writes nothing; what a command
// would answer when run (a move refused by the rules) it cannot say.
func (m *Mailroom) Read(ctx context.Context, rec mail.InboxRecord) (Reading, error) {
	r := Reading{Runs: []ReadLine{}, Ignored: []string{}}
	l, err := m.handle(ctx, rec, &r)
	if l == nil && err == nil && len(r.Notes) == 0 {
		r.Notes = append(r.Notes, "unreadable mail: not answered")
	}
	return r, err
}

// noteHandler records what the mailroom logs of a mail it reads for
// Read, rather than logging it.
type noteHandler struct {
	r     *Reading
	attrs []slog.Attr
}

func (h *noteHandler) Enabled(context.Context, slog.Level) bool { return true }

func (h *noteHandler) Handle(_ context.Context, rec slog.Record) error {
	var parts []string
	for _, a := range h.attrs {
		if a.Key != "mail" && a.Key != "from" {
			parts = append(parts, a.String())
		}
	}
	rec.Attrs(func(a slog.Attr) bool {
		parts = append(parts, a.String())
		return true
	})
	note := rec.Message
	if len(parts) > 0 {
		note += " (" + strings.Join(parts, ", ") + ")"
	}
	h.r.Notes = append(h.r.Notes, note)
	return nil
}

func (h *noteHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &noteHandler{r: h.r, attrs: append(append([]slog.Attr{}, h.attrs...), attrs...)}
}

func (h *noteHandler) WithGroup(string) slog.Handler { return h }

// readLine records, for Read, a line the mailroom would run: as a move,
// or as command cmd with the words rest. It reports whether the mailroom
// stops there (the line is refused before it runs).
func (l *letter) readLine(line string, cmd *commands.Command, asMove bool, rest string) bool {
	rl := ReadLine{Line: line, Command: "MOVE"}
	if !asMove {
		rl.Command = cmd.Word
		if id := commands.NotMeant(cmd, rest); cmd.Destructive && id != "" {
			e := locale.RefuseIn(nil, id, line, cmd.Word, cmd.Example)
			rl.Refused = fmt.Sprint(e)
		}
	}
	l.reading.Runs = append(l.reading.Runs, rl)
	return rl.Refused != ""
}
