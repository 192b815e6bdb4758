//go:build unix

package main

import (
	"os"
	"slices"
	"strings"

	"github.com/clada-dev/clada/internal/benchdoc"
	"github.com/rogpeppe/go-internal/txtar"
)

// floorFlag runs this program as the floor rows' command: the files of
// the archive its last argument names written into the current folder by
// benchdoc.ReplaceFloor, durably or not as its first argument says.
const floorFlag = "--replace-floor"

// floorInput is the floor's input: the files want changes from tree.
func floorInput(tree, want map[string]string) string {
	var a txtar.Archive
	for p, c := range want {
		if old, ok := tree[p]; ok && old != c {
			a.Files = append(a.Files, txtar.File{Name: p, Data: []byte(c)})
		}
	}
	slices.SortFunc(a.Files, func(x, y txtar.File) int { return strings.Compare(x.Name, y.Name) })
	return string(txtar.Format(&a))
}

// floor is the floor rows' command.
func floor(durable bool, input string) {
	a, err := txtar.ParseFile(input)
	check(err)
	want := map[string]string{}
	for _, f := range a.Files {
		want[f.Name] = string(f.Data)
	}
	wd, err := os.Getwd()
	check(err)
	check(benchdoc.ReplaceFloor(wd, want, durable))
}
