package state

import (
	"io/fs"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/windows"
)

type fakeInfo struct {
	mode  fs.FileMode
	attrs uint32
}

func (f fakeInfo) Name() string       { return "x" }
func (f fakeInfo) Size() int64        { return 0 }
func (f fakeInfo) Mode() fs.FileMode  { return f.mode }
func (f fakeInfo) ModTime() time.Time { return time.Time{} }
func (f fakeInfo) IsDir() bool        { return f.mode.IsDir() }
func (f fakeInfo) Sys() any           { return &syscall.Win32FileAttributeData{FileAttributes: f.attrs} }

// What os reports for each kind of entry on Windows, and whether clada goes
// through it: a junction or mount point (a reparse point os calls
// irregular) is a link like a symlink; a deduplicated file (a reparse point
// os calls regular), a socket and a plain directory are not.
func TestIsLinkWindows(t *testing.T) {
	const reparse = windows.FILE_ATTRIBUTE_REPARSE_POINT
	for _, tc := range []struct {
		what string
		fi   fakeInfo
		want bool
	}{
		{"symlink", fakeInfo{fs.ModeSymlink, reparse}, true},
		{"junction", fakeInfo{fs.ModeIrregular, reparse | windows.FILE_ATTRIBUTE_DIRECTORY}, true},
		{"cloud placeholder", fakeInfo{fs.ModeIrregular, reparse}, true},
		{"deduplicated file", fakeInfo{0o666, reparse}, false},
		{"unix socket", fakeInfo{fs.ModeSocket, reparse}, false},
		{"directory", fakeInfo{fs.ModeDir | 0o777, windows.FILE_ATTRIBUTE_DIRECTORY}, false},
		{"file", fakeInfo{0o666, 0}, false},
	} {
		if got := IsLink(tc.fi); got != tc.want {
			t.Errorf("%s: IsLink = %v, want %v", tc.what, got, tc.want)
		}
	}
}
