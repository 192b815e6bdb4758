package command

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/clada-dev/clada/sandbox"
)

// The build tools an LLM runs keep caches in the user's home (Go's build
// and module caches, npm's, pip's, cargo's registry, ccache), which the
// sandbox does not let a command write: `go build` fails on its first
// cache write. Making the user's own caches writable would let a command
// plant an object that the user's next build outside clada links in. So
// each command gets clada's cache root instead (Caches.Dir, one per user
// under the user's cache directory), with every toolchain's cache variable
// pointed into it, and reads what the user already has where the tool can
// read a cache it does not write (Go's modules through a file:// GOPROXY
// over the user's module cache). Only the user's own config.yaml can share
// the real caches (Caches.Share); a repository's .clada.yaml cannot (README
// "Safety", toolchain caches).

// Caches is where commands keep their toolchains' caches.
type Caches struct {
	// Dir is clada's cache root for commands (state.CommandCacheDir), made
	// on the first command; "" sets no cache variable.
	Dir string
	// Share names the toolchains (ShareableToolchains) whose own caches the
	// user shares with commands: the user's config.yaml, sandbox.share-caches.
	Share []string
}

// Grant is one directory a command may write, and why.
type Grant struct {
	Path string
	Why  string
	// Make: clada creates the directory before the command starts when it
	// is missing (a missing directory grants nothing: its parent is not
	// writable, so the command could not make it).
	Make bool
}

// EnvSet is one environment variable clada sets for a command, and why.
type EnvSet struct {
	Name, Value, Why string
}

// Plan is what a command started with some Settings may write besides
// nothing, and the variables clada sets for it: what Run confines it to and
// what `clada sandbox --explain` prints, from one function (MakePlan).
type Plan struct {
	Mode     sandbox.Mode
	Writable []Grant
	Env      []EnvSet
	// Missing are --allow and config.yaml directories that do not exist and
	// so grant nothing.
	Missing []string
}

// toolchain is one tool whose cache clada points into its cache root.
type toolchain struct {
	name string
	// vars are the cache variables and their directory under Caches.Dir.
	vars []cacheVar
	// own is the user's own cache directory for each var, from the
	// environment clada was given; nil when it cannot be shared (cargo:
	// CARGO_HOME also holds the binaries on the user's PATH).
	own func(get func(string) string) []string
}

type cacheVar struct{ name, sub string }

// toolchains are the caches clada redirects, in the order --explain lists them.
var toolchains = []toolchain{
	{"go", []cacheVar{{"GOCACHE", "go-build"}, {"GOMODCACHE", "go-mod"}}, func(get func(string) string) []string {
		return []string{goCache(get), goModCache(get)}
	}},
	{"npm", []cacheVar{{"npm_config_cache", "npm"}}, func(get func(string) string) []string {
		return []string{npmCache(get)}
	}},
	{"pip", []cacheVar{{"PIP_CACHE_DIR", "pip"}}, func(get func(string) string) []string {
		return []string{envOr(get, "PIP_CACHE_DIR", filepath.Join(cacheHome(get), "pip"))}
	}},
	// cargo's registry has no variable of its own: CARGO_HOME moves whole.
	// The user's ~/.cargo/config.toml is still read for a project under
	// the home directory (cargo reads .cargo/config.toml in every parent).
	{"cargo", []cacheVar{{"CARGO_HOME", "cargo"}}, nil},
	{"ccache", []cacheVar{{"CCACHE_DIR", "ccache"}}, func(get func(string) string) []string {
		return []string{envOr(get, "CCACHE_DIR", filepath.Join(cacheHome(get), "ccache"))}
	}},
	// Last: what else keeps a cache under the XDG cache directory (yarn,
	// uv, node-gyp, pre-commit, Playwright, …) goes to clada's too.
	{"xdg", []cacheVar{{"XDG_CACHE_HOME", "xdg"}}, func(get func(string) string) []string {
		return []string{cacheHome(get)}
	}},
}

