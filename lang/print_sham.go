package lang

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/grammar/sham"
)

// printSHAM writes every action as a SHAM block: action first, then params
// (see orderedParams). Single-line values are quoted; multi-line values use a
// heredoc unless the value contains "\r" or a line equal to the heredoc's end
// marker, in which case they are quoted with escapes. Actions without a
// usable id (CSL, CML, or a repeated id) get a fresh one.
func printSHAM(w io.Writer, d *Document) error {
	ids := newIDSet(d)
	bw := bufio.NewWriter(w)
	n := 0
	for a := range d.Actions() {
		if n > 0 {
			bw.WriteString("\n")
		}
		n++
		id := ids.assign(a.ID)
		fmt.Fprintf(bw, "#!SHAM [@three-char-SHA-256: %s]\n", id)
		fmt.Fprintf(bw, "action = %s\n", sham.Quote(a.Op))
		for _, p := range orderedParams(a) {
			if !sham.ValidKey(p.Key) {
				return fmt.Errorf("print sham: line %d: param %q cannot be a SHAM key (letters, digits and _ only); rename or remove it first",
					d.File.Line(p.KeyRange.Start), p.Key)
			}
			fmt.Fprintf(bw, "%s = %s\n", p.Key, shamValue(p.Value, id))
		}
		fmt.Fprintf(bw, "#!END_SHAM_%s\n", id)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("print sham: %w", err)
	}
	return nil
}

// shamValue picks the form of one value in block id.
func shamValue(v, id string) string {
	if !strings.Contains(v, "\n") || strings.Contains(v, "\r") {
		return sham.Quote(v)
	}
	delim := "EOT_SHAM_" + id
	for line := range strings.Lines(v) {
		if strings.TrimRight(line, " \t\r\n") == delim {
			return sham.Quote(v)
		}
	}
	return "<<'" + delim + "'\n" + v + "\n" + delim
}

// idSet hands out block ids: an action keeps its own id the first time it
// is seen; a missing, invalid or repeated id is replaced by a fresh one that
// no action of the document uses.
type idSet struct {
	taken map[string]bool // ids of the document
	used  map[string]bool // ids already printed
	next  int
}

func newIDSet(d *Document) *idSet {
	s := &idSet{taken: map[string]bool{}, used: map[string]bool{}}
	for a := range d.Actions() {
		s.taken[a.ID] = true
	}
	return s
}

func (s *idSet) assign(id string) string {
	if sham.ValidID(id) && !s.used[id] {
		s.used[id] = true
		return id
	}
	for {
		s.next++
		c := fmt.Sprintf("p%02s", strings.ToLower(fmt.Sprintf("%x", s.next)))
		if !s.taken[c] && !s.used[c] {
			s.used[c] = true
			return c
		}
	}
}
