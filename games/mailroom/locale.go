package mailroom

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // zones by name, whatever the host has installed
	"unicode"

	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/rules"
	"github.com/pbem-games/pbem/templates"
	"github.com/pbem-games/pbem/templates/words"
)

// Locale is how one reader reads pbem's mail: the language of its words
// and the zone of its times. The zero Locale is English and UTC.
type Locale struct {
	words.Printer
	Zone     *time.Location // nil for UTC
	ZoneName string         // the zone as set, "Asia/Shanghai" or "+08:00"; "" for UTC
}

// When writes t for the reader: "Fri 4 Dec 02:00 UTC+08:00".
func (l Locale) When(t time.Time) string { return l.Printer.When(t, l.Zone) }

// zoneLabel names the reader's zone: "Asia/Shanghai (UTC+08:00)" or "UTC".
func (l Locale) zoneLabel(at time.Time) string {
	off := words.Offset(at.In(l.zone()))
	if l.ZoneName == "" || l.ZoneName == off || "UTC"+l.ZoneName == off {
		return off
	}
	return l.ZoneName + " (" + off + ")"
}

func (l Locale) zone() *time.Location {
	if l.Zone == nil {
		return time.UTC
	}
	return l.Zone
}

// localeOf is the Locale of an address's settings.
func localeOf(p mail.Pref) Locale {
	l := Locale{Printer: words.For(p.Lang)}
	if name, loc, err := parseZone(p.Zone); err == nil && p.Zone != "" {
		l.Zone, l.ZoneName = loc, name
	}
	return l
}

// prefsStore opens the bucket of each address's settings once.
func (s *Service) prefsStore(ctx context.Context) (*mail.Prefs, error) {
	s.prefsMu.Lock()
	defer s.prefsMu.Unlock()
	if s.prefs == nil {
		p, err := mail.OpenPrefs(ctx, s.Store)
		if err != nil {
			return nil, err
		}
		s.prefs = p
	}
	return s.prefs, nil
}

// localeAt is how addr reads a mail dated at: its settings as they stood
// then, so that the same notice always gives the same mail.
func (s *Service) localeAt(ctx context.Context, addr string, at time.Time) (Locale, mail.Pref, error) {
	prefs, err := s.prefsStore(ctx)
	if err != nil {
		return Locale{}, mail.Pref{}, err
	}
	p, err := prefs.At(ctx, addr, at)
	if err != nil {
		return Locale{}, p, err
	}
	return localeOf(p), p, nil
}

// languageNames are the words a reader may write for each language pbem
// writes, in any case, beside its tag.
var languageNames = map[string]string{
	"english": "en", "英文": "en", "英语": "en", "英語": "en",
	"chinese": "zh", "中文": "zh", "汉语": "zh", "漢語": "zh", "简体中文": "zh", "普通话": "zh",
}

// parseLang reads the language of a LANG command: a tag ("zh", "zh-CN")
// or a name ("中文", "English").
func parseLang(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if tag, ok := languageNames[strings.ToLower(s)]; ok {
		return tag, true
	}
	return words.Match(s)
}

// offset matches a zone given as its offset from UTC: "+08:00", "+8",
// "UTC-5", "GMT+0530".
var offset = regexp.MustCompile(`^(?i:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$`)

// parseZone reads the zone of a TZ command: "UTC", an offset from UTC, or
// an IANA name ("Asia/Shanghai", in any case); name is how pbem keeps it.
func parseZone(s string) (name string, loc *time.Location, err error) {
	s = strings.TrimSpace(s)
	switch up := strings.ToUpper(s); up {
	case "UTC", "GMT", "Z", "UTC+0", "UTC+00:00", "+00:00", "0":
		return "UTC", time.UTC, nil
	}
	if m := offset.FindStringSubmatch(strings.ReplaceAll(s, " ", "")); m != nil {
		h, _ := strconv.Atoi(m[2])
		min := 0
		if m[3] != "" {
			min, _ = strconv.Atoi(m[3])
		}
		secs := h*3600 + min*60
		if h > 14 || min > 59 || secs > 14*3600 {
			return "", nil, fmt.Errorf("no zone is %s from UTC", s)
		}
		if m[1] == "-" {
			secs = -secs
		}
		name = fmt.Sprintf("%s%02d:%02d", m[1], h, min)
		return name, time.FixedZone("UTC"+name, secs), nil
	}
	if s == "" || strings.EqualFold(s, "local") || strings.ContainsAny(s, ". \\") {
		return "", nil, fmt.Errorf("no zone %q", s)
	}
	for _, name := range []string{s, zoneCase(s)} {
		if loc, err := time.LoadLocation(name); err == nil {
			return name, loc, nil
		}
	}
	return "", nil, fmt.Errorf("no zone %q", s)
}

