package session

import (
	"context"
	"sync/atomic"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/history"
	"github.com/clada-dev/clada/lang"
)

// hooksPrefetch is history.ReadGitConfig's answer for a root, read in the
// background while a one-shot apply reads its config: the read is a git
// process of 2–3 ms, as long as all the rest of a small apply. Only an
// answer that writes a file awaits it (protected), so only such an answer
// starts it (HooksPathPrefetch): one that reads or only runs commands
// would start a git process no one waits for. It depends on the root alone, and nothing between
// Open and the apply changes the repository's config, except a before
// hook (a command): Apply looks again after one has run.
type hooksPrefetch struct {
	done  chan *history.GitConfig
	taken atomic.Bool
}

// HooksPathPrefetch is the option a one-shot apply of doc opens its
// session with: PrefetchHooksPath when doc writes a file, else none.
func HooksPathPrefetch(doc *lang.Document) Option {
	if writes(doc) {
		return PrefetchHooksPath
	}
	return 0
}

// prefetchHooks starts the read for root.
func prefetchHooks(root string) *hooksPrefetch {
	h := &hooksPrefetch{done: make(chan *history.GitConfig, 1)}
	go func() {
		h.done <- history.ReadGitConfig(context.Background(), &engine.Config{Root: root})
	}()
	return h
}

// take returns the prefetched config, waiting for the read, the first
// time it is called; later calls (a session that applies again) report
// false, so the caller reads afresh.
func (h *hooksPrefetch) take() (*history.GitConfig, bool) {
	if h == nil || !h.taken.CompareAndSwap(false, true) {
		return nil, false
	}
	return <-h.done, true
}
