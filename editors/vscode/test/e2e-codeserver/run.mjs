// End-to-end test of the clada extension inside a real VS Code: code-server
// (VS Code 1.100 for the browser, from npm) runs the extension, its extension
// host runs activate(), the LanguageClient and the real clada-lsp on Node, and
// playwright-core drives the workbench in the system Chromium.
//
// By default it tests what a user installs: it builds the .vsix with
// @vscode/vsce (clada-lsp bundled as server/clada-lsp, for this platform's
// target), checks what the package holds, and installs it with
// `code-server --install-extension`. With --folder it links this folder into
// the extensions dir instead and the server comes from the user setting
// clada.serverPath: quicker when iterating on the extension, but it does not
// test the package.
//
// Two windows, one code-server each:
//   trusted   (Workspace Trust off): the extension activates and starts
//             clada-lsp; a diagnostic reaches the Problems panel and the
//             editor; the quick fix; "clada: Dry-Run Actions" shows a report
//             and leaves the disk alone; "clada: Apply Actions" asks, then
//             changes the file on disk.
//   untrusted (Workspace Trust on, folder not trusted: Restricted Mode): the
//             server is started with trusted=false and not from the
//             workspace's clada.serverPath; diagnostics and dry-run work;
//             Apply is in neither the palette nor the code lenses, invoking
//             clada.apply by id is refused, and the disk is unchanged.
//
// Needs: `sh setup.sh` run in this folder (code-server, playwright-core),
// `npm ci` in editors/vscode (@vscode/vsce, typescript), Chromium (CHROMIUM,
// default /usr/bin/chromium), clada-lsp (CLADA_LSP, else built with
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

const flags = process.argv.slice(2);
for (const f of flags) {
  if (f !== "--folder") {
    console.error(`e2e-codeserver: unknown argument ${f}; the only flag is --folder (load this folder instead of the .vsix)`);
    process.exit(2);
  }
}
const mode = flags.includes("--folder") ? "folder" : "vsix";

