package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/internal/lazyre"
	"github.com/clada-dev/clada/source"
)

// checkSARIF prints one SARIF 2.1.0 log with one run, in the subset GitHub
// code scanning accepts (README, "clada check in CI"):
//
//   - one rule per code that occurs, with its help text from the rules
//     table and a link to docs/check-codes.md;
//   - artifact locations relative to %SRCROOT% (the root, given in
//     originalUriBaseIds), so the paths match the repository's; a file
//     outside the root is named by its absolute file URI, standard input
//     by "stdin";
//   - regions with startLine, startColumn, endLine and endColumn, the end
//     exclusive as SARIF defines it, in UTF-16 code units, declared as the
//     run's columnKind: what GitHub's JavaScript viewer and the LSP count,
//     and the same as code points for every character but those outside
//     the Basic Multilingual Plane (emoji);
//   - partialFingerprints.primaryLocationLineHash, a hash of the code, the
//     text of the block the diagnostic is in and its offset inside that
//     block (see fingerprint), so an alert keeps its identity when lines
//     above it move and changes only when its own block does;
//   - the tool's version.
//
// Validity against the schema is checked with Microsoft's validator in
// check_sarif_validate_test.go.
func checkSARIF(w io.Writer, files []Checked, o CheckOptions) error {
	run := sarifRun{ColumnKind: "utf16CodeUnits", Results: []sarifResult{}}
	run.Tool.Driver = sarifDriver{Name: "clada", InformationURI: InfoURI, Version: sarifVersion(o.Version), Rules: []sarifRule{}}
	if semver().MatchString(o.Version) {
		run.Tool.Driver.SemanticVersion = run.Tool.Driver.Version
	}
	if o.Root != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLocation{srcRoot: {URI: dirURI(o.Root)}}
	}
	ruleIndex := map[string]int{}
	var codes []string
	for _, c := range files {
		for _, d := range c.Diags {
			if _, ok := ruleIndex[d.Code]; !ok {
				ruleIndex[d.Code] = 0
				codes = append(codes, d.Code)
			}
		}
	}
	sort.Strings(codes)
	for i, code := range codes {
		ruleIndex[code] = i
		r := ruleFor(code)
		name := r.Name()
		if strings.EqualFold(name, code) {
			name = "" // SARIF wants a name that says more than the id, or none
		}
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID: code, Name: name,
			ShortDescription: sarifText{Text: r.Short()},
			FullDescription:  sarifText{Text: r.Help},
			Help:             sarifText{Text: r.Help},
			HelpURI:          r.HelpURI(),
		})
	}
	for i, c := range files {
		loc := c.artifact(i)
		run.Artifacts = append(run.Artifacts, sarifArtifact{Location: loc, Length: len(c.Doc.File.Src)})
		prints := fingerprints(c)
		for j, d := range c.Diags {
			s := spanOf(c.Doc.File, d.Range)
			run.Results = append(run.Results, sarifResult{
				RuleID: d.Code, RuleIndex: ruleIndex[d.Code], Level: sarifLevel(d.Severity),
				Message: sarifText{Text: messageWithHint(d)},
				Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
					ArtifactLocation: loc,
					Region: sarifRegion{
						StartLine: s.start.Line, StartColumn: s.start.ColumnUTF16,
						EndLine: s.end.Line, EndColumn: s.end.ColumnUTF16,
					},
				}}},
				PartialFingerprints: map[string]string{"primaryLocationLineHash": prints[j]},
			})
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
}

// srcRoot is the base id of every path inside the root.
const srcRoot = "%SRCROOT%"

