package command

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// blankEnviron overwrites with NUL bytes, in the environment block the
// kernel shows as /proc/<clada>/environ, the value of every variable whose
// name looks like a secret (SecretEnv). It is for a command that shares
// clada's /proc (procattr_linux.go): as root, or as the user where nothing
// else stops it, the command could read clada's environment there, with
// the very variables commandEnv withheld from it.
//
// The block is the one the kernel handed clada at exec; Go copied it at
// start and reads only its copy, so os.Environ, and with it what later
// commands (--pass-env), hooks and git get, is unchanged. (os.Unsetenv would
// change that copy and not the block.) What stays readable is clada's
// memory, to a process allowed to read it (root with CAP_SYS_PTRACE).
func blankEnviron() error {
	start, end, err := environBounds()
	if err != nil {
		return err
	}
	mem, err := os.OpenFile("/proc/self/mem", os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer mem.Close()
	block := make([]byte, end-start)
	if _, err := mem.ReadAt(block, start); err != nil {
		return fmt.Errorf("read the environment block: %w", err)
	}
	changed := false
	for off := 0; off < len(block); {
		n := bytes.IndexByte(block[off:], 0)
		if n < 0 {
			n = len(block) - off
		}
		entry := block[off : off+n]
		if name, value, ok := bytes.Cut(entry, []byte("=")); ok && len(value) > 0 && SecretEnv(string(name)) {
			clear(value)
			changed = true
		}
		off += n + 1
	}
	if !changed {
		return nil
	}
	if _, err := mem.WriteAt(block, start); err != nil {
		return fmt.Errorf("blank the environment block: %w", err)
	}
	return nil
}

// environBounds reads where this process's environment block lies: fields
// 50 and 51 of /proc/self/stat (proc(5); Linux 3.5+).
func environBounds() (start, end int64, err error) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, 0, err
	}
	// The command name (field 2) may hold spaces: count from its ")".
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, fmt.Errorf("/proc/self/stat: no command name")
	}
	fields := strings.Fields(string(b[i+1:])) // fields[0] is field 3
	if len(fields) < 49 {
		return 0, 0, fmt.Errorf("/proc/self/stat: %d fields, the environment's bounds need 51 (Linux 3.5+)", len(fields)+2)
	}
	start, err1 := strconv.ParseInt(fields[47], 10, 64)
	end, err2 := strconv.ParseInt(fields[48], 10, 64)
	if err1 != nil || err2 != nil || start <= 0 || end < start {
		return 0, 0, fmt.Errorf("/proc/self/stat: bad environment bounds %q, %q", fields[47], fields[48])
	}
	return start, end, nil
}