// ShareableToolchains are the names config.yaml's sandbox.share-caches may list.
func ShareableToolchains() []string {
	var out []string
	for _, t := range toolchains {
		if t.own != nil {
			out = append(out, t.name)
		}
	}
	return out
}

// OwnCaches is the user's own cache directories of toolchain name (as
// ShareableToolchains names it) in the environment environ; nil for an
// unknown or unshareable one. `clada init` offers the ones that exist.
func OwnCaches(name string, environ []string) []string {
	get := lookupIn(environ)
	for _, t := range toolchains {
		if t.name == name && t.own != nil {
			return t.own(get)
		}
	}
	return nil
}

// MakePlan works out what a command started with s may write and which
// variables clada sets for it, in clada's environment environ; tmp is the
// command's private temp directory ("" for none), exe clada's own binary,
// which serves Go's build cache (sandbox.GoCacheArg; "" for none). Nothing
// is created or changed: Run makes the directories a Grant marks.
func MakePlan(s Settings, environ []string, tmp, exe string) Plan {
	p := Plan{Mode: sandboxMode(s.Sandbox)}
	get := lookupIn(environ)
	p.Writable = append(p.Writable, Grant{Path: s.Root, Why: "the project root"})
	for _, d := range s.Allow {
		p.grantDir(d, "--allow")
	}
	for _, d := range s.Writable {
		p.grantDir(d, "sandbox.writable in your config.yaml")
	}
	if tmp != "" {
		p.Writable = append(p.Writable, Grant{Path: tmp, Why: "the command's own temp directory, removed after it"})
		p.Env = append(p.Env, EnvSet{"TMPDIR", tmp, "the command's own temp directory"},
			EnvSet{"GOTMPDIR", tmp, "Go's work directory, in the command's own temp directory"})
	}
	if s.Caches.Dir == "" {
		return p
	}
	goRedirected := false
	for _, t := range toolchains {
		if t.own != nil && slices.Contains(s.Caches.Share, t.name) {
			for i, dir := range t.own(get) {
				p.Writable = append(p.Writable, Grant{Path: dir, Make: true,
					Why: fmt.Sprintf("your own %s cache, shared with commands by sandbox.share-caches in your config.yaml", t.name)})
				p.Env = append(p.Env, EnvSet{t.vars[i].name, dir, "your own, shared"})
			}
			continue
		}
		var own []string
		if t.own != nil {
			own = t.own(get)
		}
		for i, v := range t.vars {
			if cur := get(v.name); cur != "" && filepath.IsAbs(cur) && underAny(filepath.Clean(cur), p.paths()) {
				continue // already where commands may write (a project-local cache)
			}
			why := "instead of your own ~/.cargo, which also holds the programs on your PATH"
			if own != nil {
				why = "instead of your own " + own[i] + ", which commands may read but not write"
			}
			p.Env = append(p.Env, EnvSet{v.name, filepath.Join(s.Caches.Dir, v.sub), why})
			goRedirected = goRedirected || v.name == "GOMODCACHE"
		}
	}
	p.Writable = append(p.Writable, Grant{Path: s.Caches.Dir, Make: true,
		Why: "clada's cache for commands' toolchains, shared by clada's commands in every project and read by none of your own builds"})
	if goRedirected {
		if dir, ok := goSumdbDir(get); ok {
			p.Writable = append(p.Writable, Grant{Path: dir, Make: true,
				Why: "Go's checksum database state (the signed tree head `go get` and `go mod tidy` must update, checked against the database's key on every read), which has no variable of its own"})
		}
		if proxy := goOfflineProxy(get); proxy != "" {
			p.Env = append(p.Env, EnvSet{"GOPROXY", proxy, "the modules your own module cache already holds, read without the network"})
		}
	}
	if prog := goCacheProg(get, p.Env, exe); prog != "" {
		p.Env = append(p.Env, EnvSet{"GOCACHEPROG", prog, "clada serves Go's build cache (Go 1.24+): clada's first, then yours, read but never written, so a first build is not a cold one"})
	}
	return p
}