// zoneCase writes an IANA zone name as the database does, for a reader who
// wrote it in other case: "asia/shanghai" is "Asia/Shanghai".
func zoneCase(s string) string {
	parts := strings.Split(strings.ToLower(s), "/")
	for i, p := range parts {
		words := strings.Split(p, "_")
		for j, w := range words {
			if w != "" {
				words[j] = strings.ToUpper(w[:1]) + w[1:]
			}
		}
		parts[i] = strings.Join(words, "_")
	}
	return strings.Join(parts, "/")
}

// detect reads a newcomer's language and zone from their mail: the
// language its Content-Language names, where pbem writes it, else Chinese
// for a mail written mostly in Chinese characters, else English; the
// zone from the offset of its Date, where it has one.
func detect(p *mail.Parsed) mail.Pref {
	pref := mail.Pref{Lang: "en", Detected: true}
	if tag, ok := words.Match(p.Language); ok && p.Language != "" {
		pref.Lang = tag
	} else if mostlyHan(p.Text + "\n" + p.Subject) {
		pref.Lang = "zh"
	}
	if !p.Date.IsZero() {
		if _, off := p.Date.Zone(); off != 0 {
			pref.Zone = strings.TrimPrefix(words.Offset(p.Date), "UTC")
		}
	}
	return pref
}

// mostlyHan reports whether s has more Chinese characters than Latin
// letters, and no kana or hangul (Japanese or Korean, which pbem does not
// write).
func mostlyHan(s string) bool {
	han, latin := 0, 0
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
			return false
		case unicode.Is(unicode.Han, r):
			han++
		case r < unicode.MaxASCII && unicode.IsLetter(r):
			latin++
		}
	}
	// A Chinese character says as much as a word of Latin letters.
	return han > 0 && 3*han >= latin
}

// sayIn adds message id with args to field of fields: its English text to
// the field, and the message itself to field+".msgs", from which Render
// writes the field in the reader's language.
func sayIn(fields map[string]string, field, id string, args ...string) {
	fields[field] = strings.TrimSpace(fields[field] + " " + words.For(words.Fallback).S(id, anys(args)...))
	var msgs [][]string
	_ = json.Unmarshal([]byte(fields[field+".msgs"]), &msgs)
	b, _ := json.Marshal(append(msgs, append([]string{id}, args...)))
	fields[field+".msgs"] = string(b)
}

// saying returns fields holding field said so (see sayIn).
func saying(field, id string, args ...string) map[string]string {
	f := map[string]string{}
	sayIn(f, field, id, args...)
	return f
}

// sayRefusal adds a refusal to field: by its message id where the
// catalog has it (the command side's refusals are named by their English
// format, see refusalID), else as it is written.
func sayRefusal(fields map[string]string, field string, refusal *games.Error) {
	if refusal.Phrase != nil {
		fields[field] = strings.TrimSpace(fields[field] + " " + refusal.Msg)
		b, _ := json.Marshal(refusal.Phrase)
		fields[field+".phrase"] = string(b)
		return
	}
	id := refusalID(refusal.ID)
	if id == "" || !words.Has(words.Fallback, id) {
		fields[field] = strings.TrimSpace(fields[field] + " " + refusal.Msg)
		return
	}
	sayIn(fields, field, id, refusal.Args...)
}

// refusalID is the catalog's id of a refusal's: the command side names
// its refusals by their English format, whose arguments the mail side
// has as text, so %d and %v are %s in the id.
func refusalID(id string) string {
	return strings.NewReplacer("%d", "%s", "%v", "%s").Replace(id)
}

func anys(args []string) []any {
	as := make([]any, len(args))
	for i, a := range args {
		as[i] = a
	}
	return as
}

