package lines

import (
	"reflect"
	"testing"
)

// Split drops "\n" and a "\r" before it from End, keeps a lone "\r"
// mid-line, and gives a last line without a break Next == len(src).
func TestSplit(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []Line
	}{
		{"", nil},
		{"a", []Line{{0, 1, 1}}},
		{"a\n", []Line{{0, 1, 2}}},
		{"a\r\nb\r\n", []Line{{0, 1, 3}, {3, 4, 6}}},
		{"a\rb\n\nc", []Line{{0, 3, 4}, {4, 4, 5}, {5, 6, 6}}},
		{"\r", []Line{{0, 0, 1}}},
		// a byte-order mark is not part of the first line
		{"\ufeffa\nb", []Line{{3, 4, 5}, {5, 6, 6}}},
		{"\ufeff", nil},
		{"a\n\ufeffb", []Line{{0, 1, 2}, {2, 6, 6}}},
	} {
		if got := Split([]byte(c.src)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Split(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}