// goCacheProg is the GOCACHEPROG that has clada serve a command's Go build
// cache from clada's (the GOCACHE set in env) and the user's own
// (sandbox/gocache.go), or "" when GOCACHE is not clada's, the user has no
// build cache or a cache program of their own, or a path cannot be quoted
// for the go command (which splits GOCACHEPROG at spaces, honouring quotes).
func goCacheProg(get func(string) string, env []EnvSet, exe string) string {
	own := ""
	for _, e := range env {
		if e.Name == "GOCACHE" {
			own = e.Value
		}
	}
	theirs := goCache(get)
	if exe == "" || own == "" || own == theirs || goVar(get, "GOCACHEPROG") != "" {
		return ""
	}
	if st, err := os.Stat(theirs); err != nil || !st.IsDir() {
		return ""
	}
	words := []string{exe, sandbox.GoCacheArg, own, theirs}
	for i, w := range words {
		switch {
		case strings.ContainsAny(w, "'\"\n"):
			return ""
		case strings.ContainsAny(w, " \t"):
			words[i] = "'" + w + "'"
		}
	}
	return strings.Join(words, " ")
}

// grantDir adds an --allow or config.yaml directory when it exists.
func (p *Plan) grantDir(dir, why string) {
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		p.Writable = append(p.Writable, Grant{Path: dir, Why: why})
		return
	}
	p.Missing = append(p.Missing, dir)
}

// paths is the directories of p's grants.
func (p *Plan) paths() []string {
	out := make([]string, len(p.Writable))
	for i, g := range p.Writable {
		out[i] = g.Path
	}
	return out
}

// apply returns env with p's variables set: each one replaces what env had
// (every letter case of an npm_config_ variable, which npm reads in any).
func (p *Plan) apply(env []string) []string {
	out := make([]string, 0, len(env)+len(p.Env))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.ContainsFunc(p.Env, func(e EnvSet) bool { return sameVar(e.Name, name) }) {
			out = append(out, kv)
		}
	}
	for _, e := range p.Env {
		out = append(out, e.Name+"="+e.Value)
	}
	return out
}

// sameVar reports whether name is the variable set: the same name, or any
// letter case of an npm_config_ one.
func sameVar(set, name string) bool {
	if strings.HasPrefix(set, "npm_config_") {
		return strings.EqualFold(set, name)
	}
	return set == name
}

// lookupIn returns a lookup of environ's variables (the last one wins, as
// for exec).
func lookupIn(environ []string) func(string) string {
	m := make(map[string]string, len(environ))
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return func(name string) string { return m[name] }
}

// envOr is the variable's value when it is an absolute path, else def.
func envOr(get func(string) string, name, def string) string {
	if v := get(name); filepath.IsAbs(v) {
		return filepath.Clean(v)
	}
	return def
}

// cacheHome is the user's cache directory as os.UserCacheDir finds it,
// from the environment given.
func cacheHome(get func(string) string) string {
	switch runtime.GOOS {
	case "darwin", "ios":
		return filepath.Join(get("HOME"), "Library", "Caches")
	case "windows":
		return get("LocalAppData")
	}
	return envOr(get, "XDG_CACHE_HOME", filepath.Join(get("HOME"), ".cache"))
}

// configHome is the user's config directory as os.UserConfigDir finds it.
func configHome(get func(string) string) string {
	switch runtime.GOOS {
	case "darwin", "ios":
		return filepath.Join(get("HOME"), "Library", "Application Support")
	case "windows":
		return get("AppData")
	}
	return envOr(get, "XDG_CONFIG_HOME", filepath.Join(get("HOME"), ".config"))
}

// goVar is a go env variable as the go command finds it: the environment,
// else the go env file (`go env -w`), else "".
func goVar(get func(string) string, name string) string {
	if v := get(name); v != "" {
		return v
	}
	file := get("GOENV")
	if file == "off" {
		return ""
	}
	if file == "" {
		file = filepath.Join(configHome(get), "go", "env")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), "="); ok && k == name {
			return v
		}
	}
	return ""
}

