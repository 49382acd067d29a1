package bymail

import (
	"context"
	"encoding/hex"
	"fmt"
	"html"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbem-games/pbem/campaigns"
	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/templates/words"
)

// The kinds of a campaign's mail, in mail.Notice.Kind and the
// X-Pbem-Kind header.
const (
	KindCreated    = "campaign-created"    // to the organiser: the campaign's id, how to decide in it
	KindInvitation = "campaign-invitation" // to a player the organiser named: reply ENTER to play
	KindEntered    = "campaign-entered"    // to a player entered
	KindWithdrew   = "campaign-withdrew"   // to a player who left
	KindRound      = "campaign-round"      // to each player of a round: their table and game, or their bye
	KindStandings  = "campaign-standings"  // to every player and the organiser after each round, and to whoever asks
	KindDecided    = "campaign-decided"    // to the players an organiser's decision concerns
)

// Kinds lists the kinds of a campaign's mail.
var Kinds = []string{KindCreated, KindInvitation, KindEntered, KindWithdrew, KindRound, KindStandings, KindDecided}

// Owns reports whether a notice of kind is a campaign's mail, which
// Letters renders.
func Owns(kind string) bool { return strings.HasPrefix(kind, "campaign-") }

// HeaderCampaign is, on a campaign's mail, the campaign's id.
const HeaderCampaign = "X-Pbem-Campaign"

// Letters derives the mail of each campaign's events and renders it.
// A notice's Message-ID names the campaign, the event, the kind and the
// reader, so deriving it again after a crash gives the same mail with
// the same Message-ID; each reader's mail of a campaign refers to one
// root (ThreadRoot), so that it is one thread.
type Letters struct {
	Organiser *organiser.Service
	Service   string      // the sender's display name
	Mailbox   string      // the game mailbox
	Tokens    mail.Tokens // each reader's campaign address
	Domain    string      // of the Message-IDs
	WebURL    string      // "" for no link to the campaign's page
	// Printer writes in the language a reader reads, at a time, from the
	// catalog of the languages pbem offers; nil: pbem's own English.
	Printer func(ctx context.Context, addr string, at time.Time) (words.Printer, error)
}

// ThreadRoot is the Message-ID every mail of campaign id to reader
// refers to: it is never sent, so it is the same whichever comes first.
func ThreadRoot(domain, id, reader string) string {
	return fmt.Sprintf("%s.thread.%s@%s", id, addrKey(reader), domain)
}

// messageID is the Message-ID of the mail of kind to reader about event
// seq of campaign id.
func messageID(domain, id string, seq uint64, kind, reader string) string {
	return fmt.Sprintf("%s.%d.%s.%s@%s", id, seq, strings.TrimPrefix(kind, "campaign-"), addrKey(reader), domain)
}

func addrKey(a string) string { return hex.EncodeToString([]byte(strings.ToLower(a))) }

// history returns campaign id folded after its event seq, and that
// event's fact. A history shorter than seq is read behind the stream: an
// error that is not mail.ErrUnrenderable, to try again.
func (ls *Letters) history(ctx context.Context, id string, seq uint64) (*campaigns.Campaign, campaigns.Fact, []events.Event, error) {
	evs, _, err := ls.Organiser.Games.Store.Campaigns().Load(ctx, id)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("bymail: campaign %s: %w", id, err)
	}
	if seq == 0 || uint64(len(evs)) < seq {
		return nil, nil, nil, fmt.Errorf("bymail: campaign %s has %d events, not yet %d", id, len(evs), seq)
	}
	facts, err := organiser.Facts(evs[:seq])
	if err == nil {
		var c *campaigns.Campaign
		if c, err = campaigns.Fold(id, facts); err == nil {
			return c, facts[seq-1], evs[:seq], nil
		}
	}
	return nil, nil, nil, fmt.Errorf("bymail: campaign %s: %w: %w", id, mail.ErrUnrenderable, err)
}

