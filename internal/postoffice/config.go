package postoffice

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games/letters"
	"github.com/pbem-games/pbem/mail"
	"github.com/pbem-games/pbem/projections"
)

// Config is what a post office runs with: a TOML file, then PBEM_*
// variables, each overriding the one before, and where its data lives
// (the global flags --data and --nats). serve's own flags say only
// which file to read (--config) and where /healthz listens (--health).
type Config struct {
	// Data is the data directory: the embedded NATS server's, and where
	// the reply tokens' secret and the signing key are kept.
	Data string `toml:"-"`
	// NATS is the URL of an external NATS server or cluster; "" for the
	// embedded one.
	NATS string `toml:"-"`

	Service      string `toml:"service"`       // display name in mails
	Mailbox      string `toml:"mailbox"`       // the game mailbox address
	Domain       string `toml:"domain"`        // of Message-IDs; default: the mailbox's domain
	Operator     string `toml:"operator"`      // the operator's address: host of the games made with pbem new; "" for none
	Secret       string `toml:"secret"`        // HMAC secret of reply tokens; default: kept in the data directory
	RatePerHour  int    `toml:"rate_per_hour"` // mails one sender's commands cause per hour (a domain's: five times)
	RatePerDay   int    `toml:"rate_per_day"`  // the same per day; default four hours' worth
	DomainFactor int    `toml:"domain_factor"` // how many senders' budgets one domain shares; default 10
	// UnsolicitedPerDay is how many mails one address gets in a day that
	// it did not ask for (invitations, confirmations), from every host
	// together; default 3.
	UnsolicitedPerDay int      `toml:"unsolicited_per_day"`
	MinDeadline       Duration `toml:"min_deadline"`  // the shortest DEADLINE a host may set by mail; default 1h
	MaxObservers      int      `toml:"max_observers"` // observers a host may add to one game by mail; default 10
	MaxHosted         int      `toml:"max_hosted"`    // running games one address may host at once by mail; default 20
	TrustedAuth       string   `toml:"trusted_auth_server"`
	Tick              Duration `toml:"tick"` // how often the clock looks for deadlines; default 30s
	// ProcessName names this process among the pbem serve processes that
	// share one NATS cluster, the same across its restarts; "" means the
	// host's name and the data directory. Lease is how long a part this
	// process runs (reading the mailbox, the outbox…) waits for it after
	// it stops before another process takes it over; 0 means 10s.
	ProcessName string   `toml:"process_name"`
	Lease       Duration `toml:"lease"`
	// InboxRetention is how long the whole of a handled mail is kept in
	// its inbox record; 0 means 30 days. The record that it was seen, and
	// its answers, stay.
	InboxRetention Duration `toml:"inbox_retention"`
	// MinFreeMB is the free space (MiB) on the data directory below which
	// new mail stays on the IMAP server; 0 means 256, negative never.
	MinFreeMB int `toml:"min_free_mb"`
	// NoPictures sends the mail without the board's picture: the board
	// as text alone, in the text part and in the HTML part. Each mail is
	// some 25 KiB lighter and a move costs about half the processor (the
	// pictures are about half of what a move costs, docs/benchmarks.md).
	// The games' pages still draw theirs.
	NoPictures bool `toml:"no_pictures"`
	IMAP       struct {
		Addr, Security, Username, Password, Mailbox, Processed string
		Poll                                                   Duration
	} `toml:"imap"`
	SMTP struct {
		Addr, Security, Username, Password string
		EnvelopeFrom                       string `toml:"envelope_from"`
		// MaxRetryAge is how long mail meeting temporary refusals is
		// tried again before it counts as failed; 0 means three days.
		MaxRetryAge Duration `toml:"max_retry_age"`
		// MaxPerHour keeps the mail sent under the provider's quota: mail
		// beyond it waits its turn; 0 sends as fast as the server takes it.
		MaxPerHour int `toml:"max_per_hour"`
		DKIM       struct {
			Domain, Selector string
			KeyFile          string `toml:"key_file"`
		} `toml:"dkim"`
	} `toml:"smtp"`
	// HTTPListen is where /healthz, /metrics and the games' pages
	// (/g/…) are served when serve's --health gives no address; "" serves
	// nothing.
	HTTPListen string `toml:"http_listen"`
	// HealthToken lets a request with "Authorization: Bearer <token>"
	// read the whole report of /healthz?detail from anywhere; without it
	// only the loopback may (not through a proxy). "" for none.
	HealthToken string `toml:"health_token"`
	// WebURL is the games' pages' address as players reach it, through
	// the reverse proxy that serves them with TLS, such as
	// "https://games.example.org"; the links pbem prints start with it.
	WebURL string `toml:"web_url"`
	// VerifyDKIM makes moves count only from mail with a DKIM signature
	// of its From domain that pbem verifies itself (or, with TrustedAuth
	// set, that server vouches for).
	VerifyDKIM bool `toml:"verify_dkim"`
	// LogFormat is how serve writes its log on stderr: "text" (the
	// default, key=value lines) or "json" (one object a line).
	LogFormat string `toml:"log_format"`
	// LogLevel is the least grave record serve writes: "debug", "info"
	// (the default), "warn" or "error".
	LogLevel string `toml:"log_level"`
	// lookupTXT stands in for DNS in the DKIM check; nil: net.LookupTXT.
	lookupTXT func(name string) ([]string, error)
}