// goCache is the user's GOCACHE.
func goCache(get func(string) string) string {
	if v := goVar(get, "GOCACHE"); filepath.IsAbs(v) {
		return filepath.Clean(v)
	}
	return filepath.Join(cacheHome(get), "go-build")
}

// goModCache is the user's GOMODCACHE: GOMODCACHE, else the first GOPATH
// entry's pkg/mod, else ~/go/pkg/mod.
func goModCache(get func(string) string) string {
	if v := goVar(get, "GOMODCACHE"); filepath.IsAbs(v) {
		return filepath.Clean(v)
	}
	return filepath.Join(goPath(get), "pkg", "mod")
}

// goPath is the first GOPATH entry, else ~/go, as the go command finds it.
func goPath(get func(string) string) string {
	if v := goVar(get, "GOPATH"); v != "" {
		if first := filepath.SplitList(v)[0]; filepath.IsAbs(first) {
			return first
		}
	}
	return filepath.Join(get("HOME"), "go")
}

// goSumdbDir is where the go command keeps the checksum database's latest
// signed tree head: GOPATH's pkg/sumdb, whatever GOMODCACHE says, and no
// variable moves it. Every `go get` and `go mod tidy` that verifies a
// module new to the user rewrites it, so a command that may not write it
// fails ("verifying module: open …/pkg/sumdb/sum.golang.org/latest: no
// such file or directory" when the folder is missing, permission denied
// when it is not). Letting commands write it gives them nothing over the
// user's builds: the go command checks the head's signature against the
// database's key each time it reads it. The folder is made only when it
// exists already or a go command is on PATH (ok false otherwise), so a
// home without Go gets no ~/go.
func goSumdbDir(get func(string) string) (string, bool) {
	dir := filepath.Join(goPath(get), "pkg", "sumdb")
	if st, err := os.Stat(dir); err == nil {
		return dir, st.IsDir()
	}
	for _, d := range filepath.SplitList(get("PATH")) {
		if d == "" || !filepath.IsAbs(d) {
			continue
		}
		for _, name := range []string{"go", "go.exe"} {
			if st, err := os.Stat(filepath.Join(d, name)); err == nil && st.Mode().IsRegular() {
				return dir, true
			}
		}
	}
	return dir, false
}

// goOfflineProxy is the GOPROXY that reads, before the user's own proxies,
// the module downloads the user's module cache already holds (the go
// command serves a module cache's cache/download as a file:// proxy), or
// "" when there is none to read.
func goOfflineProxy(get func(string) string) string {
	dl := filepath.Join(goModCache(get), "cache", "download")
	if st, err := os.Stat(dl); err != nil || !st.IsDir() {
		return ""
	}
	proxy := goVar(get, "GOPROXY")
	if proxy == "" {
		proxy = "https://proxy.golang.org,direct"
	}
	mirror := "file://" + filepath.ToSlash(dl)
	if strings.HasPrefix(proxy, mirror) {
		return ""
	}
	return mirror + "," + proxy
}

// npmCache is the user's npm cache: npm_config_cache in any letter case,
// else the cache= line of ~/.npmrc, else ~/.npm.
func npmCache(get func(string) string) string {
	for _, name := range []string{"npm_config_cache", "NPM_CONFIG_CACHE"} {
		if v := get(name); filepath.IsAbs(v) {
			return filepath.Clean(v)
		}
	}
	home := get("HOME")
	if data, err := os.ReadFile(filepath.Join(home, ".npmrc")); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			k, v, ok := strings.Cut(sc.Text(), "=")
			if ok && strings.TrimSpace(k) == "cache" {
				v = strings.TrimSpace(v)
				if strings.HasPrefix(v, "~/") {
					v = filepath.Join(home, v[2:])
				}
				if filepath.IsAbs(v) {
					return filepath.Clean(v)
				}
			}
		}
	}
	return filepath.Join(home, ".npm")
}
