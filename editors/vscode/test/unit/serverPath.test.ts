// Server discovery order and trust rules, on real files in a temp folder.

import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { DiscoveryInput, findServer, goInstallDirs, searchPath, withExe } from "../../src/serverPath";

let tmp: string;
let ext: string; // extension folder, with or without server/clada-lsp
let bare: string; // extension folder with no bundled server
let bin: string; // a PATH folder holding clada-lsp
let userBin: string; // a server the user setting names
let wsBin: string; // a server the workspace setting names

function executable(p: string): string {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, "#!/bin/sh\n", { mode: 0o755 });
  return p;
}

before(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "clada-vscode-"));
  ext = path.join(tmp, "ext");
  executable(path.join(ext, "server", "clada-lsp"));
  bare = path.join(tmp, "bare");
  fs.mkdirSync(bare);
  bin = path.join(tmp, "bin");
  executable(path.join(bin, "clada-lsp"));
  userBin = executable(path.join(tmp, "user", "clada-lsp"));
  wsBin = executable(path.join(tmp, "ws", "clada-lsp"));
});

after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function input(over: Partial<DiscoveryInput>): DiscoveryInput {
  return { setting: {}, trusted: true, extensionPath: ext, pathEnv: bin, platform: "linux", home: tmp, ...over };
}

