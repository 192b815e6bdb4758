package textedit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAnchoredMerge(t *testing.T) {
	file := "package a\n\nimport \"fmt\"\n\nfunc A() {\n\tfmt.Println(\"a\")\n}\n\nfunc B() {\n\tfmt.Println(\"b\")\n}\n"
	for _, tc := range []struct {
		name, block string
		phs         []int
		want        string
		anchors     []MergeAnchor
		err         string
	}{
		{
			name:    "change one function between placeholders",
			block:   "package a\n// ... existing code ...\nfunc B() {\n\tfmt.Println(\"bee\")\n}\n",
			phs:     []int{2},
			want:    "package a\n\nimport \"fmt\"\n\nfunc A() {\n\tfmt.Println(\"a\")\n}\n\nfunc B() {\n\tfmt.Println(\"bee\")\n}\n",
			anchors: []MergeAnchor{{Placeholder: 2, Above: 1, Below: 9, From: 2, To: 8}},
		},
		{
			name:    "placeholders at both ends",
			block:   "// ...\nfunc A() {\n\tfmt.Println(\"A\")\n}\n\nfunc B() {\n// ...\n",
			phs:     []int{1, 7},
			want:    "package a\n\nimport \"fmt\"\n\nfunc A() {\n\tfmt.Println(\"A\")\n}\n\nfunc B() {\n\tfmt.Println(\"b\")\n}\n",
			anchors: []MergeAnchor{{Placeholder: 1, Above: 0, Below: 5, From: 1, To: 4}, {Placeholder: 7, Above: 9, Below: 0, From: 10, To: 11}},
		},
		{
			name:    "the run above a placeholder is unique up to the run below the next",
			block:   "package a\n// ...\nfunc A() {\n\tfmt.Println(\"A\")\n}\n// ...\nfunc B() {\n// ...\n",
			phs:     []int{2, 6, 8},
			want:    "package a\n\nimport \"fmt\"\n\nfunc A() {\n\tfmt.Println(\"A\")\n}\n\nfunc B() {\n\tfmt.Println(\"b\")\n}\n",
			anchors: []MergeAnchor{{Placeholder: 2, Above: 1, Below: 5, From: 2, To: 4}, {Placeholder: 6, Above: 7, Below: 9, From: 8, To: 8}, {Placeholder: 8, Above: 9, Below: 0, From: 10, To: 11}},
		},
		{
			name:    "new top-level lines after the last placeholder are added at the end",
			block:   "package a\n// ... existing code ...\n\nfunc C() {\n\tfmt.Println(\"c\")\n}\n",
			phs:     []int{2},
			want:    file + "\nfunc C() {\n\tfmt.Println(\"c\")\n}\n",
			anchors: []MergeAnchor{{Placeholder: 2, Above: 1, Below: 0, From: 2, To: 11}},
		},
		{
			name:    "a placeholder first, then new lines: the whole file, then them",
			block:   "// ... existing code ...\nfunc C() {}\n",
			phs:     []int{1},
			want:    file + "func C() {}\n",
			anchors: []MergeAnchor{{Placeholder: 1, Above: 0, Below: 0, From: 1, To: 11}},
		},
		{
			name:  "a new indented line at the end: inside which block is unknown",
			block: "package a\n// ... existing code ...\n\tfmt.Println(\"c\")\n",
			phs:   []int{2},
			err:   "line 3 of the block (\"fmt.Println(\\\"c\\\")\"), below it, is not in the file",
		},
		{
			name:  "a new function holding a line the file has once: maybe B changed, not added",
			block: "package a\n// ... existing code ...\nfunc B2() {\n\tfmt.Println(\"b\")\n}\n",
			phs:   []int{2},
			err:   "line 3 of the block (\"func B2() {\"), below it, is not in the file",
		},
		{
			name:    "an anchor that is never unique",
			block:   "// ...\n}\n\nfunc B() {\n\tfmt.Println(\"bee\")\n}\n",
			phs:     []int{1},
			want:    "package a\n\nimport \"fmt\"\n\nfunc A() {\n\tfmt.Println(\"a\")\n}\n\nfunc B() {\n\tfmt.Println(\"bee\")\n}\n",
			anchors: []MergeAnchor{{Placeholder: 1, Above: 0, Below: 7, From: 1, To: 6}},
		},
		{
			name:  "ambiguous: the run below occurs twice",
			block: "package a\n// ...\n}\n",
			phs:   []int{2},
			err:   "the lines below it occur 2 times in the file (lines 7, 11), never once",
		},
		{
			name:  "the unchanged line next to a placeholder occurs twice, and the changed line before it cannot tell",
			block: "// ...\nfunc A() {\n\tfmt.Println(\"A\")\n}\n// ...\n",
			phs:   []int{1, 5},
			err:   "the unchanged lines above it occur 2 times in the file (lines 7, 11), and line 3 of the block (\"fmt.Println(\\\"A\\\")\") is not in the file, so nothing says which",
		},
		{
			name:  "lines deleted with no placeholder saying so",
			block: "package a\n\nimport \"fmt\"\n// ...\nfunc B() {\n}\n",
			phs:   []int{4},
			err:   "would delete line 10 of the file",
		},
		{
			name:  "two placeholders with nothing between",
			block: "package a\n// ...\n// ...\n",
			phs:   []int{2, 3},
			err:   "have no line between them",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, anchors, err := AnchoredMerge(file, tc.block, tc.phs, "\n")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Reason, tc.err) {
					t.Fatalf("err = %v, want %q (got %q)", err, tc.err, got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("merged (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.anchors, anchors); diff != "" {
				t.Errorf("anchors (-want +got):\n%s", diff)
			}
		})
	}
}

