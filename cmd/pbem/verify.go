package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/internal/postoffice"
	"github.com/pbem-games/pbem/projections"
)

func runExport(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	pos, err := e.parse(fs, args, 1, "ID")
	if err != nil {
		return err
	}
	svc, err := e.service(ctx)
	if err != nil {
		return err
	}
	evs, err := svc.History(ctx, gameID(pos[0]))
	if err != nil {
		return err
	}
	key, err := postoffice.SigningKey(e.data)
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(games.SignedExport(evs, &key))
	return err
}

// verifyForm is pbem verify's usage.
const verifyForm = "ID | [--campaign] --file F [--key FILE|FINGERPRINT]"

func runVerify(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	file := fs.String("file", "", "verify an exported history instead of a stored game")
	trust := fs.String("key", "", "with --file: the key the history must be signed by, a fingerprint (ed25519:…) or a file holding one or a signing key; default: the data directory's")
	campaign := fs.Bool("campaign", false, "with --file: the file is a campaign's export with its games' histories (pbem campaign export ID --games), verified with no store")
	pos, err := e.parse(fs, args, -1, verifyForm)
	if err != nil {
		return err
	}
	if (len(pos) == 1) == (*file != "") || len(pos) > 1 || (*trust != "" && *file == "") || (*campaign && *file == "") {
		return usageError{"usage: pbem verify " + verifyForm}
	}
	if *campaign {
		return verifyCampaignFile(e, *file, *trust)
	}
	var lines [][]byte
	var rep projections.Report
	checked := true // a stored game's origin is the store
	origin := ""    // what verify --file found of where the history comes from
	if *file != "" {
		data, err := os.ReadFile(*file)
		if err != nil {
			return fmt.Errorf("verify: %w", err)
		}
		lines = splitLines(data)
		offered, err := e.games()
		if err != nil {
			return err
		}
		rep, err = projections.Verify(offered.Rules(), lines, nil)
		if err != nil {
			return fmt.Errorf("verify %s: %w", *file, err)
		}
		trusted, whose, err := trustedKey(e.data, *trust)
		if err != nil {
			return fmt.Errorf("verify: %w", err)
		}
		if checked, origin, err = checkOrigin(rep, trusted, whose, *trust != ""); err != nil {
			return fmt.Errorf("verify %s: %w", *file, err)
		}
	} else {
		svc, err := e.service(ctx)
		if err != nil {
			return err
		}
		id := gameID(pos[0])
		evs, err := svc.History(ctx, id)
		if err != nil {
			return err
		}
		lines = games.ExportLines(evs)
		seed, err := projections.Seed(ctx, svc.Store, id)
		if err != nil {
			return err
		}
		if rep, err = projections.Verify(svc.Catalog, lines, &seed); err != nil {
			return fmt.Errorf("verify %s: %w", id, err)
		}
	}
	fmt.Fprintln(e.stdout, verdict(rep, checked, origin))
	return nil
}

