package pictures_test

import (
	"errors"

	"github.com/pbem-games/pbem/catalog/all"
	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/rules"
)

// drawView is the picture of a view of one of pbem's games, in English,
// by the drawing its game registers (catalog), for the tests of the
// drawings.
func drawView(v rules.View) (*pictures.Picture, error) {
	for _, g := range all.Games() {
		pic, err := pictures.DrawIn(g.Draw, v, nil)
		if !errors.Is(err, pictures.ErrNoPicture) {
			return pic, err
		}
	}
	return pictures.DrawIn(nil, v, nil)
}
