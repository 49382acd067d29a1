// Package all is the languages pbem speaks: the one list a language's
// pack is added to.
package all

import (
	"github.com/pbem-games/pbem/lang"
	"github.com/pbem-games/pbem/lang/en"
	"github.com/pbem-games/pbem/lang/zh"
)

// Packs returns the packs of the languages pbem speaks.
func Packs() []lang.Pack { return []lang.Pack{en.Pack(), zh.Pack()} }

// Registry returns the registry of Packs.
func Registry() (*lang.Registry, error) { return lang.New(Packs()...) }
