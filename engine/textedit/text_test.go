package textedit

import (
	"slices"
	"strings"
	"testing"
)

// nesl-js's replaceText test cases, every one (count -1 = all).
func TestReplaceText(t *testing.T) {
	tests := []struct {
		name, content, old, new string
		count                   int
		want                    string
		n                       int
		err                     string
	}{
		{"simple replacement", "hello world", "world", "universe", -1, "hello universe", 1, ""},
		{"multiple replacements", "foo bar foo baz", "foo", "qux", -1, "qux bar qux baz", 2, ""},
		{"limited replacements", "foo bar foo baz foo", "foo", "qux", 2, "qux bar qux baz foo", 2, ""},
		{"multiline content replacement",
			"function oldName() {\n  console.log('oldName');\n  return oldName;\n}", "oldName", "newName", -1,
			"function newName() {\n  console.log('newName');\n  return newName;\n}", 3, ""},
		{"multiline search and replace",
			"const config = {\n  old: {\n    setting: true\n  },\n  other: false\n};",
			"old: {\n    setting: true\n  }",
			"new: {\n    setting: false,\n    extra: 'value'\n  }", -1,
			"const config = {\n  new: {\n    setting: false,\n    extra: 'value'\n  },\n  other: false\n};", 1, ""},
		{"replace code block with limit",
			"// TODO: fix this\nfunction broken() {\n  // TODO: fix this\n  return null;\n}\n// TODO: fix this",
			"// TODO: fix this", "// FIXED", 2,
			"// FIXED\nfunction broken() {\n  // FIXED\n  return null;\n}\n// TODO: fix this", 2, ""},
		{"no matches in multiline", "Line 1\nLine 2\nLine 3", "Line 4", "Line X", -1, "Line 1\nLine 2\nLine 3", 0, ""},
		{"empty old text", "hello world", "", "xyz", -1, "", 0, "old_text cannot be empty"},
		{"overlapping replacements", "aaaa", "aa", "b", -1, "bb", 2, ""},
		{"replace with empty string", "foo bar foo", "foo ", "", -1, "bar foo", 1, ""},
		{"windows line endings", "line1\r\nline2\r\nline3", "\r\n", "\n", -1, "line1\nline2\nline3", 2, ""},
		{"indent-sensitive replacement",
			"class OldClass:\n    def method(self):\n        pass", "OldClass", "NewClass", -1,
			"class NewClass:\n    def method(self):\n        pass", 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, n, err := ReplaceText(tt.content, tt.old, tt.new, tt.count)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want || n != tt.n {
				t.Errorf("got (%q, %d), want (%q, %d)", got, n, tt.want, tt.n)
			}
		})
	}
}

func TestMatchLocations(t *testing.T) {
	body := "a\nx\nb\nx\nc\nx\n"
	if got, want := MultipleHint(body, FindAll(body, "x"), 1), "old_text matches at lines 2, 4 and 6; include more surrounding lines so it matches exactly once\n2: x\n4: x\n6: x"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	body = "x\ny\nz\nx\ny\n"
	if got, want := MatchLocations(body, FindAll(body, "x\ny\n"), 4), "lines 1-2 and 4-5"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	body = "dup dup\nno\ndup\n"
	if got, want := MultipleHint(body, FindAll(body, "dup"), 3), "old_text matches at lines 1 (2 times) and 3; include more surrounding lines so it matches exactly once\n1: dup dup\n3: dup"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCheckUTF8(t *testing.T) {
	if err := CheckUTF8([]byte("ok\nfine é")); err != nil {
		t.Fatal(err)
	}
	err := CheckUTF8([]byte("ok\nb\xffd"))
	if err == nil || err.Error() != "is not valid UTF-8 (byte 0xff at offset 4, line 2)" {
		t.Fatalf("err = %v", err)
	}
}

// A search common in a big file names a dozen places and how many more, in
// one pass over the file: 700,000 matches were listed one by one, each
// line counted from the start (36 s for one edit of a 2 MB file).
func TestMatchLocationsManyMatches(t *testing.T) {
	body := strings.Repeat("ab\n", 200_000)
	got := MatchLocations(body, FindAll(body, "ab"), 2)
	want := "lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 … and 199988 more places"
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	if got := LinesAt(body, []int{0, 3, 299_997, 599_997}); !slices.Equal(got, []int{1, 2, 100_000, 200_000}) {
		t.Fatalf("LinesAt: %v", got)
	}
}

// A diff's hunk that matches several times, none at its stated line,
// names the matches nearest that line.
func TestNearHint(t *testing.T) {
	body := strings.Repeat("func f() {\n\treturn nil\n}\n", 50) // "\treturn nil\n}\n" at lines 2, 5, …, 149
	offs := FindAll(body, "\treturn nil\n}\n")
	got := NearHint(body, offs, len("\treturn nil\n}\n"), 31)
	want := "the hunk's header puts it at line 31, where none of its 50 matches starts; the nearest are at lines 26-27, 29-30, 32-33 and 35-36: include more unchanged lines around the change so it matches exactly once\n26: \treturn nil\n29: \treturn nil\n32: \treturn nil\n35: \treturn nil"
	if got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// A V4A hunk found at thousands of lines names a dozen of them in its
// error: it named all 700,000 (5 MB of report for one hunk).
func TestLineNumbersCapped(t *testing.T) {
	hits := make([]int, 700_000)
	for i := range hits {
		hits[i] = i
	}
	if got, want := LineNumbers(hits), "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 … and 699988 more"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	if got, want := LineNumbers([]int{4, 9}), "5, 10"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// ContentDiffers quotes each side from just before where they part: the
// shared start of a long line made both quotes the same.
func TestContentDiffers(t *testing.T) {
	have := "package calc\n\nfunc Legacy() int { return 2 }\n"
	want := "package calc\n\nfunc Legacy() int { return 1 }\n"
	if got, w := ContentDiffers(have, want), "from line 3, column 28, they differ: the file has `… { return 2 }` where the answer has `… { return 1 }`"; got != w {
		t.Fatalf("got  %q\nwant %q", got, w)
	}
	if got := ContentDiffers(have, have); got != "" {
		t.Fatalf("equal texts: %q", got)
	}
	if got, w := ContentDiffers("a\nb\n", "a\n"), "from line 2, column 1, they differ: the file has `b` where the answer has nothing more"; got != w {
		t.Fatalf("got  %q\nwant %q", got, w)
	}
}
