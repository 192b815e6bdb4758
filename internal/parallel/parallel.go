// Package parallel runs independent jobs on a few goroutines. It is the one
// place clada spreads work over cores (the splitters of a parse, the line
// table of a big text), so each caller states only how many jobs there are
// and how many goroutines they may use.
//
// It imports nothing of clada's and may be imported by any package.
package parallel

import (
	"sync"
	"sync/atomic"
)

// Do calls job(0) … job(n-1), on up to workers goroutines (in order on the
// calling one when workers < 2). Every job is called exactly once; Do
// returns when all have returned.
func Do(n, workers int, job func(j int)) {
	if workers < 2 {
		for j := range n {
			job(j)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for {
				j := int(next.Add(1) - 1)
				if j >= n {
					return
				}
				job(j)
			}
		})
	}
	wg.Wait()
}
