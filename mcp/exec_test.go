package mcp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/engine/approval"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCommandProgress: a command's output arrives as progress notifications
// while it runs, each carrying the output so far, and whole in the result.
func TestCommandProgress(t *testing.T) {
	root := tempRoot(t, nil)
	var mu sync.Mutex
	var got []*sdk.ProgressNotificationParams
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, &sdk.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *sdk.ProgressNotificationClientRequest) {
			mu.Lock()
			got = append(got, r.Params)
			mu.Unlock()
		},
	})
	p := &sdk.CallToolParams{Name: "exec", Arguments: map[string]any{
		"lang": "bash", "code": "for i in 1 2 3; do echo line$i; sleep 0.2; done",
	}}
	p.SetProgressToken("tok-1")
	res, err := cs.CallTool(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatalf("exec failed: %s", text(t, res))
	}
	if got, want := text(t, res), "=== CLADA RESULTS ===\ntask-1 ✅ exec for i in 1 2 3; do echo line$i; sleep 0.2; done\n=== END ===\n\n"+
		"=== OUTPUT task-1: exec for i in 1 2 3; do echo line$i; sleep 0.2; done ===\nline1\nline2\nline3\n--- exit code 0 ---\n=== END OUTPUT ===\n"; got != want {
		t.Errorf("exec text:\n%s\nwant:\n%s", got, want)
	}
	// Notifications are asynchronous: wait for the last line's.
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n >= 3 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 3 {
		t.Fatalf("got %d progress notifications, want 3 (one per line, 200ms apart)", len(got))
	}
	for i, n := range got {
		if n.ProgressToken != "tok-1" || n.Progress != float64(i+1) {
			t.Errorf("notification %d: token %v progress %v", i, n.ProgressToken, n.Progress)
		}
	}
	if want := "[task-1:exec] line1\n[task-1:exec] line2\n"; got[1].Message != want {
		t.Errorf("second notification's output so far = %q, want %q", got[1].Message, want)
	}
}

// TestCommandCancelled: cancelling the call kills the command's whole
// process group: neither the shell nor the child it started survives.
func TestCommandCancelled(t *testing.T) {
	root := tempRoot(t, nil)
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The command runs as process 1 of its own PID namespace with its own
	// /proc, so it cannot tell its host pids: the test finds them in the
	// host's /proc, by a marker in their command lines (the shell's script,
	// the child's argv[0]).
	marker := fmt.Sprintf("clada-cancel-%d-%d", os.Getpid(), time.Now().UnixNano())
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "exec", Arguments: map[string]any{
			"lang": "bash", "code": "(exec -a " + marker + " sleep 60) &\nwait",
		}})
		done <- err
	}()
	var pids []int
	for deadline := time.Now().Add(10 * time.Second); len(pids) < 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the command and its child never showed up (found %v)", pids)
		}
		pids = markedPids(marker)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled call returned %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the cancelled call did not return")
	}
	for _, pid := range pids {
		gone := false
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) || zombie(pid) {
				gone = true
				break
			}
		}
		if !gone {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d survived the cancel", pid)
		}
	}
}

// markedPids lists the processes whose command line holds marker, once
// one of them has it as argv[0] (the command's child has started).
func markedPids(marker string) []int {
	dirs, _ := os.ReadDir("/proc")
	var pids []int
	child := false
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + d.Name() + "/cmdline")
		if err != nil || !strings.Contains(string(cmdline), marker) {
			continue
		}
		pids = append(pids, pid)
		child = child || strings.HasPrefix(string(cmdline), marker+"\x00")
	}
	if !child {
		return nil
	}
	return pids
}

// zombie reports whether pid has exited and waits only for its reaper (the
// orphaned sleep is reparented to init, which reaps it in its own time).
func zombie(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return errors.Is(err, os.ErrNotExist)
	}
	f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	return len(f) > 0 && f[0] == "Z"
}

// TestApprovalByElicitation: with --approve ask a new command is asked
// about through elicitation; yes runs it, no refuses it, and a client that
// cannot elicit gets it refused without being asked.
func TestApprovalByElicitation(t *testing.T) {
	for _, tc := range []struct {
		name    string
		answer  *sdk.ElicitResult // nil: the client offers no elicitation
		ran     bool
		wantErr string
	}{
		{"accept", &sdk.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}, true, ""},
		{"unticked", &sdk.ElicitResult{Action: "accept", Content: map[string]any{"approve": false}}, false, "exec: bash command `echo hi > ran.txt` was not approved"},
		{"decline", &sdk.ElicitResult{Action: "decline"}, false, "exec: bash command `echo hi > ran.txt` was not approved"},
		{"no elicitation", nil, false, "exec: bash command `echo hi > ran.txt` did not run: it has not been approved and there is no terminal to ask on (the MCP client offers no elicitation to ask the user with)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := tempRoot(t, nil)
			cfg := testConfig(root)
			cfg.Approve = approval.Ask
			var asked []string
			co := &sdk.ClientOptions{}
			if tc.answer != nil {
				co.ElicitationHandler = func(_ context.Context, r *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
					asked = append(asked, r.Params.Message)
					return tc.answer, nil
				}
			}
			cs := connect(t, Options{Session: testSession(t, cfg)}, co)
			res := call(t, cs, "exec", map[string]any{"lang": "bash", "code": "echo hi > ran.txt"})
			_, err := os.Stat(filepath.Join(root, "ran.txt"))
			if ran := err == nil; ran != tc.ran {
				t.Errorf("command ran: %v, want %v (%s)", ran, tc.ran, text(t, res))
			}
			if got := text(t, res); tc.wantErr != "" && !strings.Contains(got, "task-1 ❌ exec echo hi > ran.txt - "+tc.wantErr+"\n") {
				t.Errorf("text:\n%s\nwant the error %q", got, tc.wantErr)
			}
			if tc.answer != nil && (len(asked) != 1 || !strings.Contains(asked[0], "echo hi > ran.txt")) {
				t.Errorf("questions asked: %q", asked)
			}
		})
	}
}

