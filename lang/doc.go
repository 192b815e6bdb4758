// Package lang is clada's language: the shared AST every syntax is read
// into (Document, Group, Action, Param), the op catalog, and everything done
// with a document short of running it. Parse finds the action blocks of any
// mix of syntaxes in arbitrary prose and lowers each into the AST; Check and
// Validate lint it against the catalog; Print writes it in any syntax (clada
// fmt, the editor's conversions) and ConvertLosses says what that would
// lose; Prompt teaches a syntax to an LLM; Parser keeps a parse cache for the
// language server.
//
// Each syntax is one SyntaxDef (syntax.go), listed once in its registry, in
// files of its own: syntax_<name>.go (the descriptor), lower_<name>.go (its
// grammar's output → AST), print_<name>.go and prompt_<name>.go. Code above
// lang reads a syntax's descriptor (s.Def()) rather than switching on it
// (DESIGN.md, "Three syntaxes, one AST").
//
// lang imports source (positions and diagnostics), the grammars under
// grammar/ and internal/parallel; it never touches the filesystem and never
// imports engine or anything above it. Every package above it (config,
// engine, report, session, lsp, mcp, watch, cmd) imports it; no grammar
// does.
//
// Start reading at ast.go (Document), then syntax.go (SyntaxDef and the
// registry), parse.go (Parse, findSpans), and one syntax's
// syntax_<name>.go and lower_<name>.go; the catalog is catalog.go.
package lang
