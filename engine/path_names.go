package engine

import (
	"fmt"
	"regexp"
	"strings"
)

// What Windows adds to the ways a path can name something other than what
// it says (README, "Windows"). Each rule refuses a name outright rather
// than interpret it, since the same name means different things to
// different Windows APIs (Win32 strips a trailing dot, the NT calls
// os.Root makes do not):
//
//   - a colon: "a.txt:secret" is an alternate data stream of a.txt (a
//     hidden second content), "C:x" a path relative to drive C's current
//     directory;
//   - a device name (CON, PRN, AUX, NUL, COM0-9, LPT0-9, with or without an
//     extension: "nul.txt" is the null device to many programs);
//   - a trailing dot or space: ".git." and ".git " are ".git" to Win32;
//   - an 8.3 short name (GIT~1 is .git, CLADA~1 .clada on a volume that
//     makes short names): it would reach a protected folder, or a deny
//     pattern's, under another name;
//   - the characters Windows forbids in names (< > " | ? * and controls).
//
// The rules are pure so they are tested everywhere; path_windows.go applies
// them to every path an action gives on Windows.

// deviceNames are Windows' reserved device names (upper case).
var deviceNames = map[string]bool{"CON": true, "PRN": true, "AUX": true, "NUL": true, "CONIN$": true, "CONOUT$": true}

func init() {
	for _, p := range []string{"COM", "LPT"} {
		for _, d := range []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³"} {
			deviceNames[p+d] = true
		}
	}
}

// shortName matches the shape of an 8.3 short name Windows makes for a
// long one: up to six characters (or a hash's), a tilde and a number, and
// up to three of extension.
var shortName = regexp.MustCompile(`^[^~.]{1,7}~[0-9]{1,6}(\.[^.]{0,3})?$`)

// windowsNameProblem says why part, one component of a path, is refused
// on Windows ("is a Windows device name …", to follow the name), or ""
// when it is an ordinary name.
func windowsNameProblem(part string) string {
	if part == "." || part == ".." {
		return ""
	}
	if strings.Contains(part, ":") {
		return "has a colon, which on Windows names an alternate data stream (a.txt:secret) or a drive-relative path (C:x)"
	}
	if i := strings.IndexFunc(part, func(r rune) bool { return r < 32 || strings.ContainsRune(`<>"|?*`, r) }); i >= 0 {
		return fmt.Sprintf("has %q, which Windows does not allow in a name", part[i:i+1])
	}
	if strings.HasSuffix(part, ".") || strings.HasSuffix(part, " ") {
		return fmt.Sprintf("ends in a dot or space, which Windows drops ('%s' is '%s' to most programs)", part, strings.TrimRight(part, ". "))
	}
	base, _, _ := strings.Cut(part, ".")
	if deviceNames[strings.ToUpper(strings.TrimRight(base, " "))] {
		return "is a Windows device name (CON, PRN, AUX, NUL, COM1, LPT1, …), with or without an extension"
	}
	if len(part) <= 12 && shortName.MatchString(part) {
		return "has the shape of an 8.3 short name, which Windows may resolve to another entry (GIT~1 is .git)"
	}
	return ""
}
