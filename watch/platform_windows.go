package watch

import (
	"os"

	"golang.org/x/sys/windows"
)

// openNonblock: Windows has no FIFOs among files.
const openNonblock = 0

// clearNonblock has nothing to clear.
func clearNonblock(*os.File) {}

// fileID is the file's volume serial number and file index, read from an
// open handle (Windows' Stat does not carry them); 0, 0 when it cannot be
// opened (an editor holding it exclusively), and size and time decide.
func fileID(path string, _ os.FileInfo) (vol, idx uint64) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	var d windows.ByHandleFileInformation
	if windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &d) != nil {
		return 0, 0
	}
	return uint64(d.VolumeSerialNumber), uint64(d.FileIndexHigh)<<32 | uint64(d.FileIndexLow)
}
