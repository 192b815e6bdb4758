package state

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/windows"
)

// clearNonblock has nothing to clear: Windows has no FIFOs among files, and
// its open ignores O_NONBLOCK.
func clearNonblock(*os.File) {}

// IsLink reports whether fi (an Lstat) is a link clada never goes
// through: a symlink, or a junction, mount point or other reparse point
// (os reports those as irregular files; README, "Windows"). A
// deduplicated file is a reparse point os treats as regular, and a Unix
// socket is a special file: neither counts.
func IsLink(fi fs.FileInfo) bool {
	m := fi.Mode()
	if m&fs.ModeSymlink != 0 {
		return true
	}
	d, ok := fi.Sys().(*syscall.Win32FileAttributeData)
	return ok && d.FileAttributes&windows.FILE_ATTRIBUTE_REPARSE_POINT != 0 && m&fs.ModeIrregular != 0
}

// sharingWait is how long Rename retries a rename Windows refuses because
// another program has the file open: an editor saving, a virus scanner or
// the search indexer reading the temp file clada just wrote. They let go
// within milliseconds; a real denial still fails after this.
const sharingWait = 2 * time.Second

// Rename renames oldname to newname under root, replacing what is there,
// and retries while Windows reports the file in use. The rename goes
// through the root's directory handle (os.Root: one NtSetInformationFile
// with replace-if-exists), never through a path a junction could redirect.
func Rename(root *os.Root, oldname, newname string) error {
	return retryInUse(func() error { return root.Rename(oldname, newname) })
}

// retryInUse runs op until it succeeds, fails for another reason than a
// file in use, or sharingWait passes.
func retryInUse(op func() error) error {
	deadline := time.Now().Add(sharingWait)
	delay := 5 * time.Millisecond
	for {
		err := op()
		if err == nil || !inUse(err) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(delay)
		delay = min(2*delay, 200*time.Millisecond)
	}
}

// inUse reports the errors Windows gives for a file another process holds
// open: a sharing or lock violation, and the access denied a file being
// scanned or pending deletion gives a rename.
func inUse(err error) bool {
	return errors.Is(err, windows.ERROR_SHARING_VIOLATION) || errors.Is(err, windows.ERROR_LOCK_VIOLATION) ||
		errors.Is(err, windows.ERROR_ACCESS_DENIED)
}
