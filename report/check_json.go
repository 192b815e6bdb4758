package report

import (
	"encoding/json"
	"io"

	"github.com/clada-dev/clada/lang"
)

// checkJSON prints lang's versioned check report (docs/check-json.md), one
// object per file, one after another.
func checkJSON(w io.Writer, files []Checked, _ CheckOptions) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	for _, c := range files {
		if err := enc.Encode(lang.NewCheckReport(c.Doc, c.Diags)); err != nil {
			return err
		}
	}
	return nil
}
