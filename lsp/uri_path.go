package lsp

import (
	"path/filepath"
	"runtime"
	"strings"
)

// A file URI's path is a slash path on every system; on Windows it starts
// with a slash before the drive (file:///C:/x/a.md, or c%3A as VS Code
// writes it) or names a share by its host (file://server/share/a.md). The
// two conversions are pure, for a given system, so Windows' are tested
// everywhere.

// localPath is the local path of a file URI's host and path.
func localPath(host, path string) string { return localPathOn(runtime.GOOS, host, path) }

// urlPath is a local path's file URI host and path.
func urlPath(p string) (host, path string) { return urlPathOn(runtime.GOOS, p) }

func localPathOn(goos, host, path string) string {
	if goos != "windows" {
		return path
	}
	if host != "" && host != "localhost" {
		return `\\` + host + strings.ReplaceAll(path, "/", `\`) // a share
	}
	if len(path) >= 3 && path[0] == '/' && path[2] == ':' {
		path = path[1:] // /C:/x → C:/x
	}
	return strings.ReplaceAll(path, "/", `\`)
}

func urlPathOn(goos, p string) (host, path string) {
	if goos != "windows" {
		return "", filepath.ToSlash(p)
	}
	p = strings.ReplaceAll(p, `\`, "/")
	if rest, ok := strings.CutPrefix(p, "//"); ok { // \\server\share\x
		host, path, _ = strings.Cut(rest, "/")
		return host, "/" + path
	}
	if len(p) >= 2 && p[1] == ':' {
		return "", "/" + p // C:/x → /C:/x
	}
	return "", p
}
