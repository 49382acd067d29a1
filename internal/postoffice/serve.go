package postoffice

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/games"
)

// ServeOptions are what "pbem serve" is told beside its configuration.
type ServeOptions struct {
	// Health is the address /healthz, /metrics and the games' pages are
	// served on, e.g. 127.0.0.1:8025; "" serves them only where the
	// configuration's http_listen says.
	Health string
	// LogFormat and LogLevel are as LogHandler reads them; "" takes the
	// configuration's log_format and log_level.
	LogFormat, LogLevel string
	Log                 io.Writer // where the process logs
}

// Serve runs the game mailbox c configures until ctx ends: it checks c,
// starts the post office once the store answers (startWhenReady, with
// open and close), serves o.Health and runs (PostOffice.Run).
func Serve(ctx context.Context, open func(context.Context) (*games.Service, *catalog.Catalog, error), close func(), c Config, o ServeOptions) error {
	if err := c.Check(); err != nil {
		return err
	}
	h, err := LogHandler(o.Log, cmp.Or(o.LogFormat, c.LogFormat), cmp.Or(o.LogLevel, c.LogLevel))
	if err != nil {
		return err
	}
	log := slog.New(h)
	p, err := startWhenReady(ctx, open, close, c, log)
	if p == nil || err != nil {
		return err
	}
	if o.Health != "" {
		stop, err := p.Listen(ctx, o.Health)
		if err != nil {
			return fmt.Errorf("health: %w", err)
		}
		defer stop()
	}
	log.Info("pbem serving", "mailbox", c.Mailbox, "imap", c.IMAP.Addr, "smtp", c.SMTP.Addr, "data", c.Data, "nats", c.NATS)
	return p.Run(ctx)
}
