package fault

import "testing"

// TestWords pins the words: reports print them and their readers match them.
func TestWords(t *testing.T) {
	want := map[Kind]string{None: "", SearchNotFound: "search_not_found", FileNotFound: "file_not_found",
		FileExists: "file_exists", PermissionDenied: "permission_denied", SymlinkNotAllowed: "symlink_not_allowed",
		PathEscape: "path_escape", InvalidPath: "invalid_path", ExecTimeout: "exec_timeout", ExecFailed: "exec_failed",
		SandboxDenied: "sandbox_denied", SandboxUnavailable: "sandbox_unavailable", MalformedXML: "malformed_xml", LazyPlaceholder: "lazy_placeholder",
		SearchAmbiguous: "search_ambiguous"}
	if got := (SearchAmbiguous + 1).String(); got != "unknown" {
		t.Errorf("a kind after SearchAmbiguous has the word %q: add it to this test", got)
	}
	for k, w := range want {
		if k.String() != w {
			t.Errorf("%d.String() = %q, want %q", k, k.String(), w)
		}
		if b, _ := k.MarshalText(); string(b) != w {
			t.Errorf("%d.MarshalText() = %q, want %q", k, b, w)
		}
	}
}
