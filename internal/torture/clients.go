package torture

import (
	"fmt"
	"strings"
	"time"

	"golang.org/x/text/width"
)

// The mail clients players write their moves with: where the reply goes
// (above or below the mail it answers), how that mail is quoted, and what
// the client adds.
const (
	StyleQuote      = "quote"       // the move, then "On <Message-ID>, pbem games wrote:" and the quote (the club's old way)
	StyleGmail      = "gmail"       // top-posted; "On Tue, 1 Dec 2026 at 10:00, pbem <…> wrote:", wrapped as Gmail wraps it, then ">" lines
	StyleOutlook    = "outlook"     // top-posted; "-----Original Message-----", a header block and the original unquoted
	StyleOutlookNew = "outlook-new" // top-posted; a From/Sent/To/Subject block and the original unquoted
	StyleBird       = "thunderbird" // top-posted; "On 01/12/2026 10:00, pbem wrote:" and ">" lines
	StyleBirdBelow  = "thunderbird-below"
	StyleIPhone     = "iphone" // top-posted; "Sent from my iPhone", then the quote
	StylePlain      = "plain"  // the move alone
)

// Styles are the clients a player draws from, with Options.Clients.
var Styles = []string{StyleQuote, StyleGmail, StyleOutlook, StyleOutlookNew, StyleBird, StyleBirdBelow, StyleIPhone, StylePlain}

// greetings and signOffs are what people write around a move; a sign-off
// may take more than one line.
var (
	greetings = []string{"Hi pbem,", "Hello all", "Dear pbem,", "你好！"}
	signOffs  = [][]string{{"Thanks!"}, {"Cheers, Cai"}, {"Best regards,", "Bea Brandt"}, {"谢谢！"}, {"Deal! :)"}}
)

// reply writes the body of a reply with move to prompt as the player's
// client does, and returns the lines of the player's own text that are
// not the move (greetings, sign-offs) as pbem reads them.
func (p *player) reply(move string, prompt Content) (string, []string) {
	var own, ignored []string
	polite := p.club.opt.Polite
	if polite > 0 && p.when.Float64() < polite {
		g := greetings[p.when.IntN(len(greetings))]
		own = append(own, g, "")
		ignored = append(ignored, g)
	}
	own = append(own, move)
	if polite > 0 && p.when.Float64() < polite {
		so := signOffs[p.when.IntN(len(signOffs))]
		own = append(own, "")
		own = append(own, so...)
		ignored = append(ignored, so...)
	}
	for i, l := range ignored {
		ignored[i] = strings.Join(strings.Fields(width.Fold.String(l)), " ")
	}
	mine := strings.Join(own, "\n") + "\n"
	now := time.Now().UTC()
	from := "pbem <" + p.club.opt.Mailbox + ">"
	text := strings.TrimRight(prompt.Text, "\n")
	quoted := "> " + strings.ReplaceAll(text, "\n", "\n> ")
	header := fmt.Sprintf("From: %s\nSent: %s\nTo: %s\nSubject: %s\n\n", from, now.Format("Monday, January 2, 2006 3:04 PM"), p.addr, prompt.Subject)
	switch p.style {
	case StyleQuote:
		return fmt.Sprintf("%s\nOn %s, pbem games wrote:\n%s\n", mine, prompt.MessageID, quoted), ignored
	case StyleGmail:
		attr := fmt.Sprintf("On %s, %s wrote:", now.Format("Mon, 2 Jan 2006 at 15:04"), from)
		if i := strings.Index(attr, "<"); len(attr) > 76 && i > 0 {
			attr = attr[:i] + "<\n" + attr[i+1:] // Gmail's plain text breaks inside the address
		}
		return fmt.Sprintf("%s\n%s\n\n%s\n", mine, attr, quoted), ignored
	case StyleOutlook:
		return fmt.Sprintf("%s\n-----Original Message-----\n%s%s\n", mine, header, text), ignored
	case StyleOutlookNew:
		return fmt.Sprintf("%s\n%s%s\n", mine, header, text), ignored
	case StyleBird:
		return fmt.Sprintf("%s\nOn %s, pbem wrote:\n%s\n", mine, now.Format("02/01/2006 15:04"), quoted), ignored
	case StyleBirdBelow:
		return fmt.Sprintf("On %s, pbem wrote:\n%s\n\n%s", now.Format("02/01/2006 15:04"), quoted, mine), ignored
	case StyleIPhone:
		return fmt.Sprintf("%s\nSent from my iPhone\n\n> On %s, %s wrote:\n>\n%s\n", mine, now.Format("2 Jan 2006, at 15:04"), from, quoted), ignored
	}
	return mine, ignored
}
