package storetest

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/pbem-games/pbem/events"
)

// Cluster is three nats-servers in the process, routed to each other on
// loopback, with JetStream syncing every write as the embedded server
// does: a NATS cluster for tests and benchmarks.
type Cluster struct {
	servers []*server.Server
}

// StartCluster starts the three servers with their data under dir.
func StartCluster(dir string) (*Cluster, error) {
	ports := make([]int, 3)
	for i := range ports {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ports[i] = ln.Addr().(*net.TCPAddr).Port
		ln.Close()
	}
	var routes []string
	for _, p := range ports {
		routes = append(routes, fmt.Sprintf("nats://127.0.0.1:%d", p))
	}
	c := &Cluster{}
	for i := range ports {
		ns, err := server.NewServer(&server.Options{
			ServerName: fmt.Sprintf("node-%d", i),
			Host:       "127.0.0.1",
			Port:       server.RANDOM_PORT,
			JetStream:  true,
			StoreDir:   filepath.Join(dir, fmt.Sprintf("node-%d", i)),
			SyncAlways: true,
			NoSigs:     true,
			NoLog:      true,
			MaxPayload: events.MaxPayload,
			Cluster:    server.ClusterOpts{Name: "pbem", Host: "127.0.0.1", Port: ports[i]},
			Routes:     server.RoutesFromStr(strings.Join(routes, ",")),
		})
		if err != nil {
			c.Stop()
			return nil, fmt.Errorf("cluster node %d: %w", i, err)
		}
		go ns.Start()
		c.servers = append(c.servers, ns)
	}
	for i, ns := range c.servers {
		if !ns.ReadyForConnections(30 * time.Second) {
			c.Stop()
			return nil, fmt.Errorf("cluster node %d: not ready", i)
		}
	}
	return c, nil
}

// URL lists every node, for a client that may use any of them.
func (c *Cluster) URL() string {
	var urls []string
	for _, ns := range c.servers {
		urls = append(urls, ns.ClientURL())
	}
	return strings.Join(urls, ",")
}

// Open opens a store on the cluster with three replicas, waiting for
// JetStream to elect its leaders.
func (c *Cluster) Open(ctx context.Context) (*events.Store, error) {
	return openReplicated(ctx, c.URL())
}

// Stop stops the three servers.
func (c *Cluster) Stop() {
	for _, ns := range c.servers {
		ns.Shutdown()
	}
	for _, ns := range c.servers {
		ns.WaitForShutdown()
	}
}
