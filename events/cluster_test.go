package events_test

import (
	"context"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/pbem-games/pbem/events/storetest"
)

// TestBucketReadsFromLeaderOnCluster: on a cluster, a bucket reads from
// its leader, not from any copy: a copy behind the others (a node back
// from a failure) answered reads with values overwritten since, which the
// projector took for damaged read models. A bucket made before is turned
// so at its next opening.
func TestBucketReadsFromLeaderOnCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a cluster of three servers")
	}
	c, err := storetest.StartCluster(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	ctx := context.Background()
	nc, err := nats.Connect(c.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	store, err := c.Open(ctx) // once the cluster has its leaders
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	// A bucket as JetStream makes one: reads from any copy.
	if _, err := js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: "old", Replicas: 3}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"old", "new"} {
		kv, err := store.Bucket(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := kv.Put(ctx, "k", []byte("v")); err != nil {
			t.Fatal(err)
		}
		st, err := js.Stream(ctx, "KV_"+name)
		if err != nil {
			t.Fatal(err)
		}
		if cfg := st.CachedInfo().Config; cfg.AllowDirect || cfg.Replicas != 3 {
			t.Errorf("bucket %s: direct reads %v, %d copies; want reads from the leader, 3 copies", name, cfg.AllowDirect, cfg.Replicas)
		}
		if e, err := kv.Get(ctx, "k"); err != nil || string(e.Value) != "v" {
			t.Errorf("bucket %s reads %v, %v", name, e, err)
		}
	}
}
