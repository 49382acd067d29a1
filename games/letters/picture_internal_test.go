package letters

import (
	"testing"

	"github.com/pbem-games/pbem/rules/atacama"
)

// TestBoardPictureSurvivesAPanic draws a view that makes the drawing
// panic: the mail goes without a picture, and the outbox goes on.
func TestBoardPictureSurvivesAPanic(t *testing.T) {
	pic, part, ok := New(nil, offered()).boardPicture("atacama", (*atacama.View)(nil), "k7q2mx.9.1.your-turn@pbem.example.org", "k7q2mx-board.png", nil)
	if ok || pic.CID != "" || part.Data != nil {
		t.Errorf("boardPicture(nil view) = %+v, %d bytes, %v; want no picture", pic, len(part.Data), ok)
	}
}
