package main

import (
	"context"
	"flag"
	"io"
	"os"
	"strconv"

	"github.com/pbem-games/pbem/catalog"
	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/internal/cmdline"
	"github.com/pbem-games/pbem/internal/postoffice"
)

// env is what every command shares: the global settings and, once opened,
// the store and the command service.
type env struct {
	data, nats     string
	replicas       int // of the stream and the buckets on an external cluster
	stdout, stderr io.Writer
	store          *events.Store
	// serve makes this process the one that serves the data directory to
	// the other command lines while the store is open ("pbem serve").
	serve bool
	// configFile is the configuration the operator's commands read
	// (configFlag): the game mailbox, the domain of Message-IDs, the
	// operator's address; "" for none.
	configFile string
	// offered are the games pbem offers (catalog/all), once asked for.
	offered *catalog.Catalog
}

// configFlag adds --config (default PBEM_CONFIG) to fs, for a command
// whose games take the service's mailbox, domain and operator from it.
func (e *env) configFlag(fs *flag.FlagSet) {
	fs.StringVar(&e.configFile, "config", cmdline.EnvOr("PBEM_CONFIG", ""), "TOML configuration file (for the game mailbox, the domain of Message-IDs and the operator's address)")
}

// games returns the games pbem offers, each with all its pieces.
func (e *env) games() (*catalog.Catalog, error) {
	if e.offered == nil {
		c, err := all.Catalog()
		if err != nil {
			return nil, err
		}
		e.offered = c
	}
	return e.offered, nil
}

// globalFlags adds the global flags to fs, so they may come before or after
// the command.
func (e *env) globalFlags(fs *flag.FlagSet) {
	if e.data == "" {
		e.data = cmdline.EnvOr("PBEM_DATA", "pbem-data")
	}
	if e.nats == "" {
		e.nats = os.Getenv("NATS_URL")
	}
	fs.StringVar(&e.data, "data", e.data, "data directory of the embedded NATS server")
	fs.StringVar(&e.nats, "nats", e.nats, "URL of an external NATS server or cluster")
	if e.replicas == 0 {
		e.replicas, _ = strconv.Atoi(os.Getenv("PBEM_REPLICAS"))
	}
	fs.IntVar(&e.replicas, "replicas", e.replicas, "copies of the histories a NATS cluster keeps (--nats): 3 on a three-node cluster; every process must give the same")
}

// parse parses a command's flags wherever they stand among its arguments
// and returns the positional arguments, checking there are want of them
// (any number when want is -1). fs is named as the command ("move",
// "campaign new"), whose usage a wrong number of arguments gets.
func (e *env) parse(fs *flag.FlagSet, args []string, want int) ([]string, error) {
	p := program()
	p.GlobalFlags = e.globalFlags
	return p.Parse(fs, args, want)
}

// service opens the store on first use and returns the command service.
func (e *env) service(ctx context.Context) (*games.Service, error) {
	if e.store == nil {
		st, err := postoffice.OpenStore(ctx, postoffice.Config{Data: e.data, NATS: e.nats}, e.replicas, e.serve, e.stderr)
		if err != nil {
			return nil, err
		}
		e.store = st
	}
	offered, err := e.games()
	if err != nil {
		return nil, err
	}
	svc := &games.Service{Store: e.store, Catalog: offered.Rules()}
	if e.configFile != "" {
		c, err := e.config(e.configFile)
		if err != nil {
			return nil, err
		}
		svc.Domain, svc.Mailbox = c.IDDomain(), c.Mailbox
	}
	return svc, nil
}

func (e *env) close() {
	if e.store != nil {
		e.store.Close()
		e.store = nil
	}
}

// config reads the configuration file (if any) and the environment, for
// this data directory and NATS server.
func (e *env) config(file string) (postoffice.Config, error) {
	c, err := postoffice.LoadConfig(file)
	c.Data, c.NATS = e.data, e.nats
	return c, err
}
