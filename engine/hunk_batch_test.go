package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// A batched run of hunks gives the file and the results each hunk gives on
// its own, one after another: hunks that change the line count, a hunk
// matching text an earlier hunk wrote, loose rungs, a failing hunk (then the
// batch steps aside and the patch applies nothing), and hunks whose result
// the file already holds (replays: already applied, some or all of them).
func TestHunkBatchMatchesOneByOne(t *testing.T) {
	var file strings.Builder
	for i := range 40 {
		fmt.Fprintf(&file, "line %d\n", i)
	}
	patches := map[string]string{
		"ok":                              "*** Begin Patch\n*** Update File: f.txt\n@@\n-line 3\n+line 3a\n+line 3b\n@@\n line 10\n-line 11\n@@\n-line 3b\n+B\n@@\n-  line 20  \n+twenty\n@@ line 30\n-line 31\n+x\n*** End Patch\n",
		"ambiguous after an earlier hunk": "*** Begin Patch\n*** Update File: f.txt\n@@\n-line 1\n+line 2\n@@\n-line 2\n+y\n*** End Patch\n",
		"missing":                         "*** Begin Patch\n*** Update File: f.txt\n@@\n-line 1\n+one\n@@\n-line 99\n+z\n*** End Patch\n",
		"already applied in part":         "*** Begin Patch\n*** Update File: f.txt\n@@\n line 5\n+five-b\n@@\n line 8\n+line 9\n@@\n-line 39\n+line 38\n@@\n line 12\n-line 13\n+thirteen\n*** End Patch\n",
		"already applied whole":           "*** Begin Patch\n*** Update File: f.txt\n@@\n line 8\n+line 9\n@@ line 20\n+line 21\n+line 22\n@@\n+line 38\n+line 39\n@@\n-line 2a\n+line 2\n line 3\n*** End Patch\n",
	}
	for name, patch := range patches {
		t.Run(name, func(t *testing.T) {
			doc := lang.Parse(source.NewFile("p", []byte(patch)))
			if doc.Diagnostics().HasErrors() {
				t.Fatal(doc.Diagnostics())
			}
			// One by one: each action through Do, on its own root.
			cfg1, root1, _ := testRoot(t)
			os.WriteFile(filepath.Join(root1, "f.txt"), []byte(file.String()), 0o644)
			ws1, _ := NewOS(cfg1)
			defer ws1.Close()
			var want []string
			failed := false
			for a := range doc.Actions() {
				r := Do(context.Background(), ws1, cfg1, lang.Lookup(a.Op).ID, a.ParamMap())
				want = append(want, fmt.Sprint(r.Success, r.AlreadyApplied, r.Error, r.Data["match"]))
				failed = failed || !r.Success
			}
			wantFile, _ := os.ReadFile(filepath.Join(root1, "f.txt"))
			if failed {
				wantFile = []byte(file.String()) // all or nothing
			}
			// Batched: the whole patch through Run.
			cfg2, root2, _ := testRoot(t)
			cfg2.NoGit = true
			os.WriteFile(filepath.Join(root2, "f.txt"), []byte(file.String()), 0o644)
			ws2, _ := NewOS(cfg2)
			defer ws2.Close()
			before, _ := os.Stat(filepath.Join(root2, "f.txt"))
			rep := Run(context.Background(), doc, ws2, cfg2, nil)
			var got []string
			for _, r := range rep.Results {
				if r.Skipped {
					continue // not run: the all-or-nothing rule, checked by the tree
				}
				got = append(got, fmt.Sprint(r.Success, r.AlreadyApplied, r.Error, r.Data["match"]))
			}
			if !failed {
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("results (-one by one +batched):\n%s", diff)
				}
			} else if rep.Success || len(got) == 0 || got[len(got)-1] != want[len(want)-1] {
				t.Errorf("failure = %v, want %v", got, want)
			}
			if strings.HasPrefix(name, "already applied") && !strings.Contains(fmt.Sprint(got), "true true") {
				t.Errorf("no hunk was already applied: %v", got)
			}
			if name == "already applied whole" && (fmt.Sprint(got) != fmt.Sprint(slices.Repeat([]string{"true true<nil>"}, 4))) {
				t.Errorf("results %v", got)
			}
			if after, _ := os.Stat(filepath.Join(root2, "f.txt")); name == "already applied whole" && !os.SameFile(before, after) {
				t.Error("a wholly replayed patch wrote its file")
			}
			gotFile, _ := os.ReadFile(filepath.Join(root2, "f.txt"))
			if diff := cmp.Diff(string(wantFile), string(gotFile)); diff != "" {
				t.Errorf("file (-want +got):\n%s", diff)
			}
		})
	}
}