// refuseIn is a refusal the mail side writes in its reader's language:
// id names it in the message catalog (package words), args fill it in.
func refuseIn(kind error, id string, args ...string) error {
	return &games.Error{Kind: kind, Msg: words.For(words.Fallback).S(id, anys(args)...), ID: id, Args: args}
}

// at is when a setting the letter makes takes effect: when the mail came,
// or the service's time if that is earlier, so that what the mail's
// commands cause is written as it says.
func (l *letter) at(now time.Time) time.Time {
	if l.rec.Received.IsZero() || now.Before(l.rec.Received) {
		return now
	}
	return l.rec.Received
}

// detectPrefs records the language and zone of a sender pbem has none
// for, read from this mail, before its commands run, so that every mail
// they cause is written so. Mail to the plain mailbox counts only when it
// holds a command, so that no stranger's spam fills the bucket.
func (m *Mailroom) detectPrefs(ctx context.Context, l *letter) error {
	if l.game == nil && !slices.ContainsFunc(l.p.Commands, func(line string) bool { w, _ := splitCommand(line); return isCommandWord(w) }) {
		return nil
	}
	prefs, err := m.Service.prefsStore(ctx)
	if err != nil {
		return err
	}
	pref := detect(l.p)
	pref.At = l.at(m.Service.Time())
	l.detected, err = prefs.Set(ctx, l.p.From, pref, true)
	return err
}

// setPref records a setting the sender made (LANG, TZ) from now on, and
// tells them so in the answer to their mail.
func (m *Mailroom) setPref(ctx context.Context, l *letter, pref mail.Pref, what string) error {
	prefs, err := m.Service.prefsStore(ctx)
	if err != nil {
		return err
	}
	pref.At = m.Service.Time()
	if _, err := prefs.Set(ctx, l.p.From, pref, false); err != nil {
		return err
	}
	for _, n := range l.queued {
		if n.Kind == KindHelp && n.Fields["set"] != "" {
			n.Fields["set"] += " " + what
			return nil
		}
	}
	l.answer(KindHelp, map[string]string{"set": what})
	return nil
}

func setLang(m *Mailroom, ctx context.Context, l *letter, rest string, _ games.Cause) error {
	lang, ok := parseLang(rest)
	if !ok {
		return refuseIn(games.ErrSetup, "refuse.lang", rest)
	}
	return m.setPref(ctx, l, mail.Pref{Lang: lang}, "lang")
}

func setZone(m *Mailroom, ctx context.Context, l *letter, rest string, _ games.Cause) error {
	name, _, err := parseZone(rest)
	if err != nil {
		return refuseIn(games.ErrSetup, "refuse.zone", rest)
	}
	return m.setPref(ctx, l, mail.Pref{Zone: name}, "zone")
}

// stamp writes into each answer of the letter the language and zone its
// sender reads as the mail's commands left them, so that an answer is
// written as they asked in the same mail, and the same way whenever it is
// rendered; and, for a sender whose settings this mail set, that pbem
// chose them, so they may change them.
func (m *Mailroom) stamp(ctx context.Context, l *letter) error {
	prefs, err := m.Service.prefsStore(ctx)
	if err != nil {
		return err
	}
	p, err := prefs.At(ctx, l.p.From, m.Service.Time())
	if err != nil {
		return err
	}
	for i, n := range l.queued {
		f := maps.Clone(n.Fields)
		if f == nil {
			f = map[string]string{}
		}
		f["lang"], f["zone"] = cmp.Or(p.Lang, words.Fallback), p.Zone
		if l.detected && f["set"] == "" {
			f["detected"] = "1"
		}
		l.queued[i].Fields = f
	}
	return nil
}

// readerLocale is how a notice's recipient reads it: as the answer was
// stamped when it was written (see stamp), or, for the mail of a game's
// events, as their settings stood at the mail's date.
func (s *Service) readerLocale(ctx context.Context, n mail.Notice, date time.Time) (Locale, error) {
	if lang := n.Fields["lang"]; lang != "" {
		return localeOf(mail.Pref{Lang: lang, Zone: n.Fields["zone"]}), nil
	}
	loc, _, err := s.localeAt(ctx, n.To, date)
	return loc, err
}

