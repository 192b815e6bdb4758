package state

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/internal/testfs"
	"golang.org/x/sys/windows"
)

// The user's clada directory is made with an access list of its own:
// protected from the parent's, full control for the user and SYSTEM and
// nobody else, inherited by the files made in it. An existing directory is
// left as it is.
func TestMakeUserDirACL(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "AppData", "clada")
	if err := MakeUserDir(dir); err != nil {
		t.Fatal(err)
	}
	sd, err := windows.GetNamedSecurityInfo(dir, windows.SE_FILE_OBJECT, windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		t.Fatal(err)
	}
	u, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		t.Fatal(err)
	}
	got := sd.String()
	wants := []string{"D:P", "(A;OICI;FA;;;" + u.User.Sid.String() + ")", "(A;OICI;FA;;;SY)"}
	if testfs.Wine() {
		wants = wants[1:] // Wine keeps the entries but not the protected flag
	}
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("access list %s lacks %s", got, want)
		}
	}
	if n := strings.Count(got, "(A;"); n != 2 {
		t.Errorf("access list %s grants %d entries, want the user and SYSTEM only", got, n)
	}
	if err := MakeUserDir(dir); err != nil {
		t.Errorf("existing directory: %v", err)
	}
}
