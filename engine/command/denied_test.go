package command

import (
	"testing"
)

// Every wording of a refused write clada knows, as the tools print it (each
// captured from the tool under the sandbox), and what clada names.
func TestFindDenial(t *testing.T) {
	writable := []string{"/r", "/tmp/clada-cmd-1", "/home/u/.cache/clada/commands"}
	for _, tc := range []struct {
		name, out, path, abs string
		pathless             string
	}{
		{name: "coreutils touch", out: "touch: cannot touch '../x': Permission denied\n", path: "../x", abs: "/x"},
		{name: "coreutils mkdir (curly quotes)", out: "mkdir: cannot create directory ‘/opt/d’: Permission denied\n", path: "/opt/d", abs: "/opt/d"},
		{name: "coreutils rm", out: "rm: cannot remove '/var/x': Operation not permitted\n", path: "/var/x", abs: "/var/x"},
		{name: "coreutils tee", out: "tee: /root/tee: Permission denied\n", path: "/root/tee", abs: "/root/tee"},
		{name: "coreutils ln", out: "ln: failed to create symbolic link '/root/lnk': Permission denied\n", path: "/root/lnk", abs: "/root/lnk"},
		{name: "sed -i", out: "sed: couldn't open temporary file /etc/sedN0C6LT: Permission denied\n", path: "/etc/sedN0C6LT", abs: "/etc/sedN0C6LT"},
		{name: "bash redirect", out: "bash: line 1: /etc/passwd: Permission denied\n", path: "/etc/passwd", abs: "/etc/passwd"},
		{name: "dash redirect", out: "dash: 1: cannot create /root/dx: Permission denied\n", path: "/root/dx", abs: "/root/dx"},
		{name: "zsh redirect", out: "zsh: permission denied: /root/zx\n", path: "/root/zx", abs: "/root/zx"},
		{name: "fish redirect", out: "fish: An error occurred while redirecting file '/root/fx'\nopen: Permission denied\n", path: "/root/fx", abs: "/root/fx"},
		{name: "perl die", out: "cannot open /root/px: Permission denied at -e line 1.\n", path: "/root/px", abs: "/root/px"},
		{name: "ruby", out: "-e:1:in `initialize': Permission denied @ rb_sysopen - /root/rb (Errno::EACCES)\n", path: "/root/rb", abs: "/root/rb"},
		{name: "Go open", out: "open /home/u/.cache/go-build/d1/d1a06c-d: permission denied\n", path: "/home/u/.cache/go-build/d1/d1a06c-d", abs: "/home/u/.cache/go-build/d1/d1a06c-d"},
		{name: "Go mkdir", out: "go: mkdir /home/u/go/pkg/mod/cache: permission denied\n", path: "/home/u/go/pkg/mod/cache", abs: "/home/u/go/pkg/mod/cache"},
		{name: "Go build cache", out: "failed to initialize build cache at /home/u/.cache/go-build: mkdir /home/u/.cache/go-build: permission denied\n", path: "/home/u/.cache/go-build", abs: "/home/u/.cache/go-build"},
		{name: "Python open", out: "PermissionError: [Errno 13] Permission denied: '/home/u/.cache/x'\n", path: "/home/u/.cache/x", abs: "/home/u/.cache/x"},
		{name: "Python rename (EXDEV)", out: "OSError: [Errno 18] Invalid cross-device link: 'm.c' -> '/root/m.c'\n", path: "/root/m.c", abs: "/root/m.c"},
		{name: "Python traceback without a path", out: "  File \"/usr/lib/python3.11/multiprocessing/synchronize.py\", line 57, in __init__\n    sl = self._semlock = _multiprocessing.SemLock(\nPermissionError: [Errno 13] Permission denied\n",
			pathless: "PermissionError: [Errno 13] Permission denied"},
		{name: "Node", out: "Error: EACCES: permission denied, open '../y'\n", path: "../y", abs: "/y"},
		{name: "Node mkdir", out: "Error: EACCES: permission denied, mkdir '/root/nd'\n", path: "/root/nd", abs: "/root/nd"},
		{name: "npm", out: "npm error code EACCES\nnpm error syscall open\nnpm error path /home/u/.npm/_cacache/tmp/5b0c\nnpm error errno EACCES\n", path: "/home/u/.npm/_cacache/tmp/5b0c", abs: "/home/u/.npm/_cacache/tmp/5b0c"},
		{name: "npm (old)", out: "npm ERR! code EACCES\nnpm ERR! syscall mkdir\nnpm ERR! path /home/u/.npm\nnpm ERR! errno -13\n", path: "/home/u/.npm", abs: "/home/u/.npm"},
		{name: "cargo", out: "error: failed to create directory `/home/u/.cargo/registry/cache/index.crates.io-1949cf8c6b5b557f`\n\nCaused by:\n  Permission denied (os error 13)\n", path: "/home/u/.cargo/registry/cache/index.crates.io-1949cf8c6b5b557f", abs: "/home/u/.cargo/registry/cache/index.crates.io-1949cf8c6b5b557f"},
		{name: "Rust without a path, its backtrace ignored", out: "Error: Permission denied (os error 13)\n\nthread 'main' (6) panicked at src/main.rs:4:47:\ncalled `Result::unwrap()` on an `Err` value: Os { code: 13, kind: PermissionDenied, message: \"Permission denied\" }\nstack backtrace:\n   0: __rustc::rust_begin_unwind\n             at /rustc/59807616e1fa/library/std/src/panicking.rs:689:5\n",
			pathless: "Error: Permission denied (os error 13)"},
		{name: "Java nio", out: "Exception in thread \"main\" java.nio.file.AccessDeniedException: /root/jx\n\tat java.base/sun.nio.fs.UnixException.translateToIOException(UnixException.java:90)\n", path: "/root/jx", abs: "/root/jx"},
		{name: "Java io", out: "Exception in thread \"main\" java.io.FileNotFoundException: /root/jx2 (Permission denied)\n\tat java.base/java.io.FileOutputStream.open0(Native Method)\n", path: "/root/jx2", abs: "/root/jx2"},
		{name: "git", out: "error: could not lock config file /root/.gitconfig: Permission denied\n", path: "/root/.gitconfig", abs: "/root/.gitconfig"},
		{name: "git clone", out: "fatal: could not create work tree dir '/root/cl': Permission denied\n", path: "/root/cl", abs: "/root/cl"},
		{name: "ld: the program's name is not the path", out: "/usr/bin/ld: cannot open output file /root/m: Permission denied\ncollect2: error: ld returned 1 exit status\n", path: "/root/m", abs: "/root/m"},
		{name: "home", out: "tee: ~/notes: Permission denied\n", path: "~/notes", abs: "/home/u/notes"},
		{name: "inside the root: the file's own permissions", out: "warning: something\ntouch: cannot touch 'sub/x': Permission denied\n"},
		{name: "ld inside the root", out: "/usr/bin/ld: cannot open output file main: Permission denied\n"},
		{name: "into clada's cache and the temp dir: allowed", out: "open /home/u/.cache/clada/commands/go-build/x: permission denied\ntouch: cannot touch '/tmp/clada-cmd-1/x': Permission denied\n"},
		{name: "no denial", out: "cp: cannot stat 'nope': No such file or directory\n"},
		{name: "ssh is no file", out: "git@github.com: Permission denied (publickey).\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, pathless, ok := findDenial([]string{tc.out}, "/r", "/home/u", writable)
			if d.path != tc.path || d.abs != tc.abs || ok != (tc.path != "") {
				t.Errorf("findDenial(%q) = %q %q %v, want %q %q", tc.out, d.path, d.abs, ok, tc.path, tc.abs)
			}
			if pathless != tc.pathless {
				t.Errorf("pathless = %q, want %q", pathless, tc.pathless)
			}
		})
	}
}

