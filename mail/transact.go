package mail

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net/textproto"

	gomail "github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"
)

// The steps of an SMTP transaction (RFC 5321, 3.3), as a transactionError
// names them.
const (
	stepMailFrom = "MAIL FROM"
	stepRcptTo   = "RCPT TO"
	stepData     = "DATA"
)

// transactionError is a step of a mail's SMTP transaction that failed:
// refused by the server (code its reply) or not answered at all (code 0).
type transactionError struct {
	step string
	code int
	err  error
}

func (e *transactionError) Error() string { return e.step + ": " + e.err.Error() }
func (e *transactionError) Unwrap() error { return e.err }

// failed is the transactionError of step that err ended.
func failed(step string, err error) error {
	te := &transactionError{step: step, err: err}
	var pe *textproto.Error
	if errors.As(err, &pe) {
		te.code = pe.Code
	}
	return te
}

// transact sends m on c, a connection go-mail opened and greeted: MAIL
// FROM, RCPT TO for each recipient, and the mail as DATA. It writes the
// DATA itself, a line at a time: go-mail's writer (textproto's) handles
// each byte of a mail on its own, which cost a move about a twentieth of
// its processor (docs/benchmarks.md). A refusal leaves the transaction
// open; the caller resets it.
func transact(c *smtp.Client, m *gomail.Msg) error {
	from, err := m.GetSender(false)
	if err != nil {
		return err
	}
	to, err := m.GetRecipients()
	if err != nil {
		return err
	}
	if err := c.Mail(from); err != nil {
		return failed(stepMailFrom, err)
	}
	for _, r := range to {
		if err := c.Rcpt(r); err != nil {
			return failed(stepRcptTo, err)
		}
	}
	if err := command(c.Text, 354, "DATA"); err != nil {
		return failed(stepData, err)
	}
	w := &dataWriter{w: c.Text.W, start: true}
	if _, err := m.WriteTo(w); err != nil {
		return &transactionError{step: stepData, err: err} // the DATA cut short: the connection is not used again
	}
	if err := w.end(); err != nil {
		return &transactionError{step: stepData, err: err}
	}
	if _, _, err := c.Text.ReadResponse(250); err != nil {
		return failed(stepData, err)
	}
	return nil
}

// command sends a command on t and reads its reply, which must have code.
func command(t *textproto.Conn, code int, cmd string) error {
	id, err := t.Cmd("%s", cmd)
	if err != nil {
		return err
	}
	t.StartResponse(id)
	defer t.EndResponse(id)
	_, _, err = t.ReadResponse(code)
	return err
}

// dataWriter writes a mail as SMTP's DATA (RFC 5321, 4.5.2): each line
// ends in CRLF, a line that begins with a dot gets a second, and end
// writes the final dot. It writes the mail a line at a time.
type dataWriter struct {
	w       *bufio.Writer
	start   bool // at the start of a line
	cr      bool // the last byte written was a CR
	written bool // a byte of the mail was
}

func (d *dataWriter) Write(b []byte) (int, error) {
	n := 0
	d.written = d.written || len(b) > 0
	for n < len(b) {
		if d.start {
			d.start = false
			if b[n] == '.' {
				if err := d.w.WriteByte('.'); err != nil {
					return n, err
				}
			}
		}
		i := bytes.IndexByte(b[n:], '\n')
		if i < 0 {
			if _, err := d.w.Write(b[n:]); err != nil {
				return n, err
			}
			d.cr = b[len(b)-1] == '\r'
			return len(b), nil
		}
		line := b[n : n+i]
		if _, err := d.w.Write(line); err != nil {
			return n, err
		}
		if i > 0 {
			d.cr = line[i-1] == '\r'
		}
		if !d.cr {
			if err := d.w.WriteByte('\r'); err != nil {
				return n, err
			}
		}
		if err := d.w.WriteByte('\n'); err != nil {
			return n, err
		}
		n += i + 1
		d.start, d.cr = true, false
	}
	return n, nil
}

// end ends the mail's last line if it is open (a mail of nothing too, as
// textproto does), writes the dot that ends the DATA and sends it all.
func (d *dataWriter) end() error {
	end := "\r\n.\r\n"
	switch {
	case d.start && d.written:
		end = ".\r\n"
	case d.cr:
		end = "\n.\r\n"
	}
	if _, err := d.w.WriteString(end); err != nil {
		return fmt.Errorf("the end of the mail: %w", err)
	}
	return d.w.Flush()
}