// Notices returns the mail that the campaign event r causes; nil for
// a record of anything else. It is a mail.NoticeSource.
func (ls *Letters) Notices(ctx context.Context, r events.Record) ([]mail.Notice, error) {
	if !strings.HasPrefix(r.Subject, events.CampaignSubject) {
		return nil, nil
	}
	e, err := events.Decode(r.Data)
	if err != nil {
		return nil, fmt.Errorf("bymail: %s at %d: %w: %w", r.Subject, r.StreamSeq, mail.ErrUnrenderable, err)
	}
	c, f, _, err := ls.history(ctx, e.Game, e.Seq)
	if err != nil {
		return nil, err
	}
	var out []mail.Notice
	seen := map[string]bool{}
	add := func(kind, entry string) {
		addr := organiser.Player(entry).Address
		if addr == "" || seen[kind+strings.ToLower(addr)] {
			return
		}
		seen[kind+strings.ToLower(addr)] = true
		root := ThreadRoot(ls.Domain, c.ID, addr)
		out = append(out, mail.Notice{ID: messageID(ls.Domain, c.ID, e.Seq, kind, addr), Kind: kind, Seat: -1, To: addr,
			Name: organiser.Player(entry).Name, InReplyTo: root, References: []string{root}, Time: e.Time,
			Fields: map[string]string{"campaign": c.ID, "seq": strconv.FormatUint(e.Seq, 10)}})
	}
	standings := func(round int) {
		if !roundDone(c, round) {
			return
		}
		for _, p := range c.Active() {
			add(KindStandings, p)
		}
		add(KindStandings, c.Created.Organiser)
	}
	switch f := f.(type) {
	case campaigns.Created:
		add(KindCreated, f.Organiser)
		for _, p := range f.Invited {
			add(KindInvitation, p)
		}
	case campaigns.Entered:
		add(KindEntered, f.Player)
	case campaigns.Withdrew:
		add(KindWithdrew, f.Player)
	case campaigns.RoundPaired:
		for _, p := range f.Byes {
			add(KindRound, p)
		}
	case campaigns.GameStarted:
		for _, p := range f.Seats {
			add(KindRound, p)
		}
	case campaigns.Result:
		standings(roundOf(c, f.Game))
	case campaigns.Decided:
		switch f.Decision {
		case campaigns.Disqualified:
			add(KindDecided, f.Player)
		case campaigns.Adjudicated:
			for _, g := range c.Games {
				if g.Game == f.Game {
					for _, p := range g.Seats {
						add(KindDecided, p)
					}
				}
			}
			standings(roundOf(c, f.Game))
		case campaigns.Replaced:
			add(KindDecided, f.Player)
			add(KindDecided, c.Created.Organiser)
		case campaigns.Paused, campaigns.Resumed, campaigns.Extended:
			for _, p := range c.Active() {
				add(KindDecided, p)
			}
		}
	}
	return out, nil
}

// roundOf is the round game plays in.
func roundOf(c *campaigns.Campaign, game string) int {
	for _, g := range c.Games {
		if g.Game == game {
			return g.Round
		}
	}
	return 0
}

// roundDone reports whether every table of round has its game and every
// game its result.
func roundDone(c *campaigns.Campaign, round int) bool {
	if round < 1 || round > len(c.Rounds) {
		return false
	}
	for _, u := range c.Unstarted() {
		if u.Round == round {
			return false
		}
	}
	for _, g := range c.Games {
		if g.Round == round && g.Result == nil {
			return false
		}
	}
	return true
}

// roundsDone is how many rounds from the first are done.
func roundsDone(c *campaigns.Campaign) int {
	n := 0
	for n < len(c.Rounds) && roundDone(c, n+1) {
		n++
	}
	return n
}

// StandingsFields are the fields of the answer to STANDINGS of
// campaign id: its standings as its history stands now.
func StandingsFields(ctx context.Context, d Desk, id string) (map[string]string, error) {
	if _, err := d.load(ctx, id); err != nil {
		return nil, err
	}
	evs, _, err := d.Organiser.Games.Store.Campaigns().Load(ctx, id)
	if err != nil {
		return nil, err
	}
	return map[string]string{"campaign": id, "seq": strconv.Itoa(len(evs))}, nil
}

