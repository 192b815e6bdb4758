// clada.apply and clada.dryRun against a stubbed editor and a fake server:
// what is sent, what is refused, and what the user is told.

import { reset, state, Uri, Range, Position, FakeDocument } from "./vscodeStub"; // must load first
import * as assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { registerCommands } from "../../src/commands";

interface Sent {
  method: string;
  params: { command: string; arguments: unknown[] };
}

/** A fake running server: records requests and answers with `answer`. */
function fakeServer(answer: () => Promise<unknown>) {
  const sent: Sent[] = [];
  const client = {
    sendRequest(type: { method: string }, params: Sent["params"]) {
      sent.push({ method: type.method, params });
      return answer();
    },
    code2ProtocolConverter: {
      asRange: (r: Range) => ({
        start: { line: r.start.line, character: r.start.character },
        end: { line: r.end.line, character: r.end.character },
      }),
    },
  };
  return { sent, manager: { running: () => client } };
}

function fakeOutput() {
  const out = { text: "", shown: 0 };
  return { out, channel: { append: (s: string) => (out.text += s), show: () => out.shown++ } };
}

function openEditor(name: string, languageId: string, selection = new Range(new Position(0, 0), new Position(0, 0))): FakeDocument {
  const doc = { uri: Uri.file(`/ws/${name}`), languageId };
  state.documents.set(doc.uri.toString(), doc);
  state.editor = { document: doc, selection };
  return doc;
}

function setup(answer: () => Promise<unknown> = async () => "[task-1] Success: write hello.txt\n") {
  const server = fakeServer(answer);
  const output = fakeOutput();
  const context = { subscriptions: [] as unknown[] };
  // The stubs have the shapes the commands use; the casts stand in for the real classes.
  registerCommands(context as never, server.manager as never, output.channel as never);
  const run = (id: string, ...args: unknown[]) => state.commands.get(id)!(...args) as Promise<void>;
  return { sent: server.sent, out: output.out, run };
}

const stamp = /^\[\d{4}-\d\d-\d\dT[\d:.]+Z\] /;

describe("clada.dryRun", () => {
  beforeEach(reset);

  it("sends the active document's uri and shows the report", async () => {
    const { sent, out, run } = setup();
    openEditor("answer.md", "markdown");
    await run("clada.dryRun");
    assert.deepEqual(sent, [
      { method: "workspace/executeCommand", params: { command: "clada.dryRun", arguments: [{ uri: "file:///ws/answer.md" }] } },
    ]);
    assert.equal(out.text.replace(stamp, ""), "clada dry-run: answer.md\n[task-1] Success: write hello.txt\n");
    assert.deepEqual(state.said, []);
  });

  it("sends the selection as an LSP range", async () => {
    const { sent, run } = setup();
    openEditor("a.sham", "sham", new Range(new Position(2, 0), new Position(7, 3)));
    await run("clada.dryRun");
    assert.deepEqual(sent[0].params.arguments, [
      { uri: "file:///ws/a.sham", range: { start: { line: 2, character: 0 }, end: { line: 7, character: 3 } } },
    ]);
  });

  it("runs in an untrusted workspace", async () => {
    const { sent, run } = setup();
    state.trusted = false;
    openEditor("a.csl", "csl");
    await run("clada.dryRun");
    assert.equal(sent.length, 1);
  });

  it("passes a {uri, range} argument through unchanged", async () => {
    const { sent, run } = setup();
    const doc = { uri: Uri.parse("file:///ws/b.cml"), languageId: "cml" };
    state.documents.set(doc.uri.toString(), doc);
    const range = { start: { line: 1, character: 0 }, end: { line: 4, character: 0 } };
    await run("clada.dryRun", { uri: "file:///ws/b.cml", range });
    assert.deepEqual(sent[0].params.arguments, [{ uri: "file:///ws/b.cml", range }]);
  });

  it("refuses a document in another language, naming it and the fix", async () => {
    const { sent, run } = setup();
    openEditor("notes.txt", "plaintext");
    await run("clada.dryRun");
    assert.deepEqual(sent, []);
    assert.deepEqual(state.said, [
      {
        kind: "error",
        modal: false,
        message:
          "clada: notes.txt is a plaintext document; clada reads sham, csl, cml, markdown and diff. " +
          "Rename it with one of those extensions, or change its language mode.",
      },
    ]);
  });

  it("says what to do when no editor is open", async () => {
    const { sent, run } = setup();
    await run("clada.dryRun");
    assert.deepEqual(sent, []);
    assert.equal(state.said.length, 1);
    assert.match(state.said[0].message, /^clada: no document to run\. Open a \.sham, \.csl, \.cml, \.patch or markdown file/);
  });

  it("warns when the server reports failures, and shows the report", async () => {
    const { out, run } = setup(async () => ({ report: "[task-1] ERROR: WRITE - no", ok: false }));
    openEditor("a.csl", "csl");
    await run("clada.dryRun");
    assert.equal(out.text.replace(stamp, ""), "clada dry-run: a.csl\n[task-1] ERROR: WRITE - no\n");
    assert.deepEqual(state.said, [
      { kind: "warning", modal: false, message: "clada: dry-run of a.csl reported failures; see the clada output." },
    ]);
  });

  it("reports a failed request in the output and to the user", async () => {
    const { out, run } = setup(async () => {
      throw new Error("Request workspace/executeCommand failed: unknown command");
    });
    openEditor("a.csl", "csl");
    await run("clada.dryRun");
    assert.equal(out.text.replace(stamp, ""), "clada dry-run: a.csl\nerror: Request workspace/executeCommand failed: unknown command\n");
    assert.deepEqual(state.said, [
      {
        kind: "error",
        modal: false,
        message: "clada: dry-run of a.csl failed: Request workspace/executeCommand failed: unknown command",
      },
    ]);
  });
});

