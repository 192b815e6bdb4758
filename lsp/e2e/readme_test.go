package e2e

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readmeSnippet returns the lua block that follows the line of README.md
// starting with label (a list item's fenced block, its indentation
// removed).
func readmeSnippet(t *testing.T, label string) string {
	t.Helper()
	f, err := os.Open("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	state := 0 // 0 before the label, 1 before the fence, 2 inside it
	indent := ""
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		switch {
		case state == 0 && strings.HasPrefix(line, label):
			state = 1
		case state == 1 && strings.TrimSpace(line) == "```lua":
			indent, state = line[:strings.Index(line, "```")], 2
		case state == 2 && strings.TrimSpace(line) == "```":
			return b.String()
		case state == 2:
			b.WriteString(strings.TrimPrefix(line, indent) + "\n")
		}
	}
	t.Fatalf("README.md has no lua block after a line starting with %q", label)
	return ""
}

// TestNeovimREADME runs each neovim snippet of the README as the init file
// of a headless neovim, with clada-lsp on PATH as the snippet names it: a
// .sham file and a markdown answer of one project get one clada client,
// with diagnostics. A snippet whose API the installed neovim lacks is
// skipped, saying which version it needs.
func TestNeovimREADME(t *testing.T) {
	nvim := need(t, "nvim")
	out, err := exec.Command(nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
		"-c", `lua io.stdout:write((vim.lsp.start and "start " or "") .. (vim.lsp.start_client and "start_client " or "") .. tostring(vim.version().major) .. "." .. tostring(vim.version().minor) .. "." .. tostring(vim.version().patch))`,
		"-c", "qall!").Output()
	if err != nil {
		t.Fatalf("nvim --headless: %v", err)
	}
	have := strings.Fields(string(out))
	version := have[len(have)-1]
	bin := build(t)
	pathDir := filepath.Dir(bin) // the snippets start "clada-lsp" from PATH
	for _, tc := range []struct{ label, needs, why string }{
		{"- **Neovim** 0.8 and later", "start", "vim.lsp.start arrived in neovim 0.8"},
		{"- **Neovim** 0.7", "start_client", "vim.lsp.start_client is gone from this neovim"},
	} {
		t.Run(tc.label[len("- **Neovim** "):], func(t *testing.T) {
			snippet := readmeSnippet(t, tc.label)
			if !strings.Contains(snippet, "vim.lsp."+tc.needs+"(") {
				t.Fatalf("the snippet does not call vim.lsp.%s:\n%s", tc.needs, snippet)
			}
			if !strings.Contains(string(out), tc.needs+" ") {
				t.Skipf("skipping: the installed neovim is %s; %s", version, tc.why)
			}
			root, err := filepath.EvalSymlinks(workspace(t))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, "notes.md"), []byte("Try this:\n\n"+answer), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil { // the root the snippets look for
				t.Fatal(err)
			}
			init := filepath.Join(t.TempDir(), "init.lua")
			if err := os.WriteFile(init, []byte(snippet), 0o644); err != nil {
				t.Fatal(err)
			}
			check, err := filepath.Abs("nvim/readme_check.lua")
			if err != nil {
				t.Fatal(err)
			}
			home := t.TempDir()
			cmd := exec.Command(nvim, "--headless", "-u", init, "-i", "NONE", "-n", "-c", "luafile "+check)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "PATH="+pathDir+string(os.PathListSeparator)+os.Getenv("PATH"), "CLADA_ROOT="+root,
				"HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_STATE_HOME="+home, "XDG_CACHE_HOME="+home, "XDG_DATA_HOME="+home)
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "OK") {
				t.Fatalf("neovim %s with the README's snippet: %v\n%s", version, err, out)
			}
		})
	}
}
