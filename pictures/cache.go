package pictures

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"encoding/binary"
	"hash/maphash"
	"io"
	"math"
	"sync"
)

// Cache keeps the pictures written lately, so that a picture is written
// once however many mails and pages show it: a move's mail to each of its
// readers, the mail sent again after a crash, the web page of the same
// position.
//
// A picture is known by a hash of its drawing (its size and every shape
// and text, with the format it is written in), which is what the game,
// the event, the reader's view and the reader's language make of it: two
// readers share a picture exactly when it would be drawn the same for
// both, and a picture can never be shown to a reader it was not drawn
// for. Drawing the list costs some tens of microseconds; rasterising and
// compressing it, which cost milliseconds, happen once per picture while
// it stays in the cache. The cache holds at most its size in bytes, the
// pictures used least recently leaving first.
//
// A Cache is safe for use by several goroutines; those that ask for the
// same picture at once wait for one to write it. A nil *Cache keeps
// nothing and writes each picture every time.
type Cache struct {
	max int64
	// bands are the compressed bands of pixels of the PNGs written
	// (pngbands.go), known by hashes seeded here.
	bands *Cache
	seeds [2]maphash.Seed
	// pix and zs are the pixels of a picture and the compressor of its
	// bands, used again by the next picture written: a board's pixels
	// are about a megabyte and a compressor half as much, which made and
	// collected for every picture cost a fifth of writing it.
	pix, zs sync.Pool
	// scratch is a PNG's other buffers (pngScratch), used again too.
	scratch sync.Pool

	mu      sync.Mutex
	size    int64
	order   *list.List // of *cached, the most recently used first
	byKey   map[cacheKey]*list.Element
	pending map[cacheKey]*writing
	stats   CacheStats
}

// CacheStats says what a cache did: how often a picture was found
// written, how often it was written, and what it holds.
type CacheStats struct {
	Hits, Misses   int64
	Bytes, Entries int64
}

type cacheKey [sha256.Size]byte

type cached struct {
	key  cacheKey
	data []byte
}

// writing is a picture being written, which others asking for it wait
// for.
type writing struct {
	done chan struct{}
	data []byte
	err  error
}

// NewCache returns a cache that holds at most maxBytes of pictures, and
// half as much again of the bands of pixels they are compressed in.
func NewCache(maxBytes int64) *Cache {
	c := newLRU(maxBytes)
	c.bands = newLRU(maxBytes / 2)
	c.seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	return c
}

func newLRU(maxBytes int64) *Cache {
	return &Cache{max: maxBytes, order: list.New(), byKey: map[cacheKey]*list.Element{}, pending: map[cacheKey]*writing{}}
}

// DefaultCacheBytes is the size of the cache a service keeps: some five
// hundred phone-sized boards, more than the mails of the moves of a few
// seconds at the busiest, and the bands of as many again. A picture is
// shared by the mails of one move, sent within seconds, and by the pages
// a reader opens soon after; the bands that stay the same from move to
// move of every game (a legend, an empty row of a board) stay in use.
const DefaultCacheBytes = 16 << 20

// PNG returns p written as PNG (WritePNG), from the cache when it holds
// it. The bytes are shared: the caller must not change them.
func (c *Cache) PNG(p *Picture) ([]byte, error) {
	if c == nil {
		return c.get(cacheKey{}, p.WritePNG)
	}
	return c.get(p.key("png"), func(w io.Writer) error { return p.writePNG(w, c) })
}

// SVG returns p written as SVG (WriteSVG), from the cache when it holds
// it. The bytes are shared: the caller must not change them.
func (c *Cache) SVG(p *Picture) ([]byte, error) {
	return c.get(p.key("svg"), p.WriteSVG)
}

