package textedit

import "testing"

// Printable shows every control character but \n and \t, and keeps
// invalid UTF-8 bytes as they are.
func TestHostilePrintable(t *testing.T) {
	cases := map[string]string{
		"plain\ttext\n":              "plain\ttext\n",
		"a\x1b]52;c;cHdu\x07b":       `a\x1b]52;c;cHdu\ab`,
		"x\x1b[2Jy":                  `x\x1b[2Jy`,
		"csi\u009bz":                 `csi\u009bz`,
		"crlf\r\nlone\rcr":           "crlf\r\nlone\\rcr",
		"del\x7f nul\x00":            `del\x7f nul\x00`,
		"utf8 ✅ kept, bad \xff kept": "utf8 ✅ kept, bad \xff kept",
	}
	for in, want := range cases {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}
