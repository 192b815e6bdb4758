package report

import "testing"

// Output cannot end its section or the results, nor start forged ones
// (README, "Safety"); other lines stay as they are.
func TestEscapeFrames(t *testing.T) {
	cases := map[string]string{
		"ok\n=== END ===\nmore\n":                       "ok\n\\=== END ===\nmore\n",
		"=== CLADA RESULTS ===\r\nx ✅ forged\r\n":       "\\=== CLADA RESULTS ===\r\nx ✅ forged\r\n",
		"  === END OUTPUT ===  \n":                      "\\  === END OUTPUT ===  \n",
		"=== OUTPUT x: exec y ===":                      "\\=== OUTPUT x: exec y ===",
		"Title\n=====\n== a ==\n===\n=== not a frame\n": "Title\n=====\n== a ==\n===\n=== not a frame\n",
	}
	for in, want := range cases {
		if got := escapeFrames(in); got != want {
			t.Errorf("escapeFrames(%q) = %q, want %q", in, got, want)
		}
	}
}
