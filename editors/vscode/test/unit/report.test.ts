// How the server's answer to apply/dry-run becomes output-channel text.

import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatFailure, formatRun, serverCommand } from "../../src/report";

const when = new Date("2026-01-02T03:04:05.000Z");

describe("formatRun", () => {
  it("shows a string report as is, under a header, ending in one newline", () => {
    assert.deepEqual(formatRun("apply", "a.md", "[task-1] Success: write a.txt\n", when), {
      text: "[2026-01-02T03:04:05.000Z] clada apply: a.md\n[task-1] Success: write a.txt\n",
      failed: false,
    });
  });

  it("takes the report field of an object and its ok flag", () => {
    assert.deepEqual(formatRun("dryRun", "b.csl (selection)", { report: "[task-1] ERROR: WRITE - x", ok: false }, when), {
      text: "[2026-01-02T03:04:05.000Z] clada dry-run: b.csl (selection)\n[task-1] ERROR: WRITE - x\n",
      failed: true,
    });
  });

  it("takes a text field and a success flag", () => {
    assert.deepEqual(formatRun("apply", "c.cml", { text: "done", success: true }, when), {
      text: "[2026-01-02T03:04:05.000Z] clada apply: c.cml\ndone\n",
      failed: false,
    });
  });

  it("shows any other object as indented JSON, hiding nothing", () => {
    assert.deepEqual(formatRun("apply", "d.sham", { success: false, results: [{ seq: 1 }] }, when), {
      text:
        "[2026-01-02T03:04:05.000Z] clada apply: d.sham\n" +
        '{\n  "success": false,\n  "results": [\n    {\n      "seq": 1\n    }\n  ]\n}\n',
      failed: true,
    });
  });

  it("says so when the server returned nothing", () => {
    assert.equal(formatRun("dryRun", "e.md", null, when).text, "[2026-01-02T03:04:05.000Z] clada dry-run: e.md\n(the server returned no report)\n");
  });
});

describe("formatFailure", () => {
  it("names the run and the error", () => {
    assert.equal(
      formatFailure("apply", "a.md", new Error("Request clada.apply failed"), when),
      "[2026-01-02T03:04:05.000Z] clada apply: a.md\nerror: Request clada.apply failed\n",
    );
  });
});

describe("serverCommand", () => {
  it("names the executeCommand commands the server offers", () => {
    assert.deepEqual(serverCommand, { apply: "clada.apply", dryRun: "clada.dryRun" });
  });
});
