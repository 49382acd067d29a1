package postoffice

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"html"
	"net"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/internal/torture"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/mail/mailtest"
	"github.com/pbem-games/pbem/rules"
)

// Who may act on a game by mail: the seat's registered address, writing to
// the reply address pbem gave that seat (game, seat and an HMAC token).
// The From header is the sender's word only: someone who knows a player's
// reply address (it is in every mail pbem sent them, and in their replies'
// To) can forge a mail From that player, and nothing in the mail itself
// shows it. Only the receiving server can tell, by DKIM, SPF and DMARC:
// with trusted_auth_server set, pbem acts only on mail whose topmost
// Authentication-Results header from that server says one of them passed
// for the From domain. The tests below show each case.

// securityGame starts a game between ana and bea by mail, plays E5 and
// A1, and returns ana's prompt for her second move, her first move's mail
// as sent, and the game id.
func securityGame(t *testing.T, ms mailtest.Servers, auth string) (prompt letter, first string, game string) {
	t.Helper()
	ana, bea, games := ms.Address("ana"), ms.Address("bea"), ms.Address("games")
	sendRaw(t, ms, ana, games, fmt.Sprintf("From: %s\nTo: %s\nMessage-ID: <new.sec@pbem.test>\n%sSubject: a game?\n\nNEW atacama WITH %s\n", ana, games, auth, bea))
	inv := waitMail(t, ms, "bea", 0, "bea's invitation", func(l letter) bool { return l.invited })
	sendRaw(t, ms, bea, inv.replyTo, fmt.Sprintf("From: %s\nTo: %s\nMessage-ID: <join.sec@pbem.test>\nIn-Reply-To: <%s>\n%sSubject: Re: a game\n\nJOIN\n", bea, inv.replyTo, inv.messageID, auth))
	p := waitFor(t, ms, "ana", 0, "your-turn")
	first = fmt.Sprintf("From: %s\nTo: %s\nMessage-ID: <first.sec@pbem.test>\nIn-Reply-To: <%s>\n%sSubject: Re: move\n\nE5\n", ana, p.replyTo, p.messageID, auth)
	sendRaw(t, ms, ana, p.replyTo, first)
	b := waitFor(t, ms, "bea", 1, "your-turn")
	sendRaw(t, ms, bea, b.replyTo, fmt.Sprintf("From: %s\nTo: %s\nMessage-ID: <second.sec@pbem.test>\nIn-Reply-To: <%s>\n%sSubject: Re: move\n\nA1\n", bea, b.replyTo, b.messageID, auth))
	prompt = waitFor(t, ms, "ana", 2, "your-turn")
	tag, _ := mail.ParseTag(prompt.replyTo, games)
	return prompt, first, tag.Game
}

// answersTo sends raw as envelope sender from and returns what each of
// watch got in answer: mail is handled in order, so once cai's HELP sent
// after it is answered, any answer to raw has come too. cai must play in
// a game: a stranger's HELP is answered once a day.
func answersTo(t *testing.T, ms mailtest.Servers, from, to, raw string, watch ...string) map[string][]letter {
	t.Helper()
	before := map[string]int{}
	for _, w := range watch {
		before[w] = len(mailbox(t, ms, w))
	}
	marker := len(mailbox(t, ms, "cai"))
	sendRaw(t, ms, from, to, raw)
	send(t, ms, ms.Address("cai"), ms.Address("games"), "help", "", "HELP\n")
	waitFor(t, ms, "cai", marker, "help")
	got := map[string][]letter{}
	for _, w := range watch {
		got[w] = mailbox(t, ms, w)[before[w]:]
	}
	return got
}

