package report

import (
	"encoding/json"
	"io"
)

// checkRDJSONL prints reviewdog's rdjsonl: one JSON Diagnostic of the
// Reviewdog Diagnostic Format per line (`reviewdog -f=rdjsonl`). The path
// is relative to the root; columns are UTF-8 bytes, 1-based, the end
// exclusive, as the format's Position defines them.
func checkRDJSONL(w io.Writer, files []Checked, _ CheckOptions) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, c := range files {
		path := c.ciPath()
		for _, d := range c.Diags {
			s := spanOf(c.Doc.File, d.Range)
			r := ruleFor(d.Code)
			err := enc.Encode(rdDiagnostic{
				Message: messageWithHint(d),
				Location: rdLocation{Path: path, Range: rdRange{
					Start: rdPosition{Line: s.start.Line, Column: s.start.ColumnByte},
					End:   rdPosition{Line: s.end.Line, Column: s.end.ColumnByte},
				}},
				Severity: rdSeverity[githubKind(d.Severity)],
				Source:   rdSource{Name: "clada", URL: InfoURI},
				Code:     rdCode{Value: d.Code, URL: r.HelpURI()},
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

var rdSeverity = map[string]string{"error": "ERROR", "warning": "WARNING", "notice": "INFO"}

// The Reviewdog Diagnostic Format's messages clada fills.
type (
	rdDiagnostic struct {
		Message  string     `json:"message"`
		Location rdLocation `json:"location"`
		Severity string     `json:"severity"`
		Source   rdSource   `json:"source"`
		Code     rdCode     `json:"code"`
	}
	rdLocation struct {
		Path  string  `json:"path"`
		Range rdRange `json:"range"`
	}
	rdRange struct {
		Start rdPosition `json:"start"`
		End   rdPosition `json:"end"`
	}
	rdPosition struct {
		Line   int `json:"line"`
		Column int `json:"column"`
	}
	rdSource struct {
		Name string `json:"name"`
		URL  string `json:"url"`
	}
	rdCode struct {
		Value string `json:"value"`
		URL   string `json:"url"`
	}
)