// The merged file keeps the bytes of every line it keeps (CRLF here), and
// gives the block's lines the file's line end.
func TestAnchoredMergeKeepsFileBytes(t *testing.T) {
	file := "a\r\nb\r\nc\r\nd\r\n"
	got, _, err := AnchoredMerge(file, "a\n# ...\nc\nD\n", []int{2}, "\r\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := "a\r\nb\r\nc\r\nD\r\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestExcerpt(t *testing.T) {
	file := "class Hello {\n    hello() {\n        return \"Hello World\";\n    }\n}\n\nclass Goodbye {\n    goodbye() {\n        return \"Goodbye World\";\n    }\n}\n"
	ex := Excerpt(file, "class Goodbye {\n    goodbye() {\n        return \"Au revoir le monde\";\n    }\n}\n")
	if ex == nil || ex.Dropped != "lines 1-5" || ex.Kept != "lines 7-11 (4 of the file's 10 non-blank lines)" {
		t.Errorf("excerpt = %+v", ex)
	}
	if ex := Excerpt(file, strings.Replace(file, "Hello World", "Hi", 1)); ex != nil {
		t.Errorf("a whole-file change read as an excerpt: %+v", ex)
	}
	// sharing no line: a rewrite at half the file's length or more, else
	// text that is not this file's (a function to add shown alone)
	if ex := Excerpt(file, "print('something else')\n"); ex == nil || !ex.Unrelated || ex.Dropped != "lines 1-11" || ex.Kept != "none of the file's 10 non-blank lines" {
		t.Errorf("a short block sharing nothing = %+v", ex)
	}
	if ex := Excerpt(file, "a\nb\nc\nd\ne\n"); ex != nil {
		t.Errorf("a rewrite sharing nothing, half the file's length, read as an excerpt: %+v", ex)
	}
	if ex := Excerpt("a\nb\nc\n", "x\n"); ex != nil {
		t.Errorf("a three-line file rewritten read as an excerpt: %+v", ex)
	}
	// the "before" of a before/after pair: most of the file, the end dropped
	mk := "build:\n\tgo build ./...\n\ntest:\n\tgo test ./...\n"
	if ex := Excerpt(mk, "build:\n\tgo build ./...\n"); ex == nil || ex.Dropped != "lines 4-5" {
		t.Errorf("a block that only drops the file's end = %+v", ex)
	}
	if ex := Excerpt(mk, "build:\n\tgo build -v ./...\n\ntest:\n\tgo test ./...\n\nlint:\n\tgo vet ./...\n"); ex != nil {
		t.Errorf("a rewrite keeping both ends read as an excerpt: %+v", ex)
	}
}

// A method after a class's first line and a placeholder goes at the end
// when the class is the file's last: every line the placeholder keeps is
// indented as deep as the method.
func TestAnchoredMergeAppendsToLastClass(t *testing.T) {
	file := "import os\n\n\nclass A:\n    def start(self):\n        return os.getcwd()\n"
	block := "# ... existing code ...\nclass A:\n    # ... existing code ...\n\n    def stop(self):\n        return None\n"
	got, _, err := AnchoredMerge(file, block, []int{1, 3}, "\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := file + "\n    def stop(self):\n        return None\n"; got != want {
		t.Errorf("merged %q, want %q", got, want)
	}
	// a file whose last line has no line end: the new lines start on
	// their own, the block's blank lines kept
	got, _, err = AnchoredMerge("x = 1", "# ... existing code ...\n\n\ndef d():\n    return 4\n", []int{1}, "\n")
	if err != nil || got != "x = 1\n\n\ndef d():\n    return 4\n" {
		t.Errorf("merged %q, %v", got, err)
	}
	// another class after A: the method's place is not the file's end
	file2 := file + "\n\nclass B:\n    pass\n"
	if _, _, err := AnchoredMerge(file2, block, []int{1, 3}, "\n"); err == nil {
		t.Error("a method appended after the file's last class B")
	}
}
