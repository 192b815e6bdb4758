//go:build !linux

package bigbuf

// advise does nothing here: huge-page advice is Linux's (bigbuf.go).
func advise([]byte) {}
