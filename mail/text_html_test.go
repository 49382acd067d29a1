package mail

import (
	"strings"
	"testing"
)

var htmlTests = []struct{ in, want string }{
	{`E5`, `E5`},
	{`<div>E5</div><div>F6</div>`, `E5|F6`},
	{`<p>E5</p><p>F6</p>`, `E5|F6`},
	{`E5<br>F6<br/>G7`, `E5|F6|G7`},
	{`E5<br><br>F6`, `E5||F6`},
	{`E<b>5</b> <i>F</i>6`, `E5 F6`},
	{"<div>\n  E5\n  and   F6\n</div>", `E5 and F6`},
	{`&lt;E5&gt; &amp; &eacute; &#69;&#x35; &nbsp;x`, "<E5> & é E5 \u00a0x"},
	{`<head><title>Z9</title><style>p{}</style></head><body>E5</body>`, `E5`},
	{`<html><head><meta charset="utf-8"><body>E5</body></html>`, `E5`},
	{`<script>document.write("Z9")</script>E5<style>.x{content:"Z9"}</style>`, `E5`},
	{`<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>`, `a b|c`},
	{`<ul><li>one</li><li>two</li></ul>`, `one|two`},
	{"<pre>a  b\nc</pre>", "a  b|c"},
	{`E5<blockquote>It is your move<br>E5</blockquote>F6`, `E5`},
	{`<div dir="ltr">E5</div><div class="gmail_quote">On Mon, pbem wrote:<blockquote>E5</blockquote></div>`, `E5`},
	{`<div>E5</div><div class="gmail_signature" data-smartmail="gmail_signature">Bob</div>`, `E5`},
	{`<div>E5</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> pbem</div>`, `E5`},
	{`<div>E5</div><div id="divRplyFwdMsg"><b>From:</b> pbem</div>`, `E5`},
	{`<div>E5</div><div class="ydpc0ffeeyahoo_quoted">On Monday wrote:</div>`, `E5`},
	{`<p>E5</p><div class="moz-cite-prefix">On 04/03/2024, pbem wrote:</div><blockquote type="cite">E5</blockquote>`, `E5`},
	{`<div class="ydp3f2ayahoo-style-wrap">E5</div>`, `E5`},
	{`<div class="protonmail_quote">On Monday</div>`, ``},
	{`<p>E5</p><p>unclosed <b>bold`, `E5|unclosed bold`},
	{`<<<>>>E5</`, `<<<>>>E5</`},
}

func TestHTMLText(t *testing.T) {
	for _, tt := range htmlTests {
		got := strings.TrimRight(htmlText(tt.in), "\n")
		if got := strings.ReplaceAll(got, "\n", "|"); got != tt.want {
			t.Errorf("htmlText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

var unflowTests = []struct {
	in, want string
	delsp    bool
}{
	{"E5", "E5", false},
	{"a long line that was \nwrapped here\nE5", "a long line that was wrapped here|E5", false},
	{"one \ntwo \nthree", "one two three", false},
	{" From here on", "From here on", false},
	{"  two spaces", " two spaces", false},
	{"E5\n-- \nBob", "E5|-- |Bob", false},
	{"end of paragraph \n-- \nBob", "end of paragraph |-- |Bob", false},
	{">quoted \n>text\n>>deeper", "> quoted text|>> deeper", false},
	{">quoted \nnot quoted", "> quoted |not quoted", false},
	{"好的我 \n走E5", "好的我走E5", true},
	{"one  \ntwo", "one two", true},
	{"trailing \n", "trailing ", false},
}

func TestUnflow(t *testing.T) {
	for _, tt := range unflowTests {
		got := strings.ReplaceAll(unflow(tt.in, tt.delsp), "\n", "|")
		if got != tt.want {
			t.Errorf("unflow(%q, %v) = %q, want %q", tt.in, tt.delsp, got, tt.want)
		}
	}
}
