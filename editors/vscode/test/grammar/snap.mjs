// Runs the grammar snapshot tests (vscode-tmgrammar-snap) in two passes:
// clada's own files take their grammar from package.json by extension; the
// markdown files need VS Code's markdown grammar (from tm-grammars) as the
// host of our injection, plus the shell and XML grammars so the snapshots
// show that ```sh and ```xml fences stay shell and XML. The markdown grammar
// names dozens of other embedded languages we do not load; the tool warns once
// for each, and those lines are dropped so real failures stay readable.
// Usage: node test/grammar/snap.mjs [-u]
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const snap = path.join(path.dirname(require.resolve("vscode-tmgrammar-test/package.json")), "dist", "snapshot.js");
const grammars = path.dirname(require.resolve("tm-grammars/grammars/markdown.json"));
const update = process.argv.includes("-u") ? ["-u"] : [];

const passes = [
  [...update, "test/grammar/*.sham", "test/grammar/*.csl", "test/grammar/*.cml"],
  [
    ...update,
    "-s", "text.html.markdown",
    "-g", `${grammars}/markdown.json`,
    "-g", `${grammars}/shellscript.json`,
    "-g", `${grammars}/xml.json`,
    "test/grammar/*.md",
  ],
];

let failed = false;
let passedFiles = 0;
let failedFiles = 0;
for (const args of passes) {
  const r = spawnSync(process.execPath, [snap, ...args], { encoding: "utf8" });
  if (r.error) {
    console.error(`vscode-tmgrammar-snap ${args.join(" ")}: ${r.error.message}`);
    process.exit(1);
  }
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr.split("\n").filter((l) => !l.startsWith("grammar not found for ")).join("\n"));
  if (r.status !== 0) failed = true;
  passedFiles += (r.stdout.match(/^✓ .* run successfully\.$/gm) ?? []).length;
  failedFiles += ((r.stdout + r.stderr).match(/^ERROR in test case /gm) ?? []).length;
}
// One closing line that CI can read; no file checked at all counts as failure.
console.log(`grammar: ${passedFiles} passed, ${failedFiles} failed`);
process.exit(failed || passedFiles + failedFiles === 0 ? 1 : 0);
