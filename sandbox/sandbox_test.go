package sandbox

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWrapReadsBack(t *testing.T) {
	spec := Spec{Mode: Strict, Writable: []string{"/r", "/a b"}}
	argv := []string{"bash", "-c", "echo -- -w"}
	got := Wrap("/bin/clada", spec, argv)
	want := []string{"/bin/clada", "__clada-sandbox", "strict", "-w", "/r", "-w", "/a b", "--", "bash", "-c", "echo -- -w"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("Wrap (-want +got):\n%s", diff)
	}
	gotSpec, gotArgv, err := parseHelperArgs(got[2:])
	if err != nil || !cmp.Equal(spec, gotSpec) || !cmp.Equal(argv, gotArgv) {
		t.Fatalf("parseHelperArgs = %+v %q %v", gotSpec, gotArgv, err)
	}
}

func TestParseHelperArgsErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{nil, "missing mode"},
		{[]string{"loose"}, `unknown sandbox mode "loose"; use off, write or strict`},
		{[]string{"write", "-w", "/r"}, "missing -- before the command"},
		{[]string{"write", "--"}, "missing command"},
		{[]string{"write", "-x", "--", "true"}, `unexpected argument "-x"`},
	} {
		if _, _, err := parseHelperArgs(tc.args); err == nil || err.Error() != tc.err {
			t.Errorf("parseHelperArgs(%q) = %v, want %q", tc.args, err, tc.err)
		}
	}
}

func TestCheckABI(t *testing.T) {
	for _, tc := range []struct {
		mode Mode
		abi  int
		err  string
	}{
		{Off, 0, ""},
		{Write, 1, ""},
		{Strict, 4, ""},
		{Write, 0, "sandbox write: " + unavailable},
		{Strict, 0, "sandbox strict: " + unavailable},
		{Strict, 3, "sandbox strict: this kernel's Landlock is ABI 3, but denying network access needs ABI 4 (Linux 6.7+); the command was not run (use --sandbox write to confine only writes)"},
	} {
		err := CheckABI(tc.mode, tc.abi)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("CheckABI(%s, %d) = %q, want %q", tc.mode, tc.abi, got, tc.err)
		}
		if tc.abi == 0 && tc.mode != Off && !errors.Is(err, ErrUnavailable) {
			t.Errorf("CheckABI(%s, 0) does not wrap ErrUnavailable", tc.mode)
		}
	}
}

func TestUnder(t *testing.T) {
	for _, tc := range []struct {
		path, dir string
		want      bool
	}{
		{"/r", "/r", true},
		{"/r/a/b", "/r", true},
		{"/rx", "/r", false},
		{"/x", "/", true},
		{"/", "/r", false},
	} {
		if got := Under(tc.path, tc.dir); got != tc.want {
			t.Errorf("Under(%q, %q) = %v", tc.path, tc.dir, got)
		}
	}
}
