package watch

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io"
	"regexp"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
)

// resultsStart opens the summary the engine's renderer writes.
const resultsStart = "=== CLADA RESULTS ==="

// endLine matches the line the watcher puts after a results section it
// wrote; the nonce ties it to this watcher's state, so text an answer
// quotes (a read of the input file, say) never ends a section early.
var endLine = regexp.MustCompile(`(?m)^=== CLADA RESULTS END ([0-9a-f]{16}) .*$`)

func newNonce() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// endMarker is the line closing a results section.
func endMarker(nonce string) string {
	return "=== CLADA RESULTS END " + nonce + " (clada never runs anything above this line; paste the next answer below it or over everything) ==="
}

// WriteSummary renders the results summary an LLM reads, each action's
// output bounded to maxReport bytes (report.DefaultMaxReport when 0).
func WriteSummary(w io.Writer, doc *lang.Document, rep *engine.Report, maxReport int) error {
	if maxReport <= 0 {
		maxReport = report.DefaultMaxReport
	}
	// Through Write: control characters of the output are neutralised too.
	return report.Write(w, "summary", doc, rep, report.Options{MaxReport: maxReport})
}

// startLine matches the line a results section opens with.
var startLine = regexp.MustCompile(`(?m)^=== CLADA RESULTS ===\r?$`)

// resultRegions finds every results section clada wrote in text: from a
// start line to the next end line carrying one of its nonces, wherever the
// user left it (pasting an answer above the old results, say). lost is true
// when text opens with a results section whose end line is gone (edited
// away): then nothing in text can be told apart from the results.
func resultRegions(text []byte, nonces map[string]bool) (regions [][2]int, lost bool) {
	prev := 0
	for _, m := range endLine.FindAllSubmatchIndex(text, -1) {
		if m[0] < prev || !nonces[string(text[m[2]:m[3]])] {
			continue
		}
		s := startLine.FindIndex(text[prev:m[0]])
		if s == nil {
			continue
		}
		end := m[1]
		if end < len(text) && text[end] == '\r' {
			end++
		}
		if end < len(text) && text[end] == '\n' {
			end++
		}
		regions = append(regions, [2]int{prev + s[0], end})
		prev = end
	}
	top := len(text) - len(bytes.TrimLeft(bytes.TrimPrefix(text, []byte("\ufeff")), " \t\r\n"))
	if bytes.HasPrefix(text[top:], []byte(resultsStart)) && (len(regions) == 0 || regions[0][0] != top) {
		return nil, true
	}
	return regions, false
}

// topResults is where the answer starts after a results section at the
// very top of text (0 when there is none).
func topResults(regions [][2]int, text []byte) int {
	if len(regions) == 0 {
		return 0
	}
	r := regions[0]
	if len(bytes.TrimSpace(bytes.TrimPrefix(text[:r[0]], []byte("\ufeff")))) > 0 {
		return 0
	}
	return r[1]
}

// blankOut replaces every byte of the regions but line breaks with a
// space, so the answer keeps its byte offsets and line numbers while the
// results can never be read as blocks.
func blankOut(text []byte, regions [][2]int) []byte {
	out := bytes.Clone(text)
	for _, r := range regions {
		for i := r[0]; i < r[1]; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	return out
}