describe("findServer", () => {
  it("prefers a trusted workspace setting over the user setting", () => {
    const got = findServer(input({ setting: { user: userBin, workspace: wsBin } }));
    assert.deepEqual(got, { ok: true, path: wsBin, source: "workspace setting", notes: [] });
  });

  it("ignores the workspace setting when untrusted, with a note, and falls back to the user setting", () => {
    const got = findServer(input({ trusted: false, setting: { user: userBin, workspace: wsBin } }));
    assert.deepEqual(got, {
      ok: true,
      path: userBin,
      source: "user setting",
      notes: [
        `Ignoring the workspace's clada.serverPath (${wsBin}): this workspace is not trusted. ` +
          "Trust it (Workspaces: Manage Workspace Trust) to use it.",
      ],
    });
  });

  it("never runs a workspace-chosen path when untrusted, even with nothing else set", () => {
    const got = findServer(input({ trusted: false, setting: { workspace: wsBin } }));
    assert.equal(got.ok, true);
    assert.equal(got.ok && got.path, path.join(ext, "server", "clada-lsp"));
    assert.equal(got.ok && got.source, "bundled");
  });

  it("expands ~ in the setting", () => {
    const got = findServer(input({ setting: { user: "~/user/clada-lsp" } }));
    assert.equal(got.ok && got.path, userBin);
  });

  it("uses the bundled server before PATH", () => {
    const got = findServer(input({}));
    assert.deepEqual(got, { ok: true, path: path.join(ext, "server", "clada-lsp"), source: "bundled", notes: [] });
  });

  it("uses PATH when nothing is set or bundled", () => {
    const got = findServer(input({ extensionPath: bare, pathEnv: ["", path.join(tmp, "nope"), bin].join(":") }));
    assert.deepEqual(got, { ok: true, path: path.join(bin, "clada-lsp"), source: "PATH", notes: [] });
  });

  it("reports a set but missing path instead of falling through", () => {
    const missing = path.join(tmp, "missing", "clada-lsp");
    const got = findServer(input({ setting: { user: missing } }));
    assert.deepEqual(got, {
      ok: false,
      notes: [],
      message:
        `clada: the user setting clada.serverPath is "${missing}", but ${missing} does not exist. ` +
        "Fix the setting to point at a built clada-lsp (go build -o clada-lsp ./cmd/clada-lsp), or clear it to use the bundled server or the one on PATH.",
    });
  });

  it("reports a set path that is not executable", () => {
    const plain = path.join(tmp, "plain");
    fs.writeFileSync(plain, "", { mode: 0o644 });
    const got = findServer(input({ setting: { user: plain } }));
    assert.equal(got.ok, false);
    assert.match(!got.ok ? got.message : "", /plain is not executable \(chmod \+x it\)\. Fix the setting/);
  });

  it("reports a set path that is a folder", () => {
    const got = findServer(input({ setting: { user: bin } }));
    assert.equal(got.ok, false);
    assert.match(!got.ok ? got.message : "", new RegExp(`but ${bin} is not a file\\.`));
  });

  it("says where it looked and how to fix it when nothing is found", () => {
    const got = findServer(input({ extensionPath: bare, pathEnv: path.join(tmp, "nope") }));
    assert.deepEqual(got, {
      ok: false,
      notes: [],
      message:
        "clada: cannot find the language server clada-lsp: clada.serverPath is not set, " +
        `${path.join(bare, "server", "clada-lsp")} does not exist, and clada-lsp is not on PATH. ` +
        'Fix: install it with "go install github.com/clada-dev/clada/cmd/clada-lsp@latest" (and make sure Go\'s bin folder is on PATH), ' +
        "or set clada.serverPath to a built clada-lsp.",
    });
  });

  it("looks for clada-lsp.exe on Windows", () => {
    executable(path.join(tmp, "winext", "server", "clada-lsp.exe"));
    const got = findServer(input({ extensionPath: path.join(tmp, "winext"), platform: "win32" }));
    assert.equal(got.ok && got.path, path.join(tmp, "winext", "server", "clada-lsp.exe"));
  });

  it("finds clada-lsp in Go's bin folder when it is not on PATH", () => {
    const gobin = path.join(tmp, "gohome", "go", "bin");
    executable(path.join(gobin, "clada-lsp"));
    const got = findServer(input({ extensionPath: bare, pathEnv: path.join(tmp, "nope"), goBin: [gobin] }));
    assert.deepEqual(got, { ok: true, path: path.join(gobin, "clada-lsp"), source: "go install folder", notes: [] });
  });

  it("names Go's bin folder when nothing is found there either", () => {
    const got = findServer(input({ extensionPath: bare, pathEnv: path.join(tmp, "nope"), goBin: [path.join(tmp, "nogo")] }));
    assert.match(!got.ok ? got.message : "", /is not on PATH or in Go's bin folder \(.*nogo\)\. Fix: install it with "go install/);
  });

  it("takes a Windows setting without .exe as the .exe beside it", () => {
    const exe = executable(path.join(tmp, "winuser", "clada-lsp.exe"));
    const got = findServer(input({ setting: { user: path.join(tmp, "winuser", "clada-lsp") }, platform: "win32" }));
    assert.equal(got.ok && got.path, exe);
    assert.equal(withExe(path.join(tmp, "winuser", "clada-lsp"), "linux"), path.join(tmp, "winuser", "clada-lsp"));
  });
});

describe("goInstallDirs", () => {
  it("is GOBIN, else each GOPATH entry's bin, else ~/go/bin", () => {
    assert.deepEqual(goInstallDirs({ GOBIN: "/gobin", GOPATH: "/gp" }, "/home/u", "linux"), ["/gobin"]);
    assert.deepEqual(goInstallDirs({ GOPATH: "/a:/b" }, "/home/u", "linux"), [path.join("/a", "bin"), path.join("/b", "bin")]);
    assert.deepEqual(goInstallDirs({ GOPATH: "C:\\a;D:\\b" }, "C:\\Users\\u", "win32"), [path.join("C:\\a", "bin"), path.join("D:\\b", "bin")]);
    assert.deepEqual(goInstallDirs({}, "/home/u", "linux"), [path.join("/home/u", "go", "bin")]);
    assert.deepEqual(goInstallDirs({}, undefined, "linux"), []);
  });
});

describe("searchPath", () => {
  it("reads a quoted folder in Windows' PATH", () => {
    executable(path.join(tmp, "prog files", "clada-lsp.exe"));
    assert.equal(searchPath("clada-lsp.exe", `"${path.join(tmp, "prog files")}";${bin}`, "win32"), path.join(tmp, "prog files", "clada-lsp.exe"));
  });

  it("skips a non-executable match and finds the next", () => {
    const first = path.join(tmp, "first");
    fs.mkdirSync(first, { recursive: true });
    fs.writeFileSync(path.join(first, "clada-lsp"), "", { mode: 0o644 });
    assert.equal(searchPath("clada-lsp", `${first}:${bin}`, "linux"), path.join(bin, "clada-lsp"));
  });
});
