// Package backups takes and restores pbem's backups: a snapshot of the
// whole store with the service's signing key and token secret, in a
// directory of its own, in the clear or sealed with a passphrase into one
// file (the format is below), and a directory of dated backups of which
// the newest are kept.
package backups

import (
	"archive/tar"
	"bufio"
	"bytes"
	"crypto/cipher"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/crypto/chacha20poly1305"
	"golang.org/x/crypto/scrypt"
)

// An encrypted backup is one file, SealedFile, in the backup's
// directory: the backup's files as a tar stream, sealed with a key drawn
// from a passphrase.
//
//	"pbem-backup-v1\n"                     the magic line
//	salt (16 bytes), log2 N (1 byte)        scrypt's, with r = 8, p = 1
//	chunks                                  ChaCha20-Poly1305, 64 KiB of tar each, 16 bytes of tag
//
// A chunk's nonce is its number (11 bytes, big-endian) and a last byte
// that is 1 on the last chunk and 0 on every other, so that chunks can be
// neither reordered nor dropped, nor the stream cut short unnoticed (the
// STREAM construction age uses). The salt, N and magic are the
// additional data of every chunk.
const (
	SealedFile  = "pbem-backup.enc"
	sealedMagic = "pbem-backup-v1\n"
	sealedChunk = 64 << 10
	scryptLogN  = 15
)

// ErrWrongPassphrase is what opening a sealed backup says when its first
// chunk does not open: the passphrase, or a damaged file.
var ErrWrongPassphrase = errors.New("the backup does not open with this passphrase (or the file is damaged)")

// Seal writes the files under dir, as a tar stream, sealed with
// passphrase, to w; entropy gives the salt.
func Seal(w io.Writer, dir string, passphrase []byte, entropy io.Reader) error {
	if len(passphrase) == 0 {
		return errors.New("backup: an empty passphrase")
	}
	header := make([]byte, len(sealedMagic)+16+1)
	copy(header, sealedMagic)
	if _, err := io.ReadFull(entropy, header[len(sealedMagic):len(sealedMagic)+16]); err != nil {
		return fmt.Errorf("backup: salt: %w", err)
	}
	header[len(header)-1] = scryptLogN
	aead, err := backupKey(passphrase, header)
	if err != nil {
		return err
	}
	if _, err := w.Write(header); err != nil {
		return err
	}
	sw := &sealWriter{w: w, aead: aead, ad: header}
	if err := writeTar(sw, dir); err != nil {
		return err
	}
	return sw.close()
}

// Open reads a sealed backup from r with passphrase and writes its
// files under dir.
func Open(r io.Reader, dir string, passphrase []byte) error {
	br := bufio.NewReader(r)
	header := make([]byte, len(sealedMagic)+16+1)
	if _, err := io.ReadFull(br, header); err != nil || string(header[:len(sealedMagic)]) != sealedMagic {
		return errors.New("restore: not an encrypted pbem backup")
	}
	if n := header[len(header)-1]; n < 10 || n > 22 {
		return fmt.Errorf("restore: scrypt's N of 2^%d is out of bounds", n)
	}
	aead, err := backupKey(passphrase, header)
	if err != nil {
		return err
	}
	return readTar(&openReader{r: br, aead: aead, ad: header}, dir)
}

// backupKey draws the key from passphrase with the salt and N of header.
func backupKey(passphrase, header []byte) (cipher.AEAD, error) {
	salt := header[len(sealedMagic) : len(sealedMagic)+16]
	key, err := scrypt.Key(passphrase, salt, 1<<header[len(header)-1], 8, 1, chacha20poly1305.KeySize)
	if err != nil {
		return nil, fmt.Errorf("backup: key: %w", err)
	}
	return chacha20poly1305.New(key)
}

// chunkNonce is the nonce of chunk n, last or not.
func chunkNonce(n uint64, last bool) []byte {
	nonce := make([]byte, chacha20poly1305.NonceSize)
	binary.BigEndian.PutUint64(nonce[3:11], n)
	if last {
		nonce[11] = 1
	}
	return nonce
}

// sealWriter seals what is written to it in chunks; close seals the last.
type sealWriter struct {
	w    io.Writer
	aead cipher.AEAD
	ad   []byte
	buf  []byte
	n    uint64
}

