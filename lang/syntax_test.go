package lang

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// Every registered syntax is complete: a descriptor with a part missing
// would fail only when that part is first used (a document that runs into
// a nil split, `clada fmt --to` answering "no printer"), so each part is
// checked here, for every syntax at once.
func TestSyntaxDefsAreComplete(t *testing.T) {
	if len(Syntaxes()) != int(endSyntax-1) {
		t.Fatalf("%d syntaxes registered, %d ids declared", len(Syntaxes()), endSyntax-1)
	}
	words := map[string]Syntax{}
	markers := map[string]bool{}
	for i, s := range Syntaxes() {
		d := s.Def()
		if s != Syntax(i+1) || d.ID != s || d != &syntaxes[i] {
			t.Errorf("registry entry %d has id %d, descriptor id %d: ids are numbered in the registry's order", i, s, d.ID)
		}
		if d.Name == "" || d.Name != strings.ToLower(d.Name) || strings.ContainsAny(d.Name, " |,") {
			t.Errorf("syntax %d: name %q is not one lower-case word", s, d.Name)
		}
		if d.Title == "" {
			t.Errorf("%s: no title for the editor's convert action", d.Name)
		}
		for _, w := range append([]string{d.Name}, d.Aliases...) {
			if prev, dup := words[w]; dup || w == noSyntax.Name {
				t.Errorf("%s: the word %q is taken (by %s)", d.Name, w, prev.Def().Name)
			}
			words[w] = s
			if got := ParseSyntax(w); got != s {
				t.Errorf("ParseSyntax(%q) = %s, want %s", w, got, d.Name)
			}
		}
		if s.String() != d.Name {
			t.Errorf("%s: String() = %q", d.Name, s.String())
		}
		if d.split == nil || d.lower == nil || d.print == nil || d.prompt == nil {
			t.Errorf("%s: split %v, lower %v, print %v, prompt %v: every syntax is read, printed and taught",
				d.Name, d.split != nil, d.lower != nil, d.print != nil, d.prompt != nil)
		}
		if d.gate != "" && !slices.ContainsFunc(d.markers, func(m blockMarker) bool { return m.text == d.gate }) {
			t.Errorf("%s: split gate %q is not one of its markers (SyntaxDef.markers)", d.Name, d.gate)
		}
		for _, m := range d.markers {
			if m.text == "" || markerIndex(m.text) < 0 {
				t.Errorf("%s: marker %q is not in the table findSpans searches", d.Name, m.text)
			}
			if markers[m.text] {
				t.Errorf("%s: marker %q is another syntax's too", d.Name, m.text)
			}
			markers[m.text] = true
		}
		switch d.Fatal {
		case FatalNever:
			if d.FatalReport != "" || d.undelimited != nil {
				t.Errorf("%s: never fatal, yet a fatal report %q or an undelimited test", d.Name, d.FatalReport)
			}
		case FatalAlways, FatalUndelimited:
			if d.FatalReport == "" {
				t.Errorf("%s: fatal, but no report of why nothing ran", d.Name)
			}
			if (d.Fatal == FatalUndelimited) != (d.undelimited != nil) {
				t.Errorf("%s: an undelimited test belongs with FatalUndelimited, and only there", d.Name)
			}
		default:
			t.Errorf("%s: unknown fatality %d", d.Name, d.Fatal)
		}
		if d.ReportFormat == "" {
			t.Errorf("%s: no default report format", d.Name) // that report knows it: report's tests
		}
		var b bytes.Buffer
		if err := Prompt(&b, s); err != nil || b.Len() == 0 {
			t.Errorf("%s: prompt %d bytes, %v", d.Name, b.Len(), err)
		}
	}
}

// An id no syntax has reads, prints and teaches nothing, and is named
// "unknown" wherever it shows.
func TestUnknownSyntax(t *testing.T) {
	for _, s := range []Syntax{0, endSyntax, 255} {
		if d := s.Def(); d != &noSyntax || s.String() != "unknown" || s.Foreign() {
			t.Errorf("Syntax(%d): %+v", s, d)
		}
	}
	if s := ParseSyntax("unknown"); s != 0 {
		t.Errorf("ParseSyntax(unknown) = %d", s)
	}
}

// The lists help texts are built from follow the registry.
func TestSyntaxLists(t *testing.T) {
	if got, want := SyntaxList(), "sham, csl, cml, v4a, aider, udiff, json, replacer, cline, roo, zed or wholefile"; got != want {
		t.Errorf("SyntaxList() = %q, want %q", got, want)
	}
	if DefaultSyntax.Def().Foreign {
		t.Errorf("the default syntax %s is a foreign format", DefaultSyntax)
	}
}