// Duration is a duration written as Go writes one ("90s", "2h").
type Duration struct{ time.Duration }

// UnmarshalText reads a Duration from TOML.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	d.Duration = v
	return err
}

// LoadConfig reads file (if any) and the environment.
func LoadConfig(file string) (Config, error) {
	var c Config
	if file != "" {
		md, err := toml.DecodeFile(file, &c)
		if err != nil {
			return c, fmt.Errorf("config %s: %w", file, err)
		}
		// A misspelt key would otherwise leave its setting at the default
		// without a word, and the service would run as it was not meant to.
		if keys := md.Undecoded(); len(keys) > 0 {
			names := make([]string, len(keys))
			for i, k := range keys {
				names[i] = k.String()
			}
			what := "an unknown key"
			if len(names) > 1 {
				what = "unknown keys"
			}
			return c, fmt.Errorf("config %s: %s %s (see docs/operating.md for the keys)", file, what, strings.Join(names, ", "))
		}
	}
	for key, field := range map[string]*string{
		"PBEM_SERVICE": &c.Service, "PBEM_MAILBOX": &c.Mailbox, "PBEM_DOMAIN": &c.Domain, "PBEM_OPERATOR": &c.Operator, "PBEM_SECRET": &c.Secret,
		"PBEM_TRUSTED_AUTH_SERVER": &c.TrustedAuth,
		"PBEM_IMAP_ADDR":           &c.IMAP.Addr, "PBEM_IMAP_SECURITY": &c.IMAP.Security,
		"PBEM_IMAP_USERNAME": &c.IMAP.Username, "PBEM_IMAP_PASSWORD": &c.IMAP.Password,
		"PBEM_IMAP_MAILBOX": &c.IMAP.Mailbox, "PBEM_IMAP_PROCESSED": &c.IMAP.Processed,
		"PBEM_SMTP_ADDR": &c.SMTP.Addr, "PBEM_SMTP_SECURITY": &c.SMTP.Security,
		"PBEM_SMTP_USERNAME": &c.SMTP.Username, "PBEM_SMTP_PASSWORD": &c.SMTP.Password,
		"PBEM_SMTP_ENVELOPE_FROM": &c.SMTP.EnvelopeFrom,
		"PBEM_HTTP_LISTEN":        &c.HTTPListen, "PBEM_HEALTH_TOKEN": &c.HealthToken, "PBEM_WEB_URL": &c.WebURL,
		"PBEM_LOG_FORMAT": &c.LogFormat, "PBEM_LOG_LEVEL": &c.LogLevel,
	} {
		if v, ok := os.LookupEnv(key); ok {
			*field = v
		}
	}
	if c.Service == "" {
		c.Service = "pbem games"
	}
	if v, ok := os.LookupEnv("PBEM_PROCESS_NAME"); ok {
		c.ProcessName = v
	}
	return c, nil
}