// Render turns a campaign's notice into the mail to send, from the
// campaign as it was after the notice's event: the same notice always
// gives the same mail.
func (ls *Letters) Render(ctx context.Context, n mail.Notice) (mail.Outgoing, error) {
	out := mail.Outgoing{MessageID: n.ID, To: n.To, ToName: n.Name, InReplyTo: n.InReplyTo, References: n.References, Date: n.Time}
	id := n.Fields["campaign"]
	seq, err := strconv.ParseUint(n.Fields["seq"], 10, 64)
	if !organiser.IsID(id) || err != nil {
		return out, fmt.Errorf("bymail: render %s: %w: no campaign or event", n.ID, mail.ErrUnrenderable)
	}
	c, f, evs, err := ls.history(ctx, id, seq)
	if err != nil {
		return out, err
	}
	if out.Date.IsZero() {
		out.Date = evs[len(evs)-1].Time
	}
	p := words.For(words.Fallback)
	if ls.Printer != nil {
		if p, err = ls.Printer(ctx, n.To, out.Date); err != nil {
			return out, err
		}
	}
	l := letter{p: p, c: c, to: n.To, mailbox: ls.Mailbox, game: organiser.GameTitle(ls.Organiser.Games.Catalog, c.Created.Game, p)}
	if ls.WebURL != "" {
		l.page = ls.Tokens.CampaignLink(ls.WebURL, id)
	}
	subject, paras, table := l.compose(n.Kind, f)
	if subject == "" {
		return out, fmt.Errorf("bymail: render %s: %w: no mail of kind %q", n.ID, mail.ErrUnrenderable, n.Kind)
	}
	if l.page != "" && (n.Kind == KindRound || n.Kind == KindStandings) {
		paras = append(paras, l.p.S("campaign.mail.page", l.page))
	}
	switch e := entered(c, n.To); {
	case c.Over():
		paras = append(paras, l.p.S("campaign.mail.footer.over"))
	case e != "" && slices.Contains(c.Active(), e):
		paras = append(paras, l.p.S("campaign.mail.footer")) // what a player in it may reply
	}
	out.Subject = "[pbem] " + subject // tagged as all mail about no game is
	out.Text, out.HTML = l.text(paras, table), l.html(subject, paras, table)
	out.ReplyTo = ls.Tokens.ConfirmTo(ls.Mailbox, mail.ConfirmCampaign, id, n.To)
	out.Headers = map[string]string{"X-Pbem-Kind": n.Kind, HeaderCampaign: id, "Content-Language": p.Lang(),
		// RFC 2369: a mail client's "unsubscribe" sends STOP to the
		// address only this reader was mailed.
		"List-Unsubscribe": "<" + mail.MailtoURL(ls.Tokens.ConfirmTo(ls.Mailbox, mail.ConfirmStop, "", n.To), "subject=STOP&body=STOP") + ">"}
	maps.Copy(out.Headers, mail.ListHeaders(ls.Service, ls.Mailbox, id, ""))
	return out, nil
}

// letter is one campaign mail being written, in its reader's language.
type letter struct {
	p       words.Printer
	c       *campaigns.Campaign
	to      string
	mailbox string
	page    string // the campaign's page, "" for none
	game    string // the campaign's game, as the reader's language names it
}

// name is how a campaign's mail names a player: their name, never
// their address.
func name(entry string) string {
	if n := organiser.Player(entry).Name; n != "" {
		return n
	}
	return entry
}

func (l *letter) kind() string {
	return strings.ToLower(l.p.S(words.ID("web.campaign.kind." + l.c.Created.Kind)))
}

// compose returns the subject, the paragraphs and the standings table
// (nil for none) of a mail of kind about fact f.
func (l *letter) compose(kind string, f campaigns.Fact) (string, []string, [][]string) {
	c, p := l.c, l.p
	switch kind {
	case KindCreated:
		paras := []string{p.S("campaign.mail.created", l.kind(), l.game, c.ID)}
		if len(c.Created.Invited) > 0 {
			var names []string
			for _, q := range c.Created.Invited {
				names = append(names, name(q))
			}
			paras = append(paras, p.S("campaign.mail.created.invited", strings.Join(names, ", ")))
		} else {
			paras = append(paras, p.S("campaign.mail.created.open", c.ID, l.mailbox))
		}
		paras = append(paras, p.S("campaign.mail.created.decide", c.ID))
		return p.S("campaign.mail.subject.created", c.ID, l.kind(), l.game), paras, nil
	case KindInvitation:
		org := name(c.Created.Organiser)
		return p.S("campaign.mail.subject.invitation", org, l.kind(), l.game),
			[]string{p.S("campaign.mail.invitation", org, l.kind(), l.game, c.ID)}, nil
	case KindEntered:
		return p.S("campaign.mail.subject.entered", c.ID), []string{p.S("campaign.mail.entered", c.ID, l.kind(), l.game)}, nil
	case KindWithdrew:
		return p.S("campaign.mail.subject.withdrew", c.ID), []string{p.S("campaign.mail.withdrew", c.ID)}, nil
	case KindRound:
		return l.round(f)
	case KindStandings:
		round := roundsDone(c)
		paras := []string{p.S("campaign.mail.standings", c.ID, round)}
		if c.Over() {
			paras = append(paras, p.S("campaign.mail.over"))
		}
		return p.S("campaign.mail.subject.standings", c.ID, round), paras, l.standings()
	case KindDecided:
		d, ok := f.(campaigns.Decided)
		if !ok {
			return "", nil, nil
		}
		var para string
		switch d.Decision {
		case campaigns.Disqualified:
			para = p.S("campaign.mail.disqualified", c.ID, name(d.Player), d.Reason)
		case campaigns.Paused:
			para = p.S("campaign.mail.paused", c.ID, d.Reason)
		case campaigns.Resumed:
			para = p.S("campaign.mail.resumed", c.ID, d.Reason)
		case campaigns.Extended:
			para = p.S("campaign.mail.extended", c.ID, d.Span, d.Reason)
		case campaigns.Replaced:
			para = p.S("campaign.mail.replaced", c.ID, name(d.Replacement), name(d.Player), d.Game, d.Reason)
		default:
			var places []string
			for _, pl := range d.Places {
				places = append(places, strconv.Itoa(pl))
			}
			para = p.S("campaign.mail.adjudicated", c.ID, d.Game, d.Reason, strings.Join(places, ", "))
		}
		return p.S("campaign.mail.subject.decided", c.ID), []string{para}, nil
	}
	return "", nil, nil
}