// TestApplyUndo: an apply of a SHAM answer with two actions is one git
// commit, and one undo removes it and puts the files back.
func TestApplyUndo(t *testing.T) {
	gitEnv(t)
	root := tempRoot(t, map[string]string{"app.js": "one\ntwo\nthree\n"})
	gitRun(t, root, "init", "-q")
	gitRun(t, root, "add", "-A")
	gitRun(t, root, "commit", "-qm", "start")
	cfg := testConfig(root)
	cfg.NoGit = false
	cs := connect(t, Options{Session: testSession(t, cfg)}, nil)

	answer := "Here are the changes:\n\n" +
		"#!SHAM [@three-char-SHA-256: ed1]\naction = \"file_replace_text\"\npath = \"app.js\"\nold_text = \"two\"\nnew_text = \"2\"\n#!END_SHAM_ed1\n\n" +
		"#!SHAM [@three-char-SHA-256: wr2]\naction = \"file_write\"\npath = \"notes.md\"\ncontent = \"hi\\n\"\n#!END_SHAM_wr2\n"
	res := call(t, cs, "apply", map[string]any{"text": answer})
	if res.IsError {
		t.Fatalf("apply failed: %s", text(t, res))
	}
	if got := strings.Count(gitRun(t, root, "log", "--format=%s"), "\n"); got != 2 {
		t.Fatalf("commits after apply: %d, want 2 (start + one apply)\n%s", got, gitRun(t, root, "log", "--oneline"))
	}
	if subj := gitRun(t, root, "log", "-1", "--format=%s"); subj != "AI: 2 actions, 0 failed: file_replace_text app.js, file_write notes.md\n" {
		t.Errorf("commit subject = %q", subj)
	}
	if !strings.Contains(text(t, res), "ed1 ✅ file_replace_text app.js\nwr2 ✅ file_write notes.md\n") {
		t.Errorf("text:\n%s", text(t, res))
	}

	res = call(t, cs, "undo", nil)
	if res.IsError {
		t.Fatalf("undo failed: %s", text(t, res))
	}
	if got := gitRun(t, root, "log", "--format=%s"); got != "start\n" {
		t.Errorf("log after undo = %q, want only the start commit", got)
	}
	if got := readFile(t, filepath.Join(root, "app.js")); got != "one\ntwo\nthree\n" {
		t.Errorf("app.js after undo = %q", got)
	}
	if _, err := os.Stat(filepath.Join(root, "notes.md")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("notes.md after undo: %v", err)
	}
	if !strings.HasPrefix(text(t, res), "undone ") || !strings.Contains(text(t, res), "restored 2 paths") {
		t.Errorf("undo text: %q", text(t, res))
	}
	res = call(t, cs, "undo", nil)
	if !res.IsError || !strings.Contains(text(t, res), "nothing to undo") {
		t.Errorf("second undo: %s", text(t, res))
	}
}

