package events

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ErrExists is returned by PutOnce when its subject already holds a message.
var ErrExists = errors.New("events: already recorded")

// PutOnce stores data on subject only if the subject holds nothing yet, so
// the subject names the record for ever (an inbox mail by its Message-ID,
// say): a second PutOnce of the same subject returns ErrExists, whenever it
// comes. It returns the stream sequence of the stored message.
func (s *Store) PutOnce(ctx context.Context, subject string, data []byte) (uint64, error) {
	m := &nats.Msg{Subject: subject, Header: nats.Header{}, Data: data}
	m.Header.Set(jetstream.ExpectedLastSubjSeqHeader, "0")
	ack, err := s.js.PublishMsg(ctx, m)
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) && (apiErr.ErrorCode == errWrongLastSeq || apiErr.ErrorCode == errWrongLastSeqConst) {
		return 0, fmt.Errorf("events: put %s: %w", subject, ErrExists)
	}
	if err != nil {
		return 0, fmt.Errorf("events: put %s: %w", subject, err)
	}
	return ack.Sequence, nil
}

// Put stores data on subject with a message id, so that a retry within
// DuplicateWindow is stored once. It returns the stream sequence.
func (s *Store) Put(ctx context.Context, subject, msgID string, data []byte) (uint64, error) {
	m := &nats.Msg{Subject: subject, Header: nats.Header{}, Data: data}
	m.Header.Set(jetstream.MsgIDHeader, msgID)
	ack, err := s.js.PublishMsg(ctx, m)
	if err != nil {
		return 0, fmt.Errorf("events: put %s: %w", subject, err)
	}
	return ack.Sequence, nil
}
