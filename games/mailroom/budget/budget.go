// Package budget counts the mails pbem sends on someone's word, so that
// pbem is no way to mail people who never asked for it: what each
// sender's commands cause (per mailbox and per registrable domain, over
// the last hour and the last day), each stranger's one answer a day,
// and the mail each address gets that it did not ask for; within a bound
// on the keys remembered, however many addresses write. It counts; the
// mailroom decides what goes over and says so.
package budget

import (
	"strings"
	"sync"
	"time"

	"golang.org/x/net/publicsuffix"
)

// Limits are the bounds a Ledger counts against, each already resolved
// from its default by the mailroom.
type Limits struct {
	PerHour, PerDay   int // mails one sender causes in an hour, in a day
	DomainFactor      int // how many times a sender's budgets one domain's senders share
	UnsolicitedPerDay int // mails one address gets in a day that it did not ask for
	MaxTracked        int // budgets remembered at once (see track)
}

// Ledger remembers, by budget key, the times of the mails counted
// against it over the last day. The zero Ledger is empty and ready.
type Ledger struct {
	mu      sync.Mutex
	answers map[string][]time.Time
}

// Keys are the budgets a mail from addr counts against: its mailbox's
// and its registrable domain's (the public suffix list's eTLD+1:
// a.spam.example and b.spam.example share spam.example's). A stranger
// (an address that plays in no game) spends from budgets of its own, so
// that strangers, or whoever forges their addresses, never spend what a
// domain's players have.
func Keys(addr string, stranger bool) []string {
	addr = strings.ToLower(strings.Trim(strings.TrimSpace(addr), "<>"))
	local, domain, ok := strings.Cut(addr, "@")
	if !ok {
		return []string{addr}
	}
	local, _, _ = strings.Cut(local, "+")
	mailbox, site := local+"@"+domain, "@"+registrable(domain)
	if stranger {
		return []string{strangerBudget + mailbox, strangerBudget + site}
	}
	return []string{mailbox, site}
}

// strangerBudget marks the keys of strangers' budgets.
const strangerBudget = "?"

// Spend counts n mails caused by addr at now and reports whether they
// are within its budgets; when not, nothing is counted. A stranger
// spends from strangers' budgets.
func (b *Ledger) Spend(lim Limits, now time.Time, addr string, stranger bool, n int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.answers == nil {
		b.answers = map[string][]time.Time{}
	}
	keys := Keys(addr, stranger)
	if !b.track(lim, keys, stranger, now) {
		return false
	}
	for _, k := range keys {
		day, hour := b.answers[k][:0], 0
		for _, t := range b.answers[k] {
			if now.Sub(t) < 24*time.Hour {
				day = append(day, t)
			}
			if now.Sub(t) < time.Hour {
				hour++
			}
		}
		b.answers[k] = day
		perHour, perDay := lim.PerHour, lim.PerDay
		if strings.HasPrefix(k, "@") {
			perHour, perDay = perHour*lim.DomainFactor, perDay*lim.DomainFactor
		}
		if hour+n > perHour || len(day)+n > perDay {
			return false
		}
	}
	for _, k := range keys {
		for range n {
			b.answers[k] = append(b.answers[k], now)
		}
	}
	return true
}

// strangerPrefix marks the key of a stranger's daily answer among the
// budgets' keys.
const strangerPrefix = "stranger:"

// StrangerKey is the key of addr's daily answer as a stranger: the
// mailbox, whatever its +tag and case.
func StrangerKey(addr string) string { return strangerPrefix + Keys(addr, false)[0] }

// StrangerDay counts a stranger's answer at now and reports whether it
// is their first in a day: a stranger, or whoever forges one's address,
// gets the fixed text at most once a day.
func (b *Ledger) StrangerDay(lim Limits, now time.Time, addr string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.answers == nil {
		b.answers = map[string][]time.Time{}
	}
	k := StrangerKey(addr)
	if !b.track(lim, []string{k}, true, now) {
		return false
	}
	if last := b.answers[k]; len(last) > 0 && now.Sub(last[len(last)-1]) < 24*time.Hour {
		return false
	}
	b.answers[k] = append(b.answers[k][:0], now)
	return true
}

// recipientBudget marks the key of an address's unsolicited mail.
const recipientBudget = "to:"

// registrable returns the part of domain that one owner registers, by
// the public suffix list: "spam.example.co.uk" for
// "a.b.spam.example.co.uk"; domain itself when the list has no answer.
func registrable(domain string) string {
	if d, err := publicsuffix.EffectiveTLDPlusOne(domain); err == nil {
		return d
	}
	return domain
}

// Unsolicited counts a mail each to addrs at now that they did not ask
// for, and refuses, counting none, when one of them has had the day's
// share: refused is that address, "" when all were counted.
func (b *Ledger) Unsolicited(lim Limits, now time.Time, addrs []string) (refused string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.answers == nil {
		b.answers = map[string][]time.Time{}
	}
	var keys []string
	for _, a := range addrs {
		k := recipientBudget + Keys(a, false)[0]
		if !b.track(lim, []string{k}, true, now) {
			return a
		}
		b.answers[k] = sinceDay(b.answers[k], now)
		if len(b.answers[k]) >= lim.UnsolicitedPerDay {
			return a
		}
		keys = append(keys, k)
	}
	for _, k := range keys {
		b.answers[k] = append(b.answers[k], now)
	}
	return ""
}

// Replace puts answers, by budget key, in place of what the ledger
// remembers: the answers recorded, whichever process gave them.
func (b *Ledger) Replace(answers map[string][]time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.answers = answers
}

// Len is how many budgets the ledger remembers.
func (b *Ledger) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.answers)
}

// track makes room for keys among the budgets remembered, and reports
// whether there is: budgets of a day gone by are forgotten first; when
// the map is still full, a stranger's new key (or a recipient's) is
// refused, deliberate silence, and a player's is let in up to twice the
// bound, so the map never holds more than 2×MaxTracked keys. It must be
// called with b.mu held.
func (b *Ledger) track(lim Limits, keys []string, stranger bool, now time.Time) bool {
	limit := lim.MaxTracked
	fresh := 0
	for _, k := range keys {
		if _, ok := b.answers[k]; !ok {
			fresh++
		}
	}
	if fresh == 0 || len(b.answers)+fresh <= limit {
		return true
	}
	for k, ts := range b.answers {
		if len(ts) == 0 || now.Sub(ts[len(ts)-1]) >= 24*time.Hour {
			delete(b.answers, k)
		}
	}
	if len(b.answers)+fresh <= limit {
		return true
	}
	return !stranger && len(b.answers)+fresh <= 2*limit
}

// sinceDay returns the times of ts within a day before now.
func sinceDay(ts []time.Time, now time.Time) []time.Time {
	out := ts[:0]
	for _, t := range ts {
		if now.Sub(t) < 24*time.Hour {
			out = append(out, t)
		}
	}
	return out
}