// verdict is the line verify prints of a history that verifies, as
// docs/history-format.md writes it: clauses joined by "; ". Only a
// history whose origin is checked (or a stored one), and whose lines
// left out are all bound, is "ok": an unsigned history's chain anyone
// could have made, and a line left out the old way could stand for any
// event.
func verdict(rep projections.Report, checked bool, origin string) string {
	var c []string
	switch {
	case !checked:
		c = append(c, fmt.Sprintf("chain intact; origin not checked: game %s, %d events", rep.Game, rep.Events))
	case rep.RedactedOld > 0:
		c = append(c, fmt.Sprintf("chain intact; lines left out the old way not checked: game %s, %d events", rep.Game, rep.Events))
	default:
		c = append(c, fmt.Sprintf("ok: game %s, %d events, hash chain intact", rep.Game, rep.Events))
	}
	if rep.OldHashes > 0 {
		c = append(c, fmt.Sprintf("events 1 to %d carry hashes of schema 1, which do not bind what a line leaving one out shows", rep.OldHashes))
	}
	if rep.Redacted > 0 {
		c = append(c, fmt.Sprintf("%d events left out, each bound by its hash to its type, actor, time and payload", rep.Redacted))
	}
	if rep.RedactedOld > 0 {
		c = append(c, fmt.Sprintf("%d events left out the old way, bound by no hash to the type, actor and time shown: each could stand for any event", rep.RedactedOld))
	}
	switch {
	case rep.Over:
		c = append(c, fmt.Sprintf("seed %s matches the commitment", rep.Seed), "every move replayed", "final scores "+joinInts(rep.Scores))
	case rep.Replayed:
		c = append(c, "the service's seed matches the commitment", "every move replayed (the game is still running)")
	default:
		c = append(c, "the seed stays secret until the game ends, so the moves can be replayed only then")
	}
	if origin != "" {
		c = append(c, origin)
	}
	return strings.Join(c, "; ")
}

// trustedKey returns the key an exported history should be signed by and
// whose it is: the one --key names, or else the data directory's; nil
// when there is neither.
func trustedKey(dataDir, flag string) (events.PublicKey, string, error) {
	if flag == "" {
		key, err := postoffice.LocalKey(dataDir)
		if errors.Is(err, os.ErrNotExist) {
			return nil, "", nil
		}
		if err != nil {
			return nil, "", err
		}
		return key.Public(), "this service's key", nil
	}
	if strings.HasPrefix(flag, events.KeyPrefix) {
		key, err := events.ParsePublicKey(flag)
		return key, "the key given", err
	}
	b, err := os.ReadFile(flag)
	if err != nil {
		return nil, "", fmt.Errorf("--key: %w", err)
	}
	text := strings.TrimSpace(string(b))
	if strings.HasPrefix(text, events.KeyPrefix) {
		key, err := events.ParsePublicKey(text)
		return key, "the key in " + flag, err
	}
	key, err := events.ParseSigningKey(text)
	if err != nil {
		return nil, "", fmt.Errorf("--key %s holds neither a key fingerprint (%s…) nor a signing key", flag, events.KeyPrefix)
	}
	return key.Public(), "the key in " + flag, nil
}

// errForeign is the error of a history signed by a key other than the one
// trusted.
var errForeign = errors.New("the history was not signed by the key trusted")

// checkOrigin says what the history's signature shows of where it comes
// from, given the trusted key (nil: none), or why it did not come from
// there. A history without a signature fails only when a key was asked
// for (--key); otherwise its chain is all that was checked, and it says so.
func checkOrigin(rep projections.Report, trusted events.PublicKey, whose string, asked bool) (checked bool, note string, err error) {
	switch {
	case rep.Signer == nil && asked:
		return false, "", fmt.Errorf("the history carries no signature, so it cannot be shown to come from %s %s", whose, trusted)
	case rep.Signer == nil:
		return false, "the history carries no signature (exports made before histories were signed lack it), so anyone could have made it", nil
	case trusted == nil:
		return false, fmt.Sprintf("signed by key %s, but there is no trusted key to check it against (give --key FINGERPRINT)", rep.Signer), nil
	case !rep.Signer.Equal(trusted):
		return false, "", fmt.Errorf("line %d: %w: it is signed by key %s, not by %s %s; it did not come from there", rep.SignatureLine, errForeign, rep.Signer, whose, trusted)
	}
	return true, fmt.Sprintf("signed by %s %s", whose, trusted), nil
}

// splitLines splits JSON lines, dropping empty lines at the end only: an
// empty line inside a history is itself a break.
func splitLines(data []byte) [][]byte {
	lines := bytes.Split(bytes.TrimRight(data, "\r\n"), []byte("\n"))
	if len(lines) == 1 && len(lines[0]) == 0 {
		return nil
	}
	return lines
}
