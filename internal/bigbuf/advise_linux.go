package bigbuf

import "golang.org/x/sys/unix"

// advise asks for huge pages under b's whole aligned 2 MiB pages. It is
// advice: a kernel without transparent huge pages, or with them off,
// refuses or ignores it, and the buffer works as any other.
func advise(b []byte) {
	if from, to := hugeSpan(b); to > from {
		_ = unix.Madvise(b[from:to], unix.MADV_HUGEPAGE)
	}
}