// semver is a release version, which SARIF's semanticVersion may carry.
var semver = lazyre.New(`^v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)

// sarifVersion is clada's version as SARIF wants it, starting with a
// number: v1.2.3 is 1.2.3, and a development build ("dev", "dev (abc123,
// modified)") is 0.0.0-dev, 0.0.0-dev.abc123.modified.
func sarifVersion(v string) string {
	if semver().MatchString(v) {
		return strings.TrimPrefix(v, "v")
	}
	words := strings.FieldsFunc(v, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
	if len(words) == 0 {
		words = []string{"dev"}
	}
	return "0.0.0-" + strings.Join(words, ".")
}

// artifact is where SARIF says c is; index is its place in run.artifacts.
func (c Checked) artifact(index int) sarifArtifactLocation {
	i := index
	switch {
	case c.Rel != "":
		return sarifArtifactLocation{URI: relURI(c.Rel), URIBaseID: srcRoot, Index: &i}
	case c.Abs != "":
		return sarifArtifactLocation{URI: fileURI(c.Abs), Index: &i}
	}
	return sarifArtifactLocation{URI: "stdin", Index: &i}
}

// relURI escapes a relative slash path as a URI reference. A colon is
// escaped too (url.PathEscape keeps it): in a reference's first segment it
// would make the text before it a scheme (RFC 3986, section 4.2), so an
// answer log named `2024-05-01T10:00.clada.md` would be read as an
// absolute URI of scheme "2024-05-01t10" and never resolved against
// %SRCROOT%; escaping it everywhere keeps the path one form.
func relURI(rel string) string {
	parts := strings.Split(rel, "/")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(url.PathEscape(p), ":", "%3A")
	}
	return strings.Join(parts, "/")
}

// fileURI is the file URI of an absolute path.
func fileURI(abs string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// dirURI is the file URI of a directory, ending in "/" as SARIF requires
// of a base URI.
func dirURI(abs string) string {
	u := fileURI(abs)
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

func sarifLevel(s source.Severity) string {
	switch s {
	case source.Error:
		return "error"
	case source.Warning:
		return "warning"
	}
	return "note"
}

// fingerprints returns, for each diagnostic of c, a hash that identifies it
// across runs: of its code, the text of the innermost block (action, else
// group) that holds its start, and its offset inside that text; a
// diagnostic outside every block hashes its own line instead. The hash
// does not see line numbers, so blocks and lines moving around it leave it
// alone; ":N" numbers the diagnostics that hash alike (the same problem in
// two copies of one block), in order, as CodeQL's line hashes do.
func fingerprints(c Checked) []string {
	f := c.Doc.File
	out := make([]string, len(c.Diags))
	seen := map[string]int{}
	bs := blocksOf(c)
	for i, d := range c.Diags {
		anchor := bs.at(d.Range.Start)
		if anchor.End <= anchor.Start {
			line := f.Line(d.Range.Start)
			anchor = source.Range{Start: f.LineStart(line), End: f.LineEnd(line)}
		}
		h := sha256.New()
		h.Write([]byte(d.Code))
		h.Write([]byte{0})
		h.Write([]byte(f.Text(anchor)))
		h.Write([]byte{0})
		h.Write([]byte(strconv.Itoa(d.Range.Start - anchor.Start)))
		key := hex.EncodeToString(h.Sum(nil))[:16]
		seen[key]++
		out[i] = key + ":" + strconv.Itoa(seen[key])
	}
	return out
}

// blocks finds the innermost block (action, else group) of a document
// that holds an offset; both lists are in source order, so a lookup is two
// binary searches.
type blocks struct{ actions, groups []source.Range }

func blocksOf(c Checked) blocks {
	var b blocks
	for _, g := range c.Doc.Groups {
		b.groups = append(b.groups, g.Range)
		for _, a := range g.Actions {
			b.actions = append(b.actions, a.Range)
		}
	}
	return b
}

// at is the range of the innermost block holding off; an empty range when
// none does.
func (b blocks) at(off int) source.Range {
	for _, rs := range [][]source.Range{b.actions, b.groups} {
		i := sort.Search(len(rs), func(i int) bool { return rs[i].Start > off }) - 1
		if i >= 0 && off < rs[i].End {
			return rs[i]
		}
	}
	return source.Range{}
}

// The SARIF objects clada writes, in the order the spec lists their
// properties.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool struct {
			Driver sarifDriver `json:"driver"`
		} `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds,omitempty"`
		Artifacts          []sarifArtifact                  `json:"artifacts"`
		Results            []sarifResult                    `json:"results"`
		ColumnKind         string                           `json:"columnKind"`
	}
	sarifDriver struct {
		Name            string      `json:"name"`
		InformationURI  string      `json:"informationUri"`
		Version         string      `json:"version"`
		SemanticVersion string      `json:"semanticVersion,omitempty"`
		Rules           []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string    `json:"id"`
		Name             string    `json:"name,omitempty"`
		ShortDescription sarifText `json:"shortDescription"`
		FullDescription  sarifText `json:"fullDescription"`
		Help             sarifText `json:"help"`
		HelpURI          string    `json:"helpUri"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifArtifact struct {
		Location sarifArtifactLocation `json:"location"`
		Length   int                   `json:"length"`
	}
	sarifArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
		Index     *int   `json:"index,omitempty"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifText         `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	}
	sarifPhysicalLocation struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Region           sarifRegion           `json:"region"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
)
