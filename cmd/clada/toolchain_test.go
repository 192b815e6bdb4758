package main

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"
)

// The toolchain scripts (testdata/script/toolchain_*.txtar) run the build
// and test commands an LLM runs, through clada under the default sandbox,
// in a scratch project with a fresh home: nothing they do reaches the
// network or the real home.

// toolchainEnv sets, for every script, what a fresh user has: a cache and
// a GOPATH of its own under $WORK, and no npm update check or audit (they
// would reach the registry). RUSTUP_HOME keeps pointing at the machine's
// Rust toolchains when rustup installed them, since rustup's cargo finds
// its toolchain there and not in the fresh home.
func toolchainEnv(e *testscript.Env) {
	e.Setenv("XDG_CACHE_HOME", e.WorkDir+"/.cache")
	e.Setenv("GOPATH", e.WorkDir+"/gopath")
	e.Setenv("GOFLAGS", "-modcacherw") // the test's cleanup can remove module caches
	e.Setenv("npm_config_update_notifier", "false")
	e.Setenv("npm_config_audit", "false")
	e.Setenv("npm_config_fund", "false")
	if rh := rustupHome(); rh != "" {
		e.Setenv("RUSTUP_HOME", rh)
	}
	if py := pythonWithPytest(); py != "" {
		e.Setenv("PYTHON", py)
	}
}

// rustupHome is where rustup keeps the machine's toolchains, "" when Rust
// did not come from rustup.
func rustupHome() string {
	if rh := os.Getenv("RUSTUP_HOME"); rh != "" {
		return rh
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	if st, err := os.Stat(filepath.Join(home, ".rustup", "toolchains")); err == nil && st.IsDir() {
		return filepath.Join(home, ".rustup")
	}
	return ""
}

var (
	pythonOnce sync.Once
	pythonPath string
)

// pythonWithPytest is a python3 that has pytest and can make a virtual
// environment (Debian's python3-pytest and python3-venv), "" when none.
func pythonWithPytest() string {
	pythonOnce.Do(func() {
		for _, py := range []string{"python3", "/usr/bin/python3"} {
			p, err := exec.LookPath(py)
			if err != nil {
				continue
			}
			if exec.Command(p, "-c", "import pytest, ensurepip, setuptools").Run() == nil {
				pythonPath = p
				return
			}
		}
	})
	return pythonPath
}

// toolchainCondition answers [python]: a python3 with pytest and venv.
func toolchainCondition(cond string) (bool, bool) {
	if cond == "python" {
		return pythonWithPytest() != "", true
	}
	return false, false
}

// cmdModProxy writes a Go module proxy directory serving one module at
// one version from a directory of the script: modproxy DIR MODULE VERSION
// OUT makes OUT/MODULE/@v/{list,VERSION.info,VERSION.mod,VERSION.zip}, as
// GOPROXY=file://OUT reads it.
func cmdModProxy(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 4 {
		ts.Fatalf("usage: modproxy DIR MODULE VERSION OUT")
	}
	src, mod, ver, out := ts.MkAbs(args[0]), args[1], args[2], ts.MkAbs(args[3])
	dir := filepath.Join(out, filepath.FromSlash(mod), "@v")
	ts.Check(os.MkdirAll(dir, 0o755))
	ts.Check(os.WriteFile(filepath.Join(dir, "list"), []byte(ver+"\n"), 0o644))
	ts.Check(os.WriteFile(filepath.Join(dir, ver+".info"), []byte(`{"Version":"`+ver+`"}`), 0o644))
	gomod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	ts.Check(err)
	ts.Check(os.WriteFile(filepath.Join(dir, ver+".mod"), gomod, 0o644))
	f, err := os.Create(filepath.Join(dir, ver+".zip"))
	ts.Check(err)
	zw := zip.NewWriter(f)
	ts.Check(filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		w, err := zw.Create(mod + "@" + ver + "/" + filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	}))
	ts.Check(zw.Close())
	ts.Check(f.Close())
}

// cmdTree writes the sorted list of files under DIR to FILE (or nothing
// when DIR is missing): tree DIR FILE, to compare a cache before and after.
func cmdTree(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: tree DIR FILE")
	}
	root := ts.MkAbs(args[0])
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		ts.Fatalf("tree %s: %v", root, err)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(strings.Join(files, "\n")), 0o644))
}
