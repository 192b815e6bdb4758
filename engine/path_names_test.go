package engine

import "testing"

// Each way Windows reads a name as another thing is refused with its own
// reason; ordinary names, and names that only look close, pass. Pure, so
// it runs everywhere; path_windows.go applies it on Windows.
func TestWindowsNameProblem(t *testing.T) {
	for part, want := range map[string]string{
		"a.txt:secret":  "has a colon, which on Windows names an alternate data stream (a.txt:secret) or a drive-relative path (C:x)",
		"a.txt::$DATA":  "has a colon, which on Windows names an alternate data stream (a.txt:secret) or a drive-relative path (C:x)",
		"C:x":           "has a colon, which on Windows names an alternate data stream (a.txt:secret) or a drive-relative path (C:x)",
		"CON":           "is a Windows device name (CON, PRN, AUX, NUL, COM1, LPT1, …), with or without an extension",
		"nul.txt":       "is a Windows device name (CON, PRN, AUX, NUL, COM1, LPT1, …), with or without an extension",
		"Com1.tar.gz":   "is a Windows device name (CON, PRN, AUX, NUL, COM1, LPT1, …), with or without an extension",
		"lpt9":          "is a Windows device name (CON, PRN, AUX, NUL, COM1, LPT1, …), with or without an extension",
		"aux .c":        "is a Windows device name (CON, PRN, AUX, NUL, COM1, LPT1, …), with or without an extension",
		"COM²":          "is a Windows device name (CON, PRN, AUX, NUL, COM1, LPT1, …), with or without an extension",
		".git.":         "ends in a dot or space, which Windows drops ('.git.' is '.git' to most programs)",
		".git ":         "ends in a dot or space, which Windows drops ('.git ' is '.git' to most programs)",
		"x. . ":         "ends in a dot or space, which Windows drops ('x. . ' is 'x' to most programs)",
		"GIT~1":         "has the shape of an 8.3 short name, which Windows may resolve to another entry (GIT~1 is .git)",
		"clada~1":       "has the shape of an 8.3 short name, which Windows may resolve to another entry (GIT~1 is .git)",
		"GITHUB~2.YML":  "has the shape of an 8.3 short name, which Windows may resolve to another entry (GIT~1 is .git)",
		"a<b":           "has \"<\", which Windows does not allow in a name",
		"what?":         "has \"?\", which Windows does not allow in a name",
		"tab\there":     "has \"\\t\", which Windows does not allow in a name",
		"a.txt":         "",
		".git":          "",
		"..":            "",
		".":             "",
		"console.log":   "",
		"nully":         "",
		"COM10":         "",
		"backup~":       "",
		"~1":            "",
		"a~b":           "",
		"report~12.txt": "",
		"long-name~1.c": "",
		"x~1.json5":     "",
	} {
		if got := windowsNameProblem(part); got != want {
			t.Errorf("windowsNameProblem(%q) =\n  %q\nwant\n  %q", part, got, want)
		}
	}
}
