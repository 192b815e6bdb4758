package benchdoc

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"golang.org/x/sys/unix"
)

// ReplaceFloor replaces each file of want under root (files that exist)
// the way clada's all-or-nothing apply does, with nothing else: no answer
// to parse, no edit to place, no check, no report. It is the floor a git
// diff's apply is measured against (BenchmarkGitDiffFloor, and the
// side-by-side script's floor rows beside git apply): what the promise
// "every file wholly old or wholly new, all or nothing" costs the kernel
// here. Per file, as fsys.Batch does it: the old file read (an edit needs
// it), a temp beside it written with the old file's mode and its
// writeback started (or, durable, fsynced, eight at a time), then, once
// every temp is there, each exchanged with its file; then the old
// contents, now under the temps' names, removed beside (durable) an fsync
// of each directory.
func ReplaceFloor(root string, want map[string]string, durable bool) error {
	names := make([]string, 0, len(want))
	for p := range want {
		names = append(names, p)
	}
	slices.Sort(names)
	type temp struct{ dir, tmp, base string }
	var temps []temp
	sync8 := parallel8(durable, len(names)) // staging never waits for a sync
	for i, p := range names {
		abs := filepath.Join(root, p)
		fi, err := os.Lstat(abs)
		if err != nil {
			return err
		}
		if _, err := os.ReadFile(abs); err != nil {
			return err
		}
		dir, base := filepath.Dir(abs), filepath.Base(abs)
		tmp := filepath.Join(dir, fmt.Sprintf(".%s.floor-%d.tmp", base, i))
		fd, err := unix.Open(tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0o666)
		if err != nil {
			return err
		}
		if _, err := unix.Write(fd, []byte(want[p])); err != nil {
			unix.Close(fd)
			return err
		}
		if err := unix.Fchmod(fd, uint32(fi.Mode().Perm())); err != nil {
			unix.Close(fd)
			return err
		}
		if durable {
			sync8.do(func() error { defer unix.Close(fd); return unix.Fsync(fd) })
		} else {
			_ = unix.SyncFileRange(fd, 0, 0, unix.SYNC_FILE_RANGE_WRITE)
			unix.Close(fd)
		}
		temps = append(temps, temp{dir, filepath.Base(tmp), base})
	}
	if err := sync8.wait(); err != nil {
		return err
	}
	dirs := map[string]int{}
	for _, t := range temps {
		d, ok := dirs[t.dir]
		if !ok {
			var err error
			if d, err = unix.Open(t.dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0); err != nil {
				return err
			}
			dirs[t.dir] = d
		}
		if err := unix.Renameat2(d, t.tmp, d, t.base, unix.RENAME_EXCHANGE); err != nil {
			return fmt.Errorf("exchange %s: %w", t.base, err)
		}
	}
	after := parallel8(true, 0)
	for _, d := range dirs {
		if durable {
			after.do(func() error { return unix.Fsync(d) })
		}
	}
	for _, t := range temps {
		after.do(func() error { return unix.Unlinkat(dirs[t.dir], t.tmp, 0) })
	}
	err := after.wait()
	for _, d := range dirs {
		unix.Close(d)
	}
	return err
}

// group8 runs the jobs given to do eight at a time, as fsys.Batch's
// syncers do (which never make the staging wait); when off, it is never
// given any.
type group8 struct {
	on   bool
	jobs chan func() error
	wg   sync.WaitGroup
	mu   sync.Mutex
	err  error
}

// parallel8 starts a group8, on or off, that holds up to queue jobs not
// yet started before do waits.
func parallel8(on bool, queue int) *group8 {
	g := &group8{on: on}
	if on {
		g.jobs = make(chan func() error, queue)
		for range 8 {
			g.wg.Go(func() {
				for job := range g.jobs {
					if err := job(); err != nil {
						g.mu.Lock()
						g.err = err
						g.mu.Unlock()
					}
				}
			})
		}
	}
	return g
}

func (g *group8) do(job func() error) { g.jobs <- job }

// wait waits for every job and returns a failure, if one failed.
func (g *group8) wait() error {
	if g.on {
		close(g.jobs)
		g.wg.Wait()
	}
	return g.err
}
