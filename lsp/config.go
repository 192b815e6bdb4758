package lsp

import (
	"strings"

	"github.com/clada-dev/clada/session"
)

// openSession opens the workspace's session: the same .clada.yaml, trust
// store, hooks and pass-env `clada apply` has, with the command flags the
// server was started with (Options). A broken
// config is kept (session.KeepBrokenConfig): every document shows it
// (CONFIG_ERROR, from the session's Check) and the apply command refuses to
// run until it is fixed, as `clada apply` does, instead of running without
// the restrictions it meant to add. The caller holds s.mu.
func (s *Server) openSession() {
	s.sess = nil
	if s.root == "" {
		return
	}
	sess, err := session.Open(session.Input{Root: s.root, Engine: s.opts.Engine, Explicit: s.opts.Explicit, Log: logWriter{s}}, session.KeepBrokenConfig)
	if err != nil { // KeepBrokenConfig keeps every load error; nothing else fails
		s.log.Printf("session: %v", err)
		return
	}
	if sess.ConfigErr != nil {
		s.log.Printf("config: %v", sess.ConfigErr)
	}
	if sess.PassEnvIgnored != "" {
		s.log.Printf("%s", sess.PassEnvIgnored)
	}
	s.sess = sess
}

// session is the server's session; nil when the client named no root.
func (s *Server) session() *session.Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sess
}

// logWriter puts what the session says about hooks (their output, line by
// line, and outcome) into the server's log.
type logWriter struct{ s *Server }

func (w logWriter) Write(p []byte) (int, error) {
	w.s.log.Print(strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}
