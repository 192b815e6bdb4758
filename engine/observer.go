package engine

// Observer hears what a real run is about to do, as it does it, so that
// something outside the engine can keep a record of exactly that: package
// history's git model (history.Tracker) records each path's state before
// the first change, compares the tree around each command, and commits
// what changed when the run finishes (README, "The git model"). Run calls
// it only on a real run, never on a simulation, and only from the
// goroutine running the document. One Observer serves one run.
type Observer interface {
	// BeforeChange is said before abs changes; whole means everything
	// below it may change too (remove, move), not only abs (write, mkdir).
	BeforeChange(abs string, whole bool)
	// BeforeCommand and AfterCommand bracket each command the run starts:
	// a command says nothing of what it will touch.
	BeforeCommand()
	AfterCommand()
	// Finish is said once, when the run is over and every write is on
	// disk; the observer may add to rep (the commit ids, a git error).
	Finish(rep *Report)
}
