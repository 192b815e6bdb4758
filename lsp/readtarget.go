package lsp

import (
	"errors"
	"fmt"
	"time"
)

// maxTargetRead bounds what hover and go-to-definition read of a target
// file: they show where a search text matches, which needs no more.
const maxTargetRead = 8 << 20

// targetReadTimeout bounds one read, so a slow disk or a file that turns
// into something else mid-read can delay a request but never hold the
// server.
const targetReadTimeout = 2 * time.Second

// errNoRoot is what a read gives when the server has no workspace root.
var errNoRoot = errors.New("no workspace root is open")

// errTargetTimeout is what a read past targetReadTimeout gives.
var errTargetTimeout = errors.New("reading it took too long")

// readTarget reads a file an action names, the way the engine does: through
// the root's os.Root, refusing symlinks (to /dev/zero or out of the root),
// FIFOs, devices and hard links, and files over maxTargetRead, in a
// goroutine the request stops waiting for after targetReadTimeout.
func (s *Server) readTarget(full string) ([]byte, error) {
	sess := s.session() // a broken config is shown as its own diagnostic
	if sess == nil {
		return nil, errNoRoot
	}
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		ws, closeView, err := sess.View()
		if err != nil {
			done <- result{err: err}
			return
		}
		defer closeView()
		fi, err := ws.Lstat(full)
		if err == nil && fi.Mode().IsRegular() && fi.Size() > maxTargetRead {
			err = fmt.Errorf("it is %d bytes, more than the %d MiB hover reads", fi.Size(), maxTargetRead>>20)
		}
		var data []byte
		if err == nil {
			data, err = ws.ReadFile(full)
		}
		done <- result{data, err}
	}()
	select {
	case r := <-done:
		return r.data, r.err
	case <-time.After(targetReadTimeout):
		return nil, errTargetTimeout
	}
}

// targetExists reports whether full is there, without following a symlink.
func (s *Server) targetExists(full string) bool {
	sess := s.session()
	if sess == nil {
		return false
	}
	ws, closeView, err := sess.View()
	if err != nil {
		return false
	}
	defer closeView()
	_, err = ws.Lstat(full)
	return err == nil
}
