package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
)

// Every syntax's default report is a format Write renders: a syntax whose
// descriptor names another would fail every apply without --format.
func TestSyntaxReportFormatsAreFormats(t *testing.T) {
	for _, s := range lang.Syntaxes() {
		f := s.Def().ReportFormat
		if !slices.Contains(Formats(), f) {
			t.Errorf("syntax %s: default report format %q is none of %v", s, f, Formats())
		}
		doc := &lang.Document{Groups: []*lang.Group{{Syntax: s, Kind: lang.Standalone}}}
		if got := DefaultFormat(doc); got != f {
			t.Errorf("syntax %s: DefaultFormat = %q, want its descriptor's %q", s, got, f)
		}
	}
	if got := DefaultFormat(&lang.Document{}); got != "json" {
		t.Errorf("empty document: DefaultFormat = %q, want json", got)
	}
}

// Write renders every format it lists, and refuses another naming them all.
func TestWriteFormats(t *testing.T) {
	doc, rep := &lang.Document{}, &engine.Report{}
	for _, f := range Formats() {
		if err := Write(&strings.Builder{}, f, doc, rep, Options{}); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	err := Write(&strings.Builder{}, "xml", doc, rep, Options{})
	if err == nil || err.Error() != `report: unknown format "xml"; use json, text, summary, cml or csl` {
		t.Errorf("xml: %v", err)
	}
}
