package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/pbem-games/pbem/events"
)

// NodeEnv, in a process's environment, makes ServeNodeIfAsked serve one
// node of a Nodes cluster, as the value describes it.
const NodeEnv = "PBEM_NATS_NODE"

// nodeSpec is what a node process needs: its name, its ports, its storage
// and the routes to the others.
type nodeSpec struct {
	Name        string   `json:"name"`
	Port        int      `json:"port"`
	ClusterPort int      `json:"clusterPort"`
	Dir         string   `json:"dir"`
	Routes      []string `json:"routes"`
}

// ServeNodeIfAsked returns at once, unless NodeEnv is set: then it serves
// that node until SIGTERM and exits. A program whose Nodes start it again
// as their node processes (a test binary's TestMain, a command's main)
// calls it first.
func ServeNodeIfAsked() {
	spec := os.Getenv(NodeEnv)
	if spec == "" {
		return
	}
	var s nodeSpec
	if err := json.Unmarshal([]byte(spec), &s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ns, err := server.NewServer(&server.Options{ServerName: s.Name, Host: "127.0.0.1", Port: s.Port, JetStream: true,
		StoreDir: s.Dir, SyncAlways: true, NoSigs: true, MaxPayload: events.MaxPayload,
		Cluster: server.ClusterOpts{Name: "pbem", Host: "127.0.0.1", Port: s.ClusterPort},
		Routes:  server.RoutesFromStr(strings.Join(s.Routes, ","))})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ns.Start()
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, os.Interrupt)
	<-stop
	ns.Shutdown()
	ns.WaitForShutdown()
	os.Exit(0)
}

// Nodes is a three-node NATS cluster on loopback, each node a process of
// its own (this program, started again with NodeEnv), so that one can be
// killed with SIGKILL as a machine is lost.
type Nodes struct {
	specs []nodeSpec
	cmds  []*exec.Cmd
	logs  []*os.File
}

// StartNodes starts the three nodes with their data and logs under dir.
func StartNodes(dir string) (*Nodes, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	ports := make([][2]int, 3)
	var routes []string
	for i := range ports {
		for j := range 2 {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				return nil, err
			}
			ports[i][j] = ln.Addr().(*net.TCPAddr).Port
			ln.Close()
		}
		routes = append(routes, fmt.Sprintf("nats://127.0.0.1:%d", ports[i][1]))
	}
	n := &Nodes{cmds: make([]*exec.Cmd, 3)}
	for i := range ports {
		log, err := os.Create(filepath.Join(dir, fmt.Sprintf("node-%d.log", i)))
		if err != nil {
			n.Stop()
			return nil, err
		}
		n.logs = append(n.logs, log)
		n.specs = append(n.specs, nodeSpec{Name: fmt.Sprintf("node-%d", i), Port: ports[i][0], ClusterPort: ports[i][1],
			Dir: filepath.Join(dir, fmt.Sprintf("node-%d", i)), Routes: routes})
		if err := n.Start(i); err != nil {
			n.Stop()
			return nil, err
		}
	}
	return n, nil
}

// URL names every node, for a client that may use any of them.
func (n *Nodes) URL() string {
	var urls []string
	for _, s := range n.specs {
		urls = append(urls, fmt.Sprintf("nats://127.0.0.1:%d", s.Port))
	}
	return strings.Join(urls, ",")
}

// Node returns the number of the node named name ("node-1"), -1 if none.
func (n *Nodes) Node(name string) int {
	for i, s := range n.specs {
		if s.Name == name {
			return i
		}
	}
	return -1
}

// Start starts node i (again), on its data and ports.
func (n *Nodes) Start(i int) error {
	spec, err := json.Marshal(n.specs[i])
	if err != nil {
		return err
	}
	bin, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(bin, "-test.run=^$") // a test binary runs no test, should it not call ServeNodeIfAsked first
	cmd.Env = append(os.Environ(), NodeEnv+"="+string(spec))
	cmd.Stdout, cmd.Stderr = n.logs[i], n.logs[i]
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("node %d: %w", i, err)
	}
	n.cmds[i] = cmd
	return nil
}

// Kill kills node i with SIGKILL, as if its machine went away.
func (n *Nodes) Kill(i int) {
	if cmd := n.cmds[i]; cmd != nil {
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		n.cmds[i] = nil
	}
}

// Stop kills every node and closes the logs.
func (n *Nodes) Stop() {
	for i := range n.cmds {
		n.Kill(i)
	}
	for _, l := range n.logs {
		l.Close()
	}
}

// Open opens a store on the nodes with three replicas, waiting (a minute
// at most) for them to elect the stream's leaders.
func (n *Nodes) Open(ctx context.Context) (*events.Store, error) {
	return openReplicated(ctx, n.URL())
}

// openReplicated opens a store at url with three replicas, waiting for
// JetStream to elect its leaders.
func openReplicated(ctx context.Context, url string) (*events.Store, error) {
	deadline := time.Now().Add(time.Minute)
	for {
		octx, cancel := context.WithTimeout(ctx, 10*time.Second)
		store, err := events.Open(octx, events.Options{URL: url, Replicas: 3})
		cancel()
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
