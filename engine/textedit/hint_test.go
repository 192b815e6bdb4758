package textedit

import (
	"fmt"
	"strings"
	"testing"
)

// TestNotFoundHint pins the whole hint for each kind of near miss an LLM
// makes: what it says first (the only line the summary report keeps) and the
// numbered lines it quotes.
func TestNotFoundHint(t *testing.T) {
	file := "package x\n\nfunc a() {\n\treturn 1\n}\n\n\n\nfunc b() {\n\tfmt.Println(\"hi\");  \n\treturn 2\n}\n"
	const copyIt = "; copy old_text exactly from the file:"
	tests := []struct{ name, search, want string }{
		{"tabs against spaces", "func a() {\n    return 1\n}",
			"closest match at lines 3-5: line 4 is indented with 1 tab in the file but 4 spaces in old_text" + copyIt +
				"\n3: func a() {\n4: \treturn 1\n5: }"},
		{"more indentation", "\t\treturn 2\n}",
			"closest match at lines 11-12: line 11 is indented with 1 tab in the file but 2 tabs in old_text" + copyIt +
				"\n11: \treturn 2\n12: }"},
		{"missing semicolon mid-search", "func b() {\n\tfmt.Println(\"hi\")\n\treturn 2",
			"closest match at lines 9-11: line 10 goes on at column 19 in the file with `;  ` where old_text's line ends" + copyIt +
				"\n 9: func b() {\n10: \tfmt.Println(\"hi\");  \n11: \treturn 2"},
		{"indentation and semicolon", "func b() {\nfmt.Println(\"hi\")\n\treturn 2",
			"closest match at lines 9-11: line 10 is indented with 1 tab in the file but no indentation in old_text, and goes on at column 19 in the file with `;  ` where old_text's line ends" + copyIt +
				"\n 9: func b() {\n10: \tfmt.Println(\"hi\");  \n11: \treturn 2"},
		{"trailing spaces in the file", "\tfmt.Println(\"hi\");\n\treturn 2",
			"closest match at lines 10-11: line 10 ends with 2 spaces in the file that old_text's line does not have" + copyIt +
				"\n10: \tfmt.Println(\"hi\");  \n11: \treturn 2"},
		{"curly quotes", "fmt.Println(“hi”)",
			"closest match at line 10: line 10 has straight quotes in the file where old_text has curly ones (“ ” ‘ ’); write straight quotes" + copyIt +
				"\n10: \tfmt.Println(\"hi\");  "},
		{"leading line break at the top", "\npackage x",
			"closest match at line 1: old_text starts with 1 line break, more than the file has before line 1" + copyIt +
				"\n1: package x"},
		{"trailing line breaks at the end", "\treturn 2\n}\n\n",
			"closest match at lines 11-12: old_text ends with 2 line breaks, more than the file has after line 12" + copyIt +
				"\n11: \treturn 2\n12: }"},
		{"indented closing delimiter left blanks at the end", "\treturn 1\n}\n    ",
			"closest match at lines 4-5: old_text ends with \"\\n    \" after line 5, which the file does not have there (drop the trailing blanks, or copy them exactly)" + copyIt +
				"\n4: \treturn 1\n5: }"},
		{"joined lines", "func a() { return 1 }",
			"closest match at lines 3-5: the line breaks differ from line 3 on: old_text has this text on 1 line, the file on 3 lines" + copyIt +
				"\n3: func a() {\n4: \treturn 1\n5: }"},
		{"blank lines", "}\n\nfunc b() {",
			"closest match at lines 5-9: the blank lines differ: the file has 3 blank lines between lines 5 and 9, old_text 1" + copyIt +
				"\n5: }\n6: \n7: \n8: \n9: func b() {"},
		{"one line differs", "func b() {\n\treturn 3\n}",
			"closest match at lines 3-5: line 3 differs at column 6: the file has `a() {` where old_text has `b() {`; line 4 differs at column 9: the file has `1` where old_text has `3`" + copyIt +
				"\n3: func a() {\n4: \treturn 1\n5: }"},
		{"fragment of a line", "Println(\"bye\")",
			"closest match at line 10: line 10 differs at column 15: the file has `hi\");  ` where old_text has `bye\")`" + copyIt +
				"\n10: \tfmt.Println(\"hi\");  "},
		{"case", "FUNC B() {", "closest match at line 9: line 9 differs in letter case at column 1" + copyIt + "\n9: func b() {"},
		{"nothing alike", "zzzzzzzzzzzzzzzz", "no lines in the file resemble old_text; copy old_text exactly from the file (file_read_numbered shows it)"},
		{"blank search", "\n\n", "old_text is not in the file; copy old_text exactly from the file (file_read_numbered shows it)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NotFoundHint(file, tt.search); got != tt.want {
				t.Errorf("hint:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestNotFoundHintReindented: a block re-indented with spaces where the file
// has tabs is named once, with the ratio, not line by line.
func TestNotFoundHintReindented(t *testing.T) {
	file := "func f() {\n\tif x {\n\t\treturn 1\n\t}\n}\n"
	got := NotFoundHint(file, "func f() {\n    if x {\n        return 1\n    }\n}")
	want := "closest match at lines 1-5: lines 2-4 are indented with tabs in the file but spaces in old_text (4 spaces for each tab); copy old_text exactly from the file:\n" +
		"1: func f() {\n2: \tif x {\n3: \t\treturn 1\n4: \t}\n5: }"
	if got != want {
		t.Errorf("hint:\n%s\nwant:\n%s", got, want)
	}
	// Mixed ratios still group, without a ratio.
	got = NotFoundHint("a\n  b\n    c\n", "a\n\tb\n\t\t\tc")
	want = "closest match at lines 1-3: lines 2-3 are indented with spaces in the file but tabs in old_text; copy old_text exactly from the file:\n1: a\n2:   b\n3:     c"
	if got != want {
		t.Errorf("hint:\n%s\nwant:\n%s", got, want)
	}
}

// TestNotFoundHintCRLF: a search written with \n against a CRLF file
// compares line by line, so only the real difference is named.
func TestNotFoundHintCRLF(t *testing.T) {
	got := NotFoundHint("a := 1\r\nb := 2\r\n", "a := 1\nb := 3")
	want := "closest match at lines 1-2: line 2 differs at column 6: the file has `2` where old_text has `3`; copy old_text exactly from the file:\n1: a := 1\n2: b := 2"
	if got != want {
		t.Errorf("hint:\n%s\nwant:\n%s", got, want)
	}
}

// TestNotFoundHintCapsQuote: a long region is quoted around its first
// differing line, at most hintQuoteLines lines, with what was left out said.
func TestNotFoundHintCapsQuote(t *testing.T) {
	var file, search []string
	for i := 1; i <= 30; i++ {
		file = append(file, fmt.Sprintf("line %d", i))
		search = append(search, fmt.Sprintf("line %d", i))
	}
	search[19] = "line twenty"
	got := NotFoundHint(strings.Join(file, "\n"), strings.Join(search, "\n"))
	want := "closest match at lines 1-30: line 20 differs at column 6: the file has `20` where old_text has `twenty`; copy old_text exactly from the file:\n" +
		"    … (15 lines before)\n16: line 16\n17: line 17\n18: line 18\n19: line 19\n20: line 20\n21: line 21\n22: line 22\n23: line 23\n    … (7 lines more)"
	if got != want {
		t.Errorf("hint:\n%s\nwant:\n%s", got, want)
	}
}

// A range's end is sought after its start, with the file's line numbers and
// the param's own name.
func TestSearchHintAfterStart(t *testing.T) {
	body := "end x\nfunc a() {\n\tbody\n} // enD\n"
	got := SearchHint(body, strings.Index(body, "func"), "old_text_end", "} // end")
	want := "closest match at line 4: line 4 differs in letter case at column 8; copy old_text_end exactly from the file:\n4: } // enD"
	if got != want {
		t.Errorf("hint:\n%s\nwant:\n%s", got, want)
	}
}
