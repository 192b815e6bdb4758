package mcp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/url"
	"path"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// fileScheme is the URI prefix of a file resource: the rest is the path
// relative to the root, so URIs never name the machine's absolute paths.
const fileScheme = "clada://file/"

// maxResource caps the bytes one resource read returns: a resource is
// whole or nothing (no head and tail), and a model asking for a file of a
// megabyte wants file_read_numbered with lines instead.
const maxResource = 1 << 20

func fileTemplate() *sdk.ResourceTemplate {
	return &sdk.ResourceTemplate{
		Name:        "file",
		Title:       "A file under the project root",
		URITemplate: fileScheme + "{+path}",
		Description: "A UTF-8 text file, by its path relative to the project root; the same path rules as file_read (no escape from the root, no symlinks), up to 1 MiB.",
	}
}

// readFile is the resource handler: the path goes through the engine's
// path rules and workspace (os.Root, no symlinks, regular files only) and
// the project's refusals, exactly as a file_read action would.
func (h *handler) readFile(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	uri := req.Params.URI
	rel, err := url.PathUnescape(strings.TrimPrefix(uri, fileScheme))
	if err != nil || !strings.HasPrefix(uri, fileScheme) {
		return nil, invalid("resource %s: not a file URI; write "+fileScheme+"PATH with PATH relative to the root", uri)
	}
	cfg := h.o.Session.Engine
	a := lang.ActionDocument(lang.OpFileRead.String(), []*lang.Param{{Key: lang.ParamPath, Value: rel}})
	if cfg.Refuse != nil {
		if why := cfg.Refuse(a.Groups[0].Actions[0]); why != "" {
			return nil, invalid("resource %s: %s", uri, why)
		}
	}
	abs, err := cfg.Resolve(rel)
	if err != nil {
		return nil, invalid("resource %s: %v", uri, err)
	}
	ws, done, err := h.o.Session.View()
	if err != nil {
		return nil, fmt.Errorf("resource %s: %w", uri, err)
	}
	defer done()
	fi, err := ws.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, sdk.ResourceNotFoundError(uri)
	case err == nil && fi.Mode().IsRegular() && fi.Size() > maxResource:
		return nil, invalid("resource %s: the file has %d bytes, over the %d a resource returns; read it in parts with file_read_numbered and lines", uri, fi.Size(), maxResource)
	}
	res := engine.Do(ctx, ws, cfg, lang.OpFileRead, map[string]string{lang.ParamPath: rel})
	if !res.Success {
		if res.Type == fault.FileNotFound {
			return nil, sdk.ResourceNotFoundError(uri)
		}
		msg := res.Error
		if res.Hint != "" {
			msg += " (" + res.Hint + ")"
		}
		return nil, invalid("resource %s: %s", uri, msg)
	}
	text, _ := res.Data["content"].(string)
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: uri, MIMEType: mimeOf(rel), Text: text}}}, nil
}

// mimeOf is the text MIME type of a path by its extension, text/plain
// when the extension says nothing textual.
func mimeOf(p string) string {
	t := mime.TypeByExtension(path.Ext(p))
	if strings.HasPrefix(t, "text/") || strings.Contains(t, "json") || strings.Contains(t, "xml") || strings.Contains(t, "javascript") {
		return t
	}
	return "text/plain"
}

// invalid is a resource error the client should not retry unchanged.
func invalid(format string, a ...any) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf(format, a...)}
}

// promptSpec is `clada prompt` as an MCP prompt: the instructions an LLM
// needs to write valid blocks for `apply`, in the syntax asked for.
func promptSpec() *sdk.Prompt {
	return &sdk.Prompt{
		Name:        "clada",
		Title:       "Write clada action blocks",
		Description: "How to write action blocks clada carries out (the op catalog, with examples), for the apply tool; the same text as `clada prompt`.",
		Arguments: []*sdk.PromptArgument{{Name: "syntax", Title: "Block syntax",
			Description: lang.SyntaxList() + " (default " + lang.DefaultSyntax.String() + ")"}},
	}
}

func (h *handler) prompt(_ context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
	name := req.Params.Arguments["syntax"]
	if name == "" {
		name = lang.DefaultSyntax.String()
	}
	s := lang.ParseSyntax(name)
	if s == 0 {
		return nil, invalid("prompt clada: unknown syntax %q; use %s", name, lang.SyntaxList())
	}
	var b bytes.Buffer
	if err := lang.PromptOps(&b, s, h.o.Session.Config.Ops()); err != nil {
		return nil, fmt.Errorf("prompt clada: %w", err)
	}
	return &sdk.GetPromptResult{
		Description: "clada's instructions for " + name + " blocks",
		Messages:    []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: b.String()}}},
	}, nil
}
