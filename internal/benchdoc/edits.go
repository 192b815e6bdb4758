package benchdoc

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The edits the side-by-side script (scripts/side-by-side) and the
// engine's benchmarks of the same work measure: edit j of n replaces one
// line of a 10 MiB file of numbered lines, the edits spread evenly over
// it, written in each format clada reads the way an LLM writes it.

// bigLines × 57 bytes ≈ 10 MiB.
const bigLines = 184000

func line(i int) string {
	return fmt.Sprintf("line %06d: the quick brown fox jumps over the lazy dog", i)
}
func edited(i int) string { return fmt.Sprintf("LINE %06d: changed by edit", i) }
func editAt(j, n int) int { return (j + 1) * bigLines / (n + 1) }

// BigFile is the tree of the edits (big.txt) and the tree n edits leave.
func BigFile(n int) (tree, want map[string]string) {
	var a, b strings.Builder
	k := 0
	for i := range bigLines {
		a.WriteString(line(i) + "\n")
		if k < n && editAt(k, n) == i {
			b.WriteString(edited(i) + "\n")
			k++
		} else {
			b.WriteString(line(i) + "\n")
		}
	}
	return map[string]string{"big.txt": a.String()}, map[string]string{"big.txt": b.String()}
}

// Format is a syntax the edits are written in.
type Format string

const (
	V4A       Format = "V4A"
	SHAMEdits Format = "SHAM"
	Aider     Format = "aider"
	UDiff     Format = "udiff"
	JSONCalls Format = "JSON str_replace"
)

// Formats are the formats, in the order the script's table lists them.
var Formats = []Format{V4A, SHAMEdits, Aider, UDiff, JSONCalls}

// Edits is the n edits of BigFile in format f.
func Edits(f Format, n int) string {
	var sb strings.Builder
	switch f {
	case V4A:
		sb.WriteString("*** Begin Patch\n*** Update File: big.txt\n")
		for j := range n {
			i := editAt(j, n)
			fmt.Fprintf(&sb, "@@\n %s\n-%s\n+%s\n %s\n", line(i-1), line(i), edited(i), line(i+1))
		}
		sb.WriteString("*** End Patch\n")
	case SHAMEdits:
		for j := range n {
			i, id := editAt(j, n), fmt.Sprintf("e%04x", j)
			fmt.Fprintf(&sb, "#!SHAM [@three-char-SHA-256: %s]\naction = \"file_replace_text\"\npath = \"big.txt\"\n", id)
			fmt.Fprintf(&sb, "old_text = <<'EOT_SHAM_%s'\n%s\nEOT_SHAM_%s\n", id, line(i), id)
			fmt.Fprintf(&sb, "new_text = <<'EOT_SHAM_%s'\n%s\nEOT_SHAM_%s\n#!END_SHAM_%s\n\n", id, edited(i), id, id)
		}
	case Aider:
		for j := range n {
			i := editAt(j, n)
			fmt.Fprintf(&sb, "big.txt\n```\n<<<<<<< SEARCH\n%s\n=======\n%s\n>>>>>>> REPLACE\n```\n\n", line(i), edited(i))
		}
	case UDiff:
		sb.WriteString("--- a/big.txt\n+++ b/big.txt\n")
		for j := range n {
			i := editAt(j, n) // 0-based; the hunk starts a line above, 1-based
			fmt.Fprintf(&sb, "@@ -%d,3 +%d,3 @@\n %s\n-%s\n+%s\n %s\n", i, i, line(i-1), line(i), edited(i), line(i+1))
		}
	case JSONCalls:
		type call struct {
			Command string `json:"command"`
			Path    string `json:"path"`
			Old     string `json:"old_str"`
			New     string `json:"new_str"`
		}
		calls := make([]call, n)
		for j := range n {
			i := editAt(j, n)
			calls[j] = call{"str_replace", "big.txt", line(i), edited(i)}
		}
		b, err := json.Marshal(calls)
		if err != nil {
			panic(err) // strings only: cannot fail
		}
		sb.Write(b)
		sb.WriteString("\n")
	default:
		panic("benchdoc: unknown format " + string(f))
	}
	return sb.String()
}

// GitDiff is a tree of files, the tree after, and a git diff of hunks
// one-line changes spread evenly over them, as `git diff` prints it.
func GitDiff(hunks, files int) (tree, want map[string]string, diff string) {
	tree, want = map[string]string{}, map[string]string{}
	per := hunks / files
	lines := 20*per + 20 // hunks ten lines apart or more: no two share context
	var d strings.Builder
	for f := range files {
		p := fmt.Sprintf("pkg%02d/file%04d.go", f%10, f)
		var a, b strings.Builder
		src := func(i int) string { return fmt.Sprintf("\tv%d := compute(%d, %q) // file %d", i, i, p, f) }
		dst := func(i int) string { return fmt.Sprintf("\tv%d := compute(%d, %q) + 1 // changed", i, i, p) }
		at := func(h int) int { return 10 + 20*h } // 0-based line of hunk h
		h := 0
		for i := range lines {
			a.WriteString(src(i) + "\n")
			if h < per && at(h) == i {
				b.WriteString(dst(i) + "\n")
				h++
			} else {
				b.WriteString(src(i) + "\n")
			}
		}
		tree[p], want[p] = a.String(), b.String()
		fmt.Fprintf(&d, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", p, p, p, p)
		for h := range per {
			i := at(h)
			fmt.Fprintf(&d, "@@ -%d,7 +%d,7 @@\n", i-2, i-2)
			for c := i - 3; c < i; c++ {
				fmt.Fprintf(&d, " %s\n", src(c))
			}
			fmt.Fprintf(&d, "-%s\n+%s\n", src(i), dst(i))
			for c := i + 1; c <= i+3; c++ {
				fmt.Fprintf(&d, " %s\n", src(c))
			}
		}
	}
	return tree, want, d.String()
}