// TestApplyDryRunAtomicCheck: dry_run changes nothing and shows the diff;
// atomic refuses an answer with a failing action whole; check reports
// problems without running anything.
func TestApplyDryRunAtomicCheck(t *testing.T) {
	root := tempRoot(t, map[string]string{"a.txt": "one\n"})
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, nil)
	good := "#!SHAM [@three-char-SHA-256: w1]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"uno\\n\"\n#!END_SHAM_w1\n"
	bad := "#!SHAM [@three-char-SHA-256: e2]\naction = \"file_replace_text\"\npath = \"a.txt\"\nold_text = \"zzz\"\nnew_text = \"y\"\n#!END_SHAM_e2\n"

	res := call(t, cs, "apply", map[string]any{"text": good, "dry_run": true})
	if res.IsError || readFile(t, filepath.Join(root, "a.txt")) != "one\n" {
		t.Fatalf("dry run: %s", text(t, res))
	}
	if !strings.Contains(text(t, res), "-one\n+uno\n") {
		t.Errorf("dry run text has no diff:\n%s", text(t, res))
	}
	res = call(t, cs, "apply", map[string]any{"text": good + bad, "atomic": true})
	if !res.IsError || readFile(t, filepath.Join(root, "a.txt")) != "one\n" {
		t.Errorf("atomic apply with a failing action changed the file: %s", text(t, res))
	}
	res = call(t, cs, "apply", map[string]any{"text": good, "dry_run": true, "atomic": "yes"})
	if want := `clada: apply: argument "atomic" must be true or false, not "yes"`; text(t, res) != want {
		t.Errorf("bad flag: %q, want %q", text(t, res), want)
	}

	res = call(t, cs, "apply", map[string]any{"text": "I changed nothing; the file is fine."})
	if !res.IsError || !strings.Contains(text(t, res), "no action blocks found") {
		t.Errorf("an answer without blocks: error %v\n%s", res.IsError, text(t, res))
	}

	res = call(t, cs, "check", map[string]any{"text": "#!SHAM [@three-char-SHA-256: c1]\naction = \"file_writ\"\npath = \"a\"\n#!END_SHAM_c1\n"})
	if want := "line 2:11: error: Unknown action 'file_writ' [UNKNOWN_ACTION]\n    hint: did you mean file_write?\n1 errors, 0 warnings in 1 blocks\n"; !res.IsError || text(t, res) != want {
		t.Errorf("check text:\n%q\nwant\n%q", text(t, res), want)
	}

	// The answer's text passes the front doors' one decoding rule: a text
	// holding NULs among its first characters (UTF-16 without its mark,
	// read as bytes by the client) is refused, naming why.
	res = call(t, cs, "check", map[string]any{"text": "#\x00!\x00S\x00"})
	if want := `clada: check: argument "text": the answer has NUL bytes among its first characters, as UTF-16 saved without a byte-order mark does; save it as UTF-8`; !res.IsError || text(t, res) != want {
		t.Errorf("check of a UTF-16 text: %q, want %q", text(t, res), want)
	}
}

// TestProjectConfigLimits: the project's allowed-actions decide which tools
// exist, and its deny list refuses a write whatever the arguments say.
func TestProjectConfigLimits(t *testing.T) {
	root := tempRoot(t, map[string]string{config.FileName: "allowed-actions: [file_read, file_write]\ndeny: [\"secrets/**\"]\n"})
	cfg := testConfig(root)
	cs := connect(t, Options{Session: testSession(t, cfg)}, nil)
	lt, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range lt.Tools {
		names = append(names, tl.Name)
	}
	if got := strings.Join(names, " "); got != "apply check file_read file_write undo" {
		t.Errorf("tools = %s", got)
	}
	res := call(t, cs, "file_write", map[string]any{"path": "secrets/k", "content": "x"})
	if !res.IsError {
		t.Errorf("a denied path was written: %s", text(t, res))
	}
	if _, err := os.Stat(filepath.Join(root, "secrets/k")); err == nil {
		t.Error("secrets/k exists")
	}
	res = call(t, cs, "apply", map[string]any{"text": "#!SHAM [@three-char-SHA-256: x1]\naction = \"remove\"\npath = \"a\"\n#!END_SHAM_x1\n"})
	if got := text(t, res); !res.IsError || !strings.Contains(got, "x1 ❌ remove a - ") || !strings.Contains(got, "remove") {
		t.Errorf("an op outside allowed-actions ran through apply:\n%s", got)
	}
}

// TestReadDuringCommand: a read does not wait for the lock a running
// command's apply holds.
func TestReadDuringCommand(t *testing.T) {
	root := tempRoot(t, map[string]string{"a.txt": "A\n"})
	cfg := testConfig(root)
	cfg.LockTimeout = 100 * time.Millisecond
	cs := connect(t, Options{Session: testSession(t, cfg)}, nil)
	done := make(chan *sdk.CallToolResult, 1)
	go func() {
		res, _ := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "exec", Arguments: map[string]any{
			"lang": "bash", "code": "touch started; while [ ! -e stop ]; do sleep 0.05; done",
		}})
		done <- res
	}()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(root, "started")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the command never started")
		}
	}
	res := call(t, cs, "file_read", map[string]any{"path": "a.txt"})
	if got := text(t, res); res.IsError || !strings.Contains(got, "=== OUTPUT task-1: file_read a.txt ===\nA\n=== END OUTPUT ===\n") {
		t.Errorf("file_read while a command runs: %s", got)
	}
	if strings.Contains(text(t, res), "dry run") {
		t.Errorf("a read reports as a dry run:\n%s", text(t, res))
	}
	res = call(t, cs, "file_write", map[string]any{"path": "b.txt", "content": "B"})
	if !res.IsError {
		t.Errorf("a write got past the running apply's lock: %s", text(t, res))
	} else if !strings.Contains(text(t, res), "lock") {
		t.Errorf("the write failed for another reason than the lock: %s", text(t, res))
	}
	if err := os.WriteFile(filepath.Join(root, "stop"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if res := <-done; res == nil || res.IsError {
		t.Errorf("the command: %v", res)
	}
}
