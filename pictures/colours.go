package pictures

import "image/color"

// The page's colours: a light, opaque page so that a picture reads the
// same in a dark mail theme.
var (
	paper = rgb(0xfbf8f1)
	ink   = rgb(0x222222)
	faint = rgb(0x8a8a8a)
	edge  = rgb(0x555555)
	mark  = rgb(0xd0021b) // the last move's ring
	white = rgb(0xffffff)
)

// page is how every picture's page is painted, under all its items.
var page = Style{Fill: paper}

// seatColours are the Okabe–Ito colours, told apart by every kind of
// colour vision; a seat is drawn in its colour and also with its shape
// and its number, so no one needs the colour alone.
var seatColours = []color.RGBA{
	rgb(0xe69f00), // orange
	rgb(0x56b4e9), // sky blue
	rgb(0x009e73), // bluish green
	rgb(0xcc79a7), // reddish purple
	rgb(0xf0e442), // yellow
}

func rgb(x uint32) color.RGBA {
	return color.RGBA{uint8(x >> 16), uint8(x >> 8), uint8(x), 0xff}
}

func seatColour(seat int) color.RGBA {
	if seat < 0 || seat >= len(seatColours) {
		return faint
	}
	return seatColours[seat]
}
