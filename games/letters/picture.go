package letters

import (
	"bytes"
	"image/png"
	"net/url"
	"strings"

	"github.com/pbem-games/pbem/games/locale"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/pictures"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates"
)

// maxPicture is the largest board picture a mail carries: a PNG larger
// than this is left out rather than make the mail heavy to fetch.
const maxPicture = 150 << 10

// boardPicture draws view v of game as a PNG for the mail of Message-ID id: the
// picture for the templates and the inline part that goes with the HTML.
// Its Content-ID comes from the Message-ID, and drawing is deterministic,
// so the same notice gives the same mail. ok is false when the view cannot
// be drawn, even when drawing it panics: the mail then goes without a
// picture, never held or lost for one. Its words are in the reader's
// language, as say writes a phrase (nil for English). The PNG comes from
// the service's cache when another mail or page showed the same picture.
func (s *Service) boardPicture(game string, v rules.View, id, name string, say func(rules.Phrase) string) (pic templates.Picture, part mail.Attachment, ok bool) {
	defer func() {
		if recover() != nil {
			pic, part, ok = templates.Picture{}, mail.Attachment{}, false
		}
	}()
	p, err := s.games.Draw(game, v, say)
	if err != nil {
		return pic, part, false
	}
	b, err := s.Pictures.PNG(p)
	if err != nil || len(b) > maxPicture {
		return pic, part, false
	}
	size, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return pic, part, false
	}
	cid := "board." + id
	pic = templates.Picture{CID: cid, Width: size.Width, Height: size.Height}
	return pic, mail.Attachment{Name: name, ContentType: "image/png", Data: b, ContentID: cid}, true
}

// shows says whether html refers to the part of Content-ID cid, as the
// templates write the reference.
func shows(html, cid string) bool {
	return strings.Contains(html, `src="cid:`+url.PathEscape(cid)+`"`)
}

// PictureIn draws view v of game as a mail to a reader of language lang
// shows it (pbem show --format svg|png).
func (s *Service) PictureIn(game string, v rules.View, lang string) (*pictures.Picture, error) {
	return s.games.Draw(game, v, locale.Of(s.games.Words(), mail.Pref{Lang: lang}).Phrase)
}