function log(msg) {
  console.log(`[e2e ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
}

// Each check that holds ends with pass(); the run closes with the count,
// "N passed, N failed", like the other test runners in CI.
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
const extRequire = createRequire(path.join(extensionDir, "package.json"));
let vsceBin;
try {
  vsceBin = path.join(path.dirname(extRequire.resolve("@vscode/vsce/package.json")), "vsce");
  extRequire.resolve("typescript/package.json");
} catch {
  missing("@vscode/vsce or typescript is not installed in editors/vscode", "run: npm ci in editors/vscode");
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

const manifest = JSON.parse(fs.readFileSync(path.join(extensionDir, "package.json"), "utf8"));
const extId = `${manifest.publisher}.${manifest.name}`;
const binName = process.platform === "win32" ? "clada-lsp.exe" : "clada-lsp";
const dirs = {
  extensions: path.join(tmp, "extensions"),
  browser: path.join(tmp, "chromium"),
  xdg: path.join(tmp, "xdg"),
};
for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });

const env = {
  ...process.env,
  XDG_CONFIG_HOME: path.join(dirs.xdg, "config"),
  XDG_DATA_HOME: path.join(dirs.xdg, "data"),
  XDG_CACHE_HOME: path.join(dirs.xdg, "cache"),
  // The extension must find clada-lsp where the test says, not by accident on PATH.
  PATH: (process.env.PATH ?? "").split(path.delimiter).filter((p) => !fs.existsSync(path.join(p, "clada-lsp"))).join(path.delimiter),
};
delete env.VSCODE_IPC_HOOK_CLI;
fs.writeFileSync(path.join(tmp, "code-server.yaml"), "");

/** codeServerCli runs code-server's command line (extension management), checked. */
function codeServerCli(args) {
  const r = spawnSync(
    process.execPath,
    [codeServerEntry, "--config", path.join(tmp, "code-server.yaml"), "--user-data-dir", path.join(tmp, "cli"), ...args],
    { env, encoding: "utf8", timeout: 60000 },
  );
  if (r.error || r.status !== 0) {
    throw new Error(`code-server ${args.join(" ")} failed (${r.error ?? `exit ${r.status}`}):\n${r.stdout}${r.stderr}`);
  }
  return r.stdout;
}

// --- the extension: the .vsix a user installs, or this folder -----------------

/** The platform target vsce packages for, as `vsce package --target` names it. */
function vsceTarget() {
  const arch = { x64: "x64", arm64: "arm64", arm: "armhf" }[process.arch];
  if (!arch || !["linux", "darwin", "win32"].includes(process.platform)) {
    throw new Error(`no vsce target for ${process.platform}/${process.arch}`);
  }
  return `${process.platform}-${arch}`;
}

/**
 * offlinePrefix returns a command prefix that runs its command with no
 * network (a fresh network namespace), or [] when this machine cannot make
 * one; packaging must not need the network.
 */
function offlinePrefix() {
  for (const prefix of [["unshare", "-n"], ["unshare", "-rn"]]) {
    const r = spawnSync(prefix[0], [...prefix.slice(1), "true"], { stdio: "ignore" });
    if (!r.error && r.status === 0) return prefix;
  }
  return [];
}

/**
 * packageVsix runs `vsce package` in the extension folder the way the README
 * says, with clada-lsp copied to server/clada-lsp for the time it takes; a
 * server/ folder that was there before is put back afterwards.
 */
function packageVsix(target) {
  const serverDir = path.join(extensionDir, "server");
  const saved = path.join(tmp, "server.saved");
  const hadServer = fs.existsSync(serverDir);
  if (hadServer) {
    fs.cpSync(serverDir, saved, { recursive: true, verbatimSymlinks: true });
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
  const out = path.join(tmp, `${manifest.name}-${target}-${manifest.version}.vsix`);
  const offline = offlinePrefix();
  try {
    fs.mkdirSync(serverDir);
    fs.copyFileSync(serverPath, path.join(serverDir, binName));
    fs.chmodSync(path.join(serverDir, binName), 0o755);
    const cmd = [...offline, process.execPath, vsceBin, "package", "--skip-license", "--target", target, "--out", out];
    log(`packaging: ${offline.length ? `${offline.join(" ")} (no network) ` : "(network not cut off: unshare unavailable) "}vsce package --skip-license --target ${target}`);
    const r = spawnSync(cmd[0], cmd.slice(1), { cwd: extensionDir, env: process.env, encoding: "utf8", timeout: 180000 });
    if (r.error || r.status !== 0) {
      throw new Error(`vsce package failed (${r.error ?? `exit ${r.status}`}):\n${r.stdout}${r.stderr}`);
    }
    const done = /DONE\s+Packaged: .*/.exec(r.stdout);
    if (done) log(done[0].replace(/\s+/g, " "));
  } finally {
    fs.rmSync(serverDir, { recursive: true, force: true });
    if (hadServer) {
      fs.cpSync(saved, serverDir, { recursive: true, verbatimSymlinks: true });
      fs.rmSync(saved, { recursive: true, force: true });
    }
  }
  return out;
}

/** zipEntries lists a zip file's entries from its central directory: name, size, unix mode. */
function zipEntries(file) {
  const b = fs.readFileSync(file);
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65535); i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip file`);
  const count = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (b.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: bad central directory entry ${i}`);
    const nameLen = b.readUInt16LE(at + 28);
    const extraLen = b.readUInt16LE(at + 30);
    const commentLen = b.readUInt16LE(at + 32);
    entries.push({
      name: b.toString("utf8", at + 46, at + 46 + nameLen),
      size: b.readUInt32LE(at + 24),
      mode: b.readUInt32LE(at + 38) >>> 16,
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** runtimePackages is the set of packages `dependencies` pulls in, transitively (what the extension loads). */
function runtimePackages() {
  const found = new Set();
  const visit = (name, fromDir) => {
    for (let d = fromDir; ; d = path.dirname(d)) {
      const p = path.join(d, "node_modules", name, "package.json");
      if (fs.existsSync(p)) {
        if (found.has(name)) return;
        found.add(name);
        const pkg = JSON.parse(fs.readFileSync(p, "utf8"));
        for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, path.dirname(p));
        return;
      }
      if (d === extensionDir || d === path.dirname(d)) throw new Error(`runtime dependency ${name} is not installed (npm ci)`);
    }
  };
  for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, extensionDir);
  return found;
}

/** checkVsix asserts what the package holds: all the extension needs at run time, nothing else. */
function checkVsix(vsix) {
  const entries = zipEntries(vsix);
  const files = entries.filter((e) => !e.name.endsWith("/"));
  const ext = new Map(files.filter((e) => e.name.startsWith("extension/")).map((e) => [e.name.slice("extension/".length), e]));
  const problems = [];
  const need = [
    "package.json",
    manifest.main.replace(/^\.\//, ""),
    ...fs.readdirSync(path.join(extensionDir, "src")).filter((f) => f.endsWith(".ts")).map((f) => `out/${f.replace(/\.ts$/, ".js")}`),
    ...manifest.contributes.grammars.map((g) => g.path.replace(/^\.\//, "")),
    ...manifest.contributes.languages.map((l) => l.configuration.replace(/^\.\//, "")),
    `server/${binName}`,
    "node_modules/vscode-languageclient/package.json",
  ];
  for (const f of new Set(need)) if (!ext.has(f)) problems.push(`missing ${f}`);
  const server = ext.get(`server/${binName}`);
  if (server && process.platform !== "win32" && (server.mode & 0o111) === 0) {
    problems.push(`server/${binName} is not executable in the package (mode ${server.mode.toString(8)})`);
  }
  const runtime = runtimePackages();
  const packages = new Set();
  for (const f of ext.keys()) {
    if (/^(src|test|out-test|\.vscode)\//.test(f) || /^tsconfig/.test(f) || /\.(ts|map|vsix)$/.test(f)) {
      problems.push(`should not be packaged: ${f}`);
    }
    const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f);
    if (m) {
      packages.add(m[1]);
      if (!runtime.has(m[1])) problems.push(`not a runtime dependency: ${f}`);
    }
  }
  if (problems.length) throw new Error(`${path.basename(vsix)}:\n  ${problems.join("\n  ")}`);
  const size = fs.statSync(vsix).size;
  const deps = [...ext.keys()].filter((f) => f.startsWith("node_modules/")).length;
  return `${path.basename(vsix)}: ${(size / 1024 / 1024).toFixed(2)} MB, ${files.length} files ` +
    `(${deps} in node_modules: ${[...packages].sort().join(", ")}; server/${binName} ${(server.size / 1024 / 1024).toFixed(1)} MB)`;
}

/**
 * installVsix installs the package with code-server's CLI and returns the
 * folder it was unpacked to, after checking the id, the version and that
 * every file executable in the source is still executable once installed.
 */
function installVsix(vsix) {
  const out = codeServerCli(["--extensions-dir", dirs.extensions, "--install-extension", vsix]);
  if (!/successfully installed/.test(out)) throw new Error(`code-server --install-extension said:\n${out}`);
  const listed = codeServerCli(["--extensions-dir", dirs.extensions, "--list-extensions", "--show-versions"]);
  const want = `${extId}@${manifest.version}`;
  if (!listed.split("\n").map((l) => l.trim()).includes(want)) {
    throw new Error(`code-server --list-extensions --show-versions lists ${JSON.stringify(listed.trim())}, want ${want}`);
  }
  const index = JSON.parse(fs.readFileSync(path.join(dirs.extensions, "extensions.json"), "utf8"));
  const entry = index.find((e) => e.identifier?.id === extId);
  if (!entry || entry.version !== manifest.version || entry.metadata?.source !== "vsix") {
    throw new Error(`extensions.json has no ${want} installed from a vsix: ${JSON.stringify(entry)}`);
  }
  const installed = path.join(dirs.extensions, entry.relativeLocation);
  if (fs.lstatSync(installed).isSymbolicLink()) throw new Error(`${installed} is a link, not an installed copy`);
  const got = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8"));
  if (`${got.publisher}.${got.name}@${got.version}` !== want) throw new Error(`installed package.json is ${got.publisher}.${got.name}@${got.version}`);
  if (process.platform !== "win32") {
    const walk = (d) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.isFile() && fs.statSync(p).mode & 0o111) executables.push(path.relative(installed, p));
      }
    };
    const executables = [];
    walk(installed);
    const source = (rel) => (rel === `server/${binName}` ? serverPath : path.join(extensionDir, rel));
    const lost = [];
    const check = (d) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        const rel = path.relative(installed, p);
        if (e.isDirectory()) check(p);
        else if (fs.existsSync(source(rel)) && fs.statSync(source(rel)).mode & 0o111 && !executables.includes(rel)) lost.push(rel);
      }
    };
    check(installed);
    if (lost.length) throw new Error(`executable in the source but not once installed: ${lost.join(", ")}`);
    if (!executables.includes(`server/${binName}`)) throw new Error(`server/${binName} is not executable once installed`);
  }
  return { installed, listed: want };
}

let serverExpected; // { path, source } the clada output channel must name

/** prepareExtension installs the .vsix (or links this folder) into the extensions dir code-server uses. */
function prepareExtension() {
  if (mode === "vsix") {
    const vsix = packageVsix(vsceTarget());
    pass(`built ${checkVsix(vsix)}`);
    const { installed, listed } = installVsix(vsix);
    serverExpected = { path: path.join(installed, "server", binName), source: "bundled" };
    pass(`code-server --install-extension: ${listed} in ${path.relative(tmp, installed)}, server/${binName} executable`);
  } else {
    log("compiling the extension (--folder)");
    const r = spawnSync("npm", ["run", "--silent", "compile"], { cwd: extensionDir, stdio: "inherit" });
    if (r.error || r.status !== 0) throw new Error("npm run compile failed");
    // code-server scans the extensions folder; the folder itself is the extension.
    fs.symlinkSync(extensionDir, path.join(dirs.extensions, `${extId}-${manifest.version}`));
    serverExpected = { path: serverPath, source: "user setting" };
  }
}

// --- code-server windows ---------------------------------------------------------

const baseSettings = {
  "clada.trace.server": "verbose",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "git.enabled": false,
  "editor.hover.enabled": false,
  "window.commandCenter": false,
  // --folder has no bundled server: the user setting names it.
  ...(mode === "folder" ? { "clada.serverPath": serverPath } : {}),
};

const instances = [];

/** startCodeServer starts one code-server with its own user-data-dir, settings and keybindings. */
async function startCodeServer(name, { settings, keybindings = [] }) {
  const userData = path.join(tmp, name, "user-data");
  fs.mkdirSync(path.join(userData, "User"), { recursive: true });
  fs.writeFileSync(path.join(userData, "User/settings.json"), JSON.stringify({ ...baseSettings, ...settings }, null, 2));
  fs.writeFileSync(path.join(userData, "User/keybindings.json"), JSON.stringify(keybindings, null, 2));
  const csLog = fs.openSync(path.join(tmp, name, "code-server.log"), "w");
  const cs = spawn(
    process.execPath,
    [
      codeServerEntry,
      "--config", path.join(tmp, "code-server.yaml"),
      "--auth", "none",
      "--bind-addr", "127.0.0.1:0",
      "--user-data-dir", userData,
      "--extensions-dir", dirs.extensions,
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-getting-started-override",
      "--ignore-last-opened",
    ],
    { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  const inst = { name, userData, cs, output: "", exit: undefined };
  inst.exit = new Promise((resolve) => cs.on("exit", (code, signal) => resolve({ code, signal })));
  for (const s of [cs.stdout, cs.stderr]) {
    s.on("data", (b) => {
      inst.output += b.toString();
      fs.writeSync(csLog, b);
    });
  }
  instances.push(inst);
  inst.url = await waitFor(
    `code-server (${name}) to listen`,
    async () => {
      const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(inst.output);
      if (m) return m[1];
      if (cs.exitCode !== null) throw new Error(`code-server exited with ${cs.exitCode}:\n${inst.output}`);
      return undefined;
    },
    60000,
  );
  log(`code-server (${name}) ${inst.url}`);
  return inst;
}

async function stopCodeServer(inst) {
  try {
    process.kill(-inst.cs.pid, "SIGTERM");
  } catch {}
  await Promise.race([inst.exit, new Promise((r) => setTimeout(r, 5000))]);
  try {
    process.kill(-inst.cs.pid, "SIGKILL");
  } catch {}
}

/** openWorkbench opens folder in a new page of the shared browser and waits for the workbench. */
async function openWorkbench(inst, folder) {
  if (!browser) {
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
  }
  const page = await browser.newPage();
  page.on("pageerror", (e) => log(`page error (${inst.name}): ${e.message}`));
  currentPage = page;
  await page.goto(`${inst.url}/?folder=${encodeURIComponent(folder)}`);
  await page.locator(".monaco-workbench .part.statusbar").waitFor({ timeout: 60000 });
  log(`workbench (${inst.name}) loaded`);
  return page;
}

let browser;
let currentPage;
let currentInstance;
let ok = false;
async function cleanup() {
  if (browser) await browser.close().catch(() => {});
  await Promise.all(instances.map(stopCodeServer));
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

/** logText returns the concatenated text of the log files under inst's user-data-dir whose name matches re. */
function logText(inst, re) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (re.test(e.name)) out.push(fs.readFileSync(p, "utf8"));
    }
  };
  const logs = path.join(inst.userData, "logs");
  if (fs.existsSync(logs)) walk(logs);
  return out.join("\n");
}

const cladaChannel = (inst) => logText(inst, /-clada\.log$/);
const serverTrace = (inst) => logText(inst, /-clada Language Server\.log$/);

/** executedCommands lists the commands of the workspace/executeCommand requests in the verbose trace. */
function executedCommands(inst) {
  return serverTrace(inst)
    .split("[Trace - ")
    .filter((chunk) => chunk.includes("Sending request 'workspace/executeCommand"))
    .map((chunk) => /"command":\s*"([^"]+)"/.exec(chunk)?.[1] ?? "?");
}

/** trustedOption reads initializationOptions.trusted from the initialize request in the verbose trace. */
function trustedOption(inst) {
  const m = /Sending request 'initialize[\s\S]*?"initializationOptions":\s*\{\s*"trusted":\s*(true|false)/.exec(serverTrace(inst));
  return m ? m[1] === "true" : undefined;
}

/** writeWorkspace makes a folder with the files both windows use. */
function writeWorkspace(name) {
  const w = path.join(tmp, name, "workspace");
  fs.mkdirSync(w, { recursive: true });
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
  return w;
}

/** expectServerStarted waits for the clada channel to name the expected server and for initialize. */
async function expectServerStarted(inst) {
  const want = `clada-lsp: ${serverExpected.path} (${serverExpected.source})`;
  await waitFor(`the clada output channel to say "${want}"`, () => {
    const text = cladaChannel(inst);
    const named = /^clada-lsp: .*$/m.exec(text);
    if (named && named[0] !== want) throw new Error(`the clada output channel says "${named[0]}", want "${want}"`);
    return named;
  });
  await waitFor("clada-lsp to answer initialize", () => serverTrace(inst).includes("Received response 'initialize"), 30000);
}

/** dryRunEditSham runs "clada: Dry-Run Actions" on edit.sham and checks the report and the disk. */
async function dryRunEditSham(inst, page, w) {
  await openFile(page, "edit.sham");
  await runCommand(page, "clada: Dry-Run Actions");
  const dryRun = await waitFor("the dry-run report in the clada output channel", () => {
    const text = cladaChannel(inst);
    const at = text.indexOf("clada dry-run: edit.sham");
    // The server answers with its JSON report, which the extension shows as is.
    return at >= 0 && /"dryRun": true/.test(text.slice(at)) ? text.slice(at) : undefined;
  });
  if (!/"success": true/.test(dryRun) || !/"replacements": 1/.test(dryRun)) {
    throw new Error(`the dry-run report does not say it would replace once:\n${dryRun}`);
  }
  if (fs.readFileSync(path.join(w, "greeting.txt"), "utf8") !== "hello\n") throw new Error("the dry-run changed greeting.txt");
  return dryRun;
}

/** codeLensTitles returns the titles of the code lenses shown in the active editor, once there are some. */
async function codeLensTitles(page) {
  const lenses = page.locator(".editor-group-container.active .monaco-editor .codelens-decoration");
  await lenses.first().waitFor({ timeout: 30000 });
  return (await lenses.first().locator("a").allInnerTexts()).map((t) => t.trim());
}

// --- window 1: trusted ------------------------------------------------------------

async function trustedWindow() {
  const w = writeWorkspace("trusted");
  const inst = await startCodeServer("trusted", { settings: { "security.workspace.trust.enabled": false } });
  currentInstance = inst;
  const page = await openWorkbench(inst, w);

  // 1. Opening a .sham file activates the extension (onLanguage:sham), which starts clada-lsp.
  await openFile(page, "bad.sham");
  await waitFor("the extension to activate", () =>
    new RegExp(`_doActivateExtension ${extId.replace(".", "\\.")}, .*activationEvent: 'onLanguage:sham'`).test(
      logText(inst, /^remoteexthost\.log$/),
    ),
  );
  await expectServerStarted(inst);
  if (trustedOption(inst) !== true) throw new Error(`initialize carried trusted=${trustedOption(inst)}, want true`);
  pass(`trusted: extension activated, clada-lsp started (${serverExpected.source}) with trusted=true`);

  // 2. clada-lsp's diagnostic: a squiggle in the editor and a row in the Problems panel.
  await page.locator(".monaco-editor .squiggly-error").first().waitFor({ timeout: 30000 });
  await runCommand(page, "View: Focus Problems");
  const problems = page.locator(".markers-panel .monaco-list-row");
  await problems.filter({ hasText: "Unknown action 'file_wrte'" }).first().waitFor({ timeout: 30000 });
  pass(`trusted: diagnostic shown: ${(await problems.filter({ hasText: "file_wrte" }).first().innerText()).replace(/\s+/g, " ")}`);
  await page.screenshot({ path: path.join(tmp, "trusted", "2-problems.png") });

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
  if (!serverTrace(inst).includes("Sending notification 'textDocument/didChange'")) {
    throw new Error("the quick fix changed the editor but no didChange reached clada-lsp");
  }
  pass("trusted: quick fix applied, diagnostic cleared");

  // 4. clada: Dry-Run Actions shows the report in the clada output channel and writes nothing;
  // the block has both code lenses.
  const dryRun = await dryRunEditSham(inst, page, w);
  const lenses = await codeLensTitles(page);
  if (lenses.join("|") !== "Dry-run|Apply") throw new Error(`code lenses over edit.sham: ${lenses.join(" | ")}, want Dry-run | Apply`);
  pass(`trusted: dry-run reported (${firstLines(dryRun)}), greeting.txt untouched; lenses ${lenses.join(" | ")}`);
  await page.screenshot({ path: path.join(tmp, "trusted", "4-dry-run.png") });

  // 5. clada: Apply Actions asks first, then clada-lsp carries the block out on disk.
  const greeting = path.join(w, "greeting.txt");
  await page.locator(".monaco-editor .view-line", { hasText: "old_text" }).first().click();
  await runCommand(page, "clada: Apply Actions");
  const dialog = page.locator(".monaco-dialog-box");
  await dialog.filter({ hasText: "Apply the clada actions in edit.sham?" }).waitFor();
  await page.screenshot({ path: path.join(tmp, "trusted", "5-confirm.png") });
  await dialog.locator(".monaco-button", { hasText: /^Apply$/ }).click();
  await waitFor("greeting.txt to be rewritten", () => fs.readFileSync(greeting, "utf8") === "goodbye\n");
  const applied = await waitFor("the apply report in the clada output channel", () => {
    const text = cladaChannel(inst);
    const at = text.indexOf("clada apply: edit.sham");
    return at >= 0 && /"success": true/.test(text.slice(at)) ? text.slice(at) : undefined;
  });
  await page.screenshot({ path: path.join(tmp, "trusted", "5-applied.png") });
  const trace = serverTrace(inst);
  for (const want of ["textDocument/publishDiagnostics", "textDocument/codeAction", "workspace/executeCommand"]) {
    if (!trace.includes(want)) throw new Error(`the clada Language Server trace has no ${want}`);
  }
  pass(`trusted: applied (${firstLines(applied)}), greeting.txt now says goodbye`);

  await page.close();
  await stopCodeServer(inst);
}

// --- window 2: untrusted (Restricted Mode) -----------------------------------------

async function untrustedWindow() {
  const w = writeWorkspace("untrusted");
  // The folder names a program of its own as the server; running it leaves a mark.
  const marker = path.join(tmp, "untrusted", "workspace-server-ran");
  const chosen = path.join(w, ".vscode", "server.sh");
  fs.mkdirSync(path.dirname(chosen));
  fs.writeFileSync(chosen, `#!/bin/sh\ntouch '${marker}'\nexec '${serverPath}' "$@"\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(w, ".vscode", "settings.json"), JSON.stringify({ "clada.serverPath": chosen }, null, 2));
  const applyKey = "ctrl+alt+shift+y";
  const inst = await startCodeServer("untrusted", {
    settings: {
      "security.workspace.trust.enabled": true,
      // No "Do you trust the authors?" dialog: the folder opens untrusted, in Restricted Mode.
      "security.workspace.trust.startupPrompt": "never",
      "security.workspace.trust.banner": "never",
    },
    // runCommands runs clada.apply by id, past its enablement, as a keybinding
    // or another extension could: the extension itself must refuse.
    keybindings: [{ key: applyKey, command: "runCommands", args: { commands: ["clada.apply"] } }],
  });
  currentInstance = inst;
  const page = await openWorkbench(inst, w);
  await page.locator(".part.statusbar .statusbar-item", { hasText: "Restricted Mode" }).first().waitFor({ timeout: 30000 });

  // 6. In Restricted Mode the extension still activates (limited support) and starts the
  // server, not the workspace's, telling it the workspace is untrusted; diagnostics work.
  await openFile(page, "bad.sham");
  await expectServerStarted(inst);
  if (trustedOption(inst) !== false) throw new Error(`initialize carried trusted=${trustedOption(inst)}, want false`);
  if (fs.existsSync(marker)) throw new Error("the workspace's clada.serverPath was run in an untrusted workspace");
  const skipped = /^Ignoring the workspace's clada\.serverPath.*$/m.exec(cladaChannel(inst));
  log(`untrusted: clada output channel: ${skipped ? skipped[0] : "(no note: VS Code withholds the restricted setting itself)"}`);
  await page.locator(".monaco-editor .squiggly-error").first().waitFor({ timeout: 30000 });
  await runCommand(page, "View: Focus Problems");
  await page.locator(".markers-panel .monaco-list-row").filter({ hasText: "Unknown action 'file_wrte'" }).first().waitFor({ timeout: 30000 });
  pass(`untrusted: Restricted Mode; clada-lsp started with trusted=false (${serverExpected.source}, the workspace's server.sh not run); diagnostic shown`);

  // 7. Apply is offered nowhere: not in the command palette, not as a code lens.
  await openFile(page, "edit.sham");
  const lenses = await codeLensTitles(page);
  if (lenses.join("|") !== "Dry-run") throw new Error(`code lenses over edit.sham: ${lenses.join(" | ")}, want Dry-run only`);
  const palette = await paletteTitles(page, "clada:", "clada: Dry-Run Actions");
  if (palette.some((t) => t.includes("clada: Apply Actions"))) throw new Error(`the palette offers Apply: ${palette.join(" | ")}`);
  await page.screenshot({ path: path.join(tmp, "untrusted", "7-palette.png") });
  await page.keyboard.press("Escape");
  pass(`untrusted: palette offers ${palette.join(" | ")}; lenses ${lenses.join(" | ")}`);

  // 8. clada.apply invoked by id is refused with the reason; nothing asks, nothing is sent, nothing changes.
  await page.locator(".monaco-editor .view-line", { hasText: "old_text" }).first().click();
  await page.keyboard.press(applyKey.split("+").map((k) => ({ ctrl: "Control", alt: "Alt", shift: "Shift", y: "KeyY" })[k]).join("+"));
  const refusal = page.locator(".notifications-toasts .notification-toast", { hasText: "Apply is disabled in an untrusted workspace" });
  await refusal.first().waitFor({ timeout: 30000 });
  await page.screenshot({ path: path.join(tmp, "untrusted", "8-refused.png") });
  if (await page.locator(".monaco-dialog-box").count()) throw new Error("a confirmation dialog opened in an untrusted workspace");
  const greeting = path.join(w, "greeting.txt");
  if (fs.readFileSync(greeting, "utf8") !== "hello\n") throw new Error("greeting.txt changed in an untrusted workspace");
  if (executedCommands(inst).length) throw new Error(`executeCommand reached clada-lsp: ${executedCommands(inst).join(", ")}`);
  pass("untrusted: clada.apply by id refused (\"Apply is disabled in an untrusted workspace\"), no request sent, greeting.txt unchanged");

  // 9. Dry-run still works, and in the end only dry-runs reached the server.
  const dryRun = await dryRunEditSham(inst, page, w);
  const sent = executedCommands(inst);
  if (sent.join(",") !== "clada.dryRun") throw new Error(`executeCommand requests: ${sent.join(", ")}, want clada.dryRun once`);
  if (fs.readFileSync(greeting, "utf8") !== "hello\n" || fs.existsSync(marker)) throw new Error("the untrusted workspace changed");
  pass(`untrusted: dry-run reported (${firstLines(dryRun)}); the only executeCommand was clada.dryRun; greeting.txt unchanged`);

  await page.close();
  await stopCodeServer(inst);
}

/** firstLines sums up a report from the output channel for the test log. */
function firstLines(report) {
  const lines = report.split("\n");
  const flag = lines.find((l) => /"success":/.test(l)) ?? "";
  return `${lines[0]} … ${flag.trim().replace(/,$/, "")}`;
}

/** runCommand runs a command by its title from the command palette. */
async function runCommand(page, title) {
  const row = await openPalette(page, title, title);
  await row.click();
}

/**
 * openPalette opens the command palette, types query and waits for a row
 * holding expect. The palette lists what the when-clauses allow when it
 * opens; if the editor's context had not settled yet, it closes and reopens.
 */
async function openPalette(page, query, expect) {
  const input = page.locator(".quick-input-widget input");
  const row = page.locator(".quick-input-list .monaco-list-row", { hasText: expect }).first();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press("F1");
    await input.waitFor();
    await input.fill(`>${query}`);
    try {
      await row.waitFor({ timeout: 5000 });
      return row;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press("Escape");
    }
  }
}

