package pictures

import (
	"github.com/pbem-games/pbem/rules/altiplano"
	"github.com/pbem-games/pbem/rules/archipelago"
)

func drawAltiplano(v *altiplano.View) *Picture     { return &Picture{Width: 10, Height: 10} }
func drawArchipelago(v *archipelago.View) *Picture { return &Picture{Width: 10, Height: 10} }
