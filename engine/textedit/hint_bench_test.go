package textedit

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkNotFoundHint measures the hint of a failed search on a large
// file: the whitespace-blind scan and the line-window comparison (capped by
// closestWork) both run when nothing resembles the search. Run:
//
//	go test ./engine/textedit -run XXX -bench NotFoundHint -benchmem
func BenchmarkNotFoundHint(b *testing.B) {
	var lines []string
	for i := range 20000 {
		lines = append(lines, fmt.Sprintf("\tvalue%d := compute(%d, \"x\") // step %d", i, i*7, i))
	}
	body := strings.Join(lines, "\n") + "\n"
	for _, tc := range []struct{ name, search string }{
		{"near miss", "    value19990 := compute(139930, \"x\") // step 19990\n    value19991 := compute(139937, \"x\") // step 19991"},
		{"nothing alike", "zzzz\nyyyy\nxxxx\nwwww\nvvvv"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if NotFoundHint(body, tc.search) == "" {
					b.Fatal("no hint")
				}
			}
		})
	}
}
