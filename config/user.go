package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/internal/state"
	"go.yaml.in/yaml/v3"
)

// User is the user's own config.yaml, beside the trust store in the user's
// clada directory (state.UserDir), outside every repository: what only the
// user may widen, for every project. A project's .clada.yaml, which comes
// with a clone, may only tighten (README "Safety", what commands may write).
type User struct {
	Path string // absolute path of the file ("" when there is none)
	// ShareCaches names the toolchains whose own caches commands may use
	// and write (sandbox.share-caches) instead of clada's cache for them.
	ShareCaches []string
	// Writable are more directories every confined command may write
	// (sandbox.writable), absolute, "~/" expanded.
	Writable []string
}

// userKeys is every key of the user's config.yaml, for "unknown key" messages.
const userKeys = "sandbox (share-caches, writable)"

// UserConfigPath is <os.UserConfigDir()>/clada/config.yaml.
func UserConfigPath() (string, error) {
	dir, err := state.UserDir()
	if err != nil {
		return "", fmt.Errorf("user config: %w", err)
	}
	return filepath.Join(dir, state.UserConfigFile), nil
}

// LoadUser reads the user's config.yaml; a missing file widens nothing.
// shareable are the toolchain names share-caches may list
// (command.ShareableToolchains), home expands "~/". It is read as clada
// reads its own files: no symlink, a regular file, capped.
func LoadUser(shareable []string, home string) (*User, error) {
	p, err := UserConfigPath()
	if err != nil {
		return nil, err
	}
	data, err := state.Read(filepath.Dir(p), filepath.Base(p))
	if errors.Is(err, fs.ErrNotExist) {
		return &User{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("user config: %w", err)
	}
	return ParseUser(p, data, shareable, home)
}

// ParseUser reads the user's config.yaml's bytes; file is its path, for
// errors. Every problem names file:line:col.
func ParseUser(file string, data []byte, shareable []string, home string) (*User, error) {
	u := &User{Path: file}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		msg := err.Error()
		line := 1
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		return nil, Errors{{File: file, Line: line, Msg: "not valid YAML: " + msg}}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return u, nil
	}
	p := &parser{file: file}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		p.errorf(root, "the file must be a mapping of keys (%s)", userKeys)
		return nil, p.errs
	}
	p.mapping(root, func(k string, kn, v *yaml.Node) {
		if k != "sandbox" {
			p.errorf(kn, "unknown key %q; known keys: %s", k, userKeys)
			return
		}
		p.mapping(v, func(k string, kn, v *yaml.Node) {
			switch k {
			case "share-caches":
				for _, s := range p.strings("sandbox.share-caches", v) {
					if !slices.Contains(shareable, s.Value) {
						p.errorf(s, "sandbox.share-caches: unknown toolchain %q; use %s (cargo's CARGO_HOME also holds the programs on your PATH, so it is never shared)", s.Value, strings.Join(shareable, ", "))
						continue
					}
					if !slices.Contains(u.ShareCaches, s.Value) {
						u.ShareCaches = append(u.ShareCaches, s.Value)
					}
				}
			case "writable":
				for _, s := range p.strings("sandbox.writable", v) {
					dir := s.Value
					if dir == "~" || strings.HasPrefix(dir, "~/") {
						if home == "" {
							p.errorf(s, "sandbox.writable: %q starts with ~, but there is no HOME to expand it", dir)
							continue
						}
						dir = filepath.Join(home, strings.TrimPrefix(dir, "~"))
					}
					if !filepath.IsAbs(dir) {
						p.errorf(s, "sandbox.writable: %q is not an absolute directory (write /path or ~/path)", s.Value)
						continue
					}
					u.Writable = append(u.Writable, filepath.Clean(dir))
				}
			default:
				p.errorf(kn, "unknown key sandbox.%s; known: share-caches, writable", k)
			}
		})
	})
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return u, nil
}