// said writes field of fields in the reader's language, from its
// messages (see sayIn); ok is false for a field without.
func said(loc Locale, fields map[string]string, field string) (string, bool) {
	var p rules.Phrase
	if json.Unmarshal([]byte(fields[field+".phrase"]), &p) == nil {
		return loc.tidy(loc.phrase(p)), true
	}
	var msgs [][]string
	if json.Unmarshal([]byte(fields[field+".msgs"]), &msgs) != nil || len(msgs) == 0 {
		return "", false
	}
	var out []string
	for _, msg := range msgs {
		if len(msg) > 0 {
			out = append(out, loc.S(msg[0], anys(msg[1:])...))
		}
	}
	return loc.tidy(strings.Join(out, " ")), true
}

// localize writes in the reader's words what a notice names by message
// id: a refusal, and the notes on the reader's language and zone.
func localize(m *templates.Mail, loc Locale, n mail.Notice, date time.Time) {
	if s, ok := said(loc, n.Fields, "reason"); ok {
		m.Reason = s
	}
	if s, ok := said(loc, n.Fields, "notice"); ok {
		m.Notice = s
	}
	var notes []string
	for _, what := range strings.Fields(n.Fields["set"]) {
		switch what {
		case "lang":
			notes = append(notes, loc.S("note.lang"))
		case "zone":
			notes = append(notes, loc.S("note.zone", loc.zoneLabel(date), loc.When(date)))
		}
	}
	if n.Fields["detected"] != "" {
		notes = append(notes, loc.S("note.detected", loc.S("lang.name"), loc.zoneLabel(date)))
	}
	if len(notes) > 0 {
		m.Notice = strings.TrimSpace(m.Notice + " " + strings.Join(notes, " "))
	}
}

// phrase writes a phrase of a game's rules in the reader's language,
// each of its parts in English where the catalog lacks it.
func (l Locale) phrase(p rules.Phrase) string {
	if p.Format == "" {
		return p.Text
	}
	args := make([]any, len(p.Args))
	for i, a := range p.Args {
		args[i] = l.phrase(a)
	}
	if !words.Has(l.Lang(), p.Format) {
		return fmt.Sprintf(p.Format, args...)
	}
	return l.S(p.Format, args...)
}

// text writes a game's fixed English text (its house rules) in the
// reader's language, where the catalog has it; as it is otherwise.
func (l Locale) text(english string) string {
	if english == "" || !words.Has(l.Lang(), english) {
		return english
	}
	return l.S(english)
}

// list joins items as the reader's language lists them, with sep between
// them in English ("A, B"; "move 1; move 2") and the language's own mark
// in another (Chinese: "、" for ", ", "；" for "; ").
func (l Locale) list(items []string, sep string) string {
	return strings.Join(items, l.S("sep"+strings.TrimSpace(sep)))
}

// and joins names as a sentence lists them: "Ana", "Ana and Bea", "Ana,
// Bea and Cai"; "Ana、Bea 和 Cai".
func (l Locale) and(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return l.S("and", l.list(names[:len(names)-1], ","), names[len(names)-1])
}

// tidy mends the spacing of a sentence put together from parts: in
// Chinese a name stands between spaces ("替 Bea 走棋"), but none before
// or after a Chinese mark or at either end.
func (l Locale) tidy(s string) string {
	if l.Lang() != "zh" {
		return s
	}
	return l.tidyMarks(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' }), " "))
}

// tidyMarks is tidy without joining runs of spaces, for a line whose
// spacing lines its parts up (a board's legend).
func (l Locale) tidyMarks(s string) string {
	if l.Lang() != "zh" {
		return s
	}
	var b strings.Builder
	r := []rune(s)
	for i, c := range r {
		if c == ' ' && (i > 0 && isCJKMark(r[i-1]) || i+1 < len(r) && isCJKMark(r[i+1])) {
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// isCJKMark reports whether r is a Chinese punctuation mark, beside
// which no space stands.
func isCJKMark(r rune) bool {
	return r >= 0x3000 && r <= 0x303F || r >= 0xFF01 && r <= 0xFF1F && !unicode.IsDigit(r) || r == '…' || r == '—' || r == '“' || r == '”'
}