// moves returns the moves game holds, as "E5 A1".
func moves(t *testing.T, s *served, game string) string {
	t.Helper()
	g, _, err := s.svc.Load(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range g.Moves {
		out = append(out, m.Move)
	}
	return strings.Join(out, " ")
}

// TestWhoMayAct sends mail that must not move a game: wrong or stale
// tokens, another seat's or game's token, a replayed mail, an observer.
// Each is refused with an answer to the seat's own address, or ignored.
func TestWhoMayAct(t *testing.T) {
	t.Parallel()
	_, ms := loopbackServers(t, "games", "ana", "bea", "cai", "eve")
	s := serve(t, ms, serving{})
	prompt, first, game := securityGame(t, ms, "")
	tag, _ := mail.ParseTag(prompt.replyTo, ms.Address("games"))
	ana, eve := ms.Address("ana"), ms.Address("eve")
	reply := func(game string, seat int, token string) string {
		return fmt.Sprintf("games+%s.%d.%s@%s", game, seat, token, ms.Domain)
	}
	tokens := mail.Tokens{Secret: []byte("test secret")}
	// A second game, of eve and bea: ana does not play in it.
	beaSeen := len(mailbox(t, ms, "bea"))
	send(t, ms, eve, ms.Address("games"), "a game?", "", "NEW atacama WITH "+ms.Address("bea")+", "+ms.Address("cai")+"\n")
	accept(t, ms, "bea", beaSeen)
	accept(t, ms, "cai", 0)
	otherTag, _ := mail.ParseTag(waitFor(t, ms, "eve", 0, "your-turn").replyTo, ms.Address("games"))
	other := otherTag.Game
	tests := []struct {
		name, from, to string
		raw            string // "" for a fresh mail with the move I9
		answer         string // the kind of the answer to from (X-Pbem-Kind); "" for silence
		body           string
	}{
		{"WrongToken", ana, reply(game, 0, "aaaaaaaaaa"), "", "rejected", "not one pbem gave you"},
		{"StaleToken", ana, reply(game, 0, mail.Tokens{Secret: []byte("last year's secret")}.Token(game, 0)), "", "rejected", "not one pbem gave you"},
		{"OtherSeatsToken", ana, reply(game, 1, tokens.Token(game, 1)), "", "rejected", "seat 1"},
		{"OtherGamesToken", ana, reply(game, 0, tokens.Token(other, 0)), "", "rejected", "not one pbem gave you"},
		{"OtherGamesAddress", ana, reply(other, 0, tokens.Token(other, 0)), "", "", ""},
		{"Observer", eve, prompt.replyTo, "", "", ""},
		{"ObserverWithSeatName", eve, prompt.replyTo, "", "", ""},
		{"Replayed", ana, prompt.replyTo, first, "", ""},
		{"ReplayedNewID", ana, prompt.replyTo, strings.Replace(first, "first.sec", "first.again", 1), "stale", "A1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := tt.raw
			if raw == "" {
				raw = fmt.Sprintf("From: %s\nTo: %s\nMessage-ID: <%s@pbem.test>\nSubject: move\n\nI9\n", tt.from, tt.to, tt.name)
			}
			if tt.name == "ObserverWithSeatName" {
				raw = strings.Replace(raw, "From: "+eve, `From: "ana" <`+eve+`>`, 1)
			}
			user, _, _ := strings.Cut(tt.from, "@")
			got := answersTo(t, ms, tt.from, tt.to, raw, user, "bea")[user]
			switch {
			case tt.answer == "" && len(got) != 0:
				t.Errorf("%s: %s got %v, want silence", tt.name, user, got)
			case tt.answer != "" && (len(got) != 1 || !got[0].is(tt.answer) || !strings.Contains(got[0].p.Text, tt.body)):
				t.Errorf("%s: %s got %v, want one answer about %q saying %q", tt.name, user, got, tt.answer, tt.body)
			}
			if m, o := moves(t, s, tag.Game), moves(t, s, other); m != "E5 A1" || o != "" {
				t.Fatalf("%s: the games' moves are %q and %q, want still E5 A1 and none", tt.name, m, o)
			}
		})
	}
	// Without trusted_auth_server, a mail From ana's address to her reply
	// address counts whoever sent it: the limit the next test lifts.
	spoof := fmt.Sprintf("From: %s\nTo: %s\nMessage-ID: <spoof@pbem.test>\nSubject: move\n\nI9\n", ana, prompt.replyTo)
	answersTo(t, ms, eve, prompt.replyTo, spoof)
	if m := moves(t, s, tag.Game); m != "E5 A1 I9" {
		t.Errorf("without a trusted server, a forged From counts: moves %q, want E5 A1 I9", m)
	}
}

// notAuthenticated is what the log says of a mail the trusted server did
// not vouch for.
const notAuthenticated = "mail not authenticated by the trusted server ignored"

