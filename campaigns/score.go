package campaigns

import (
	"fmt"
	"strconv"
)

// Score is a number of campaign points counted in sixtieths of a point,
// so that a tie shared by up to five seats divides any whole number of
// points exactly: sums stay exact and every fold gives the same table.
type Score int

// Point is one campaign point.
const Point Score = 60

// Points returns n whole points.
func Points(n int) Score { return Score(n) * Point }

// String writes the score as people read it: "1", "½", "2½", "1.33".
func (s Score) String() string {
	neg := ""
	if s < 0 {
		neg, s = "-", -s
	}
	whole, frac := int(s/Point), int(s%Point)
	switch {
	case frac == 0:
		return neg + strconv.Itoa(whole)
	case frac == 30 && whole == 0:
		return neg + "½"
	case frac == 30:
		return neg + strconv.Itoa(whole) + "½"
	}
	return neg + fmt.Sprintf("%.2f", float64(s)/float64(Point))
}

// Float is the score in points.
func (s Score) Float() float64 { return float64(s) / float64(Point) }

// TablePoints returns each seat's campaign points for places (by seat, 1
// for the winners, equal places for a tie). Without placePoints a seat
// scores one point for each other seat it placed ahead of and a half for
// each it tied with: 1, ½, 0 at a table of two; 2, 1, 0 at three. With
// placePoints (the points of first place, second, …) tied seats share
// equally the points of the places they cover.
func TablePoints(places []int, placePoints []int) []Score {
	out := make([]Score, len(places))
	for i, p := range places {
		if len(placePoints) == 0 {
			for j, q := range places {
				switch {
				case j == i:
				case p < q:
					out[i] += Point
				case p == q:
					out[i] += Point / 2
				}
			}
			continue
		}
		// The tied seats cover places p … p+tied-1.
		tied := 0
		for _, q := range places {
			if q == p {
				tied++
			}
		}
		var sum Score
		for k := p; k < p+tied; k++ {
			if k-1 < len(placePoints) && k >= 1 {
				sum += Points(placePoints[k-1])
			}
		}
		out[i] = sum / Score(tied)
	}
	return out
}

// pairPoints is what seat i scored against seat j alone: 1 ahead, ½ tied,
// 0 behind.
func pairPoints(places []int, i, j int) Score {
	switch {
	case places[i] < places[j]:
		return Point
	case places[i] == places[j]:
		return Point / 2
	}
	return 0
}

// checkPlaces reports whether places are places of a table of n seats:
// each from 1, a place shared by k seats followed by the place k further.
func checkPlaces(places []int, n int) error {
	if len(places) != n {
		return fmt.Errorf("%d places for %d seats", len(places), n)
	}
	for i, p := range places {
		above := 0
		for _, q := range places {
			if q < p {
				above++
			}
		}
		if p != above+1 {
			return fmt.Errorf("seat %d has place %d, but %d seats placed ahead of it", i, p, above)
		}
	}
	return nil
}
