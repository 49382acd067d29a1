package mail

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/pbem-games/pbem/events"
)

// CursorBucket is the key-value bucket of the intake's cursors.
const CursorBucket = "pbem_intake"

// KVCursor keeps the intake's place in JetStream key-value storage.
type KVCursor struct{ kv events.KV }

type cursorValue struct {
	UIDValidity uint32 `json:"uidValidity"`
	UID         uint32 `json:"uid"`
}

// NewKVCursor opens (creating if needed) the cursor bucket.
func NewKVCursor(ctx context.Context, store events.Buckets) (*KVCursor, error) {
	kv, err := store.Bucket(ctx, CursorBucket)
	if err != nil {
		return nil, fmt.Errorf("mail: cursor bucket: %w", err)
	}
	return &KVCursor{kv: kv}, nil
}

// Load returns the saved place in mailbox; zeros when there is none.
func (c *KVCursor) Load(ctx context.Context, mailbox string) (uint32, uint32, error) {
	e, err := c.kv.Get(ctx, hex.EncodeToString([]byte(mailbox)))
	if errors.Is(err, events.ErrNotFound) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, fmt.Errorf("mail: cursor of %s: %w", mailbox, err)
	}
	var v cursorValue
	if err := json.Unmarshal(e.Value, &v); err != nil {
		return 0, 0, fmt.Errorf("mail: cursor of %s: %w", mailbox, err)
	}
	return v.UIDValidity, v.UID, nil
}

// Save records the place reached in mailbox.
func (c *KVCursor) Save(ctx context.Context, mailbox string, uidValidity, uid uint32) error {
	data, _ := json.Marshal(cursorValue{UIDValidity: uidValidity, UID: uid})
	if _, err := c.kv.Put(ctx, hex.EncodeToString([]byte(mailbox)), data); err != nil {
		return fmt.Errorf("mail: save cursor of %s: %w", mailbox, err)
	}
	return nil
}
