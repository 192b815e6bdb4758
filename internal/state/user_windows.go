package state

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"
)

// mkdirPrivate makes dir with an access list of its own, protected from
// inheritance: full control for the user clada runs as and for SYSTEM
// (Windows' counterpart of root), nothing for anyone else. Files made in it
// inherit that list. %AppData% is usually the user's alone already; a
// profile redirected to a share, or a config dir set elsewhere, need not be.
func mkdirPrivate(dir string) error {
	sd, err := UserOnlySD()
	if err != nil {
		return err
	}
	p, err := windows.UTF16PtrFromString(dir)
	if err != nil {
		return err
	}
	sa := windows.SecurityAttributes{SecurityDescriptor: sd}
	sa.Length = uint32(unsafe.Sizeof(sa))
	return windows.CreateDirectory(p, &sa)
}

// UserOnlySD is the security descriptor of mkdirPrivate: a protected DACL
// (no inheritance from the parent) granting full control, inherited by
// files and folders, to the current user and SYSTEM.
func UserOnlySD() (*windows.SECURITY_DESCRIPTOR, error) {
	u, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return nil, fmt.Errorf("the current user's SID: %w", err)
	}
	return windows.SecurityDescriptorFromString(fmt.Sprintf("D:P(A;OICI;FA;;;%s)(A;OICI;FA;;;SY)", u.User.Sid))
}

// UserDirVars names what decides UserDir, for an error that finds none.
const UserDirVars = "set APPDATA"