// TestTrustedAuthServer: with trusted_auth_server set, a mail From a seat's
// address to its reply address counts only when that server's topmost
// Authentication-Results header says DMARC passed for the From domain.
func TestTrustedAuthServer(t *testing.T) {
	t.Parallel()
	_, ms := loopbackServers(t, "games", "ana", "bea", "cai", "eve")
	const mx = "mx.pbem.test"
	pass := "Authentication-Results: " + mx + "; dmarc=pass header.from=pbem.test\n"
	// What Rspamd writes for a genuine mail: comments holding ";" and
	// unquoted values. Bea's HELP after each case carries it, and is
	// answered only if it is read as a pass.
	genuine := "Authentication-Results: " + mx + " (rspamd; \"v3\");\n\tdkim=pass header.d=pbem.test header.s=dkim header.b=gfT/i2HB;\n" +
		"\tspf=pass (" + mx + ": domain of bea@pbem.test designates 127.0.0.1 as permitted sender) smtp.mailfrom=bea@pbem.test;\n" +
		"\tdmarc=pass (policy=reject) header.from=pbem.test\n"
	s := serve(t, ms, serving{change: func(c *Config) { c.TrustedAuth = mx }})
	prompt, _, game := securityGame(t, ms, pass)
	ana, eve := ms.Address("ana"), ms.Address("eve")
	tests := []struct {
		name, auth string
		want       string // the moves after it
	}{
		{"NoHeader", "", "E5 A1"},
		{"OtherServer", "Authentication-Results: evil.example; dmarc=pass header.from=pbem.test\n", "E5 A1"},
		{"Failed", "Authentication-Results: " + mx + "; dmarc=fail header.from=pbem.test\n", "E5 A1"},
		{"ForgedBelow", "Authentication-Results: " + mx + "; dmarc=fail header.from=pbem.test\n" + pass, "E5 A1"},
		{"OtherDomain", "Authentication-Results: " + mx + "; dmarc=pass header.from=evil.example\n", "E5 A1"},
		// Issue 15: a verdict hidden in a quoted envelope sender, which the
		// server quoted as RFC 8601 says; then as a front end that does not
		// quote it writes it; then two verdicts for DMARC in one header.
		{"VerdictInQuotedSender", "Authentication-Results: " + mx + `; spf=pass smtp.mailfrom="x;dmarc=pass header.from=pbem.test x"@evil.test; dmarc=fail header.from=pbem.test` + "\n", "E5 A1"},
		{"VerdictInUnquotedSender", "Authentication-Results: " + mx + "; spf=pass smtp.mailfrom=x;dmarc=pass header.from=pbem.test x@evil.test; dmarc=fail header.from=pbem.test\n", "E5 A1"},
		{"TwoVerdicts", "Authentication-Results: " + mx + "; dmarc=pass header.from=pbem.test; dmarc=fail header.from=pbem.test\n", "E5 A1"},
		{"NoneAboveForged", "Authentication-Results: " + mx + "; none\n" + pass, "E5 A1"},
		{"Passed", pass, "E5 A1 I9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := fmt.Sprintf("%sFrom: %s\nTo: %s\nMessage-ID: <%s@pbem.test>\nSubject: move\n\nI9\n", tt.auth, ana, prompt.replyTo, tt.name)
			marker, ignored := len(mailbox(t, ms, "bea")), strings.Count(s.log.String(), notAuthenticated)
			sendRaw(t, ms, eve, prompt.replyTo, raw)
			// A HELP from bea, genuinely authenticated, is answered after it.
			sendRaw(t, ms, ms.Address("bea"), ms.Address("games"), genuine+fmt.Sprintf("From: %s\nTo: games@pbem.test\nMessage-ID: <%s.m@pbem.test>\nSubject: help\n\nHELP\n", ms.Address("bea"), tt.name))
			waitFor(t, ms, "bea", marker, "help")
			if m := moves(t, s, game); m != tt.want {
				t.Errorf("%s: moves %q, want %q", tt.name, m, tt.want)
			}
			if n := strings.Count(s.log.String(), notAuthenticated) - ignored; n != map[bool]int{true: 1}[tt.auth != pass] {
				t.Errorf("%s: the log says %d times %q", tt.name, n, notAuthenticated)
			}
		})
	}
}

