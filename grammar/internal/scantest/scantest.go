// Package scantest holds what the scanners' package tests (grammar/cline,
// grammar/roo, grammar/zed) share: ranges rendered as the text they cover,
// so a wrong offset shows as a wrong text, the checks every input must
// pass, and the corpus inputs that seed their fuzz targets. Only tests
// import it.
package scantest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/source"
)

// Covered is the text src[s:e] as a test reads it, after the number of
// the line it starts on: quoted whole when short, else its first and last
// bytes and its length; an empty range shows the bytes after it. So an
// offset off by one shows as a different text.
func Covered(src string, s, e int) string {
	if s < 0 || e > len(src) || s > e {
		return fmt.Sprintf("<bad range %d:%d of %d>", s, e, len(src))
	}
	line := strings.Count(src[:s], "\n") + 1
	t := src[s:e]
	switch {
	case t == "":
		return fmt.Sprintf("%d:\"\" before %s", line, Q(src[s:min(s+8, len(src))]))
	case len(t) <= 40:
		return fmt.Sprintf("%d:%s", line, Q(t))
	}
	return fmt.Sprintf("%d:%s…%s (%d bytes)", line, Q(t[:16]), Q(t[len(t)-16:]), len(t))
}

// Q quotes s as Go does, a backquote as \x60 so a want reads as a raw
// string.
func Q(s string) string { return strings.ReplaceAll(strconv.Quote(s), "`", `\x60`) }

// RenderDiags writes each diagnostic with the text its range covers.
func RenderDiags(b *strings.Builder, src, indent string, ds source.Diagnostics) {
	for _, d := range ds {
		fmt.Fprintf(b, "%s%s %s %s at %s\n", indent, d.Severity, d.Code, Q(d.Message), Covered(src, d.Range.Start, d.Range.End))
	}
}

// CorpusInputs are the inputs of the corpus cases under corpus/dir.
func CorpusInputs(t testing.TB, dir string) [][]byte {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, c := range cases {
		if strings.HasPrefix(c.Name, dir+"/") {
			out = append(out, c.Input)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no corpus/%s cases", dir)
	}
	return out
}

// InRange fails t unless [s, e) is a range of an input of n bytes.
func InRange(t *testing.T, what string, s, e, n int) {
	t.Helper()
	if s < 0 || s > e || e > n {
		t.Fatalf("%s range %d:%d outside the input of %d bytes", what, s, e, n)
	}
}

// InDiags fails t unless every diagnostic's range is one of an input of n
// bytes.
func InDiags(t *testing.T, ds source.Diagnostics, n int) {
	t.Helper()
	for _, d := range ds {
		InRange(t, d.Code, d.Range.Start, d.Range.End, n)
	}
}
