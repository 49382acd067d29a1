package postoffice

import (
	"strings"
	"testing"
)

// TestNoPictures: with no_pictures set, a game's mail carries no picture:
// the board is in its text part and, as text, in its HTML part, which
// refers to no image; the mail is a fraction of the weight. The players
// still play by it.
func TestNoPictures(t *testing.T) {
	t.Parallel()
	_, ms := loopbackServers(t, "games", "ana", "bea")
	serve(t, ms, serving{change: func(c *Config) { c.NoPictures = true }})
	send(t, ms, ms.Address("ana"), ms.Address("games"), "a game?", "", "NEW atacama WITH "+ms.Address("bea")+"\n")
	accept(t, ms, "bea", 0)
	prompt := waitFor(t, ms, "ana", 0, "your-turn")
	send(t, ms, ms.Address("ana"), prompt.replyTo, "Re: "+prompt.p.Subject, "<"+prompt.messageID+">", prompt.example+"\n")
	next := waitFor(t, ms, "bea", 0, "your-turn")
	for who, l := range map[string]letter{"ana": prompt, "bea": next} {
		var text, html bool
		for _, p := range decodedParts(l.raw) {
			switch {
			case strings.HasPrefix(p.contentType, "image/"):
				t.Errorf("%s's mail %q has a part %s", who, l.p.Subject, p.contentType)
			case strings.HasPrefix(p.contentType, "text/plain"):
				text = strings.Contains(string(p.body), "Atacama")
			case strings.HasPrefix(p.contentType, "text/html"):
				body := string(p.body)
				html = strings.Contains(body, "<pre") && !strings.Contains(body, "cid:")
			}
		}
		if !text || !html {
			t.Errorf("%s's mail %q: board in the text part %v, as text in the HTML part with no image %v", who, l.p.Subject, text, html)
		}
		if len(l.raw) > 20<<10 {
			t.Errorf("%s's mail %q weighs %d bytes without its picture, want under 20 KiB", who, l.p.Subject, len(l.raw))
		}
	}
}
