//go:build unix

package command

// shell is a script's stand-in interpreter (interp_windows.go).
type shell struct{}

func (*shell) argv(string) []string { return nil }

// Substitute is "": every lang runs in the interpreter it names here.
func Substitute(string) string { return "" }

func substitute(string) *shell { return nil }
