package engine

import (
	"bytes"
	"path/filepath"

	"github.com/editorconfig/editorconfig-core-go/v2"

	"github.com/clada-dev/clada/engine/fsys"
)

// newFileEnd gives a file the write creates the final newline the project
// asks of it (README, "Files end the way the project ends them"): the
// .editorconfig files from the file's folder up to the project root (or
// the first with root = true) decide through insert_final_newline, the
// nearest that sets it winning, as editors read them. true adds a missing
// final line end, false drops one; with no such setting the content stays
// exactly as written (SHAM's heredocs then keep nesl-js's bytes). The
// files are read through the workspace, so a simulation sees what the
// same apply wrote before.
func (x *opRun) newFileEnd(abs string, data []byte) []byte {
	if len(data) == 0 {
		return data
	}
	root := filepath.Clean(x.cfg.Root)
	if !fsys.Within(root, abs) {
		return data
	}
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		ecPath := filepath.Join(dir, ".editorconfig")
		if fi, err := x.ws.Lstat(ecPath); err == nil && fi.Mode().IsRegular() && fi.Size() <= maxEditorconfig {
			b, err := x.ws.ReadFile(ecPath)
			if ec, perr := editorconfig.Parse(bytes.NewReader(b)); err == nil && perr == nil {
				rel, _ := filepath.Rel(dir, abs)
				def, err := ec.GetDefinitionForFilename(filepath.ToSlash(rel))
				if err == nil && def.InsertFinalNewline != nil {
					return withFinalNewline(data, *def.InsertFinalNewline)
				}
				if ec.Root {
					return data
				}
			}
		}
		if dir == root || dir == filepath.Dir(dir) {
			return data
		}
	}
}

// maxEditorconfig bounds the .editorconfig read (real ones are a few KB).
const maxEditorconfig = 1 << 20

// withFinalNewline adds ("\n", or "\r\n" when data uses CRLF) or drops a
// final line end.
func withFinalNewline(data []byte, want bool) []byte {
	has := data[len(data)-1] == '\n'
	switch {
	case want && !has:
		if bytes.Contains(data, []byte("\r\n")) {
			return append(data[:len(data):len(data)], '\r', '\n')
		}
		return append(data[:len(data):len(data)], '\n')
	case !want && has:
		data = data[:len(data)-1]
		return bytes.TrimSuffix(data, []byte("\r"))
	}
	return data
}
