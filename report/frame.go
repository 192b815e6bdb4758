package report

import "strings"

// escapeFrames puts a backslash before every line of out that has the shape
// of the lines clada frames a report with ("=== CLADA RESULTS ===",
// "=== END ===", "=== OUTPUT …: … ===", "=== END OUTPUT ==="): a command's
// output or a file's content is shown between such lines, and must not be
// able to end its section, end the results, or start forged ones that an
// LLM would take for clada's. Other lines, "=====" underlines among them,
// are left as they are.
func escapeFrames(out string) string {
	if !strings.Contains(out, "===") {
		return out
	}
	lines := strings.SplitAfter(out, "\n")
	changed := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if len(t) >= 7 && strings.HasPrefix(t, "=== ") && strings.HasSuffix(t, " ===") {
			lines[i] = `\` + l
			changed = true
		}
	}
	if !changed {
		return out
	}
	return strings.Join(lines, "")
}
