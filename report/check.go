package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// Checked is one answer file as `clada check` saw it: the document and its
// diagnostics (the linter's, the project's refusals, and with --against
// what a run on the tree would fail on), and where the file is.
type Checked struct {
	Doc   *lang.Document
	Diags source.Diagnostics
	// Rel is the file's path relative to the root, with slashes, for the
	// CI formats (SARIF's %SRCROOT%, GitHub's file=, reviewdog's path); ""
	// for standard input or a file outside the root, which they name as
	// given (SARIF: by its absolute file URI, Abs).
	Rel string
	// Abs is the file's absolute path; "" for standard input.
	Abs string
}

// CheckOptions are what the CI formats say beside the diagnostics.
type CheckOptions struct {
	// Root is the absolute project root: SARIF's %SRCROOT%.
	Root string
	// Version is clada's version, SARIF's tool version.
	Version string
	// Args are the check's arguments as given, --format left out, for the
	// command the github format's summary line suggests to list every
	// problem.
	Args []string
}

// checkFormat is one output format of `clada check`.
type checkFormat struct {
	name   string
	render func(io.Writer, []Checked, CheckOptions) error
}

// checkFormats lists check's formats, in the order help texts name them;
// each lives in its own check_<name>.go.
var checkFormats = [...]checkFormat{
	{"text", checkText},
	{"json", checkJSON},
	{"sarif", checkSARIF},
	{"github", checkGitHub},
	{"rdjsonl", checkRDJSONL},
}

// CheckFormats lists what `clada check --format` accepts.
func CheckFormats() []string {
	out := make([]string, len(checkFormats))
	for i, f := range checkFormats {
		out[i] = f.name
	}
	return out
}

// CheckFormatList is the formats as help texts and errors name them.
func CheckFormatList() string {
	names := CheckFormats()
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// WriteCheck renders the checked files in format.
func WriteCheck(w io.Writer, format string, files []Checked, o CheckOptions) error {
	for _, f := range checkFormats {
		if f.name == format {
			return f.render(w, files, o)
		}
	}
	return fmt.Errorf("report: unknown check format %q; use %s", format, CheckFormatList())
}

// CheckFailed reports whether any checked file has an error: check's exit
// status is 1 then, in every format.
func CheckFailed(files []Checked) bool {
	for _, f := range files {
		if f.Diags.HasErrors() {
			return true
		}
	}
	return false
}

// span is a diagnostic's range resolved to 1-based lines and columns in
// the three units the formats use: characters (text, json), UTF-16 code
// units (SARIF, GitHub) and UTF-8 bytes (reviewdog). End is exclusive.
type span struct {
	start, end source.Position
}

func spanOf(f *source.File, r source.Range) span {
	if r.End < r.Start {
		r.End = r.Start
	}
	return span{f.Position(r.Start), f.Position(r.End)}
}

// ciPath is how the CI formats name a checked file: relative to the root
// when it is inside, else as given.
func (c Checked) ciPath() string {
	if c.Rel != "" {
		return c.Rel
	}
	return c.Doc.File.Name
}

// messageWithHint is a diagnostic's message and, on a line of its own, its
// hint: the CI formats have one text field where the text format has two
// lines.
func messageWithHint(d source.Diagnostic) string {
	if d.Hint == "" {
		return d.Message
	}
	return d.Message + "\nhint: " + d.Hint
}
