package pictures_test

import (
	"bytes"
	"sync"
	"testing"

	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
	"github.com/pbem-games/pbem/rules/atacama"
)

// TestCacheMovesSamePNG: a game's successive moves, each drawn for two
// seats and an observer through one cache, which keeps the bands of one
// move's picture and paints only what crosses the others for the next,
// give each reader the very bytes of their picture written on its own.
func TestCacheMovesSamePNG(t *testing.T) {
	for _, g := range []position{
		{"atacama", atacama.Game, 2, nil, 1, 0, false},
		{"altiplano", altiplano.Game, 2, nil, 5, 0, false},
		{"archipelago", archipelago.Game, 2, nil, 7, 0, false},
	} {
		t.Run(g.name, func(t *testing.T) {
			cache := pictures.NewCache(64 << 20)
			for m := 0; m < 40; m += 3 {
				q := g
				q.moves = m
				st := q.play(t)
				for _, s := range []rules.Seat{0, 1, rules.Observer} {
					pic, err := drawView(st.View(s))
					if err != nil {
						t.Fatal(err)
					}
					got, err := cache.PNG(pic)
					if err != nil {
						t.Fatal(err)
					}
					var want bytes.Buffer
					if err := pic.WritePNG(&want); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want.Bytes()) {
						t.Fatalf("move %d, seat %d: the PNG through the cache differs from the picture written on its own", m, s)
					}
				}
			}
		})
	}
}

// TestCacheDrawsOnce: the readers of a board that hides nothing (every
// seat and an observer of Atacama) get one picture, written once; the
// readers of a board with secrets (Altiplano's plans) each get their own,
// the one their own view draws; asking again writes nothing.
func TestCacheDrawsOnce(t *testing.T) {
	for _, c := range []struct {
		p        position
		pictures int64 // distinct pictures among its readers
	}{
		{position{"atacama-3", atacama.Game, 3, nil, 3, 30, false}, 1},
		{position{"altiplano-3", altiplano.Game, 3, nil, 5, 25, false}, 4},
	} {
		t.Run(c.p.name, func(t *testing.T) {
			st := c.p.play(t)
			cache := pictures.NewCache(8 << 20)
			for round := range 3 {
				var wg sync.WaitGroup
				for s := rules.Observer; int(s) < c.p.seats; s++ {
					wg.Go(func() {
						pic, err := drawView(st.View(s))
						if err != nil {
							t.Error(err)
							return
						}
						got, err := cache.PNG(pic)
						if err != nil {
							t.Error(err)
							return
						}
						var want bytes.Buffer
						if err := pic.WritePNG(&want); err != nil {
							t.Error(err)
							return
						}
						if !bytes.Equal(got, want.Bytes()) {
							t.Errorf("round %d, seat %d: the cache's PNG is not the drawing of the seat's own view", round, s)
						}
					})
				}
				wg.Wait()
			}
			readers := int64(c.p.seats+1) * 3
			if s := cache.Stats(); s.Misses != c.pictures || s.Hits != readers-c.pictures || s.Entries != c.pictures {
				t.Errorf("%d readers three times: %+v, want %d pictures written once each and every other ask a hit", c.p.seats+1, s, c.pictures)
			}
		})
	}
}

// TestCacheBounded: a cache keeps at most its size, the least recently
// used leaving first; a picture larger than the whole cache is written
// and not kept.
func TestCacheBounded(t *testing.T) {
	var pics []*pictures.Picture
	var size []int
	for _, p := range positions[:4] {
		pic, err := drawView(p.play(t).View(0))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := pic.WritePNG(&b); err != nil {
			t.Fatal(err)
		}
		pics, size = append(pics, pic), append(size, b.Len())
	}
	room := int64(size[0] + size[1] + size[2]/2) // the first two, not three
	cache := pictures.NewCache(room)
	for _, i := range []int{0, 1, 0, 2} { // 1 is then the least recently used
		if _, err := cache.PNG(pics[i]); err != nil {
			t.Fatal(err)
		}
	}
	s := cache.Stats()
	if s.Bytes > room || s.Entries != 2 {
		t.Fatalf("after three pictures in room for two: %+v, want two within %d bytes", s, room)
	}
	before := cache.Stats().Misses
	cache.PNG(pics[0])
	if cache.Stats().Misses != before {
		t.Errorf("the picture used most recently but one was let go")
	}
	cache.PNG(pics[1])
	if cache.Stats().Misses != before+1 {
		t.Errorf("the picture used least recently was kept")
	}

	tiny := pictures.NewCache(100)
	if b, err := tiny.PNG(pics[3]); err != nil || len(b) != size[3] {
		t.Errorf("a picture larger than the cache: %d bytes, %v; want it written, %d bytes", len(b), err, size[3])
	}
	if s := tiny.Stats(); s.Entries != 0 || s.Bytes != 0 {
		t.Errorf("a picture larger than the cache was kept: %+v", s)
	}

	var none *pictures.Cache
	if b, err := none.PNG(pics[0]); err != nil || len(b) != size[0] {
		t.Errorf("a nil cache: %d bytes, %v; want the picture written, %d bytes", len(b), err, size[0])
	}
}
