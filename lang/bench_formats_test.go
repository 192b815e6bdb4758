package lang

import (
	"testing"

	"github.com/clada-dev/clada/internal/benchdoc"
	"github.com/clada-dev/clada/source"
)

// BenchmarkParseEdits is reading the answers of 5,000 edits to one file in
// each format (internal/benchdoc, the ones scripts/side-by-side applies
// against Codex's apply_patch): the parse part of the engine's
// Formats10MiB rows. Run:
//
//	go test ./lang -run XXX -bench ParseEdits -benchmem
func BenchmarkParseEdits(b *testing.B) {
	for _, f := range benchdoc.Formats {
		src := []byte(benchdoc.Edits(f, 5000))
		b.Run(string(f), func(b *testing.B) {
			file := source.NewFile("answer", src)
			doc := Parse(file)
			if n := len(doc.Diagnostics()); n != 0 {
				b.Fatalf("%d diagnostics: %v", n, doc.Diagnostics()[0])
			}
			actions := 0
			for range doc.Actions() {
				actions++
			}
			if actions != 5000 {
				b.Fatalf("%d actions, want 5000", actions)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(file)
			}
		})
	}
}

// BenchmarkParseGitDiff is reading the git diff of 10,000 hunks over 1,000
// files that scripts/side-by-side applies against git apply: the parse
// part of the engine's GitDiff/1000 rows. Run:
//
//	go test ./lang -run XXX -bench ParseGitDiff -benchmem
func BenchmarkParseGitDiff(b *testing.B) {
	_, _, diff := benchdoc.GitDiff(10000, 1000)
	src := []byte(diff)
	if n := len(Parse(source.NewFile("answer.diff", src)).Diagnostics()); n != 0 {
		b.Fatalf("%d diagnostics", n)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(source.NewFile("answer.diff", src))
	}
}

// BenchmarkParseGitDiffDeferred is BenchmarkParseGitDiff as clada apply
// parses: hunk texts deferred (ParseOptions.DeferHunkTexts).
func BenchmarkParseGitDiffDeferred(b *testing.B) {
	_, _, diff := benchdoc.GitDiff(10000, 1000)
	src := []byte(diff)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		ParseWithOptions(source.NewFile("answer.diff", src), ParseOptions{DeferHunkTexts: true})
	}
}
