package report

import (
	"net/url"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

func checked(name, text string) Checked {
	doc := lang.Parse(source.NewFile(name, []byte(text)))
	return Checked{Doc: doc, Diags: lang.Check(doc), Rel: name}
}

const badBlock = "#!SHAM [@three-char-SHA-256: ab1]\naction = \"file_wrte\"\npath = \"a.txt\"\n#!END_SHAM_ab1\n"

// The fingerprint of a problem stays when lines above its block move or
// other blocks change, and changes with its own block; copies of one block
// are numbered apart.
func TestFingerprintStable(t *testing.T) {
	first := fingerprints(checked("a.md", "Intro.\n\n"+badBlock))
	moved := fingerprints(checked("a.md", "A longer intro,\nover three\nlines.\n\n"+badBlock+"\nMore prose.\n"))
	if len(first) != 1 || len(moved) != 1 || first[0] != moved[0] {
		t.Fatalf("moving the block changed its fingerprint: %v, %v", first, moved)
	}
	edited := fingerprints(checked("a.md", "Intro.\n\n"+strings.Replace(badBlock, "a.txt", "b.txt", 1)))
	if edited[0] == first[0] {
		t.Errorf("editing the block kept its fingerprint %v", edited)
	}
	both := checked("a.md", badBlock+"\n"+badBlock)
	var twice []string // of the UNKNOWN_ACTION diagnostics (the copies share an id too: DUPLICATE_ID)
	for i, fp := range fingerprints(both) {
		if both.Diags[i].Code == lang.CodeUnknownAction {
			twice = append(twice, fp)
		}
	}
	if len(twice) != 2 || !strings.HasSuffix(twice[0], ":1") || !strings.HasSuffix(twice[1], ":2") ||
		strings.TrimSuffix(twice[0], ":1") != strings.TrimSuffix(twice[1], ":2") || twice[0] != first[0] {
		t.Errorf("two copies of a block: %v, want the first's %s and the same hash :2", twice, first[0])
	}
	// Outside every block, the diagnostic's own line is the anchor.
	stray := fingerprints(checked("a.md", "x\n#!END_SHAM_zz9\n"))
	strayMoved := fingerprints(checked("a.md", "x\ny\n\n#!END_SHAM_zz9\n"))
	if len(stray) != 1 || stray[0] != strayMoved[0] {
		t.Errorf("a problem outside blocks moved lines and changed: %v, %v", stray, strayMoved)
	}
}

// GitHub's escapes, as its toolkit applies them.
func TestGitHubEscapes(t *testing.T) {
	if got, want := githubData("50% off\r\nnow: a, b"), "50%25 off%0D%0Anow: a, b"; got != want {
		t.Errorf("githubData = %q, want %q", got, want)
	}
	if got, want := githubProperty("dir/50%, a:b\n"), "dir/50%25%2C a%3Ab%0A"; got != want {
		t.Errorf("githubProperty = %q, want %q", got, want)
	}
}

// A SARIF artifact's relative URI resolves against %SRCROOT% to the file,
// whatever its name holds: a colon in the first segment would otherwise
// read as a scheme (an answer log named by its time).
func TestSARIFRelativeURI(t *testing.T) {
	base, err := url.Parse("file:///repo/")
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]string{
		"2024-05-01T10:00.clada.md": "2024-05-01T10%3A00.clada.md",
		"logs/a:b, 50%.sham":        "logs/a%3Ab%2C%2050%25.sham",
		"ans dir/x.sham":            "ans%20dir/x.sham",
	} {
		got := relURI(rel)
		if got != want {
			t.Errorf("relURI(%q) = %q, want %q", rel, got, want)
		}
		ref, err := url.Parse(got)
		if err != nil {
			t.Fatalf("relURI(%q) = %q: %v", rel, got, err)
		}
		if abs := base.ResolveReference(ref); abs.Scheme != "file" || abs.Path != "/repo/"+rel {
			t.Errorf("relURI(%q) = %q resolves to %s, not the file", rel, got, abs)
		}
	}
}

// A range over several lines has no columns in a workflow command: GitHub
// takes them only within one line.
func TestGitHubMultiLine(t *testing.T) {
	c := checked("a.sham", "x")
	c.Diags = source.Diagnostics{{Severity: source.Info, Code: "MALFORMED_BLOCK", Message: "m", Range: source.Range{Start: 0, End: 1}}}
	c.Doc = lang.Parse(source.NewFile("a.sham", []byte("ab\ncd\n")))
	c.Diags[0].Range = source.Range{Start: 1, End: 4}
	var b strings.Builder
	if err := WriteCheck(&b, "github", []Checked{c}, CheckOptions{}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "::notice file=a.sham,line=1,endLine=2,title=MALFORMED_BLOCK::m\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Columns in each unit: characters (text), UTF-16 (SARIF, GitHub), bytes
// (reviewdog), for a value after an emoji.
func TestCheckColumns(t *testing.T) {
	c := checked("a.sham", "#!SHAM [@three-char-SHA-256: ab1]\naction = \"exec\"\nlang = \"bash\"\ncode = \"echo 😀\"\ntimeout = \"😀 soon\"\n#!END_SHAM_ab1\n")
	if len(c.Diags) != 1 || c.Diags[0].Code != lang.CodeInvalidType {
		t.Fatalf("diagnostics: %v", c.Diags)
	}
	var text, gh, rd strings.Builder
	for f, b := range map[string]*strings.Builder{"text": &text, "github": &gh, "rdjsonl": &rd} {
		if err := WriteCheck(b, f, []Checked{c}, CheckOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	// timeout = "😀 soon": the value starts at column 11; it is 8
	// characters, 9 UTF-16 units, 11 bytes with its quotes.
	if !strings.HasPrefix(text.String(), "a.sham:5:11: error:") {
		t.Errorf("text: %q", text.String())
	}
	if !strings.Contains(gh.String(), ",line=5,col=11,endLine=5,endColumn=20,") {
		t.Errorf("github: %q", gh.String())
	}
	if !strings.Contains(rd.String(), `"range":{"start":{"line":5,"column":11},"end":{"line":5,"column":22}}`) {
		t.Errorf("rdjsonl: %q", rd.String())
	}
}

func TestSARIFVersion(t *testing.T) {
	for in, want := range map[string]string{"v1.2.3": "1.2.3", "v0.0.0-20260101-abcdef": "0.0.0-20260101-abcdef", "dev": "0.0.0-dev", "dev (0123456789ab, modified)": "0.0.0-dev.0123456789ab.modified", "": "0.0.0-dev"} {
		if got := sarifVersion(in); got != want {
			t.Errorf("sarifVersion(%q) = %q, want %q", in, got, want)
		}
	}
}
