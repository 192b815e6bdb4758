// Package approval names the command gate's policies (--approve, and a
// .clada.yaml's approve): what happens to a command nobody has approved
// yet. It owns their words and Parse, which the flags, the config file and
// the session all read them with.
//
// It is a leaf, so that config (plain data, which must not import the
// engine or os/exec) can use it as engine and engine/command do. Start at
// Policy.
package approval

import "fmt"

// Policy is what the gate does with a command not in the project's
// allowlist (DESIGN.md, "Commands").
type Policy uint8

const (
	// Default is --approve not given. In engine.Config it means each
	// syntax's own default (CSL asks first-use approval, i.e. Never; SHAM
	// and CML run their commands); as the gate's policy
	// (command.Settings.Approve) it means run without asking.
	Default Policy = iota
	// Never: the command fails, telling the user how to approve it.
	Never
	// Ask: the user is asked on the terminal; without one it fails.
	Ask
	// Always: the command is approved and recorded, then runs.
	Always
)

// Words are the policies' words, in order of trust, as flags and the
// config file spell them.
func Words() []string { return []string{Never.String(), Ask.String(), Always.String()} }

// String is the policy's word; "" for Default.
func (p Policy) String() string {
	switch p {
	case Never:
		return "never"
	case Ask:
		return "ask"
	case Always:
		return "always"
	}
	return ""
}

// Parse reads a policy's word; "" is Default. The error is the one
// --approve reports.
func Parse(s string) (Policy, error) {
	for _, p := range []Policy{Default, Never, Ask, Always} {
		if s == p.String() {
			return p, nil
		}
	}
	return Default, fmt.Errorf("unknown --approve %q; use never, ask or always", s)
}
