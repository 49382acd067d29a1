package bench

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

// cluster is three nats-servers in the process, routed to each other on
// loopback, with JetStream syncing every write as the embedded server does.
type cluster struct {
	servers []*server.Server
}

// startCluster starts the three servers with their data under dir.
func startCluster(dir string) (*cluster, error) {
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
	c := &cluster{}
	for i := range ports {
		ns, err := server.NewServer(&server.Options{
			ServerName: fmt.Sprintf("bench-%d", i),
			Host:       "127.0.0.1",
			Port:       server.RANDOM_PORT,
			JetStream:  true,
			StoreDir:   filepath.Join(dir, fmt.Sprintf("node-%d", i)),
			SyncAlways: true,
			NoSigs:     true,
			NoLog:      true,
			MaxPayload: events.MaxPayload,
			Cluster:    server.ClusterOpts{Name: "pbem-bench", Host: "127.0.0.1", Port: ports[i]},
			Routes:     server.RoutesFromStr(strings.Join(routes, ",")),
		})
		if err != nil {
			c.stop()
			return nil, fmt.Errorf("cluster node %d: %w", i, err)
		}
		go ns.Start()
		c.servers = append(c.servers, ns)
	}
	for i, ns := range c.servers {
		if !ns.ReadyForConnections(30 * time.Second) {
			c.stop()
			return nil, fmt.Errorf("cluster node %d: not ready", i)
		}
	}
	return c, nil
}

// url lists every node, for a client that may use any of them.
func (c *cluster) url() string {
	var urls []string
	for _, ns := range c.servers {
		urls = append(urls, ns.ClientURL())
	}
	return strings.Join(urls, ",")
}

// open opens a store on the cluster with three replicas, waiting for
// JetStream to elect its leaders.
func (c *cluster) open(ctx context.Context) (*events.Store, error) {
	deadline := time.Now().Add(time.Minute)
	for {
		store, err := events.Open(ctx, events.Options{URL: c.url(), Replicas: 3})
		if err == nil {
			return store, nil
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("cluster: %w", err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}

func (c *cluster) stop() {
	for _, ns := range c.servers {
		ns.Shutdown()
	}
	for _, ns := range c.servers {
		ns.WaitForShutdown()
	}
}
