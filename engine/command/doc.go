// Package command is the command gate and the launcher: whether a command
// an answer runs may run (gate.go: the approvals store under the root, and
// the ask / always / never policy), and running it (run.go): in a fresh
// process group with stdin from /dev/null and no descriptor clada
// inherited, in a cwd opened through the root with no symlink followed and
// a root that must still be the one pinned when the apply started (dir.go),
// with secrets and GIT_* withheld from its environment (env.go), through
// the sandbox helper, which confines it with Landlock (sandbox.go) and on
// Linux gives it PID and mount namespaces with a /proc of its own, the most
// contained way the system allows (launch.go, procattr_linux.go; where the
// command could read clada's /proc entry, environ_linux.go blanks the
// withheld variables there), its output capped and streamed, killed whole
// on its timeout.
//
// It knows nothing of ops, documents or reports: engine's exec op builds a
// Settings from its Config, asks Approve, calls Run and turns the Outcome
// into a Result. It imports sandbox, internal/state and engine/textedit,
// never engine; engine and engine/history (git's environment, the root pin)
// import it.
//
// Start reading at run.go (Run), then gate.go (Approve).
package command
