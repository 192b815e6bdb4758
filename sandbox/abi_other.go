//go:build !linux && !darwin

package sandbox

import "errors"

// unavailable is ErrUnavailable's text: Windows and the BSDs have no
// mechanism clada confines commands with.
const unavailable = "clada has no sandbox on this system (it confines commands with Landlock on Linux and sandbox-exec on macOS)"

// devices: no command is confined here.
var devices []string

// Mechanism is never named here: nothing confines a command.
func Mechanism(int) string { return "none" }

// OwnShm is false: no mount namespaces here.
const OwnShm = false

// ABI is 0: nothing here can confine a command.
func ABI() int { return 0 }

// confine is never reached here (Check refuses first).
func confine(Spec, string, []string) (string, []string, error) {
	return "", nil, errors.New(unavailable)
}