describe("clada.apply", () => {
  beforeEach(reset);

  it("asks first, then applies", async () => {
    const { sent, run } = setup();
    openEditor("answer.md", "markdown");
    state.confirm = "Apply";
    await run("clada.apply");
    assert.deepEqual(state.said, [{ kind: "warning", modal: true, message: "Apply the clada actions in answer.md?" }]);
    assert.deepEqual(sent, [
      { method: "workspace/executeCommand", params: { command: "clada.apply", arguments: [{ uri: "file:///ws/answer.md" }] } },
    ]);
  });

  it("names the selection in the question", async () => {
    const { run } = setup();
    openEditor("a.sham", "sham", new Range(new Position(0, 0), new Position(3, 0)));
    state.confirm = "Apply";
    await run("clada.apply");
    assert.equal(state.said[0].message, "Apply the clada actions in a.sham (selection)?");
  });

  it("sends nothing when the confirmation is dismissed", async () => {
    const { sent, out, run } = setup();
    openEditor("answer.md", "markdown");
    state.confirm = undefined;
    await run("clada.apply");
    assert.deepEqual(sent, []);
    assert.equal(out.text, "");
  });

  it("is refused in an untrusted workspace, before any question", async () => {
    const { sent, run } = setup();
    state.trusted = false;
    openEditor("answer.md", "markdown");
    state.confirm = "Apply";
    await run("clada.apply");
    assert.deepEqual(sent, []);
    assert.deepEqual(state.said, [
      {
        kind: "error",
        modal: false,
        message:
          "clada: Apply is disabled in an untrusted workspace, because it writes files and runs commands. " +
          "Trust the workspace (Workspaces: Manage Workspace Trust), or use clada: Dry-Run Actions to see what it would do.",
      },
    ]);
  });

  it("takes the Uri the editor context menu passes", async () => {
    const { sent, run } = setup();
    const doc = openEditor("x.cml", "cml");
    state.confirm = "Apply";
    await run("clada.apply", doc.uri);
    assert.deepEqual(sent[0].params.arguments, [{ uri: "file:///ws/x.cml" }]);
  });
});
