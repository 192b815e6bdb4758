package watch

import (
	"fmt"
	"io"
	"os"

	"github.com/clada-dev/clada/session"
)

// maxInput bounds what the watcher reads of its input: a pasted answer is
// kilobytes, and the 5.6 MB load document is far below it.
const maxInput = 64 << 20

// readInput reads the watched file. The name may come from a cloned
// repository's .clada.yaml (watch.file), which could make it a symlink to
// /dev/zero or a FIFO, or a huge file: only a regular file is read (a FIFO
// is opened non-blocking and refused), up to maxInput bytes. A symlink to a
// regular file is followed, as the user may keep the answer elsewhere;
// results are written by renaming over the name, never through the link.
// A UTF-16 or UTF-32 file is read decoded (session.DecodeAnswer), so the
// results written back make it UTF-8.
func readInput(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s); watch a plain file (set watch.file in .clada.yaml or pass another FILE)", path, fi.Mode().Type())
	}
	clearNonblock(f)
	data, err := io.ReadAll(io.LimitReader(f, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("%s is larger than %d MiB; clada does not watch a file that big (start a fresh input file)", path, maxInput>>20)
	}
	if data, err = session.DecodeAnswer(data); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}
