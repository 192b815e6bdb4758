package command

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"unsafe"

	"golang.org/x/sys/windows"
)

// group is the Job Object a command's whole tree runs in. Every process the
// command starts joins it (no breakaway is allowed), and it is made
// kill-on-close: when its last handle closes, Windows ends every process in
// it. clada holds that handle, so a timeout or Ctrl-C (kill), the end of
// the command (kill, then close) and clada's own death, even a forced one
// (Windows closes a dead process's handles), all end the whole tree.
type group struct {
	job windows.Handle
}

// newGroup makes the command's Job Object.
func newGroup() (*group, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return nil, fmt.Errorf("create the command's Job Object: %w", err)
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(job)
		return nil, fmt.Errorf("make the command's Job Object kill-on-close: %w", err)
	}
	return &group{job: job}, nil
}

// adopt puts cmd, started suspended (jobProcAttr), in the job and lets it
// run. A process that cannot join is not resumed: the caller kills it.
func (g *group) adopt(cmd *exec.Cmd) error {
	pid := uint32(cmd.Process.Pid)
	// cmd.Process holds a handle to the process, so pid names it still.
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, pid)
	if err != nil {
		return fmt.Errorf("open the command's process: %w", err)
	}
	defer windows.CloseHandle(h)
	if err := windows.AssignProcessToJobObject(g.job, h); err != nil {
		return fmt.Errorf("put the command in its Job Object: %w", err)
	}
	return resume(pid)
}

// resume resumes the threads of the suspended process pid (a process
// started suspended has one, its first).
func resume(pid uint32) error {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return fmt.Errorf("list the command's threads: %w", err)
	}
	defer windows.CloseHandle(snap)
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	resumed := 0
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != pid {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return fmt.Errorf("open the command's thread: %w", err)
		}
		_, err = windows.ResumeThread(th)
		windows.CloseHandle(th)
		if err != nil {
			return fmt.Errorf("resume the command: %w", err)
		}
		resumed++
	}
	if !errors.Is(err, windows.ERROR_NO_MORE_FILES) {
		return fmt.Errorf("list the command's threads: %w", err)
	}
	if resumed == 0 {
		return errors.New("resume the command: it has no thread")
	}
	return nil
}

// kill ends every process in the job; the command itself too when it
// never joined (a start that failed half-way).
func (g *group) kill(cmd *exec.Cmd) error {
	err := windows.TerminateJobObject(g.job, 1)
	if cmd.Process != nil {
		_ = cmd.Process.Kill() // done already when it was in the job
	}
	return err
}

// close closes the job's handle, which (kill-on-close) ends whatever is
// left in it.
func (g *group) close() { windows.CloseHandle(g.job) }

// openDirFlag: a directory opens for reading like a file here.
const openDirFlag = 0

// dirID is a directory's volume serial number and file index, read from
// an open handle (Windows' Lstat does not carry them).
func dirID(path string, _ os.FileInfo) (DirID, error) {
	f, err := os.Open(path)
	if err != nil {
		return DirID{}, err
	}
	defer f.Close()
	var d windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &d); err != nil {
		return DirID{}, fmt.Errorf("%s: %w", path, err)
	}
	return DirID{uint64(d.VolumeSerialNumber), uint64(d.FileIndexHigh)<<32 | uint64(d.FileIndexLow)}, nil
}

// terminalWords name where --approve ask asks, for the gate's hint.
const terminalWords = "the console"
