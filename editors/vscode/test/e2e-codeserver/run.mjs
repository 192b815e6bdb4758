// End-to-end test of the clada extension inside a real VS Code: code-server
// (VS Code 1.100 for the browser, from npm) loads this extension folder, its
// extension host runs activate(), the LanguageClient and the real clada-lsp
// on Node, and playwright-core drives the workbench in the system Chromium.
//
// Checks: the extension activates and starts clada-lsp (the clada output
// channel and the server's log); a diagnostic from clada-lsp reaches the
// Problems panel and the editor; "clada: Dry-Run Actions" from the command
// palette shows a report and leaves the disk alone; "clada: Apply Actions"
// asks for confirmation and then changes the file on disk.
//
// Needs: `sh setup.sh` run in this folder (code-server, playwright-core), the
// extension compiled (`npm run compile` in editors/vscode), Chromium
// (CHROMIUM, default /usr/bin/chromium), clada-lsp (CLADA_LSP, else built with
// `go build`). Under CI=true a missing prerequisite fails; otherwise it skips.
//
// Env: E2E_KEEP=1 keeps the temp folder (logs, screenshots) even on success.

import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const extensionDir = path.resolve(here, "../..");
const repoRoot = path.resolve(extensionDir, "../..");
const ci = process.env.CI === "true" || process.env.CI === "1";
const started = Date.now();

