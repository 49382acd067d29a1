package bench

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbem-games/pbem/mail/loopback"
)

// The pipeline's players have their mail provider, and pbem its game
// mailbox, on a loopback mail system (an IMAP and an SMTP server). In the
// world it is another machine's (Dovecot, Postfix, Gmail), so the
// benchmark runs it in a process of its own: the processor time a move
// costs pbem is then the benchmark process's (pbem, its embedded
// JetStream, and the players' few writes), and the mail servers' is
// measured apart. Until 2026-12-05 the servers ran in the benchmark's
// process and their reading of every mail was counted as pbem's.
//
// The mail host is this program started again with MailHostEnv set; it
// speaks over its standard input and output in frames: a kind byte, a
// length (4 bytes, big-endian) and that many bytes.
//
// To the host: 'u' a user to add; 'd' a recipient, a zero byte and the
// raw mail to deliver, answered by an 'r' frame (empty, or the error).
// From the host: 'a' its IMAP and SMTP addresses, a space between, once
// it listens; 'm' for each mail its SMTP server accepted: the mail's size
// (4 bytes), its sender, a zero byte, its recipients joined by commas, a
// zero byte, and its header (the body is not sent: the tracker reads only
// headers, and carrying every mail's body back would cost the benchmark's
// process what the host was moved out to spare it).
const MailHostEnv = "PBEM_BENCH_MAIL_HOST"

// ServeMailHostIfAsked returns at once, unless MailHostEnv is set: then
// it serves the mail host for the domain and user the value names
// ("domain user") until its standard input closes, and exits. A program
// whose pipeline benchmark starts it again (pbem-bench's main, a test
// binary's TestMain) calls it first.
func ServeMailHostIfAsked() {
	spec := os.Getenv(MailHostEnv)
	if spec == "" {
		return
	}
	domain, user, _ := strings.Cut(spec, " ")
	if err := serveMailHost(domain, user, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "mail host:", err)
		os.Exit(2)
	}
	os.Exit(0)
}

func serveMailHost(domain, user string, in io.Reader, out io.Writer) error {
	sys, err := loopback.Start(domain, user)
	if err != nil {
		return err
	}
	defer sys.Close()
	var mu sync.Mutex
	w := bufio.NewWriter(out)
	send := func(kind byte, parts ...[]byte) {
		mu.Lock()
		defer mu.Unlock()
		writeFrame(w, kind, parts...)
		w.Flush()
	}
	sys.OnDeliver = func(from string, to []string, raw []byte) {
		head := raw
		if i := bytes.Index(raw, []byte("\r\n\r\n")); i >= 0 {
			head = raw[:i+4]
		}
		var size [4]byte
		binary.BigEndian.PutUint32(size[:], uint32(len(raw)))
		send('m', size[:], []byte(from), []byte{0}, []byte(strings.Join(to, ",")), []byte{0}, head)
	}
	send('a', []byte(sys.IMAPAddr+" "+sys.SMTPAddr))
	r := bufio.NewReader(in)
	for {
		kind, body, err := readFrame(r)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		switch kind {
		case 'u':
			sys.AddUser(string(body))
		case 'd':
			rcpt, raw, _ := bytes.Cut(body, []byte{0})
			var answer []byte
			if err := sys.Deliver(string(rcpt), raw); err != nil {
				answer = []byte(err.Error())
			}
			send('r', answer)
		default:
			return fmt.Errorf("unknown frame %q", kind)
		}
	}
}

func writeFrame(w io.Writer, kind byte, parts ...[]byte) error {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	var head [5]byte
	head[0] = kind
	binary.BigEndian.PutUint32(head[1:], uint32(n))
	if _, err := w.Write(head[:]); err != nil {
		return err
	}
	for _, p := range parts {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

func readFrame(r io.Reader) (byte, []byte, error) {
	var head [5]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return 0, nil, err
	}
	body := make([]byte, binary.BigEndian.Uint32(head[1:]))
	if _, err := io.ReadFull(r, body); err != nil {
		return 0, nil, fmt.Errorf("a frame cut short: %w", err)
	}
	return head[0], body, nil
}

// mailHost is the benchmark's side of a running mail host.
type mailHost struct {
	IMAPAddr, SMTPAddr string

	cmd     *exec.Cmd
	in      io.WriteCloser
	mu      sync.Mutex // one command at a time
	replies chan []byte
	done    chan error // the reader's end
}

// startMailHost starts the mail host for domain and its user, and calls
// delivered for every mail its SMTP server accepts (size is the whole
// mail's, head its header).
func startMailHost(domain, user string, delivered func(from string, to []string, size int, head []byte)) (*mailHost, error) {
	bin, err := os.Executable()
	if err != nil {
		return nil, err
	}
	// A test binary runs no test, should it not call ServeMailHostIfAsked first.
	cmd := exec.Command(bin, "-test.run=^$")
	cmd.Env = append(os.Environ(), MailHostEnv+"="+domain+" "+user)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("mail host: %w", err)
	}
	h := &mailHost{cmd: cmd, in: in, replies: make(chan []byte, 1), done: make(chan error, 1)}
	r := bufio.NewReader(outPipe)
	kind, addrs, err := readFrame(r)
	if err != nil || kind != 'a' {
		in.Close()
		cmd.Wait()
		return nil, fmt.Errorf("mail host did not start (%q, %v)", kind, err)
	}
	h.IMAPAddr, h.SMTPAddr, _ = strings.Cut(string(addrs), " ")
	go func() {
		for {
			kind, body, err := readFrame(r)
			if err != nil {
				h.done <- err
				close(h.replies)
				return
			}
			switch kind {
			case 'r':
				h.replies <- body
			case 'm':
				if len(body) < 4 {
					continue
				}
				size := int(binary.BigEndian.Uint32(body))
				from, rest, _ := bytes.Cut(body[4:], []byte{0})
				to, head, _ := bytes.Cut(rest, []byte{0})
				delivered(string(from), strings.Split(string(to), ","), size, head)
			}
		}
	}()
	return h, nil
}

// AddUser adds a user with an INBOX.
func (h *mailHost) AddUser(name string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return writeFrame(h.in, 'u', []byte(name))
}

// Deliver puts raw into the INBOX of the user rcpt names.
func (h *mailHost) Deliver(rcpt string, raw []byte) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := writeFrame(h.in, 'd', []byte(rcpt), []byte{0}, raw); err != nil {
		return fmt.Errorf("mail host: %w", err)
	}
	answer, ok := <-h.replies
	if !ok {
		return errors.New("mail host: stopped")
	}
	if len(answer) > 0 {
		return fmt.Errorf("mail host: %s", answer)
	}
	return nil
}

// CPUTime is the processor time, user and system, the mail host has used
// so far; 0 where it cannot be read (/proc/PID/stat, in clock ticks of a
// hundredth of a second).
func (h *mailHost) CPUTime() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", h.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// The command's name, in parentheses, may hold spaces; the fields
	// after it are numbered from 3.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// Close stops the host and waits for it.
func (h *mailHost) Close() error {
	h.in.Close()
	<-h.done // every read done before Wait closes the pipe
	return h.cmd.Wait()
}
