package session

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/history"
)

// hooksCache keeps history.ReadGitConfig's answer (the hooks path's deny
// patterns, and the filter drivers the git model starts from) for a
// session that applies many times (the MCP server, watch), with the bytes
// of every config file git reads it from: a write looks again only when
// one of them changed. The read is a git process of 1.5–2 ms, most of an
// MCP write call, which ran behind the reference filesystem server's
// because of it. git reads its config from the system, global and
// repository config files only (clada's git runs with no GIT_* variables
// but the config choice, history.ReadGitConfig), so those files' bytes
// decide it; a file that includes another, or a repository whose .git is
// not a folder (a worktree, a submodule), is not cached. A command of an
// apply may change the config: it does so in one of these files, which
// the next write reads again.
type hooksCache struct {
	mu    sync.Mutex
	stamp []byte // the config files' bytes when gc was read; nil: nothing cached
	gc    *history.GitConfig
}

// get is the git config for cfg's root, from the cache while the config
// files are as they were.
func (c *hooksCache) get(ctx context.Context, cfg *engine.Config) *history.GitConfig {
	if c == nil {
		return history.ReadGitConfig(ctx, cfg)
	}
	stamp := hooksStamp(cfg.Root)
	c.mu.Lock()
	if stamp != nil && bytes.Equal(stamp, c.stamp) {
		gc := c.gc
		c.mu.Unlock()
		return gc
	}
	c.mu.Unlock()
	// The stamp is read before git reads the files: a change in between
	// makes the next write look again.
	gc := history.ReadGitConfig(ctx, cfg)
	c.mu.Lock()
	c.stamp, c.gc = stamp, gc
	c.mu.Unlock()
	return gc
}

// hooksStamp is the bytes of every config file git would read its config
// from for root, each after its name; nil when the answer may depend on
// more (an include, a .git that is a file).
func hooksStamp(root string) []byte {
	var files []string
	if v, ok := os.LookupEnv("GIT_CONFIG_GLOBAL"); ok {
		files = append(files, v)
	} else if home := os.Getenv("HOME"); home != "" {
		xdg := os.Getenv("XDG_CONFIG_HOME")
		if xdg == "" {
			xdg = filepath.Join(home, ".config")
		}
		files = append(files, filepath.Join(home, ".gitconfig"), filepath.Join(xdg, "git", "config"))
	} else {
		return nil
	}
	if os.Getenv("GIT_CONFIG_NOSYSTEM") == "" {
		if v, ok := os.LookupEnv("GIT_CONFIG_SYSTEM"); ok {
			files = append(files, v)
		} else {
			files = append(files, "/etc/gitconfig")
		}
	}
	// The repository git finds from root: the nearest .git above it.
	for dir := filepath.Clean(root); ; {
		fi, err := os.Lstat(filepath.Join(dir, ".git"))
		if err == nil {
			if !fi.IsDir() {
				return nil
			}
			files = append(files, filepath.Join(dir, ".git", "config"), filepath.Join(dir, ".git", "config.worktree"))
			break
		}
		files = append(files, filepath.Join(dir, ".git")) // not there: its coming changes the stamp
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	var b bytes.Buffer
	for _, f := range files {
		b.WriteString(f)
		b.WriteByte(0)
		data, err := os.ReadFile(f)
		switch {
		case err == nil:
			if strings.Contains(strings.ToLower(string(data)), "include") {
				return nil
			}
			b.Write(data)
		case os.IsNotExist(err):
			b.WriteString("\x00missing")
		default:
			return nil
		}
		b.WriteByte(0)
	}
	return b.Bytes()
}
