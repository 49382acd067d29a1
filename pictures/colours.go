package pictures

import "image/color"

// The page's colours: a light, opaque page so that a picture reads the
// same in a dark mail theme.
var (
	paper      = RGB(0xfbf8f1)
	Ink        = RGB(0x222222)
	Faint      = RGB(0x8a8a8a)
	Edge       = RGB(0x555555)
	MarkColour = RGB(0xd0021b) // the last move's ring
	White      = RGB(0xffffff)
)

// page is how every picture's page is painted, under all its items.
var page = Style{Fill: paper}

// seatColours are the Okabe–Ito colours, told apart by every kind of
// colour vision; a seat is drawn in its colour and also with its shape
// and its number, so no one needs the colour alone.
var seatColours = []color.RGBA{
	RGB(0xe69f00), // orange
	RGB(0x56b4e9), // sky blue
	RGB(0x009e73), // bluish green
	RGB(0xcc79a7), // reddish purple
	RGB(0xf0e442), // yellow
}

// RGB is the colour 0xRRGGBB, opaque.
func RGB(x uint32) color.RGBA {
	return color.RGBA{uint8(x >> 16), uint8(x >> 8), uint8(x), 0xff}
}

// SeatColour is the colour of seat's pieces.
func SeatColour(seat int) color.RGBA {
	if seat < 0 || seat >= len(seatColours) {
		return Faint
	}
	return seatColours[seat]
}
