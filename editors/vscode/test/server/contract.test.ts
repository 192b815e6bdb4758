// The contract between this extension and clada-lsp, checked against a real
// server binary over stdio: the server offers clada.apply and clada.dryRun
// through workspace/executeCommand, takes {uri, range?}, a dry-run leaves the
// disk alone, an apply writes, and an untrusted window cannot apply.
//
// Run: go build -o /tmp/clada-lsp ./cmd/clada-lsp && CLADA_LSP=/tmp/clada-lsp npm run test:server

import * as assert from "node:assert/strict";
import { ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, it } from "node:test";
import {
  createProtocolConnection,
  DidOpenTextDocumentNotification,
  ExecuteCommandRequest,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  InitializeResult,
  ProtocolConnection,
  PublishDiagnosticsNotification,
  PublishDiagnosticsParams,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";

const server = process.env.CLADA_LSP;

/** within fails a step that the server never answers, naming it, instead of hanging the run. */
function within<T>(what: string, p: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`clada-lsp did not answer ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const answer = [
  "Here is the file:",
  "",
  "```sh sham",
  "#!SHAM [@three-char-SHA-256: hw1]",
  'action = "file_write"',
  'path = "hello.txt"',
  'content = "hi"',
  "#!END_SHAM_hw1",
  "```",
  "",
].join("\n");

interface Session {
  root: string;
  uri: string;
  proc: ChildProcess;
  conn: ProtocolConnection;
  init: InitializeResult;
  diagnostics: Promise<PublishDiagnosticsParams>;
}

async function open(trusted: boolean): Promise<Session> {
  assert.ok(server, "set CLADA_LSP to a built clada-lsp: go build -o /tmp/clada-lsp ./cmd/clada-lsp");
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "clada-lsp-contract-"));
  const file = path.join(root, "answer.md");
  fs.writeFileSync(file, answer);
  const uri = pathToFileURL(file).toString();
  // VS Code's client passes --stdio for a stdio transport; start it the same way.
  const proc = spawn(server, ["--stdio"], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
  const conn = createProtocolConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  const diagnostics = new Promise<PublishDiagnosticsParams>((resolve) => {
    conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
      if (p.uri === uri) resolve(p);
    });
  });
  conn.listen();
  const rootUri = pathToFileURL(root).toString();
  const init = await within("initialize", conn.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: "root" }],
    capabilities: {},
    initializationOptions: { trusted },
  }));
  await conn.sendNotification(InitializedNotification.type, {});
  await conn.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: "markdown", version: 1, text: answer },
  });
  return { root, uri, proc, conn, init, diagnostics };
}

async function close(s: Session): Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (s.proc.exitCode !== null) resolve();
    else s.proc.once("exit", () => resolve());
  });
  try {
    await within("shutdown", s.conn.sendRequest(ShutdownRequest.type));
    await s.conn.sendNotification(ExitNotification.type);
    await within("exit", exited, 5_000);
  } finally {
    s.conn.dispose();
    s.proc.kill();
    fs.rmSync(s.root, { recursive: true, force: true });
  }
}

describe("clada-lsp contract", () => {
  let s: Session | undefined;
  afterEach(async () => {
    if (s) await close(s);
    s = undefined;
  });

  describe("trusted", () => {
    beforeEach(async () => {
      s = await open(true);
    });

    it("offers clada.apply and clada.dryRun", () => {
      const offered = s!.init.capabilities.executeCommandProvider?.commands ?? [];
      assert.ok(offered.includes("clada.apply"), `commands offered: ${JSON.stringify(offered)}`);
      assert.ok(offered.includes("clada.dryRun"), `commands offered: ${JSON.stringify(offered)}`);
    });

    it("publishes no diagnostics for a valid block", async () => {
      assert.deepEqual((await within("didOpen with publishDiagnostics", s!.diagnostics)).diagnostics, []);
    });

    it("dry-run reports and leaves the disk alone; apply writes the file", async () => {
      const dry = await within(
        "clada.dryRun",
        s!.conn.sendRequest(ExecuteCommandRequest.type, { command: "clada.dryRun", arguments: [{ uri: s!.uri }] }),
      );
      assert.notEqual(dry, null, "dry-run returned no report");
      assert.equal(fs.existsSync(path.join(s!.root, "hello.txt")), false, "dry-run wrote hello.txt");

      await within(
        "clada.apply",
        s!.conn.sendRequest(ExecuteCommandRequest.type, { command: "clada.apply", arguments: [{ uri: s!.uri }] }),
      );
      assert.equal(fs.readFileSync(path.join(s!.root, "hello.txt"), "utf8"), "hi");
    });

    it("applies only the blocks inside the given range", async () => {
      // Lines 0-1 are prose: nothing to run, so the server says so and writes nothing.
      const range = { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } };
      await assert.rejects(
        within(
          "clada.apply with a range",
          s!.conn.sendRequest(ExecuteCommandRequest.type, { command: "clada.apply", arguments: [{ uri: s!.uri, range }] }),
        ),
        (err: Error) => err.message.includes("no block in the given range"),
      );
      assert.equal(fs.existsSync(path.join(s!.root, "hello.txt")), false);
    });
  });

  describe("untrusted", () => {
    beforeEach(async () => {
      s = await open(false);
    });

    it("refuses apply and writes nothing", async () => {
      await assert.rejects(
        within(
          "clada.apply (untrusted)",
          s!.conn.sendRequest(ExecuteCommandRequest.type, { command: "clada.apply", arguments: [{ uri: s!.uri }] }),
        ),
        (err: Error) => !err.message.includes("did not answer"),
      );
      assert.equal(fs.existsSync(path.join(s!.root, "hello.txt")), false);
    });
  });
});