// Stats returns what the cache did so far.
func (c *Cache) Stats() CacheStats {
	if c == nil {
		return CacheStats{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.stats
	s.Bytes, s.Entries = c.size, int64(c.order.Len())
	return s
}

func (c *Cache) get(k cacheKey, write func(io.Writer) error) ([]byte, error) {
	if c == nil {
		var b bytes.Buffer
		err := write(&b)
		return b.Bytes(), err
	}
	c.mu.Lock()
	if e, ok := c.byKey[k]; ok {
		c.order.MoveToFront(e)
		c.stats.Hits++
		c.mu.Unlock()
		return e.Value.(*cached).data, nil
	}
	if w, ok := c.pending[k]; ok {
		c.stats.Hits++
		c.mu.Unlock()
		<-w.done
		return w.data, w.err
	}
	w := &writing{done: make(chan struct{})}
	c.pending[k] = w
	c.stats.Misses++
	c.mu.Unlock()

	var b bytes.Buffer
	func() {
		defer func() {
			if r := recover(); r != nil {
				c.finish(k, w, nil, errPanic{r})
				panic(r)
			}
		}()
		w.err = write(&b)
	}()
	data := bytes.Clone(b.Bytes())
	c.finish(k, w, data, w.err)
	return data, w.err
}

// peek returns what the cache holds under k, or nil, counting a hit when
// it holds it and nothing when not: the caller asks get for what it lacks.
func (c *Cache) peek(k cacheKey) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[k]
	if !ok {
		return nil
	}
	c.order.MoveToFront(e)
	c.stats.Hits++
	return e.Value.(*cached).data
}

// finish hands a written picture to those waiting for it and keeps it.
func (c *Cache) finish(k cacheKey, w *writing, data []byte, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.pending, k)
	w.data, w.err = data, err
	close(w.done)
	if err != nil || int64(len(data)) > c.max {
		return
	}
	c.byKey[k] = c.order.PushFront(&cached{key: k, data: data})
	c.size += int64(len(data))
	for c.size > c.max {
		last := c.order.Back()
		old := last.Value.(*cached)
		c.order.Remove(last)
		delete(c.byKey, old.key)
		c.size -= int64(len(old.data))
	}
}

// errPanic is what those waiting for a picture get when writing it
// panicked.
type errPanic struct{ v any }

func (e errPanic) Error() string { return "pictures: writing the picture failed" }

// key is the hash of what p shows in a format: its size and every item,
// and for SVG its title, which the SVG carries and the PNG does not. The
// drawing is laid out in one buffer and hashed at once: a few hundred
// items, each a dozen small writes, cost more written to the hash one by
// one.
func (p *Picture) key(format string) cacheKey {
	b := make([]byte, 0, 64+96*len(p.items))
	b = appendString(b, format)
	if format == "svg" {
		b = appendString(b, p.Title)
	}
	b = appendNum(b, p.Width)
	b = appendNum(b, p.Height)
	for _, it := range p.items {
		b = appendItem(b, it)
	}
	return sha256.Sum256(b)
}

// appendItem appends to b everything of it that its drawing depends on:
// what it is, where, in what style, what it says and its class.
func appendItem(b []byte, it item) []byte {
	b = appendNum(b, float64(it.kind))
	b = appendString(b, it.class)
	b = appendNum(b, float64(len(it.pts)))
	for _, pt := range it.pts {
		b = appendNum(b, pt.X)
		b = appendNum(b, pt.Y)
	}
	st, f := it.style, it.font
	b = append(b, st.Fill.R, st.Fill.G, st.Fill.B, st.Fill.A, st.Stroke.R, st.Stroke.G, st.Stroke.B, st.Stroke.A, byte(b2i(st.Dash)),
		byte(b2i(f.Bold)), f.Color.R, f.Color.G, f.Color.B, f.Color.A, byte(f.Align))
	b = appendNum(b, st.Width)
	b = appendNum(b, f.Size)
	return appendString(b, it.text)
}

func appendNum(b []byte, x float64) []byte {
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
}

// appendString appends s after its length, so that no two lists of
// strings append alike.
func appendString(b []byte, s string) []byte {
	return append(appendNum(b, float64(len(s))), s...)
}