func (s *sealWriter) Write(p []byte) (int, error) {
	written := len(p)
	for len(p) > 0 {
		// A full chunk is sealed only once more follows, so that the
		// last chunk, sealed by close, is never empty but for an empty
		// stream.
		if len(s.buf) == sealedChunk {
			if err := s.seal(false); err != nil {
				return 0, err
			}
		}
		k := min(sealedChunk-len(s.buf), len(p))
		s.buf, p = append(s.buf, p[:k]...), p[k:]
	}
	return written, nil
}

func (s *sealWriter) seal(last bool) error {
	out := s.aead.Seal(nil, chunkNonce(s.n, last), s.buf, s.ad)
	s.n++
	s.buf = s.buf[:0]
	_, err := s.w.Write(out)
	return err
}

func (s *sealWriter) close() error { return s.seal(true) }

// openReader opens the chunks of a sealed stream as they are read.
type openReader struct {
	r    *bufio.Reader
	aead cipher.AEAD
	ad   []byte
	buf  []byte
	n    uint64
	done bool
}

func (o *openReader) Read(p []byte) (int, error) {
	for len(o.buf) == 0 {
		if o.done {
			return 0, io.EOF
		}
		if err := o.next(); err != nil {
			return 0, err
		}
	}
	k := copy(p, o.buf)
	o.buf = o.buf[k:]
	return k, nil
}

// next opens the next chunk: the last one is the one the stream ends
// after, and must say it is.
func (o *openReader) next() error {
	chunk := make([]byte, sealedChunk+chacha20poly1305.Overhead)
	k, err := io.ReadFull(o.r, chunk)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return err
	}
	chunk = chunk[:k]
	_, peekErr := o.r.Peek(1)
	last := peekErr != nil
	plain, err := o.aead.Open(nil, chunkNonce(o.n, last), chunk, o.ad)
	if err != nil {
		if o.n == 0 {
			return ErrWrongPassphrase
		}
		return errors.New("the encrypted backup is damaged or cut short")
	}
	o.n++
	o.buf, o.done = plain, last
	return nil
}

// writeTar writes the regular files under dir to w as a tar stream, by
// their paths under dir.
func writeTar(w io.Writer, dir string) error {
	tw := tar.NewWriter(w)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if err := tw.WriteHeader(&tar.Header{Name: filepath.ToSlash(rel), Mode: 0o600, Size: int64(len(data)), ModTime: time.Unix(0, 0)}); err != nil {
			return err
		}
		_, err = tw.Write(data)
		return err
	})
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return tw.Close()
}

// readTar writes the files of the tar stream r under dir, refusing any
// whose name would leave it.
func readTar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		name := filepath.FromSlash(h.Name)
		if h.Typeflag != tar.TypeReg || !filepath.IsLocal(name) {
			return fmt.Errorf("restore: the backup holds %q, which is no file of a backup", h.Name)
		}
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return err
		}
		var b bytes.Buffer
		if _, err := io.Copy(&b, tr); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
			return err
		}
	}
}

// backupPrefix starts the name of each backup under a directory of
// backups (--keep): pbem-20261204T210500Z.
const backupPrefix = "pbem-"

// Name is the name of a backup taken at t under a directory of
// backups.
func Name(t time.Time) string { return backupPrefix + t.UTC().Format("20060102T150405Z") }

// Rotate removes the oldest backups under dir beyond the newest
// keep, and returns their names. Only what Name names is counted.
func Rotate(dir string, keep int) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), backupPrefix)
		if _, err := time.Parse("20060102T150405Z", rest); ok && err == nil && e.IsDir() {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names) // the names sort as their times
	if len(names) <= keep {
		return nil, nil
	}
	old := names[:len(names)-keep]
	for _, name := range old {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			return nil, err
		}
	}
	return old, nil
}

// ReadPassphrase reads the passphrase from file, its first line; "-"
// reads it from PBEM_BACKUP_PASSPHRASE instead.
func ReadPassphrase(file string) ([]byte, error) {
	if file == "-" {
		v := os.Getenv("PBEM_BACKUP_PASSPHRASE")
		if v == "" {
			return nil, errors.New("PBEM_BACKUP_PASSPHRASE is empty")
		}
		return []byte(v), nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	line, _, _ := strings.Cut(string(b), "\n")
	line = strings.TrimRight(line, "\r")
	if line == "" {
		return nil, fmt.Errorf("%s holds no passphrase on its first line", file)
	}
	return []byte(line), nil
}
