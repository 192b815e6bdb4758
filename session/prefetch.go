package session

import (
	"context"
	"sync/atomic"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/history"
)

// hooksPrefetch is history.HooksDeny's answer for a root, looked up in the
// background while a one-shot apply reads its config and parses its
// answer: the lookup is a git process of 2–3 ms, as long as all the rest
// of a small apply. It depends on the root alone, and nothing between
// Open and the apply changes the repository's config, except a before
// hook (a command): Apply looks again after one has run.
type hooksPrefetch struct {
	done  chan []string
	taken atomic.Bool
}

// prefetchHooks starts the lookup for root.
func prefetchHooks(root string) *hooksPrefetch {
	h := &hooksPrefetch{done: make(chan []string, 1)}
	go func() {
		h.done <- history.HooksDeny(context.Background(), &engine.Config{Root: root})
	}()
	return h
}

// take returns the prefetched deny patterns, waiting for the lookup, the
// first time it is called; later calls (a session that applies again)
// report false, so the caller looks up afresh.
func (h *hooksPrefetch) take() ([]string, bool) {
	if h == nil || !h.taken.CompareAndSwap(false, true) {
		return nil, false
	}
	return <-h.done, true
}
