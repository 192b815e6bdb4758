// Package bigbuf allocates the large buffers an apply fills at once: a
// file's text as read, an edited copy of it, an edit index's gap buffer.
//
// A fresh 10 MiB buffer is 2,560 page faults, each a trip to the kernel
// that costs microseconds inside a virtual machine: filling one cost 6–40
// ms where copying the bytes takes 1–2 (README "Performance"). On Linux a
// big buffer's whole 2 MiB pages are advised to be transparent huge pages
// (madvise MADV_HUGEPAGE, honoured when the system's THP mode is
// "madvise" or "always"), so filling it is a few faults instead. Elsewhere,
// and below HugeFrom, it is plain make.
package bigbuf

import (
	"unsafe"
)

// HugeFrom is the capacity from which a buffer is advised: below it the
// faults are few, and a huge page would mostly hold other objects.
const HugeFrom = 4 << 20

// hugePage is the size of an x86-64 and arm64 transparent huge page.
const hugePage = 2 << 20

// Make is make([]byte, n, c), with the buffer's whole huge pages advised
// when c reaches HugeFrom. Only its allocation differs: it is ordinary Go
// memory, freed by the garbage collector.
func Make(n, c int) []byte {
	b := make([]byte, n, c)
	if c >= HugeFrom {
		advise(b[:c])
	}
	return b
}

// String is b as a string, without a copy; b must never be written again
// (as strings.Builder.String does with its buffer).
func String(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// hugeSpan is the part of b made of whole aligned huge pages: the offsets
// [from, to) within b, empty when b holds none.
func hugeSpan(b []byte) (from, to int) {
	if len(b) == 0 {
		return 0, 0
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	start := (p + hugePage - 1) &^ (hugePage - 1)
	end := (p + uintptr(len(b))) &^ (hugePage - 1)
	if end <= start {
		return 0, 0
	}
	return int(start - p), int(end - p)
}
