package sham

import (
	"bytes"
	"fmt"

	"github.com/clada-dev/clada/source"
)

// MinIDLen and MaxIDLen bound block ids (DESIGN: 2–8 ASCII letters or digits;
// nesl-js insists on exactly 3).
const (
	MinIDLen = 2
	MaxIDLen = 8
)

// header is a parsed "#!SHAM [@label: id]" line; offsets are relative to the
// line start.
type header struct {
	id             string
	idStart, idEnd int
}

// parseHeader reads a header line (without its newline). The label after "@"
// is not checked beyond its shape, so "[@three-char-SHA-256: k7m]" and
// variants with other labels are both read.
func parseHeader(line []byte) (header, *source.Diagnostic) {
	line = trimRightSpace(line)
	malformed := func() (header, *source.Diagnostic) { // built only on failure: headers are on the hot path
		d := syntaxError(MalformedHeader, 0, len(line),
			fmt.Sprintf("%q is not a valid SHAM block header.", clip(line)),
			"Write the header as #!SHAM [@three-char-SHA-256: k7m], with a block id of 2 to 8 letters or digits.")
		return header{}, &d
	}
	i := len(headerPrefix)
	for i < len(line) && isBlank(line[i]) {
		i++
	}
	if i >= len(line) || line[i] != '[' || line[len(line)-1] != ']' {
		return malformed()
	}
	inner := line[i+1 : len(line)-1]
	colon := bytes.IndexByte(inner, ':')
	if len(inner) == 0 || inner[0] != '@' || colon < 2 {
		return malformed()
	}
	for _, c := range inner[1:colon] {
		if !isASCIIAlnum(c) && c != '-' && c != '_' {
			return malformed()
		}
	}
	j := colon + 1
	for j < len(inner) && isBlank(inner[j]) {
		j++
	}
	idStart := i + 1 + j
	idEnd := len(line) - 1
	for idEnd > idStart && isBlank(line[idEnd-1]) {
		idEnd--
	}
	h := header{id: string(line[idStart:idEnd]), idStart: idStart, idEnd: idEnd}
	if err := checkID(h.id); err != "" {
		d := syntaxError(InvalidBlockID, idStart, idEnd, err,
			"Use an id of 2 to 8 ASCII letters or digits, such as k7m, and end the block with #!END_SHAM_k7m.")
		return h, &d
	}
	return h, nil
}

// checkID returns why id is not a valid block id, or "".
func checkID(id string) string {
	if id == "" {
		return "The block header has no id."
	}
	for i := 0; i < len(id); i++ {
		if !isASCIIAlnum(id[i]) {
			return fmt.Sprintf("Block id %q may contain only ASCII letters and digits.", id)
		}
	}
	if len(id) < MinIDLen || len(id) > MaxIDLen {
		return fmt.Sprintf("Block id %q is %d characters long; ids are %d to %d characters.", id, len(id), MinIDLen, MaxIDLen)
	}
	return ""
}

// ValidKey reports whether key can be written as a SHAM key (letters,
// digits and "_", at most MaxKeyLen characters).
func ValidKey(key string) bool {
	msg, _ := checkKey(key)
	return key != "" && msg == ""
}

// ValidID reports whether id can be a block id.
func ValidID(id string) bool { return checkID(id) == "" }

func isASCIIAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// clip shortens text quoted inside a message.
func clip(b []byte) string {
	const max = 60
	if len(b) > max {
		return string(b[:max]) + "…"
	}
	return string(b)
}
