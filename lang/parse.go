package lang

// Parse finds every action block in f (any mix of SHAM, CSL and CML, between
// arbitrary prose) and lowers each into the shared AST. It never fails: every
// problem is a Diagnostic on the document, group or action it belongs to.
//
// Placeholder until the SHAM front-end lands: returns an empty document.
func Parse(f *File) *Document {
	return &Document{File: f}
}
