package config

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/internal/glob"
	"github.com/clada-dev/clada/lang"
	"go.yaml.in/yaml/v3"
)

// Error is one problem in a config file, at a line and column.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Errors is every problem found in one file, in source order.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// parser walks the YAML node tree, collecting errors with positions.
type parser struct {
	file string
	max  Limits
	errs Errors
}

func (p *parser) errorf(n *yaml.Node, format string, a ...any) {
	p.errs = append(p.errs, &Error{File: p.file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, a...)})
}

// yamlLine pulls the line out of a yaml.v3 syntax error ("yaml: line 3: …").
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// Limits are what a .clada.yaml's values must stay within, given by the
// caller because config imports neither the engine nor the reports: the
// built-in ceilings a file may only lower, and the report formats format
// may name.
type Limits struct {
	Timeout   time.Duration // per-command timeout
	MaxOutput int           // bytes kept per command stream
	Formats   []string      // report formats (report.Formats)
}

// Parse reads a .clada.yaml's bytes; file is its absolute path, used in
// errors and as the base of relative globs. Every problem is reported with
// file:line:col; unknown keys and wrong types are errors, never ignored.
// timeout and max-output above max are errors: the file may only lower them.
func Parse(file string, data []byte, max Limits) (*Config, error) {
	c := &Config{Path: file, Dir: filepath.Dir(file), Hash: hashOf(data)}
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
	if doc.Kind == 0 || len(doc.Content) == 0 { // empty file
		return c, nil
	}
	p := &parser{file: file, max: max}
	p.root(doc.Content[0], c)
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return c, nil
}

// keys is every top-level key, for "unknown key" messages.
const keys = "format, timeout, max-output, max-report, approve, sandbox, allowed-actions, allow, deny, watch, hooks, pass-env"

func (p *parser) root(n *yaml.Node, c *Config) {
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "the file must be a mapping of keys (%s)", keys)
		return
	}
	p.mapping(n, func(k string, kn, v *yaml.Node) {
		switch k {
		case "format":
			c.Format = p.enum(k, v, p.max.Formats...)
		case "timeout":
			c.Timeout = p.duration(k, v, p.max.Timeout)
		case "max-output":
			c.MaxOutput = p.size(k, v, p.max.MaxOutput)
		case "max-report":
			c.MaxReport = p.size(k, v, 0)
		case "approve":
			if c.Approve, _ = approval.Parse(p.enum(k, v, approval.Words()...)); c.Approve == approval.Always {
				p.errorf(v, "approve: always would run commands nobody approved; a .clada.yaml may only make approval stricter (never or ask); pass --approve always on the command line instead")
				c.Approve = approval.Default
			}
		case "sandbox":
			if c.Sandbox = p.enum(k, v, "off", "write", "strict"); c.Sandbox == "off" {
				p.errorf(v, "sandbox: off would lift the sandbox; a .clada.yaml may only make it stricter (write or strict); pass --sandbox off on the command line instead")
				c.Sandbox = ""
			}
		case "allowed-actions":
			for _, s := range p.strings(k, v) {
				spec := lang.Lookup(s.Value)
				if spec == nil {
					p.errorf(s, "allowed-actions: unknown action %q; run 'clada actions' for the list", s.Value)
					continue
				}
				if !slices.Contains(c.AllowedActions, spec.Name) {
					c.AllowedActions = append(c.AllowedActions, spec.Name)
				}
			}
			if c.AllowedActions == nil {
				c.AllowedActions = []string{} // an empty list allows nothing
			}
		case "allow", "deny":
			var globs []string
			for _, s := range p.strings(k, v) {
				if g, ok := p.glob(k, s); ok {
					globs = append(globs, g)
				}
			}
			if k == "allow" {
				c.Allow = globs
				if c.Allow == nil {
					c.Allow = []string{}
				}
			} else {
				c.Deny = globs
			}
		case "watch":
			p.mapping(v, func(k string, _, v *yaml.Node) {
				switch k {
				case "file":
					c.WatchFile = p.relPath("watch.file", v)
				case "output":
					c.OutputFile = p.relPath("watch.output", v)
				default:
					p.errorf(kn, "unknown key watch.%s; known: file, output", k)
				}
			})
		case "pass-env":
			for _, s := range p.strings(k, v) {
				if !envName(s.Value) {
					p.errorf(s, "pass-env: %q is not an environment variable name (letters, digits and _, not starting with a digit)", s.Value)
					continue
				}
				c.PassEnv = append(c.PassEnv, s.Value)
			}
		case "hooks":
			p.mapping(v, func(k string, hk, v *yaml.Node) {
				var cmds []string
				for _, s := range p.strings("hooks."+k, v) {
					if strings.TrimSpace(s.Value) == "" {
						p.errorf(s, "hooks.%s: empty command", k)
						continue
					}
					cmds = append(cmds, s.Value)
				}
				switch k {
				case "before":
					c.Hooks.Before = cmds
				case "after":
					c.Hooks.After = cmds
				default:
					p.errorf(hk, "unknown key hooks.%s; known: before, after", k)
				}
			})
		default:
			p.errorf(kn, "unknown key %q; known keys: %s", k, keys)
		}
	})
}

