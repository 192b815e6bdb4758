package lang

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/source"
)

// The parse benchmarks of hostile CML and CSL whose parse time once grew
// with the square of their size, at three sizes. Run:
//
//	go test ./lang -run XXX -bench 'ParseHostile' -benchtime 3x

// nestedCML is one <tasks> block holding depth nested unknown elements, each
// with attrs attributes: the shape that was quadratic. Past cml.MaxNesting
// (256) the lexer now stops at the first element too deep, so the nested
// benchmark measures that refusal, and the attribute ones the linear scan.
func nestedCML(depth, attrs int) []byte {
	var sb strings.Builder
	sb.WriteString("<tasks>\n")
	for i := range depth {
		fmt.Fprintf(&sb, "<e%d", i%7)
		for a := range attrs {
			fmt.Fprintf(&sb, ` a%d="v"`, a)
		}
		sb.WriteString(">")
	}
	for i := depth - 1; i >= 0; i-- {
		fmt.Fprintf(&sb, "</e%d>", i%7)
	}
	sb.WriteString("\n</tasks>\n")
	return []byte(sb.String())
}

// manyAttrCSL is one CSL WRITE with attrs attributes on its marker.
func manyAttrCSL(attrs int) []byte {
	var sb strings.Builder
	sb.WriteString(`<---WRITE file="a.txt"`)
	for a := range attrs {
		fmt.Fprintf(&sb, ` a%d="v"`, a)
	}
	sb.WriteString("--->\nx\n<---END--->\n")
	return []byte(sb.String())
}

// manyAttrCML is one CML write element with attrs attributes.
func manyAttrCML(attrs int) []byte {
	var sb strings.Builder
	sb.WriteString(`<write path="a.txt"`)
	for a := range attrs {
		fmt.Fprintf(&sb, ` a%d="v"`, a)
	}
	sb.WriteString(">x</write>\n")
	return []byte(sb.String())
}

func BenchmarkParseHostileCMLNested(b *testing.B) {
	for _, depth := range []int{1000, 2000, 4000} {
		src := nestedCML(depth, 8)
		b.Run(fmt.Sprintf("depth=%d/%dKB", depth, len(src)>>10), func(b *testing.B) {
			for b.Loop() {
				Parse(source.NewFile("a.md", src))
			}
		})
	}
}

func BenchmarkParseHostileCMLAttrs(b *testing.B) {
	for _, n := range []int{10000, 20000, 40000} {
		src := manyAttrCML(n)
		b.Run(fmt.Sprintf("attrs=%d/%dKB", n, len(src)>>10), func(b *testing.B) {
			for b.Loop() {
				Parse(source.NewFile("a.md", src))
			}
		})
	}
}

func BenchmarkParseHostileCSLAttrs(b *testing.B) {
	for _, n := range []int{10000, 20000, 40000} {
		src := manyAttrCSL(n)
		b.Run(fmt.Sprintf("attrs=%d/%dKB", n, len(src)>>10), func(b *testing.B) {
			for b.Loop() {
				Parse(source.NewFile("a.md", src))
			}
		})
	}
}
