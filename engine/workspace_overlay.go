package engine

// Overlay is an in-memory copy-on-write layer over a Workspace.
type Overlay struct{ Workspace }

// NewOverlay layers an Overlay over base.
func NewOverlay(base Workspace) *Overlay { return &Overlay{Workspace: base} }
