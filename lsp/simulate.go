package lsp

import (
	"context"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/session"
	"github.com/clada-dev/clada/source"
)

// CodeWorkspace marks diagnostics that come from simulating the document on
// the workspace rather than from checking its text.
const CodeWorkspace = session.CodeWorkspace

// The simulation is the session's (engine.Simulate, on an overlay of the
// root, with the engine's own group semantics), and incremental: after an
// edit only the groups the edit can change run again. What the server adds
// is the one input the document does not show, the disk. A result is reused
// only while the server knows it would hear of a change on disk: the client
// accepted the file watcher (Server.diskState), or, for a client that does
// not watch (neovim 0.7, Helix, most terminal editors), the server watches
// the root itself (Server.selfWatched, diskwatch_linux.go; without that,
// a keystroke in a 5.6 MB answer of 5,000 file ops simulated all 5,000).
// Any change it hears of, or makes itself (clada.apply), makes the next run
// a full one. The server's own watch does not republish on a change: the
// next edit sees it.

// simulation is what one document's last simulation leaves for the next:
// the engine's state and the disk generation it was computed in.
type simulation struct {
	gen uint64
	*engine.Simulation
}

// simulate returns the workspace diagnostics of d and keeps what the next
// call can reuse in d.sim.
func (s *Server) simulate(ctx context.Context, d *document) source.Diagnostics {
	sess := s.session()
	if sess == nil {
		return nil
	}
	trusted, gen := s.diskState()
	if !trusted {
		trusted, gen = s.selfWatched(sess.Engine)
	}
	var prev *engine.Simulation
	if trusted && d.sim != nil && d.sim.gen == gen {
		prev = d.sim.Simulation
	}
	// Nothing is kept for a client whose changes on disk go unreported.
	ds, next, err := sess.Simulate(ctx, d.doc, prev, trusted)
	if err != nil {
		s.log.Printf("simulate %s: %v", d.uri, err)
	}
	d.sim = nil
	if next != nil {
		d.sim = &simulation{gen: gen, Simulation: next}
	}
	return ds
}
