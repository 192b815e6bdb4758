package lang

import (
	"fmt"
	"strings"
)

// What the foreign formats' printers share: they carry a few ops each,
// and refuse the rest naming the action and what would be lost.

// refuse is the error for an action a format cannot carry.
func refuse(d *Document, a *Action, to Syntax, why string) error {
	line := 0
	if d.File != nil {
		line = d.File.Line(a.Range.Start)
	}
	return fmt.Errorf("print %s: line %d: %s cannot be written as %s: %s", to, line, a.Op, to, why)
}

// canonOp is the id of a's op (aliases resolved); 0 when unknown.
func canonOp(a *Action) OpID {
	if s := Lookup(a.Op); s != nil {
		return s.ID
	}
	return 0
}

// onlyParams reports the first param of a outside keys, if any: a value
// the target cannot carry.
func onlyParams(a *Action, keys ...string) string {
	for _, p := range a.Params {
		found := false
		for _, k := range keys {
			found = found || p.Key == k
		}
		if !found {
			return p.Key
		}
	}
	return ""
}

// wholeLines reports whether s is whole lines: empty, or ending in "\n".
func wholeLines(s string) bool { return s == "" || strings.HasSuffix(s, "\n") }

// hasLine reports whether a line of s satisfies f.
func hasLine(s string, f func(string) bool) bool {
	for l := range strings.SplitSeq(s, "\n") {
		if f(strings.TrimRight(l, "\r")) {
			return true
		}
	}
	return false
}

// hasCR reports whether a value of a holds a carriage return, which the
// line-based formats read as part of a line end.
func hasCR(a *Action) bool {
	for _, p := range a.Params {
		if strings.Contains(p.Value, "\r") {
			return true
		}
	}
	return false
}
