package events

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Group commit.
//
// An atomic batch on a file stream costs JetStream much the same whether
// it holds three messages or three hundred: on nats-server 2.15 the server
// stages each batch in a store of its own on disk, created and removed
// with several synced writes, and then syncs the stream once for the whole
// batch. An Append of an event with its notices paid that alone, about
// fifteen times the cost of one synced message, and concurrent Appends
// queued for it one after another. So the store publishes the Appends that
// wait while one batch is being stored together, as one atomic batch: each
// keeps its own expected last subject sequence, and the server applies all
// of them or none.
//
// A group that fails for one of its Appends (a conflict, a duplicate) is
// split in halves and tried again, down to the Append at fault, which
// alone gets the error and settles it as Append always has.

// commitGroupTimeout bounds the wait for the server to store one group.
// Every Append waits behind the group in flight, and a group sent to a
// cluster's stream leader that is then lost is never answered: so the wait
// is short, as a NATS request's is. The group's Appends then fail as
// unavailable, and their callers try them again, played once by their
// sources. (At 30 s, a node's loss stopped every move of every game for
// 30 s: pbem-bench, "a node's loss".)
const commitGroupTimeout = 5 * time.Second

// commit is one Append's messages, waiting to be published.
type commit struct {
	subject string // the game's subject: two Appends to one game never share a group
	msgs    []*nats.Msg
	done    chan published
}

// published is how a commit ended: the stream sequence of its last
// message, or the error of the batch that held it alone.
type published struct {
	seq uint64
	err error
}

// committer gathers and publishes commits, one group at a time.
type committer struct {
	queue chan *commit
	stop  chan struct{}
	done  chan struct{}
}

func (s *Store) startCommitter() {
	s.commits = &committer{queue: make(chan *commit), stop: make(chan struct{}), done: make(chan struct{})}
	go s.commitLoop(s.commits)
}

// stopCommitter answers every waiting Append with ErrClosed and waits for
// the group being published.
func (s *Store) stopCommitter() {
	if s.commits == nil {
		return
	}
	close(s.commits.stop)
	<-s.commits.done
	s.commits = nil
}

// publish publishes an Append's messages, with others' when they wait at
// the same time, and returns the stream sequence of its last message.
func (s *Store) publish(ctx context.Context, subject string, msgs []*nats.Msg) (uint64, error) {
	c := &commit{subject: subject, msgs: msgs, done: make(chan published, 1)}
	cm := s.commits
	select {
	case cm.queue <- c:
	case <-cm.stop:
		return 0, ErrClosed
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	select {
	case r := <-c.done:
		return r.seq, r.err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

func (s *Store) commitLoop(cm *committer) {
	defer close(cm.done)
	var carried []*commit
	for {
		var g group
		carried = g.take(carried)
		if len(g.commits) == 0 {
			select {
			case c := <-cm.queue:
				g.add(c)
			case <-cm.stop:
				return
			}
		}
	gather:
		for g.size < MaxBatch {
			select {
			case c := <-cm.queue:
				if !g.add(c) {
					carried = append(carried, c)
				}
			default:
				break gather
			}
		}
		select {
		case <-cm.stop:
			for _, c := range append(g.commits, carried...) {
				c.done <- published{err: ErrClosed}
			}
			return
		default:
		}
		s.publishGroup(g.commits)
	}
}

// group is the commits to publish together.
type group struct {
	commits  []*commit
	size     int
	subjects map[string]bool
}

// add adds c unless it would make the batch too large or its game already
// has a commit in the group.
func (g *group) add(c *commit) bool {
	if len(g.commits) > 0 && (g.size+len(c.msgs) > MaxBatch || g.subjects[c.subject]) {
		return false
	}
	if g.subjects == nil {
		g.subjects = map[string]bool{}
	}
	g.commits, g.size, g.subjects[c.subject] = append(g.commits, c), g.size+len(c.msgs), true
	return true
}

// take adds what it can of cs, oldest first, and returns the rest.
func (g *group) take(cs []*commit) []*commit {
	var rest []*commit
	for _, c := range cs {
		if !g.add(c) {
			rest = append(rest, c)
		}
	}
	return rest
}

// publishGroup publishes the commits as one atomic batch, and tells each
// how it ended.
func (s *Store) publishGroup(cs []*commit) {
	ctx, cancel := context.WithTimeout(context.Background(), commitGroupTimeout)
	defer cancel()
	if len(cs) == 1 {
		seq, err := s.publishAlone(ctx, cs[0].msgs)
		cs[0].done <- published{seq, err}
		return
	}
	var msgs []*nats.Msg
	for _, c := range cs {
		for _, m := range c.msgs {
			// A copy: the batch headers of the group must not stay on a
			// message that may yet be published in a batch of its own.
			msgs = append(msgs, &nats.Msg{Subject: m.Subject, Header: cloneHeader(m.Header), Data: m.Data})
		}
	}
	ack, err := s.publishBatch(ctx, msgs)
	if err == nil {
		// The batch is stored in order and in one piece, so each commit's
		// last message is as far from the batch's last as the messages
		// after it.
		end := ack.Sequence
		for i := len(cs) - 1; i >= 0; i-- {
			cs[i].done <- published{seq: end}
			end -= uint64(len(cs[i].msgs))
		}
		return
	}
	if !oneAtFault(err) {
		for _, c := range cs {
			c.done <- published{err: err}
		}
		return
	}
	half := len(cs) / 2
	s.publishGroup(cs[:half])
	s.publishGroup(cs[half:])
}

// publishAlone publishes one Append's messages: a single message plainly,
// several as an atomic batch.
func (s *Store) publishAlone(ctx context.Context, msgs []*nats.Msg) (uint64, error) {
	var ack *jetstream.PubAck
	var err error
	if len(msgs) == 1 {
		ack, err = s.js.PublishMsg(ctx, msgs[0])
	} else {
		ack, err = s.publishBatch(ctx, msgs)
	}
	if err != nil {
		return 0, err
	}
	return ack.Sequence, nil
}

// oneAtFault reports whether err is one that a single Append of a group
// causes, and that the Append settles by itself once it is found.
func oneAtFault(err error) bool {
	var apiErr *jetstream.APIError
	if !errors.As(err, &apiErr) {
		return false
	}
	switch apiErr.ErrorCode {
	case errWrongLastSeq, errWrongLastSeqConst, errDuplicateInFlight, errBatchDuplicate:
		return true
	}
	return false
}

func cloneHeader(h nats.Header) nats.Header {
	c := make(nats.Header, len(h))
	for k, v := range h {
		c[k] = append([]string(nil), v...)
	}
	return c
}
