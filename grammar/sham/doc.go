// Package sham reads SHAM, clada's own key = value block syntax (README,
// "The three syntaxes"):
//
//	#!SHAM [@three-char-SHA-256: k7m]
//	action = "file_write"
//	path = "hello.txt"
//	content = <<'EOT_SHAM_k7m'
//	Hello
//	EOT_SHAM_k7m
//	#!END_SHAM_k7m
//
// Split finds the blocks in arbitrary text in one forward pass (split.go);
// ParseBlock, or a Scratch's ParseBlocks for a run of blocks in one parser
// call, reads each into its header id and params with positions and
// diagnostics (block.go). A hand-written line lexer (lexer.go) gives
// participle a few tokens per block and classifies malformed lines itself,
// so one block can carry several errors and keep its good keys. Error codes
// are nesl-js's (errors.go). It knows keys and values, not what an action
// means: that is lang's business.
//
// sham imports source and participle, nothing else of clada's; package lang
// imports it (fuzz tests too), and it never imports lang.
//
// Start reading at split.go (Split), then block.go (ParseBlock) and
// lexer.go.
package sham
