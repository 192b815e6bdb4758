package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// numbered builds "Line 1\nLine 2…" as nesl-js's Array.from cases do.
func numbered(n int) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("Line %d", i+1)
	}
	return strings.Join(lines, "\n")
}

// nesl-js's extractNumberedLines test cases, every one.
func TestExtractNumberedLines(t *testing.T) {
	type oor = outOfRange
	tests := []struct {
		name, content, spec, delim string
		want                       string
		count                      int
		oor                        *oor
		err                        string
	}{
		{"extract single line", "Line 1\nLine 2\nLine 3", "2", ": ", "2: Line 2", 3, nil, ""},
		{"extract line range", "First\nSecond\nThird\nFourth", "2-3", ": ", "2: Second\n3: Third", 4, nil, ""},
		{"custom delimiter", "A\nB\nC", "1-2", "    ", "1    A\n2    B", 3, nil, ""},
		{"empty delimiter", "One\nTwo\nThree", "2", "", "2Two", 3, nil, ""},
		{"out of range line", "Only\nTwo", "5", ": ", "", 2, &oor{"5", 2}, ""},
		{"out of range end", "One\nTwo\nThree", "2-10", ": ", "2: Two\n3: Three", 3, &oor{"2-10", 3}, ""},
		{"empty content", "", "1", ": ", "", 0, nil, ""},
		{"single line content", "Just one line", "1", ": ", "1: Just one line", 1, nil, ""},
		{"large line numbers", numbered(12), "9-11", ": ", " 9: Line 9\n10: Line 10\n11: Line 11", 12, nil, ""},
		{"padding across digit boundaries - tens", numbered(15), "8-12", ": ", " 8: Line 8\n 9: Line 9\n10: Line 10\n11: Line 11\n12: Line 12", 15, nil, ""},
		{"padding across digit boundaries - hundreds", numbered(105), "98-102", ": ", " 98: Line 98\n 99: Line 99\n100: Line 100\n101: Line 101\n102: Line 102", 105, nil, ""},
		{"invalid line spec - not a number", "content", "abc", ": ", "", 0, nil, "Invalid line specification 'abc'"},
		{"invalid line spec - negative", "content", "-5", ": ", "", 0, nil, "Invalid line specification '-5'"},
		{"invalid range - reversed", "content", "5-3", ": ", "", 0, nil, "Invalid line range '5-3' (start must be <= end)"},
		{"invalid range - negative start", "content", "-1-5", ": ", "", 0, nil, "Invalid line specification '-1-5'"},
		{"invalid range - too many parts", "content", "1-2-3", ": ", "", 0, nil, "Invalid line specification '1-2-3'"},
		{"undefined lineSpec - read all", "Line A\nLine B\nLine C", "", ": ", "1: Line A\n2: Line B\n3: Line C", 3, nil, ""},
		{"undefined lineSpec - empty file", "", "", ": ", "", 0, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, count, gotOOR, err := extractNumberedLines(tt.content, tt.spec, tt.delim)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want || count != tt.count {
				t.Errorf("got (%q, %d), want (%q, %d)", got, count, tt.want, tt.count)
			}
			if diff := cmp.Diff(tt.oor, gotOOR, cmp.AllowUnexported(outOfRange{})); diff != "" {
				t.Errorf("outOfRange (-want +got):\n%s", diff)
			}
		})
	}
}
