// Drives clada-lsp with vscode-languageserver-protocol, the client library
// VS Code itself uses: semantic tokens, code actions, formatting,
// executeCommand, and the file watcher the server registers with a client
// that allows dynamic registration. Usage: node client.js <clada-lsp binary> <workspace root>.
// Prints OK and exits 0 on success; prints FAIL: why and exits 1 otherwise.
'use strict';
const cp = require('child_process');
const path = require('path');
const { pathToFileURL } = require('url');
const rpc = require('vscode-languageserver-protocol/node');

const [bin, root] = process.argv.slice(2);
const fail = (msg) => { console.log('FAIL: ' + msg); process.exit(1); };
setTimeout(() => fail('timed out'), 20000).unref();

async function main() {
  const proc = cp.spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createProtocolConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const diags = [];
  conn.onNotification(rpc.PublishDiagnosticsNotification.type, (p) => diags.push(p));
  const registrations = [];
  conn.onRequest(rpc.RegistrationRequest.type, (p) => { registrations.push(p); return null; });
  conn.listen();

  const init = await conn.sendRequest(rpc.InitializeRequest.type, {
    processId: process.pid, rootUri: pathToFileURL(root).href, workspaceFolders: null,
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
  });
  const legend = init.capabilities.semanticTokensProvider.legend.tokenTypes;
  if (init.capabilities.positionEncoding !== 'utf-16') fail('encoding ' + init.capabilities.positionEncoding);
  await conn.sendNotification(rpc.InitializedNotification.type, {});

  const file = path.join(root, 'answer.sham');
  const uri = pathToFileURL(file).href;
  const text = require('fs').readFileSync(file, 'utf8');
  await conn.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'sham', version: 1, text } });

  // Requests are answered after the notifications before them.
  const toks = await conn.sendRequest(rpc.SemanticTokensRequest.type, { textDocument: { uri } });
  if (toks.data.length % 5 !== 0 || toks.data.length === 0) fail('tokens ' + JSON.stringify(toks));
  if (legend[toks.data[3]] !== 'function' || toks.data[0] !== 1 || toks.data[1] !== 10) fail('first token ' + toks.data.slice(0, 5) + ' legend ' + legend);

  const d = diags.find((p) => p.uri === uri);
  if (!d || d.diagnostics.length !== 1 || d.diagnostics[0].code !== 'UNKNOWN_ACTION') fail('diagnostics ' + JSON.stringify(diags));
  const acts = await conn.sendRequest(rpc.CodeActionRequest.type, {
    textDocument: { uri }, range: d.diagnostics[0].range, context: { diagnostics: d.diagnostics },
  });
  const fix = acts.find((a) => a.kind === 'quickfix');
  if (!fix || fix.title !== 'Replace with file_write' || fix.edit.changes[uri][0].newText !== 'file_write') fail('code actions ' + JSON.stringify(acts));

  const edits = await conn.sendRequest(rpc.DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
  if (!Array.isArray(edits) || edits.length !== 0) fail('formatting a document with errors must not edit it: ' + JSON.stringify(edits));

  const rep = await conn.sendRequest(rpc.ExecuteCommandRequest.type, { command: 'clada.dryRun', arguments: [uri] });
  if (!rep || typeof rep.success !== 'boolean' || !Array.isArray(rep.results)) fail('dry run ' + JSON.stringify(rep));

  // One registration of a "**/*" watcher arrived; a change it reports
  // republishes: app.js loses "two", so the replace's search now fails.
  await until('a client/registerCapability', () => registrations.length > 0);
  const regs = registrations[0].registrations;
  const watchers = regs.length === 1 && regs[0].registerOptions && regs[0].registerOptions.watchers;
  if (registrations.length !== 1 || regs[0].method !== 'workspace/didChangeWatchedFiles' || !Array.isArray(watchers)
    || watchers.length !== 1 || watchers[0].globPattern !== '**/*' || watchers[0].kind !== undefined) {
    fail('registrations ' + JSON.stringify(registrations));
  }
  const app = path.join(root, 'app.js');
  require('fs').writeFileSync(app, 'one\nthree\n');
  const seen = diags.length;
  await conn.sendNotification(rpc.DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(app).href, type: 2 }] });
  await until('diagnostics republished after app.js changed', () => diags.slice(seen).some((p) => p.uri === uri
    && p.diagnostics.some((x) => x.code === 'WORKSPACE' && x.range.start.line === 11)));

  // A big answer, past the 256 KiB from which clada-lsp takes a didOpen's
  // text out of the frame itself, with all JSON escapes (quotes,
  // backslashes, tabs, CR, a non-BMP rune), also on the line of its one
  // error, whose range is then exact only if every escape decoded right.
  const bigUri = pathToFileURL(path.join(root, 'big.sham')).href;
  const prose = 'Prose with "quotes", a \\ backslash,\ta tab, é and 😀.\r\n';
  const n = Math.ceil(300000 / prose.length);
  const pre = 'path = "😀\\t \\"q\\\\" ';
  const bad = pre + 'é 😀\tx';
  const big = prose.repeat(n) + '#!SHAM [@three-char-SHA-256: zz1]\r\naction = "file_write"\r\n' + bad + '\r\n#!END_SHAM_zz1\r\n';
  const before = diags.length;
  await conn.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri: bigUri, languageId: 'sham', version: 1, text: big } });
  await until('diagnostics for the big answer', () => diags.slice(before).some((p) => p.uri === bigUri));
  const bigDiags = diags.slice(before).find((p) => p.uri === bigUri).diagnostics
    .map((x) => `${x.range.start.line}:${x.range.start.character}-${x.range.end.line}:${x.range.end.character} ${x.code}`).join(', ');
  if (bigDiags !== `${n + 2}:${pre.length}-${n + 2}:${bad.length} TRAILING_CONTENT`) fail('big answer diagnostics ' + bigDiags);

  await conn.sendRequest(rpc.ShutdownRequest.type);
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  await conn.sendNotification(rpc.ExitNotification.type);
  const code = await exited;
  if (code !== 0) fail('exit code ' + code);
  console.log('OK');
  process.exit(0);
}
// until resolves once cond() holds, polling; the global timeout bounds it.
async function until(what, cond) {
  const deadline = Date.now() + 10000;
  while (!cond()) {
    if (Date.now() > deadline) fail('waited 10s for ' + what);
    await new Promise((r) => setTimeout(r, 20));
  }
}

main().catch((e) => fail(e && e.stack || String(e)));
