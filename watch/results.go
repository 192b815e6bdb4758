package watch

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io"
	"regexp"

	"github.com/clada-dev/clada/engine"
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

// WriteSummary renders the results summary. MERGE: the renderers move to
// report/; change this one call.
func WriteSummary(w io.Writer, rep *engine.Report) error {
	return rep.WriteSummary(w, engine.RenderOptions{Output: true})
}

// splitResults finds a results section clada wrote at the top of text and
// returns where the answer starts (0 when there is none). lost is true when
// text opens with a results section whose end line is gone (edited away):
// then nothing in text can be told apart from the results, and nothing runs.
func splitResults(text []byte, nonces map[string]bool) (answer int, lost bool) {
	t := bytes.TrimLeft(bytes.TrimPrefix(text, []byte("\ufeff")), " \t\r\n")
	if !bytes.HasPrefix(t, []byte(resultsStart)) {
		return 0, false
	}
	for _, m := range endLine.FindAllSubmatchIndex(text, -1) {
		if nonces[string(text[m[2]:m[3]])] {
			end := m[1]
			if end < len(text) && text[end] == '\r' {
				end++
			}
			if end < len(text) && text[end] == '\n' {
				end++
			}
			return end, false
		}
	}
	return 0, true
}

// blankOut replaces every byte of text[:n] but line breaks with a space,
// so the answer below keeps its byte offsets and line numbers while the
// results above can never be read as blocks.
func blankOut(text []byte, n int) []byte {
	out := bytes.Clone(text)
	for i := range n {
		if out[i] != '\n' && out[i] != '\r' {
			out[i] = ' '
		}
	}
	return out
}
