package postoffice

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pbem-games/pbem/campaigns/organiser"
	"github.com/pbem-games/pbem/events"
	"github.com/pbem-games/pbem/games"
	"github.com/pbem-games/pbem/projections"
	"github.com/pbem-games/pbem/rules"
)

// trustedKey returns the key an exported history should be signed by and
// whose it is: the one --key names, or else the data directory's; nil
// when there is neither.
func trustedKey(dataDir, flag string) (events.PublicKey, string, error) {
	if flag == "" {
		key, err := LocalKey(dataDir)
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

// VerifyFile verifies the exported history in file with the rules of
// catalog, and its signature against the key that key names ("" for the
// data directory's, see trustedKey), and returns the verdict line
// (projections.Verdict). The file alone is read: no store is opened.
func VerifyFile(catalog rules.Catalog, dataDir, file, key string) (string, error) {
	lines, err := readLines(file)
	if err != nil {
		return "", err
	}
	rep, err := projections.Verify(catalog, lines, nil)
	if err != nil {
		return "", fmt.Errorf("verify %s: %w", file, err)
	}
	checked, origin, err := checkFileOrigin(rep, dataDir, file, key)
	if err != nil {
		return "", err
	}
	return projections.Verdict(rep, checked, origin), nil
}

// VerifyCampaignFile is VerifyFile for a campaign's export with its
// games' histories (pbem campaign export ID --games).
func VerifyCampaignFile(catalog rules.Catalog, dataDir, file, key string) (string, error) {
	lines, err := readLines(file)
	if err != nil {
		return "", err
	}
	rep, err := organiser.VerifyFile(catalog, lines)
	if err != nil {
		return "", fmt.Errorf("verify %s: %w", file, err)
	}
	checked, origin, err := checkFileOrigin(projections.Report{Signer: rep.Signer, SignatureLine: rep.SignatureLine}, dataDir, file, key)
	if err != nil {
		return "", err
	}
	return organiser.Verdict(rep, checked, origin), nil
}

// ExportGame is game id's history as pbem export prints it: its events
// as JSON lines, as stored, and the signature of the data directory's
// key (SigningKey), which VerifyFile checks.
func ExportGame(ctx context.Context, svc *games.Service, dataDir, id string) ([]byte, error) {
	evs, err := svc.History(ctx, id)
	if err != nil {
		return nil, err
	}
	key, err := SigningKey(dataDir)
	if err != nil {
		return nil, err
	}
	return games.SignedExport(evs, &key), nil
}

// ExportCampaign is campaign id's history signed by the data directory's
// key, followed by its games' with a result when withGames
// (organiser.Service.Export), which VerifyCampaignFile checks.
func ExportCampaign(ctx context.Context, org *organiser.Service, dataDir, id string, withGames bool) ([]byte, error) {
	key, err := SigningKey(dataDir)
	if err != nil {
		return nil, err
	}
	return org.Export(ctx, id, &key, withGames)
}

// VerifyGame verifies game id's stored history, whose origin is the
// store, with the seed the service keeps, and returns the verdict line.
func VerifyGame(ctx context.Context, svc *games.Service, id string) (string, error) {
	evs, err := svc.History(ctx, id)
	if err != nil {
		return "", err
	}
	seed, err := projections.Seed(ctx, svc.Store, id)
	if err != nil {
		return "", err
	}
	rep, err := projections.Verify(svc.Catalog, games.ExportLines(evs), &seed)
	if err != nil {
		return "", fmt.Errorf("verify %s: %w", id, err)
	}
	return projections.Verdict(rep, true, ""), nil
}

// VerifyCampaign verifies campaign id's stored history and its games'
// results, with the pairing seed the service keeps.
func VerifyCampaign(ctx context.Context, org *organiser.Service, id string) (string, error) {
	b, err := org.Export(ctx, id, nil, false)
	if err != nil {
		return "", err
	}
	c, _, _, err := org.Load(ctx, id)
	if err != nil {
		return "", err
	}
	seed, err := org.Seed(ctx, c)
	if err != nil {
		return "", err
	}
	rep, err := org.Verify(ctx, projections.SplitLines(b), &seed)
	if err != nil {
		return "", fmt.Errorf("campaign verify %s: %w", id, err)
	}
	return organiser.Verdict(rep, true, ""), nil
}

func readLines(file string) ([][]byte, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	if data, err = gunzip(data); err != nil {
		return nil, fmt.Errorf("verify %s: %w", file, err)
	}
	return projections.SplitLines(data), nil
}

// maxHistory is the most a gzipped history may hold once unpacked: a
// long game's history is some hundreds of KiB, and a file that unpacks
// to more is refused rather than let fill the memory.
const maxHistory = 256 << 20

// gunzip returns data unpacked when it is gzip (as the game-over mail
// attaches a history, docs/history-format.md), else data itself: a
// history's first byte is "{", never gzip's 0x1f.
func gunzip(data []byte) ([]byte, error) {
	if !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		return data, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a whole gzip file: %w", err)
	}
	out, err := io.ReadAll(io.LimitReader(zr, maxHistory+1))
	if err != nil {
		return nil, fmt.Errorf("not a whole gzip file: %w", err)
	}
	if len(out) > maxHistory {
		return nil, fmt.Errorf("the gzip file unpacks to more than %d MiB, more than any history", maxHistory>>20)
	}
	return out, nil
}

// checkFileOrigin checks the signature of file's history, as rep found
// it, against the key trusted (trustedKey), as projections.CheckOrigin
// says.
func checkFileOrigin(rep projections.Report, dataDir, file, key string) (bool, string, error) {
	trusted, whose, err := trustedKey(dataDir, key)
	if err != nil {
		return false, "", fmt.Errorf("verify: %w", err)
	}
	checked, origin, err := projections.CheckOrigin(rep, trusted, whose, key != "")
	if err != nil {
		return false, "", fmt.Errorf("verify %s: %w", file, err)
	}
	return checked, origin, nil
}
