// Package state keeps clada's own files: the approvals store, the lock, the
// history of applies, the watch state, the trust store. They live in
// directories an answer, a command or a cloned repository can plant
// symlinks in, so every one is reached through an os.Root with no symlink
// followed and replaced by an O_EXCL temp file renamed into place (file.go).
// The same temp files serve the workspace's atomic writes, and temp.go
// cleans up the ones a killed apply left; lock.go is the per-root lock one
// apply holds.
//
// It imports only the standard library and may be imported by any package.
// Start reading at file.go.
package state
