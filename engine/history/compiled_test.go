package history

import (
	"encoding/binary"
	"testing"
)

func TestCompiledHead(t *testing.T) {
	pe := make([]byte, 0x90)
	copy(pe, "MZ")
	binary.LittleEndian.PutUint32(pe[0x3c:], 0x80)
	copy(pe[0x80:], "PE\x00\x00")
	mzText := make([]byte, 0x90)
	copy(mzText, "MZ is a prefix of this note\n")
	for _, c := range []struct {
		name string
		head []byte
		want bool
	}{
		{"elf", []byte("\x7fELF\x02\x01\x01\x00"), true},
		{"mach-o 64", []byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}, true},
		{"universal or class", []byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2}, true},
		{"ar", []byte("!<arch>\ndebian-binary"), true},
		{"wasm", []byte("\x00asm\x01\x00\x00\x00"), true},
		{"pe", pe, true},
		{"mz text", mzText, false},
		{"short mz", []byte("MZ"), false},
		{"script", []byte("#!/bin/sh\necho hi\n"), false},
		{"empty", nil, false},
		{"elf word in text", []byte("ELF files\n"), false},
	} {
		if got := compiledHead(c.head); got != c.want {
			t.Errorf("%s: compiledHead = %v, want %v", c.name, got, c.want)
		}
	}
}