// TestVerifyDKIM: with verify_dkim set, pbem verifies the DKIM signature
// of a mail itself, with keys made here and served by a stand-in DNS, and
// counts a move only when a signature of the From domain verifies (or, as
// trusted_auth_server is set too, when that server vouches for it).
func TestVerifyDKIM(t *testing.T) {
	t.Parallel()
	_, ms := loopbackServers(t, "games", "ana", "bea", "cai", "eve")
	const mx = "mx.pbem.test"
	txt := map[string][]string{}
	keys := map[string]ed25519.PrivateKey{}
	for _, d := range []string{ms.Domain, "evil.test"} {
		pub, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		keys[d], txt["s1._domainkey."+d] = priv, []string{"v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)}
	}
	lookup := func(name string) ([]string, error) {
		if v, ok := txt[name]; ok {
			return v, nil
		}
		return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
	}
	// sign signs raw, written with "\n" as sendRaw takes it, as it will go.
	sign := func(domain, raw string) string {
		var b bytes.Buffer
		err := dkim.Sign(&b, strings.NewReader(strings.ReplaceAll(raw, "\n", "\r\n")), &dkim.SignOptions{Domain: domain, Selector: "s1", Signer: keys[domain]})
		if err != nil {
			t.Fatal(err)
		}
		return strings.ReplaceAll(b.String(), "\r\n", "\n")
	}
	pass := "Authentication-Results: " + mx + "; dmarc=pass header.from=pbem.test\n"
	s := serve(t, ms, serving{change: func(c *Config) { c.TrustedAuth, c.VerifyDKIM, c.lookupTXT = mx, true, lookup }})
	prompt, _, game := securityGame(t, ms, pass)
	ana, eve := ms.Address("ana"), ms.Address("eve")
	move := func(name string) string {
		return fmt.Sprintf("From: %s\nTo: %s\nMessage-ID: <%s@pbem.test>\nSubject: move\n\nI9\n", ana, prompt.replyTo, name)
	}
	const ignored = "mail not authenticated by a DKIM signature ignored"
	for _, tt := range []struct {
		name, raw string
		want      string // the moves after it
	}{
		{"Unsigned", move("Unsigned"), "E5 A1"},
		{"SignedByAnother", sign("evil.test", move("SignedByAnother")), "E5 A1"},
		{"Altered", strings.Replace(sign(ms.Domain, move("Altered")), "I9\n", "I8\n", 1), "E5 A1"},
		{"AttackHeader", "Authentication-Results: " + mx + `; spf=pass smtp.mailfrom="x;dmarc=pass header.from=pbem.test x"@evil.test; dmarc=fail header.from=pbem.test` + "\n" + move("AttackHeader"), "E5 A1"},
		{"Signed", sign(ms.Domain, move("Signed")), "E5 A1 I9"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			marker, before := len(mailbox(t, ms, "bea")), strings.Count(s.log.String(), ignored)
			sendRaw(t, ms, eve, prompt.replyTo, tt.raw)
			sendRaw(t, ms, ms.Address("bea"), ms.Address("games"), pass+fmt.Sprintf("From: %s\nTo: games@pbem.test\nMessage-ID: <%s.m@pbem.test>\nSubject: help\n\nHELP\n", ms.Address("bea"), tt.name))
			waitFor(t, ms, "bea", marker, "help")
			if m := moves(t, s, game); m != tt.want {
				t.Errorf("%s: moves %q, want %q", tt.name, m, tt.want)
			}
			if n := strings.Count(s.log.String(), ignored) - before; n != map[bool]int{true: 1}[tt.want == "E5 A1"] {
				t.Errorf("%s: the log says %d times %q", tt.name, n, ignored)
			}
		})
	}
}

// TestNoSecretsBeforeTheEnd plays an enhanced game by mail and searches
// every mail either seat got before the game-over mail, text and HTML,
// for the tiles still face down when it was sent (the game's
// Secrets(Observer)) and for the seed.
func TestNoSecretsBeforeTheEnd(t *testing.T) {
	t.Parallel()
	sys, ms := loopbackServers(t, "games")
	club := torture.NewClub(torture.Options{Games: offered(), Sys: sys, Mailbox: ms.Address("games"), Pairs: 1, Seed: 5,
		Variant: func(int) string { return "enhanced" }})
	sys.OnDeliver = club.Deliver
	s := serve(t, ms, serving{})
	club.StopNewGames()
	club.Start()
	for deadline := time.Now().Add(time.Minute); club.Outstanding() != ""; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) || len(club.Errors()) > 0 {
			t.Fatalf("the game did not end: %s", club.Outstanding())
		}
	}
	ctx := context.Background()
	var searched, laidLater int
	var early []string // secrets of the first state, all laid by the end
	for _, user := range club.Users() {
		box, err := torture.Mailbox(ms.IMAP, user, ms.Password)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range box {
			parts := strings.SplitN(c.MessageID, ".", 5)
			seq, _ := strconv.Atoi(parts[1])
			g, evs, _, err := s.svc.LoadAt(ctx, parts[0], seq)
			if err != nil {
				t.Fatal(err)
			}
			var ge events.GameEnded
			if err := evs[len(evs)-1].Unmarshal(&ge); err != nil || ge.Seed == "" {
				t.Fatalf("the game's last event has no seed: %v", err)
			}
			if strings.Contains(c.MessageID, ".game-over@") {
				if !strings.Contains(c.Text, ge.Seed) {
					t.Errorf("the game-over mail does not reveal the seed %s", ge.Seed)
				}
				for _, sec := range early {
					if strings.Contains(c.Text, sec) || strings.Contains(c.HTML, html.EscapeString(sec)) {
						laidLater++
					}
				}
				continue
			}
			secrets := append(g.State.(rules.Secrets).Secrets(rules.Observer), ge.Seed)
			if seq == 1 {
				early = secrets[:len(secrets)-1]
			}
			for _, sec := range secrets {
				if strings.Contains(c.Text, sec) || strings.Contains(c.HTML, sec) || strings.Contains(c.HTML, html.EscapeString(sec)) {
					t.Errorf("%s's mail %q (%s) shows %q, hidden at event %d", user, c.Subject, c.MessageID, sec, seq)
				}
			}
			searched++
		}
	}
	t.Logf("searched %d mails sent before the end; of the %d hidden strings of the first state, the game-over mails show %d", searched, len(early), laidLater)
	if searched < 20 || len(early) == 0 || laidLater == 0 {
		t.Errorf("searched %d mails for %d early secrets, %d of them found once laid: the search proves nothing", searched, len(early), laidLater)
	}
}

