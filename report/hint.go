package report

import "strings"

// hintBlock is a failed action's hint as the lines that follow its status
// line: "<indent>hint: first line", then every further line (the numbered
// lines of the file a search came closest to) one level deeper. The hint is
// where an LLM learns how to fix its next answer without reading the file
// again, so no LLM-facing report cuts it to its first line.
func hintBlock(hint, indent string) string {
	if hint == "" {
		return ""
	}
	hint = strings.TrimRight(hint, "\n")
	return indent + "hint: " + strings.ReplaceAll(hint, "\n", "\n"+indent+"  ") + "\n"
}
