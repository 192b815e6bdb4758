package bigbuf

import (
	"testing"
	"unsafe"
)

func TestMakeIsMake(t *testing.T) {
	for _, c := range []int{0, 10, HugeFrom - 1, HugeFrom, 10<<20 + 7} {
		b := Make(c/2, c)
		if len(b) != c/2 || cap(b) != c {
			t.Fatalf("Make(%d, %d): len %d cap %d", c/2, c, len(b), cap(b))
		}
		for i, v := range b[:cap(b)] {
			if v != 0 {
				t.Fatalf("Make(%d, %d)[%d] = %d, want zeroed memory", c/2, c, i, v)
			}
		}
		b = append(b[:cap(b)], 1)
		if b[len(b)-1] != 1 {
			t.Fatal("append past the buffer lost the byte")
		}
	}
}

func TestHugeSpanIsWholeAlignedPagesInside(t *testing.T) {
	b := make([]byte, 7<<20)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	from, to := hugeSpan(b)
	if to <= from {
		t.Fatalf("hugeSpan of 7 MiB = [%d, %d), want at least two whole pages", from, to)
	}
	if (p+uintptr(from))%hugePage != 0 || (p+uintptr(to))%hugePage != 0 {
		t.Fatalf("span [%d, %d) of a buffer at %#x is not huge-page aligned", from, to, p)
	}
	if from >= hugePage || len(b)-to >= hugePage || to > len(b) {
		t.Fatalf("span [%d, %d) of %d bytes leaves a whole page out, or reaches past the end", from, to, len(b))
	}
	if f, e := hugeSpan(b[:hugePage-1]); e != f {
		t.Fatalf("hugeSpan of less than a page = [%d, %d), want empty", f, e)
	}
	if f, e := hugeSpan(nil); f != 0 || e != 0 {
		t.Fatalf("hugeSpan(nil) = [%d, %d)", f, e)
	}
}

func TestStringSharesTheBytes(t *testing.T) {
	b := []byte("hello")
	s := String(b)
	if s != "hello" || unsafe.StringData(s) != unsafe.SliceData(b) {
		t.Fatalf("String = %q at a copy, want the buffer's own bytes", s)
	}
}

// BenchmarkFill is the cost the package exists for: a fresh 10 MiB buffer
// filled, with (Make) and without (make) the advice. Each round's buffer
// is new memory only when the heap has none free, so compare whole
// processes (-count, benchstat) rather than trusting one round.
func BenchmarkFill(b *testing.B) {
	src := make([]byte, 10<<20)
	for _, bc := range []struct {
		name string
		mk   func(n, c int) []byte
	}{{"make", func(n, c int) []byte { return make([]byte, n, c) }}, {"bigbuf", Make}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				buf := bc.mk(len(src), len(src))
				copy(buf, src)
			}
		})
	}
}
