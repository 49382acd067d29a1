package web_test

import (
	"io"
	"net/http"
	"strconv"
	"testing"
)

// BenchmarkPage measures a seat's page of each game, at its last event
// and half way through: a load of the history, a fold (two for a past
// position), the verification's replay and the picture.
func BenchmarkPage(b *testing.B) {
	f := newFixture(b)
	for _, tb := range tables {
		_, n := f.game(b, tb.name, 0)
		for _, at := range []int{n, n / 2} {
			url := f.link(b, tb.name, 0) + "?at=" + strconv.Itoa(at)
			b.Run(tb.name+"/at="+strconv.Itoa(at)+"of"+strconv.Itoa(n), func(b *testing.B) {
				for b.Loop() {
					resp, err := http.Get(url)
					if err != nil {
						b.Fatal(err)
					}
					n, _ := io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 {
						b.Fatalf("status %d", resp.StatusCode)
					}
					b.SetBytes(n)
				}
			})
		}
	}
}
