package mail

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/pbem-games/pbem/events"
)

// The public page's link is its observers': one link, passed on freely
// once a game is over. An observer the host stops (UNWATCH) keeps it, so
// stopping an observer gives the game a new public link, and so does the
// operator's "pbem links ID --rotate". The old one then answers 410; the
// observers left get the new one in their next mail.

// PublicSubject + a game's id holds how many times the game's public link
// was changed, as a decimal number; nothing there means never.
const PublicSubject = "pbem.public."

// PublicGen returns how many times game's public link was changed.
func PublicGen(ctx context.Context, st events.Records, game string) (int, error) {
	data, err := st.Last(ctx, PublicSubject+game)
	if errors.Is(err, events.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("mail: public link of %s: %w", game, err)
	}
	n, err := strconv.Atoi(string(data))
	if err != nil {
		return 0, fmt.Errorf("mail: public link of %s: %q is no count", game, data)
	}
	return n, nil
}

// RotatePublic gives game a new public link, the old one answering 410
// from now on, and returns the new generation.
func RotatePublic(ctx context.Context, st events.Records, game string) (int, error) {
	n, err := PublicGen(ctx, st, game)
	if err != nil {
		return 0, err
	}
	n++
	// The message id makes a rotation read again (a mail handled after a
	// crash) one rotation, not two.
	if _, err := st.Put(ctx, PublicSubject+game, fmt.Sprintf("%s.public.%d", game, n), []byte(strconv.Itoa(n))); err != nil {
		return 0, fmt.Errorf("web: rotate the public link of %s: %w", game, err)
	}
	return n, nil
}
