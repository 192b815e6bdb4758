package lang

// NewFileLines is NewFile for a caller that found the line starts while it
// produced src: the language server does, unescaping a big didOpen, and so
// saves the pass NewFile makes (issue 17 §3). lines must be what NewFile
// builds: 0, then the offset just past each '\n' of src, ascending.
func NewFileLines(name string, src []byte, lines []int) *File {
	return &File{Name: name, Src: src, lines: lines}
}