/** paletteTitles lists the palette's rows for query once a row holding expect is there. */
async function paletteTitles(page, query, expect) {
  await openPalette(page, query, expect);
  const rows = page.locator(".quick-input-list .monaco-list-row .label-name");
  return (await rows.allInnerTexts()).map((t) => t.trim());
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

// A hung step must not hang CI: give up after five minutes (a run takes ~35 s).
const watchdog = setTimeout(() => {
  console.error("e2e-codeserver: FAIL: still running after 300 s");
  void cleanup().finally(() => {
    console.log(`e2e-codeserver: ${passed} passed, 1 failed`);
    process.exit(1);
  });
}, 300_000);
watchdog.unref();

try {
  prepareExtension();
  await trustedWindow();
  await untrustedWindow();
  ok = true;
} catch (err) {
  console.error(`e2e-codeserver: FAIL: ${err instanceof Error ? err.stack : err}`);
  if (currentPage) await currentPage.screenshot({ path: path.join(tmp, "failure.png") }).catch(() => {});
  // The temp folder is gone with a CI machine: show the logs that explain most failures.
  if (currentInstance) {
    const tail = (text, n = 40) => text.trimEnd().split("\n").slice(-n).join("\n");
    console.error(`--- ${currentInstance.name}: clada output channel:\n${tail(cladaChannel(currentInstance))}`);
    console.error(`--- ${currentInstance.name}: clada Language Server output channel:\n${tail(serverTrace(currentInstance))}`);
    console.error(`--- ${currentInstance.name}: code-server:\n${tail(currentInstance.output)}`);
  }
} finally {
  await cleanup();
}
console.log(`e2e-codeserver: ${passed} passed, ${ok ? 0 : 1} failed`);
process.exit(ok ? 0 : 1);