// TestJoinNeedsInvitation: an open seat is taken only with the game's
// invitation code, which only the host is mailed; knowing the game's id
// is not enough. The code does not seat its sender either: they confirm
// by replying to a mail only their address was sent.
func TestJoinNeedsInvitation(t *testing.T) {
	t.Parallel()
	_, ms := loopbackServers(t, "games", "ana", "bea", "cai", "eve", "fay", "gus")
	s := serve(t, ms, serving{})
	ana, bea, games := ms.Address("ana"), ms.Address("bea"), ms.Address("games")
	send(t, ms, ana, games, "a game?", "", "NEW atacama WITH open, "+ms.Address("cai")+"\n")
	accept(t, ms, "cai", 0)
	created := waitFor(t, ms, "ana", 0, "")
	line := regexp.MustCompile(`JOIN ([a-z0-9]+) ([a-z0-9]+)`).FindStringSubmatch(strings.Join(strings.Fields(created.p.Text), " "))
	if line == nil {
		t.Fatalf("the host's mail %q does not give the JOIN line:\n%s", created.p.Subject, created.p.Text)
	}
	game, code := line[1], line[2]
	// Three strangers each try once (a stranger is answered once a day).
	for _, tt := range []struct{ name, who, body, why string }{
		{"NoCode", "eve", "JOIN " + game, "invitation code"},
		{"WrongCode", "fay", "JOIN " + game + " aaaaaaaaaa", "not the invitation code"},
		{"OtherGamesCode", "gus", "JOIN " + game + " " + mail.Tokens{Secret: []byte("test secret")}.Invitation("zzzzzz"), "not the invitation code"},
	} {
		from := ms.Address(tt.who)
		got := answersTo(t, ms, from, games, fmt.Sprintf("From: %s\nTo: %s\nMessage-ID: <%s.join@pbem.test>\nSubject: join\n\n%s\n", from, games, tt.name, tt.body), tt.who)[tt.who]
		if len(got) != 1 || !strings.Contains(got[0].p.Text, tt.why) {
			t.Errorf("%s: %s got %v, want one refusal saying %q", tt.name, tt.who, got, tt.why)
		}
		if g, _, err := s.svc.Load(context.Background(), game); err != nil || len(g.Open()) != 1 {
			t.Fatalf("%s: after %s's JOIN the game has open seats %v (%v), want still one", tt.name, tt.who, g.Open(), err)
		}
	}
	send(t, ms, bea, games, "join", "", "JOIN "+game+" "+strings.ToUpper(code)+"\n") // the code's case does not matter
	confirm := waitFor(t, ms, "bea", 0, "")
	if g, _, err := s.svc.Load(context.Background(), game); err != nil || len(g.Open()) != 1 {
		t.Fatalf("bea's JOIN with the code seated her before she confirmed it: open seats %v (%v)", g.Open(), err)
	}
	// Only bea was mailed the confirmation's address: her reply seats her.
	send(t, ms, bea, confirm.replyTo, "Re: join", "<"+confirm.messageID+">", "JOIN\n")
	waitFor(t, ms, "bea", 1, "")
	if g, _, err := s.svc.Load(context.Background(), game); err != nil || len(g.Open()) != 0 || !strings.EqualFold(g.Created.Players[1].Address, bea) {
		t.Errorf("after bea's JOIN with the code the game has open seats %v (%v)", g.Open(), err)
	}
}
