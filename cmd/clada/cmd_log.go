package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/engine/history"
	"github.com/clada-dev/clada/engine/textedit"
)

// cmdLog lists the applies recorded in the repository's history, newest
// first: what `clada undo` would walk back through.
func cmdLog(e *env) int {
	fs := newFlagSet(e, "log", "[--root DIR] [--format text|json]")
	root := fs.String("root", ".", "project root whose applies to list")
	format := fs.String("format", "text", "output: text or json")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(e.stderr, "clada log: takes no arguments (got %q); use --root DIR\n", pos[0])
		return exitUsage
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(e.stderr, "clada log: --format %q: use text or json\n", *format)
		return exitUsage
	}
	s, ok := historySession(e, "log", *root, "", nil)
	if !ok {
		return exitUsage
	}
	recs, err := s.Log(context.Background())
	if err != nil {
		fmt.Fprintf(e.stderr, "clada %v\n", err)
		return exitFail
	}
	if *format == "json" {
		type entry struct {
			ID          string   `json:"id"`
			Time        string   `json:"time"`
			Status      string   `json:"status"`
			Summary     string   `json:"summary"`
			Files       []string `json:"files"`
			SaveCommit  string   `json:"saveCommit,omitempty"`
			ApplyCommit string   `json:"applyCommit,omitempty"`
			// NotClada says why undo and squash refuse the record: clada did
			// not sign it (README, "The git model").
			NotClada string `json:"notClada,omitempty"`
		}
		out := []entry{}
		for _, r := range recs {
			out = append(out, entry{r.ID, r.Time.UTC().Format("2006-01-02T15:04:05Z"), r.Status, r.Summary, paths(r), r.SaveCommit, r.ApplyCommit, r.NotClada})
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false) // summaries hold shell code: keep && and < readable
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(e.stderr, "clada log: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	if len(recs) == 0 {
		fmt.Fprintln(e.stdout, "no applies recorded")
		return exitOK
	}
	for _, r := range recs {
		status := ""
		switch r.Status {
		case history.ApplyUndone:
			status = " (undone)"
		case history.ApplyStarted:
			status = " (interrupted)"
		case history.ApplySquashed:
			status = " (squashed)"
		}
		if r.NotClada != "" {
			status += " (not clada's)"
		}
		// Summaries hold an answer's text (commands, paths): escape control
		// characters so a logged answer cannot drive the terminal. A record
		// not clada's holds anyone's text, its id and time included.
		fmt.Fprintf(e.stdout, "%s  %s%s  %s\n", textedit.Printable(r.ID), r.Time.UTC().Format("2006-01-02 15:04:05Z"), status, textedit.Printable(r.Summary))
		fmt.Fprintf(e.stdout, "    %s\n", textedit.Printable(strings.Join(paths(r), ", ")))
		if r.NotClada != "" {
			fmt.Fprintf(e.stdout, "    not clada's (line %d): %s; undo and squash refuse it\n", r.Line, r.NotClada)
		}
	}
	return exitOK
}

// paths lists an apply's changed paths, a directory with a trailing slash.
func paths(r history.ApplyRecord) []string {
	out := make([]string, 0, len(r.Files))
	for _, f := range r.Files {
		if f.IsDir() {
			out = append(out, f.Path+"/")
		} else {
			out = append(out, f.Path)
		}
	}
	return out
}
