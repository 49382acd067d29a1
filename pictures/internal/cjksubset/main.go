// Command cjksubset makes the Chinese font compiled into the pictures: a
// subset of Noto Sans CJK SC Regular with the characters pbem's Chinese
// writes and the common characters players' names use. It reads the font
// from the Debian package fonts-noto-cjk (or the file given by -font) and
// writes pictures/cjk/NotoSansCJKsc-Subset.ttf; go generate in pictures
// runs it. Only whoever changes the subset needs the package: the build
// and the tests use the file written.
//
// The subset holds:
//   - the 3,755 characters of level 1 of GB 2312 (the common characters
//     of simplified Chinese, rows 16 to 55), and its first row of
//     punctuation and symbols;
//   - CJK Symbols and Punctuation (U+3000–U+303F) and the Halfwidth and
//     Fullwidth Forms (U+FF00–U+FFEF);
//   - every character above U+2000 in the Chinese message catalog
//     (lang/zh/texts.go and each game's catalog/<game>/words_zh.go)
//     and the games' glossaries (rules/<game>/glossary.go), read from
//     their source.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"unicode/utf8"

	"github.com/tdewolff/font"
	"golang.org/x/text/encoding/simplifiedchinese"
)

func main() {
	src := flag.String("font", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "the Noto Sans CJK collection (or font) to subset")
	family := flag.String("family", "Noto Sans CJK SC", "the family to take from a collection")
	root := flag.String("root", ".", "the pictures directory of the repository")
	out := flag.String("o", "cjk/NotoSansCJKsc-Subset.ttf", "the subset to write, under the pictures directory")
	flag.Parse()

	b, err := os.ReadFile(*src)
	if err != nil {
		log.Fatalf("cjksubset: %v (install the Debian package fonts-noto-cjk, or give -font)", err)
	}
	sfnt, index, err := pick(b, *family)
	if err != nil {
		log.Fatal(err)
	}
	runes, err := wanted(filepath.Join(*root, ".."))
	if err != nil {
		log.Fatal(err)
	}
	data, glyphs, missing, err := build(b, index, sfnt, runes)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*root, *out), data, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("cjksubset: %d characters, %d glyphs (%d characters the font lacks), %d bytes\n", len(runes), glyphs, missing, len(data))
}

// pick returns the font of family from a collection and its index there,
// or the font itself.
func pick(b []byte, family string) (*font.SFNT, int, error) {
	for i := 0; ; i++ {
		f, err := font.ParseSFNT(b, i)
		if err != nil {
			if i == 0 {
				return nil, 0, fmt.Errorf("cjksubset: %w", err)
			}
			return nil, 0, fmt.Errorf("cjksubset: no font of family %q", family)
		}
		for _, rec := range f.Name.Get(font.NameFontFamily) {
			if rec.String() == family {
				return f, i, nil
			}
		}
	}
}

// wanted returns the characters the subset holds, sorted.
func wanted(repo string) ([]rune, error) {
	set := map[rune]bool{}
	gb := simplifiedchinese.GBK.NewDecoder()
	add := func(hi, lo byte) {
		s, err := gb.Bytes([]byte{hi, lo})
		if err != nil {
			return
		}
		if r, _ := utf8.DecodeRune(s); r != utf8.RuneError && r >= 0x80 {
			set[r] = true
		}
	}
	for lo := byte(0xA1); lo <= 0xFE; lo++ {
		add(0xA1, lo) // row 1: punctuation and symbols
	}
	for hi := byte(0xB0); hi <= 0xD7; hi++ { // rows 16 to 55: level 1
		for lo := byte(0xA1); lo <= 0xFE; lo++ {
			add(hi, lo)
		}
	}
	for r := rune(0x3000); r <= 0x303F; r++ {
		set[r] = true
	}
	for r := rune(0xFF00); r <= 0xFFEF; r++ {
		set[r] = true
	}
	names, err := filepath.Glob(filepath.Join(repo, "catalog", "*", "words_zh.go"))
	if err != nil {
		return nil, err
	}
	glossaries, err := filepath.Glob(filepath.Join(repo, "rules", "*", "glossary.go"))
	if err != nil {
		return nil, err
	}
	for _, name := range append(append([]string{filepath.Join(repo, "lang", "zh", "texts.go")}, names...), glossaries...) {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		for _, r := range string(bytes.ToValidUTF8(b, nil)) {
			if r >= 0x2000 {
				set[r] = true
			}
		}
	}
	out := make([]rune, 0, len(set))
	for r := range set {
		out = append(out, r)
	}
	slices.Sort(out)
	return out, nil
}
