// Package corpus loads the shared test cases in this folder. Each case is a
// txtar archive (*.txtar) and drives the unit, CLI, LSP and fuzz tests alike:
//
//	-- input.sham --      the text clada reads (input.csl, input.cml, input.md …)
//	-- parse.json --      expected blocks and diagnostics (`clada check --format json`)
//	-- check.txt --       expected `clada check` text output
//	-- check.sarif --     expected `clada check --against ROOT --format sarif`
//	                      (also check.github, check.rdjsonl), ROOT holding
//	                      files/ and the input; $ROOT and $VERSION stand in
//	                      for the root and the version
//	-- files/PATH --      the starting tree
//	-- report.json --     expected apply report (durations and commit ids removed)
//	-- report.txt --      expected text report
//	-- want/PATH --       the tree after apply; when any want/ file is given the
//	                      whole tree must match exactly
//	-- args --            extra `clada apply` flags, one per line
//	-- goos --            the systems the apply goldens hold on (e.g.
//	                      "windows"); elsewhere report.json and want/ are
//	                      not checked (Here)
//
// Sections other than input, files/ and want/ are goldens: tests compare
// against them and rewrite them with -update.
//
// It is for tests only (lang, engine, fuzz and cmd/clada load the cases):
// it imports nothing of clada's, so any package's tests may use it. Start
// with Case and Load below; the harness that runs the cases on the engine
// is engine/corpus_test.go.
package corpus

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// Case is one loaded txtar case.
type Case struct {
	Name      string // file name without .txtar, e.g. "sham/003-replace-not-found"
	Path      string // absolute path of the .txtar file
	Comment   string
	InputName string // e.g. "input.sham"
	Input     []byte
	Files     map[string][]byte // starting tree, keyed by slash path
	Want      map[string][]byte // expected tree; nil when the case gives none
	Args      []string
	GOOS      []string // the systems report.json and want/ hold on; none: every system
	golden    map[string][]byte
	archive   *txtar.Archive
}

// Dir is the absolute path of the corpus folder.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}

// Load reads every *.txtar under the corpus folder (recursively), sorted by name.
func Load() ([]*Case, error) {
	root := Dir()
	var cases []*Case
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".txtar") {
			return nil
		}
		c, err := LoadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		c.Name = strings.TrimSuffix(filepath.ToSlash(rel), ".txtar")
		cases = append(cases, c)
		return nil
	})
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, err
}

// LoadFile parses one case file.
func LoadFile(path string) (*Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	a := txtar.Parse(data)
	c := &Case{
		Name:    strings.TrimSuffix(filepath.Base(path), ".txtar"),
		Path:    path,
		Comment: string(a.Comment),
		Files:   map[string][]byte{},
		golden:  map[string][]byte{},
		archive: a,
	}
	for _, f := range a.Files {
		switch {
		case strings.HasPrefix(f.Name, "input"):
			if c.InputName != "" {
				return nil, fmt.Errorf("corpus: %s: two input sections (%s, %s)", path, c.InputName, f.Name)
			}
			c.InputName, c.Input = f.Name, f.Data
		case strings.HasPrefix(f.Name, "files/"):
			c.Files[strings.TrimPrefix(f.Name, "files/")] = f.Data
		case strings.HasPrefix(f.Name, "want/"):
			if c.Want == nil {
				c.Want = map[string][]byte{}
			}
			c.Want[strings.TrimPrefix(f.Name, "want/")] = f.Data
		case f.Name == "args":
			c.Args = strings.Fields(string(f.Data))
		case f.Name == "goos":
			c.GOOS = strings.Fields(string(f.Data))
		default:
			c.golden[f.Name] = f.Data
		}
	}
	if c.InputName == "" {
		return nil, fmt.Errorf("corpus: %s: no input section (add '-- input.sham --')", path)
	}
	return c, nil
}

// Here reports whether the case's apply goldens (report.json, want/) hold
// on this system: a case of Windows' path rules applies differently on
// Linux, where "nul.txt" is an ordinary name.
func (c *Case) Here() bool {
	return len(c.GOOS) == 0 || slices.Contains(c.GOOS, runtime.GOOS)
}

// Golden returns a golden section and whether the case has it.
func (c *Case) Golden(name string) ([]byte, bool) {
	b, ok := c.golden[name]
	return b, ok
}

// Update replaces (or adds) golden section name and rewrites the case file.
// Tests call it under -update.
func (c *Case) Update(name string, data []byte) error {
	if b, ok := c.golden[name]; ok && bytes.Equal(b, data) {
		return nil
	}
	c.golden[name] = data
	found := false
	for i := range c.archive.Files {
		if c.archive.Files[i].Name == name {
			c.archive.Files[i].Data = data
			found = true
		}
	}
	if !found {
		c.archive.Files = append(c.archive.Files, txtar.File{Name: name, Data: data})
	}
	return os.WriteFile(c.Path, txtar.Format(c.archive), 0o644)
}