// Process is the name of this process among those serving one store:
// process_name, else the host's name and the data directory, which a
// process keeps across its restarts and no two live processes share (one
// process at a time serves a data directory).
func (c Config) Process() string {
	if c.ProcessName != "" {
		return c.ProcessName
	}
	host, err := os.Hostname()
	if err != nil {
		host = "pbem"
	}
	dir, err := filepath.Abs(c.Data)
	if err != nil {
		dir = c.Data
	}
	return host + ":" + dir
}

// Check says what a serving configuration lacks.
func (c Config) Check() error {
	var missing []string
	for name, v := range map[string]string{"mailbox": c.Mailbox, "imap.addr": c.IMAP.Addr, "imap.username": c.IMAP.Username, "smtp.addr": c.SMTP.Addr} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("the configuration lacks %s (see docs/operating.md)", strings.Join(missing, ", "))
	}
	if !strings.Contains(c.Mailbox, "@") {
		return fmt.Errorf("mailbox %q is not an address", c.Mailbox)
	}
	return nil
}

// IDDomain is the domain of the Message-IDs of the mail pbem sends.
func (c Config) IDDomain() string {
	if c.Domain != "" {
		return c.Domain
	}
	_, d, _ := strings.Cut(c.Mailbox, "@")
	return d
}

// TokenSecretFile names the file of the data directory that keeps the
// reply tokens' secret when the configuration gives none.
const TokenSecretFile = "token-secret"

// Tokens returns the reply tokens' secret: configured, or kept in the data
// directory (made on first use), so reply addresses outlive restarts.
func (c Config) Tokens() (mail.Tokens, error) {
	dataDir := c.Data
	if c.Secret != "" {
		return mail.Tokens{Secret: []byte(c.Secret)}, nil
	}
	path := filepath.Join(dataDir, TokenSecretFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		raw := make([]byte, 32)
		if _, err := rand.Read(raw); err != nil {
			return mail.Tokens{}, err
		}
		b = []byte(hex.EncodeToString(raw))
		if err := os.MkdirAll(dataDir, 0o700); err != nil {
			return mail.Tokens{}, err
		}
		if err := os.WriteFile(path, b, 0o600); err != nil {
			return mail.Tokens{}, fmt.Errorf("keep token secret: %w", err)
		}
	} else if err != nil {
		return mail.Tokens{}, fmt.Errorf("read token secret: %w", err)
	}
	return mail.Tokens{Secret: []byte(strings.TrimSpace(string(b)))}, nil
}

// SigningKeyFile names the file of the data directory that keeps the
// service's signing key, beside the reply tokens' secret.
const SigningKeyFile = "signing-key"

// SigningKey returns the service's key for signing histories, kept in the
// data directory (made on first need), so that what it signed stays
// checkable across restarts; pbem backup takes it along.
func SigningKey(dataDir string) (events.SigningKey, error) {
	path := filepath.Join(dataDir, SigningKeyFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		seed := make([]byte, 32)
		if _, err := rand.Read(seed); err != nil {
			return events.SigningKey{}, err
		}
		key, err := events.NewSigningKey(seed)
		if err != nil {
			return key, err
		}
		if err := os.MkdirAll(dataDir, 0o700); err != nil {
			return key, err
		}
		// Written whole under another name, then linked to its own, which
		// fails if it exists: of two commands making the key at once, one
		// keeps it and the other reads it back, never half written.
		f, err := os.CreateTemp(dataDir, SigningKeyFile+".*") // mode 0600
		if err != nil {
			return key, fmt.Errorf("keep signing key: %w", err)
		}
		defer os.Remove(f.Name())
		_, err = f.WriteString(key.String() + "\n")
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Link(f.Name(), path)
		}
		if errors.Is(err, os.ErrExist) {
			return LocalKey(dataDir)
		}
		if err != nil {
			return key, fmt.Errorf("keep signing key: %w", err)
		}
		return key, nil
	} else if err != nil {
		return events.SigningKey{}, fmt.Errorf("read signing key: %w", err)
	}
	key, err := events.ParseSigningKey(string(b))
	if err != nil {
		return key, fmt.Errorf("signing key %s: %w", path, err)
	}
	return key, nil
}