// mapping calls f for each key of a mapping node, reporting duplicates.
func (p *parser) mapping(n *yaml.Node, f func(k string, kn, v *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "expected a mapping of keys, found %s", kindOf(n))
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, v := n.Content[i], n.Content[i+1]
		if kn.Kind != yaml.ScalarNode {
			p.errorf(kn, "keys must be plain words")
			continue
		}
		if seen[kn.Value] {
			p.errorf(kn, "duplicate key %q", kn.Value)
			continue
		}
		seen[kn.Value] = true
		f(kn.Value, kn, v)
	}
}

func kindOf(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return fmt.Sprintf("%q", n.Value)
}

// scalar returns a string scalar's value; ok is false (and an error
// recorded) for anything else.
func (p *parser) scalar(k string, n *yaml.Node) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.errorf(n, "%s: expected a single value, found %s", k, kindOf(n))
		return "", false
	}
	return n.Value, true
}

func (p *parser) enum(k string, n *yaml.Node, allowed ...string) string {
	v, ok := p.scalar(k, n)
	if !ok {
		return ""
	}
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	p.errorf(n, "%s: unknown value %q; use %s", k, v, strings.Join(allowed, ", "))
	return ""
}

// duration parses a Go duration no longer than max (the built-in default).
func (p *parser) duration(k string, n *yaml.Node, max time.Duration) time.Duration {
	v, ok := p.scalar(k, n)
	if !ok {
		return 0
	}
	d, err := time.ParseDuration(v)
	switch {
	case err != nil || d <= 0:
		p.errorf(n, "%s: %q is not a positive duration; write e.g. 10s or 2m", k, v)
		return 0
	case d > max:
		p.errorf(n, "%s: %s is above the default %s; a .clada.yaml may only lower it (pass --%s on the command line for more)", k, d, max, k)
		return 0
	}
	return d
}

// size parses a byte count (1048576, 512K, 10MB) no larger than max (0: any).
func (p *parser) size(k string, n *yaml.Node, max int) int {
	v, ok := p.scalar(k, n)
	if !ok {
		return 0
	}
	b, err := ParseSize(v)
	switch {
	case err != nil:
		p.errorf(n, "%s: %v", k, err)
		return 0
	case max > 0 && b > max:
		p.errorf(n, "%s: %s is above the default of %d bytes; a .clada.yaml may only lower it (pass --%s on the command line for more)", k, v, max, k)
		return 0
	}
	return b
}

// ParseSize reads a byte count written as 1048576, 512K, 10MB or 1G.
func ParseSize(v string) (int, error) {
	t := strings.ToUpper(strings.TrimSpace(v))
	mult := 1
	for _, u := range []struct {
		suf string
		m   int
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(t, u.suf) {
			t, mult = strings.TrimSuffix(t, u.suf), u.m
			break
		}
	}
	n, err := strconv.Atoi(t)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q is not a size; write bytes or e.g. 512K, 10MB", v)
	}
	return n * mult, nil
}

// strings reads a list of strings; a single string is a list of one.
func (p *parser) strings(k string, n *yaml.Node) []*yaml.Node {
	if n.Kind == yaml.ScalarNode && n.Tag != "!!null" {
		return []*yaml.Node{n}
	}
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "%s: expected a list of strings, found %s", k, kindOf(n))
		return nil
	}
	var out []*yaml.Node
	for _, s := range n.Content {
		if s.Kind != yaml.ScalarNode || s.Tag == "!!null" {
			p.errorf(s, "%s: expected a string, found %s", k, kindOf(s))
			continue
		}
		out = append(out, s)
	}
	return out
}

// glob checks one allow/deny pattern: relative to the config's directory,
// slash-separated, never reaching out of it.
func (p *parser) glob(k string, n *yaml.Node) (string, bool) {
	g := strings.TrimPrefix(n.Value, "./")
	switch {
	case g == "":
		p.errorf(n, "%s: empty pattern", k)
	case strings.HasPrefix(g, "/") || filepath.IsAbs(g):
		p.errorf(n, "%s: %q is absolute; patterns are relative to the directory of %s and never reach out of it", k, n.Value, FileName)
	case climbs(g):
		p.errorf(n, "%s: %q climbs out with ..; patterns never reach out of the directory of %s", k, n.Value, FileName)
	default:
		if err := glob.Valid(g); err != nil {
			p.errorf(n, "%s: %q is not a valid glob: %v", k, n.Value, err)
			return "", false
		}
		return g, true
	}
	return "", false
}

// climbs reports whether a slash path has a ".." segment.
func climbs(g string) bool {
	for _, s := range strings.Split(g, "/") {
		if s == ".." {
			return true
		}
	}
	return false
}

// relPath checks a file path: relative, inside the config's directory,
// outside .git and .clada.
func (p *parser) relPath(k string, n *yaml.Node) string {
	v, ok := p.scalar(k, n)
	if !ok {
		return ""
	}
	c := path.Clean(filepath.ToSlash(v))
	switch {
	case filepath.IsAbs(v) || strings.HasPrefix(c, "/"):
		p.errorf(n, "%s: %q is absolute; give a path relative to the directory of %s", k, v, FileName)
	case c == "." || climbs(c):
		p.errorf(n, "%s: %q is not a file inside the directory of %s", k, v, FileName)
	case c == ".git" || strings.HasPrefix(c, ".git/") || c == ".clada" || strings.HasPrefix(c, ".clada/"):
		p.errorf(n, "%s: %q is inside .git or .clada, which clada keeps for itself", k, v)
	default:
		return c
	}
	return ""
}
