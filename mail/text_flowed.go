package mail

import "strings"

// unflow joins the lines of a format=flowed text (RFC 3676): a line ending
// in a space goes on in the next line of the same quote depth. Quoted
// lines come back as "> " prefixes, the signature separator "-- " is kept
// as it is, and with delsp the space before each soft break is removed.
func unflow(s string, delsp bool) string {
	var out []string
	var para strings.Builder
	depth, open := 0, false
	flush := func() {
		prefix := ""
		if depth > 0 {
			prefix = strings.Repeat(">", depth) + " "
		}
		out = append(out, prefix+para.String())
		para.Reset()
		open = false
	}
	for _, line := range strings.Split(s, "\n") {
		d := 0
		for d < len(line) && line[d] == '>' {
			d++
		}
		line = strings.TrimPrefix(line[d:], " ") // space-stuffing
		if open && (d != depth || line == "-- ") {
			flush() // a paragraph ends at another depth or at a signature
		}
		depth = d
		soft := strings.HasSuffix(line, " ") && line != "-- "
		if soft && delsp {
			line = line[:len(line)-1]
		}
		para.WriteString(line)
		open = soft
		if !soft {
			flush()
		}
	}
	if open {
		flush()
	}
	return strings.Join(out, "\n")
}