// LocalKey reads the data directory's signing key without making one; a
// missing key is os.ErrNotExist.
func LocalKey(dataDir string) (events.SigningKey, error) {
	path := filepath.Join(dataDir, SigningKeyFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return events.SigningKey{}, err
	}
	key, err := events.ParseSigningKey(string(b))
	if err != nil {
		return key, fmt.Errorf("signing key %s: %w", path, err)
	}
	return key, nil
}

// SMTPOptions is how the outbox sends.
func (c Config) SMTPOptions() (mail.SMTPOptions, error) {
	o := mail.SMTPOptions{Addr: c.SMTP.Addr, Security: c.SMTP.Security, Username: c.SMTP.Username,
		Password: c.SMTP.Password, From: c.Mailbox, FromName: c.Service, EnvelopeFrom: c.SMTP.EnvelopeFrom}
	if c.SMTP.DKIM.Selector != "" {
		key, err := os.ReadFile(c.SMTP.DKIM.KeyFile)
		if err != nil {
			return o, fmt.Errorf("DKIM key: %w", err)
		}
		o.DKIM = mail.DKIMOptions{Domain: c.SMTP.DKIM.Domain, Selector: c.SMTP.DKIM.Selector, KeyPEM: key}
	}
	return o, nil
}

func (c Config) imapOptions() mail.IMAPOptions {
	return mail.IMAPOptions{Addr: c.IMAP.Addr, Security: c.IMAP.Security, Username: c.IMAP.Username,
		Password: c.IMAP.Password, Mailbox: c.IMAP.Mailbox, Processed: c.IMAP.Processed, Poll: c.IMAP.Poll.Duration}
}

// dkimVerifier is the mailroom's own DKIM check: nil unless verify_dkim.
// DKIMVerifier is the DKIM verifier the mailroom uses (verify_dkim), nil
// for none.
func (c Config) DKIMVerifier() *mail.DKIMVerifier { return c.dkimVerifier() }

func (c Config) dkimVerifier() *mail.DKIMVerifier {
	if !c.VerifyDKIM {
		return nil
	}
	return &mail.DKIMVerifier{LookupTXT: c.lookupTXT}
}

// OnLoopback is the configuration of a post office on a mail system on
// this machine without TLS, as the demo, the benchmark and the tests run
// one: mailbox's user reads it over IMAP at imapAddr with password and
// sends over SMTP at smtpAddr.
func OnLoopback(mailbox, password, imapAddr, smtpAddr string) Config {
	user, _, _ := strings.Cut(mailbox, "@")
	c := Config{Service: "pbem games", Mailbox: mailbox, Secret: "loopback secret"}
	c.IMAP.Addr, c.IMAP.Security, c.IMAP.Username, c.IMAP.Password = imapAddr, "plain", user, password
	c.IMAP.Poll.Duration = time.Second
	c.SMTP.Addr, c.SMTP.Security = smtpAddr, "plain"
	return c
}

// Letterhead is what the outbox renders mail with, the read models of
// index giving what a mail tells of a player's other games.
func (c Config) Letterhead(index *projections.Projector) (letters.Letterhead, error) {
	tokens, err := c.Tokens()
	if err != nil {
		return letters.Letterhead{}, err
	}
	key, err := SigningKey(c.Data)
	if err != nil {
		return letters.Letterhead{}, err
	}
	return letters.Letterhead{Service: c.Service, Mailbox: c.Mailbox, Tokens: tokens, Index: index, Key: &key, WebURL: c.WebURL}, nil
}