function log(msg) {
  console.log(`[e2e ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
}

// Each numbered step of main() that holds ends with pass(); the run closes
// with the count, "N passed, N failed", like the other test runners in CI.
let passed = 0;
function pass(msg) {
  passed++;
  log(`ok ${passed} - ${msg}`);
}

/** missing skips the test outside CI and fails it under CI=true. */
function missing(what, fix) {
  const msg = `e2e-codeserver: ${what} (${fix})`;
  if (ci) {
    console.error(`${msg}; CI=true, so this is a failure, not a skip`);
    process.exit(1);
  }
  console.log(`${msg}; skipped`);
  process.exit(0);
}

// --- prerequisites ---------------------------------------------------------

const require = createRequire(import.meta.url);
let codeServerEntry;
let playwright;
try {
  codeServerEntry = path.join(path.dirname(require.resolve("code-server/package.json")), "out/node/entry.js");
  playwright = require("playwright-core");
} catch {
  missing("code-server or playwright-core is not installed", "run: sh editors/vscode/test/e2e-codeserver/setup.sh");
}
if (!fs.existsSync(path.join(path.dirname(codeServerEntry), "../../lib/vscode/node_modules"))) {
  missing("code-server's VS Code dependencies are not installed", "run: sh editors/vscode/test/e2e-codeserver/setup.sh");
}
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!fs.existsSync(chromiumPath)) {
  missing(`no Chromium at ${chromiumPath}`, "apt-get install chromium, or set CHROMIUM");
}
if (!fs.existsSync(path.join(extensionDir, "out/extension.js"))) {
  missing("the extension is not compiled", "run: npm run compile in editors/vscode");
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "clada-e2e-"));
let serverPath = process.env.CLADA_LSP;
if (serverPath) {
  serverPath = path.resolve(serverPath);
  if (!fs.existsSync(serverPath)) missing(`CLADA_LSP=${serverPath} does not exist`, "build it with go build ./cmd/clada-lsp");
} else {
  serverPath = path.join(tmp, "bin/clada-lsp");
  log("building clada-lsp");
  const r = spawnSync("go", ["build", "-o", serverPath, "./cmd/clada-lsp"], { cwd: repoRoot, stdio: "inherit" });
  if (r.error || r.status !== 0) missing("cannot build clada-lsp", "install Go, or set CLADA_LSP");
}

// --- the scene: extension, user settings, workspace --------------------------

const extVersion = JSON.parse(fs.readFileSync(path.join(extensionDir, "package.json"), "utf8")).version;
const dirs = {
  extensions: path.join(tmp, "extensions"),
  userData: path.join(tmp, "user-data"),
  workspace: path.join(tmp, "workspace"),
  browser: path.join(tmp, "chromium"),
  xdg: path.join(tmp, "xdg"),
};
for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
// code-server scans the extensions folder; the folder itself is the extension.
fs.symlinkSync(extensionDir, path.join(dirs.extensions, `clada-dev.clada-${extVersion}`));
fs.mkdirSync(path.join(dirs.userData, "User"), { recursive: true });
fs.writeFileSync(
  path.join(dirs.userData, "User/settings.json"),
  JSON.stringify(
    {
      "clada.serverPath": serverPath,
      "clada.trace.server": "messages",
      "workbench.startupEditor": "none",
      "workbench.tips.enabled": false,
      "workbench.enableExperiments": false,
      "extensions.autoCheckUpdates": false,
      "extensions.autoUpdate": false,
      "extensions.ignoreRecommendations": true,
      "telemetry.telemetryLevel": "off",
      "update.mode": "none",
      "security.workspace.trust.enabled": false,
      "git.enabled": false,
      "editor.hover.enabled": false,
      "window.commandCenter": false,
    },
    null,
    2,
  ),
);

const w = dirs.workspace;
// An unknown op: clada-lsp reports it with the same text as `clada check`.
fs.writeFileSync(
  path.join(w, "bad.sham"),
  '#!SHAM [@three-char-SHA-256: bd1]\naction = "file_wrte"\npath = "notes.txt"\ncontent = "x"\n#!END_SHAM_bd1\n',
);
fs.writeFileSync(path.join(w, "greeting.txt"), "hello\n");
fs.writeFileSync(
  path.join(w, "edit.sham"),
  '#!SHAM [@three-char-SHA-256: ed1]\naction = "file_replace_text"\npath = "greeting.txt"\nold_text = "hello"\nnew_text = "goodbye"\n#!END_SHAM_ed1\n',
);

// --- code-server --------------------------------------------------------------

const env = {
  ...process.env,
  XDG_CONFIG_HOME: path.join(dirs.xdg, "config"),
  XDG_DATA_HOME: path.join(dirs.xdg, "data"),
  XDG_CACHE_HOME: path.join(dirs.xdg, "cache"),
  // The extension must find clada-lsp through its setting, not by accident on PATH.
  PATH: (process.env.PATH ?? "").split(path.delimiter).filter((p) => !fs.existsSync(path.join(p, "clada-lsp"))).join(path.delimiter),
};
delete env.VSCODE_IPC_HOOK_CLI;
fs.writeFileSync(path.join(tmp, "code-server.yaml"), "");
const csLog = fs.openSync(path.join(tmp, "code-server.log"), "w");
const cs = spawn(
  process.execPath,
  [
    codeServerEntry,
    "--config", path.join(tmp, "code-server.yaml"),
    "--auth", "none",
    "--bind-addr", "127.0.0.1:0",
    "--user-data-dir", dirs.userData,
    "--extensions-dir", dirs.extensions,
    "--disable-telemetry",
    "--disable-update-check",
    "--disable-getting-started-override",
    "--ignore-last-opened",
    w,
  ],
  { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
);
let csOutput = "";
for (const s of [cs.stdout, cs.stderr]) {
  s.on("data", (b) => {
    csOutput += b.toString();
    fs.writeSync(csLog, b);
  });
}
const csExit = new Promise((resolve) => cs.on("exit", (code, signal) => resolve({ code, signal })));

let browser;
let ok = false;
async function cleanup() {
  if (browser) await browser.close().catch(() => {});
  try {
    process.kill(-cs.pid, "SIGTERM");
  } catch {}
  await Promise.race([csExit, new Promise((r) => setTimeout(r, 5000))]);
  try {
    process.kill(-cs.pid, "SIGKILL");
  } catch {}
  if (ok && !process.env.E2E_KEEP) {
    fs.rmSync(tmp, { recursive: true, force: true });
  } else {
    console.log(`e2e-codeserver: logs and screenshots kept in ${tmp}`);
  }
}

async function waitFor(what, fn, timeoutMs = 60000, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000}s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** logText returns the concatenated text of the log files under user-data-dir whose name matches re. */
function logText(re) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (re.test(e.name)) out.push(fs.readFileSync(p, "utf8"));
    }
  };
  const logs = path.join(dirs.userData, "logs");
  if (fs.existsSync(logs)) walk(logs);
  return out.join("\n");
}

async function main() {
  const url = await waitFor(
    "code-server to listen",
    async () => {
      const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(csOutput);
      if (m) return m[1];
      if (cs.exitCode !== null) throw new Error(`code-server exited with ${cs.exitCode}:\n${csOutput}`);
      return undefined;
    },
    60000,
  );
  log(`code-server ${url}`);

  browser = await playwright.chromium.launchPersistentContext(dirs.browser, {
    executablePath: chromiumPath,
    // Chromium keeps its crash-report database under XDG_CONFIG_HOME whatever the user-data-dir.
    env,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.on("pageerror", (e) => log(`page error: ${e.message}`));
  await page.goto(`${url}/?folder=${encodeURIComponent(w)}`);
  await page.locator(".monaco-workbench .part.statusbar").waitFor({ timeout: 60000 });
  log("workbench loaded");
  currentPage = page;

  // 1. Opening a .sham file activates the extension (onLanguage:sham), which starts clada-lsp.
  await openFile(page, "bad.sham");
  await waitFor("the extension to activate", () =>
    /_doActivateExtension clada-dev\.clada, .*activationEvent: 'onLanguage:sham'/.test(logText(/^remoteexthost\.log$/)),
  );
  await waitFor("the clada output channel to name the server it started", () =>
    logText(/-clada\.log$/).includes(`clada-lsp: ${serverPath} (user setting)`),
  );
  await waitFor("clada-lsp to answer initialize", () => serverTrace().includes("Received response 'initialize"), 30000);
  pass("extension activated, clada-lsp started");

  // 2. clada-lsp's diagnostic: a squiggle in the editor and a row in the Problems panel.
  await page.locator(".monaco-editor .squiggly-error").first().waitFor({ timeout: 30000 });
  await runCommand(page, "View: Focus Problems");
  const problems = page.locator(".markers-panel .monaco-list-row");
  await problems.filter({ hasText: "Unknown action 'file_wrte'" }).first().waitFor({ timeout: 30000 });
  pass(`diagnostic shown: ${(await problems.filter({ hasText: "file_wrte" }).first().innerText()).replace(/\s+/g, " ")}`);
  await page.screenshot({ path: path.join(tmp, "2-problems.png") });

  // 3. The quick fix clada-lsp offers (closest op name) edits the document, and the diagnostic goes.
  // F8 (Go to Next Problem) puts the cursor on the diagnostic; Escape closes its peek.
  await page.locator(".monaco-editor .view-line", { hasText: "file_wrte" }).first().click();
  await page.keyboard.press("F8");
  await page.locator(".marker-widget").waitFor();
  await page.keyboard.press("Escape");
  await page.locator(".marker-widget").waitFor({ state: "hidden" });
  await page.keyboard.press("Control+.");
  // The only quick fix is focused; a mouse click is swallowed by the context view's pointer block.
  await page.locator(".action-widget .monaco-list-row.focused", { hasText: "Replace with file_write" }).waitFor();
  await page.keyboard.press("Enter");
  await page.locator(".monaco-editor .view-line", { hasText: 'action = "file_write"' }).first().waitFor();
  await page.locator(".monaco-editor .squiggly-error").first().waitFor({ state: "detached", timeout: 30000 });
  await problems.filter({ hasText: "file_wrte" }).first().waitFor({ state: "detached", timeout: 30000 });
  if (!serverTrace().includes("Sending notification 'textDocument/didChange'")) {
    throw new Error("the quick fix changed the editor but no didChange reached clada-lsp");
  }
  pass("quick fix applied, diagnostic cleared");

  // 4. clada: Dry-Run Actions shows the report in the clada output channel and writes nothing.
  await openFile(page, "edit.sham");
  await runCommand(page, "clada: Dry-Run Actions");
  const dryRun = await waitFor("the dry-run report in the clada output channel", () => {
    const text = logText(/-clada\.log$/);
    const at = text.indexOf("clada dry-run: edit.sham");
    // The server answers with its JSON report, which the extension shows as is.
    return at >= 0 && /"dryRun": true/.test(text.slice(at)) ? text.slice(at) : undefined;
  });
  const greeting = path.join(w, "greeting.txt");
  if (!/"success": true/.test(dryRun) || !/"replacements": 1/.test(dryRun)) {
    throw new Error(`the dry-run report does not say it would replace once:\n${dryRun}`);
  }
  if (fs.readFileSync(greeting, "utf8") !== "hello\n") throw new Error("the dry-run changed greeting.txt");
  pass(`dry-run reported (${firstLines(dryRun)}), greeting.txt untouched`);
  await page.screenshot({ path: path.join(tmp, "4-dry-run.png") });

  // 5. clada: Apply Actions asks first, then clada-lsp carries the block out on disk.
  await page.locator(".monaco-editor .view-line", { hasText: "old_text" }).first().click();
  await runCommand(page, "clada: Apply Actions");
  const dialog = page.locator(".monaco-dialog-box");
  await dialog.filter({ hasText: "Apply the clada actions in edit.sham?" }).waitFor();
  await page.screenshot({ path: path.join(tmp, "5-confirm.png") });
  await dialog.locator(".monaco-button", { hasText: /^Apply$/ }).click();
  await waitFor("greeting.txt to be rewritten", () => fs.readFileSync(greeting, "utf8") === "goodbye\n");
  const applied = await waitFor("the apply report in the clada output channel", () => {
    const text = logText(/-clada\.log$/);
    const at = text.indexOf("clada apply: edit.sham");
    return at >= 0 && /"success": true/.test(text.slice(at)) ? text.slice(at) : undefined;
  });
  await page.screenshot({ path: path.join(tmp, "5-applied.png") });
  const trace = serverTrace();
  for (const want of ["textDocument/publishDiagnostics", "textDocument/codeAction", "workspace/executeCommand"]) {
    if (!trace.includes(want)) throw new Error(`the clada Language Server trace has no ${want}`);
  }
  pass(`applied (${firstLines(applied)}), greeting.txt now says goodbye`);
}

function serverTrace() {
  return logText(/-clada Language Server\.log$/);
}

/** firstLines sums up a report from the output channel for the test log. */
function firstLines(report) {
  const lines = report.split("\n");
  const flag = lines.find((l) => /"success":/.test(l)) ?? "";
  return `${lines[0]} … ${flag.trim().replace(/,$/, "")}`;
}

let currentPage;

/** runCommand runs a command by its title from the command palette. */
async function runCommand(page, title) {
  const input = page.locator(".quick-input-widget input");
  const row = page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first();
  // The palette lists what the when-clauses allow when it opens; if the
  // editor's context had not settled yet, close it and open it again.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press("F1");
    await input.waitFor();
    await input.fill(`>${title}`);
    try {
      await row.waitFor({ timeout: 5000 });
      break;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press("Escape");
    }
  }
  await row.click();
}

async function openFile(page, name) {
  await page.keyboard.press("Control+P");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor();
  await input.fill(name);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: name }).first().waitFor();
  await page.keyboard.press("Enter");
  await page.locator(`.tabs-container .tab.active[data-resource-name="${name}"]`).waitFor();
  // Focus the text, so the palette's when-clauses (editorLangId) see this editor.
  await page.locator(".editor-group-container.active .monaco-editor .view-lines").first().click();
  await page.locator(".editor-group-container.active .monaco-editor.focused").waitFor();
}

// A hung step must not hang CI: give up after five minutes (a run takes ~15 s).
const watchdog = setTimeout(() => {
  console.error("e2e-codeserver: FAIL: still running after 300 s");
  void cleanup().finally(() => {
    console.log(`e2e-codeserver: ${passed} passed, 1 failed`);
    process.exit(1);
  });
}, 300_000);
watchdog.unref();

try {
  await main();
  ok = true;
} catch (err) {
  console.error(`e2e-codeserver: FAIL: ${err instanceof Error ? err.stack : err}`);
  if (currentPage) await currentPage.screenshot({ path: path.join(tmp, "failure.png") }).catch(() => {});
  // The temp folder is gone with a CI machine: show the logs that explain most failures.
  const tail = (text, n = 40) => text.trimEnd().split("\n").slice(-n).join("\n");
  console.error(`--- clada output channel:\n${tail(logText(/-clada\.log$/))}`);
  console.error(`--- clada Language Server output channel:\n${tail(serverTrace())}`);
  console.error(`--- code-server:\n${tail(csOutput)}`);
} finally {
  await cleanup();
}
console.log(`e2e-codeserver: ${passed} passed, ${ok ? 0 : 1} failed`);
process.exit(ok ? 0 : 1);