// The ways tools report a connection --sandbox strict refused, as they
// print it (Landlock answers EACCES; curl and git reword it).
func TestFindNetDenial(t *testing.T) {
	for _, tc := range []struct{ name, out, want string }{
		{"curl", "curl: (7) Failed to connect to proxy.golang.org port 443 after 2 ms: Couldn't connect to server\n", "curl: (7) Failed to connect to proxy.golang.org port 443 after 2 ms: Couldn't connect to server"},
		{"git", "fatal: unable to access 'https://github.com/golang/go/': Failed to connect to github.com port 443 after 3 ms: Couldn't connect to server\n", "fatal: unable to access 'https://github.com/golang/go/': Failed to connect to github.com port 443 after 3 ms: Couldn't connect to server"},
		{"go mod download", "go: example.com/m@v1.0.0: Get \"https://proxy.golang.org/example.com/m/@v/v1.0.0.info\": dial tcp 203.0.113.80:443: connect: permission denied\n", "go: example.com/m@v1.0.0: Get \"https://proxy.golang.org/example.com/m/@v/v1.0.0.info\": dial tcp 203.0.113.80:443: connect: permission denied"},
		{"node fetch", "TypeError: fetch failed Error: connect EACCES 203.0.113.80:443 - Local (0.0.0.0:0)\n", "TypeError: fetch failed Error: connect EACCES 203.0.113.80:443 - Local (0.0.0.0:0)"},
		{"npm", "npm error code EACCES\nnpm error syscall connect\nnpm error errno EACCES\nnpm error request to https://registry.npmjs.org/is-number failed, reason: connect EACCES 104.16.0.35:443\n", "npm error request to https://registry.npmjs.org/is-number failed, reason: connect EACCES 104.16.0.35:443"},
		{"pip", "WARNING: Retrying (Retry(total=4)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f>: Failed to establish a new connection: [Errno 13] Permission denied')': /simple/pytest/\n", "WARNING: Retrying (Retry(total=4)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f>: Failed to establish a new connection: [Errno 13] Permission denied')': /simple/pytest/"},
		{"urllib", "urllib.error.URLError: <urlopen error [Errno 13] Permission denied>\n", "urllib.error.URLError: <urlopen error [Errno 13] Permission denied>"},
		{"bash /dev/tcp", "bash: connect: Permission denied\nbash: line 1: /dev/tcp/127.0.0.1/8080: Permission denied\n", "bash: connect: Permission denied"},
		{"Java", "Exception in thread \"main\" java.net.ConnectException: Permission denied\n", "Exception in thread \"main\" java.net.ConnectException: Permission denied"},
		{"a server", "listen tcp 127.0.0.1:8080: bind: permission denied\n", "listen tcp 127.0.0.1:8080: bind: permission denied"},
		{"no network", "ok  \texample.com/m\t0.004s\n", ""},
	} {
		if got := findNetDenial([]string{"", tc.out}); got != tc.want {
			t.Errorf("%s: findNetDenial = %q, want %q", tc.name, got, tc.want)
		}
	}
}
