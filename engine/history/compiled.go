package history

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
)

// compiledFile reports whether file is a regular file whose first bytes
// are those of a compiled program or object: an ELF file (Linux's
// programs, .o and .so), a Mach-O one (macOS's, thin or universal; a Java
// class file shares the universal magic and is a build's output too), a
// Windows PE (an MZ header that points at "PE\0\0"), a Unix ar archive
// (.a) or a WebAssembly module. `go build ./...` of a module whose only
// package is a main writes its program at the top of the tree, under no
// folder a .gitignore or a CACHEDIR.TAG would name; such a file is no
// change an answer asked for, and committing it puts megabytes in the
// history. Magic numbers are from each format's own specification.
func compiledFile(file string) bool {
	fi, err := os.Lstat(file)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return compiledHead(head[:n])
}

// compiledHead reports whether head, a file's first bytes, opens a
// compiled program or object (compiledFile).
func compiledHead(head []byte) bool {
	for _, magic := range [][]byte{
		[]byte("\x7fELF"),
		{0xfe, 0xed, 0xfa, 0xce}, {0xce, 0xfa, 0xed, 0xfe}, // Mach-O 32-bit
		{0xfe, 0xed, 0xfa, 0xcf}, {0xcf, 0xfa, 0xed, 0xfe}, // Mach-O 64-bit
		{0xca, 0xfe, 0xba, 0xbe}, // Mach-O universal, Java class
		[]byte("!<arch>\n"),
		[]byte("\x00asm"),
	} {
		if bytes.HasPrefix(head, magic) {
			return true
		}
	}
	// PE: "MZ", and at the offset the DOS header's e_lfanew (0x3c) holds,
	// "PE\0\0"; "MZ" alone opens text too.
	if len(head) >= 0x40 && bytes.HasPrefix(head, []byte("MZ")) {
		off := int(binary.LittleEndian.Uint32(head[0x3c:]))
		return off >= 0x40 && off+4 <= len(head) && bytes.Equal(head[off:off+4], []byte("PE\x00\x00"))
	}
	return false
}
