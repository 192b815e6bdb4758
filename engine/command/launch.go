package command

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"

	"github.com/clada-dev/clada/sandbox"
)

// sharedProc says why a command saw the host's /proc, clada's own process
// included, and what became of blanking clada's environment there.
type sharedProc struct {
	why   string
	blank error // blankEnviron's failure; nil when blanked, or nothing was withheld
}

// launch starts the process newCmd makes, trying the ways of starts in
// order (procattr_*.go): the next when the kernel refuses a way's
// namespaces, or when the helper, started as process 1 of namespaces of its
// own, says on sandbox.StatusFD that it could not mount their /proc (it has
// then started nothing). Before the first way that lets the command read
// clada's /proc entry (readsClada), clada blanks the secret-looking
// variables in the environment block /proc shows (blankEnviron), if
// secrets were withheld; shared then says why. The context of newCmd's
// commands ends what they started, the helper too while launch waits for
// its word.
func launch(starts []start, grp *group, newCmd func() *exec.Cmd, secrets bool) (cmd *exec.Cmd, shared *sharedProc, release func(), err error) {
	why := "clada could not find its own binary to start its helper"
	for i, st := range starts {
		cmd = newCmd()
		cmd.SysProcAttr = st.attr()
		if readsClada(st, cmd.SysProcAttr) && shared == nil {
			shared = &sharedProc{why: why}
			if secrets {
				shared.blank = blankEnviron() // environ_linux.go
			}
		}
		// What the helper gets beyond the standard three; clada closes its
		// copies once it has started.
		var status, statusW, lifeR, lifeW *os.File
		if st.ownProc {
			if status, statusW, err = os.Pipe(); err != nil {
				return nil, nil, nil, err
			}
			cmd.ExtraFiles = []*os.File{statusW} // descriptor 3: sandbox.StatusFD
		}
		// The helper's lifeline: clada keeps the write end until the
		// command has exited (release); when clada dies, however it dies,
		// the kernel closes it and the helper ends the command.
		if st.helper {
			if lifeR, lifeW, err = os.Pipe(); err != nil {
				closeAll(status, statusW)
				return nil, nil, nil, err
			}
			cmd.ExtraFiles = append(cmd.ExtraFiles, make([]*os.File, sandbox.LifelineFD-3-len(cmd.ExtraFiles))...)
			cmd.ExtraFiles = append(cmd.ExtraFiles, lifeR)
		}
		err = cmd.Start()
		closeAll(statusW, lifeR)
		if err != nil {
			closeAll(status, lifeW)
		}
		if err != nil {
			if i < len(starts)-1 && usesNamespaces(cmd.SysProcAttr) && namespaceRefused(err) {
				why = "the kernel refused the namespaces: " + errnoText(err)
				continue
			}
			return nil, nil, nil, err
		}
		release = func() {}
		if lifeW != nil {
			release = func() { lifeW.Close() }
		}
		// On Windows the command starts suspended and joins its Job Object
		// here, before it runs a single instruction (job_windows.go).
		if err := grp.adopt(cmd); err != nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			release()
			return nil, nil, nil, err
		}
		if status == nil {
			return cmd, shared, release, nil
		}
		// EOF comes once the helper has mounted /proc (and closed the
		// pipe) or has exited; a reason comes only before an exit, with
		// nothing started.
		msg, _ := io.ReadAll(status)
		status.Close()
		if len(msg) == 0 {
			return cmd, nil, release, nil
		}
		_ = cmd.Wait()
		release()
		why = "clada's helper could not mount one: " + string(msg)
	}
	return nil, nil, nil, errors.New("no way to start the command is left") // the last way is never retried
}

// closeAll closes the files that are not nil.
func closeAll(files ...*os.File) {
	for _, f := range files {
		if f != nil {
			f.Close()
		}
	}
}

// errnoText is the system's words for err's errno ("operation not
// permitted"), without os/exec's "fork/exec <path>: ".
func errnoText(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno.Error()
	}
	return err.Error()
}

// SharedProcKey is the key, in a command's result data, of the report's
// warning that the command could read clada's own process in /proc, where
// clada's environment holds the variables withheld from commands (engine
// turns it into the report's warning, once per report).
const SharedProcKey = "shared_proc"

// sharedProcWarning is the warning for a command that shared clada's /proc
// while clada withheld variables from it (named, at most five).
func sharedProcWarning(p sharedProc, withheld []string) string {
	names := slices.Sorted(slices.Values(withheld))
	names = slices.Compact(names)
	if len(names) > 5 {
		names = append(names[:5:5], fmt.Sprintf("and %d more", len(names)-5))
	}
	list := strings.Join(names, ", ")
	if p.blank != nil {
		return fmt.Sprintf("commands had no /proc of their own (%s) and could read clada's: clada could not blank the variables it withheld from them (%s) in its environment there (%v), so a command running as you or as root could read them", p.why, list, p.blank)
	}
	return fmt.Sprintf("commands had no /proc of their own (%s) and could read clada's: clada blanked the variables it withheld from them (%s) in its environment there, but a command allowed to read clada's memory (root with CAP_SYS_PTRACE) could still find them", p.why, list)
}