// round writes a player's mail of a round: their table or their bye.
func (l *letter) round(f campaigns.Fact) (string, []string, [][]string) {
	c, p := l.c, l.p
	switch f := f.(type) {
	case campaigns.RoundPaired:
		return p.S("campaign.mail.subject.round", c.ID, f.Round), []string{p.S("campaign.mail.bye", f.Round, c.ID)}, nil
	case campaigns.GameStarted:
		var others []string
		for _, s := range f.Seats {
			if !strings.EqualFold(organiser.Player(s).Address, l.to) {
				others = append(others, name(s))
			}
		}
		return p.S("campaign.mail.subject.round", c.ID, f.Round),
			[]string{p.S("campaign.mail.round", f.Round, c.ID, f.Table, f.Game, strings.Join(others, ", "))}, nil
	}
	return "", nil, nil
}

// standings is the campaign's table: a header row, then a row a player.
func (l *letter) standings() [][]string {
	p := l.p
	rows := [][]string{{p.S("web.campaign.col.rank"), p.S("campaign.show.col.player"), p.S("web.campaign.col.points"), p.S("web.campaign.col.played")}}
	for _, s := range l.c.Standings() {
		who := name(s.Player)
		if s.Withdrawn != "" {
			who += " (" + p.S("web.campaign.withdrawn") + ")"
		}
		rows = append(rows, []string{strconv.Itoa(s.Rank), who, s.Points.String(), strconv.Itoa(s.Played)})
	}
	return rows
}

// text is the mail's text part: the paragraphs, the table in columns
// padded by runes.
func (l *letter) text(paras []string, table [][]string) string {
	var b strings.Builder
	b.WriteString(paras[0] + "\n\n")
	if table != nil {
		widths := make([]int, len(table[0]))
		for _, row := range table {
			for i, cell := range row {
				widths[i] = max(widths[i], width(cell))
			}
		}
		for _, row := range table {
			var line strings.Builder
			for i, cell := range row {
				if i > 0 {
					line.WriteString("  ")
				}
				line.WriteString(cell + strings.Repeat(" ", widths[i]-width(cell)))
			}
			b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
		}
		b.WriteString("\n")
	}
	for _, para := range paras[1:] {
		b.WriteString(para + "\n\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// width is how many columns s takes in a fixed-width font: a wide rune
// (CJK) two.
func width(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x1100 && (r <= 0x115f || r >= 0x2e80 && r <= 0xa4cf || r >= 0xac00 && r <= 0xd7a3 || r >= 0xf900 && r <= 0xfaff || r >= 0xfe30 && r <= 0xfe4f || r >= 0xff00 && r <= 0xff60 || r >= 0xffe0 && r <= 0xffe6) {
			n++
		}
	}
	return n
}

// html is the mail's HTML part: the same paragraphs and table, as a
// phone shows them 360 pixels wide without scrolling sideways (long
// words and the page's link break; the table is as narrow as its
// cells), in light colours that a dark mode leaves as they are, and the
// page's link one to follow.
func (l *letter) html(title string, paras []string, table [][]string) string {
	const font = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2328;"
	para := func(text string) string {
		h := html.EscapeString(text)
		if l.page != "" {
			link := html.EscapeString(l.page)
			h = strings.Replace(h, link, `<a href="`+link+`" style="color:#0b57d0;">`+link+`</a>`, 1)
		}
		return `<p style="margin:0 0 12px;">` + h + "</p>\n"
	}
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="` + html.EscapeString(l.p.Lang()) + `"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
		`<meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light"><title>` + html.EscapeString(title) + "</title></head>" +
		`<body style="margin:0;padding:16px;background-color:#ffffff;` + font + `overflow-wrap:anywhere;word-break:break-word;">` + "\n" + para(paras[0]))
	if table != nil {
		b.WriteString(`<table style="border-collapse:collapse;margin:0 0 12px;">` + "\n")
		for i, row := range table {
			cell := "td"
			if i == 0 {
				cell = "th"
			}
			b.WriteString("<tr>")
			for _, v := range row {
				b.WriteString("<" + cell + ` style="padding:2px 10px 2px 0;text-align:left;vertical-align:top;">` + html.EscapeString(v) + "</" + cell + ">")
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</table>\n")
	}
	for _, p := range paras[1:] {
		b.WriteString(para(p))
	}
	b.WriteString("</body></html>\n")
	return b.String()
}
