// Package source is where a text's positions and problems are defined:
// Range (byte offsets), File (the text and its line table, the one place
// offsets become lines and columns), Position, and Diagnostic, the one
// problem type every layer reports, from a grammar's syntax error to a
// workspace check in the editor.
//
// It is the leaf every other package may import: it imports nothing of
// clada's but internal/parallel. Start with diag.go, then file.go.
package source
