package testfs

import "golang.org/x/sys/windows"

// Wine reports whether this Windows is Wine: its ntdll exports
// wine_get_version, which Windows' does not.
func Wine() bool {
	return windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}
