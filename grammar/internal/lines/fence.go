package lines

import "bytes"

// FenceAbove is, for SEARCH/REPLACE blocks whose first marker is line i
// (text gives a line's bytes), what ends the Markdown fence they are in:
// a line of at least as many of the opening line's backticks or tildes,
// and nothing else. A block cut short (no REPLACE line) then ends at its
// fence, instead of reading on into the next file's blocks, which would
// take them into its call and lend them its path. Blocks in no fence (the
// nearest line above, past blank ones and at most three up, opens none)
// get a func that ends nothing.
func FenceAbove(text func(int) []byte, i int) func(line []byte) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		t := bytes.TrimSpace(text(k))
		if len(t) == 0 {
			continue
		}
		c := t[0]
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		if (c != '`' && c != '~') || n < 3 {
			break
		}
		return func(line []byte) bool {
			line = bytes.TrimSpace(line)
			return len(line) >= n && len(bytes.Trim(line, string(c))) == 0
		}
	}
	return func([]byte) bool { return false }
}
