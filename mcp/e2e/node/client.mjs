// Drives `clada mcp` with the official MCP TypeScript SDK client over stdio:
// list tools, write/edit/read (each result one text, the summary), an unknown
// argument refused, a failing edit with its hint, a path escape
// refused, a command with progress, one cancelled mid-run (no orphan), an
// apply of a SHAM answer that makes one git commit and an undo that removes
// it; then, with --approve ask, a command approved through the client's
// elicitation and one refused to a client that offers none. Usage: node client.mjs <clada binary> <git work tree root>.
// Prints OK and exits 0 on success; prints FAIL: why and exits 1 otherwise.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [bin, root] = process.argv.slice(2);
const fail = (msg) => { console.log('FAIL: ' + msg); process.exit(1); };
setTimeout(() => fail('timed out'), 60000).unref();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// A result is one text content, the summary report, and nothing else.
const text = (res) => {
  if (res.structuredContent !== undefined || res.content.length !== 1 || res.content[0].type !== 'text') fail('result shape ' + JSON.stringify(res));
  return res.content[0].text;
};
const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' });

// alive is true while pid runs; an exited process waiting for its reaper
// (state Z in /proc) counts as gone.
function alive(pid) {
  try { process.kill(pid, 0); } catch { return false; }
  try { return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z'; } catch { return false; }
}

// markedPids lists the processes whose command line holds marker, once one
// of them has it as argv[0] (the command's child has started).
function markedPids(marker) {
  const pids = [];
  let child = false;
  for (const d of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(d)) continue;
    let cmdline;
    try { cmdline = readFileSync(`/proc/${d}/cmdline`, 'utf8'); } catch { continue; }
    if (!cmdline.includes(marker)) continue;
    pids.push(Number(d));
    child ||= cmdline.startsWith(marker + '\0');
  }
  return child ? pids : [];
}

async function main() {
  const transport = new StdioClientTransport({ command: bin, args: ['mcp', '--root', root], env: process.env, stderr: 'inherit' });
  const client = new Client({ name: 'clada-e2e', version: '0' });
  await client.connect(transport);

  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  for (const want of ['file_write', 'file_replace_text', 'file_read', 'exec', 'apply', 'check', 'undo']) {
    if (!names.includes(want)) fail('no tool ' + want + ' in ' + names);
  }
  const rat = tools.find((t) => t.name === 'file_replace_all_text');
  if (rat.inputSchema.properties.count.type !== 'integer' || rat.inputSchema.required.join() !== 'path,old_text,new_text' || rat.inputSchema.additionalProperties !== false) {
    fail('file_replace_all_text schema ' + JSON.stringify(rat.inputSchema));
  }

  let res = await client.callTool({ name: 'file_write', arguments: { path: 'src/app.js', content: 'const port = 3000;\n' } });
  if (res.isError) fail('file_write ' + text(res));
  res = await client.callTool({ name: 'file_replace_text', arguments: { path: 'src/app.js', old_text: 'const port = 3000;', new_text: 'const port = 8080;' } });
  if (res.isError || text(res) !== '=== CLADA RESULTS ===\ntask-1 ✅ file_replace_text src/app.js\n=== END ===\n') fail('file_replace_text ' + text(res));
  res = await client.callTool({ name: 'file_replace_text', arguments: { path: 'src/app.js', old_text: 'x', new_text: 'y', count: 1 } });
  if (!res.isError || !text(res).includes('unknown argument "count"')) fail('unknown argument ' + JSON.stringify(res));
  res = await client.callTool({ name: 'file_read', arguments: { path: 'src/app.js' } });
  if (text(res) !== '=== CLADA RESULTS ===\ntask-1 ✅ file_read src/app.js\n=== END ===\n\n=== OUTPUT task-1: file_read src/app.js ===\nconst port = 8080;\n=== END OUTPUT ===\n') {
    fail('file_read ' + JSON.stringify(res));
  }

  res = await client.callTool({ name: 'file_replace_text', arguments: { path: 'src/app.js', old_text: 'const port = 9999;', new_text: 'x' } });
  if (!res.isError || !text(res).includes('task-1 ❌ file_replace_text src/app.js - file_replace_text: old_text not found in file\n') ||
      !text(res).includes('   hint: ') || !text(res).includes('1: const port = 8080;')) {
    fail('failing edit ' + JSON.stringify(res));
  }

  res = await client.callTool({ name: 'file_write', arguments: { path: '../escaped.txt', content: 'x' } });
  if (!res.isError || !text(res).includes('is outside the project root') || existsSync(join(root, '..', 'escaped.txt'))) fail('path escape ' + JSON.stringify(res));

  const progress = [];
  res = await client.callTool({ name: 'exec', arguments: { lang: 'bash', code: 'for i in 1 2 3; do echo step$i; sleep 0.2; done' } },
    CallToolResultSchema, { onprogress: (p) => progress.push(p) });
  if (res.isError || !text(res).includes(' ===\nstep1\nstep2\nstep3\n--- exit code 0 ---\n=== END OUTPUT ===\n')) fail('exec ' + text(res));
  if (progress.length !== 3 || progress[2].progress !== 3 || progress[2].message !== '[task-1:exec] step1\n[task-1:exec] step2\n[task-1:exec] step3\n') {
    fail('progress ' + JSON.stringify(progress));
  }

  const abort = new AbortController();
  // The command runs as process 1 of its own PID namespace with its own
  // /proc, so it cannot tell its host pids: find them in the host's /proc
  // by a marker in their command lines (the shell's script, the child's argv[0]).
  const marker = `clada-cancel-${process.pid}-${Date.now()}`;
  const code = `(exec -a ${marker} sleep 60) &\nwait`;
  const pending = client.callTool({ name: 'exec', arguments: { lang: 'bash', code } },
    CallToolResultSchema, { signal: abort.signal }).then(() => 'returned', (e) => 'rejected: ' + e.message);
  let pids = [];
  for (let i = 0; pids.length < 2; i++) {
    if (i > 500) fail('the command and its child never showed up');
    await sleep(20);
    pids = markedPids(marker);
  }
  abort.abort();
  const outcome = await pending;
  if (!outcome.startsWith('rejected')) fail('cancelled call ' + outcome);
  for (const pid of pids) {
    for (let i = 0; alive(pid); i++) {
      if (i > 250) { process.kill(pid, 'SIGKILL'); fail(`process ${pid} survived the cancel`); }
      await sleep(20);
    }
  }
  // The server answers the cancelled call only after the group is dead and
  // the lock released; give it a moment before the next apply.
  await sleep(200);

  const before = git('rev-list', '--count', 'HEAD').trim();
  const answer = 'Two changes:\n\n' +
    '#!SHAM [@three-char-SHA-256: ed1]\naction = "file_replace_text"\npath = "src/app.js"\nold_text = "8080"\nnew_text = "9090"\n#!END_SHAM_ed1\n\n' +
    '#!SHAM [@three-char-SHA-256: wr2]\naction = "file_write"\npath = "notes.md"\ncontent = "hi\\n"\n#!END_SHAM_wr2\n';
  res = await client.callTool({ name: 'apply', arguments: { text: answer } });
  if (res.isError || !text(res).includes('ed1 ✅ file_replace_text src/app.js\nwr2 ✅ file_write notes.md')) fail('apply ' + text(res));
  const after = git('rev-list', '--count', 'HEAD').trim();
  if (Number(after) !== Number(before) + 1) fail(`apply made ${after - before} commits, want 1`);
  if (git('log', '-1', '--format=%s') !== 'AI: 2 actions, 0 failed: file_replace_text src/app.js, file_write notes.md\n') fail('subject ' + git('log', '-1', '--format=%s'));

  res = await client.callTool({ name: 'undo', arguments: {} });
  if (res.isError || !text(res).startsWith('undone ')) fail('undo ' + text(res));
  if (git('rev-list', '--count', 'HEAD').trim() !== before) fail('undo left ' + git('log', '--oneline'));
  if (readFileSync(join(root, 'src/app.js'), 'utf8') !== 'const port = 8080;\n' || existsSync(join(root, 'notes.md'))) fail('files after undo');

  await client.close();

  // --approve ask: the question goes to the user through elicitation.
  const questions = [];
  const asking = new Client({ name: 'clada-e2e-ask', version: '0' }, { capabilities: { elicitation: {} } });
  asking.setRequestHandler(ElicitRequestSchema, (req) => {
    questions.push(req.params.message);
    return { action: 'accept', content: { approve: true } };
  });
  await asking.connect(new StdioClientTransport({ command: bin, args: ['mcp', '--root', root, '--approve', 'ask'], env: process.env, stderr: 'inherit' }));
  res = await asking.callTool({ name: 'exec', arguments: { lang: 'bash', code: 'echo yes > approved.txt' } });
  if (res.isError || questions.length !== 1 || !questions[0].includes('echo yes > approved.txt') || !existsSync(join(root, 'approved.txt'))) {
    fail('approval by elicitation ' + JSON.stringify({ res, questions }));
  }
  await asking.close();

  const mute = new Client({ name: 'clada-e2e-mute', version: '0' });
  await mute.connect(new StdioClientTransport({ command: bin, args: ['mcp', '--root', root, '--approve', 'ask'], env: process.env, stderr: 'inherit' }));
  res = await mute.callTool({ name: 'exec', arguments: { lang: 'bash', code: 'echo no > refused.txt' } });
  if (!res.isError || !text(res).includes('did not run: it has not been approved') || existsSync(join(root, 'refused.txt'))) {
    fail('no elicitation, no approval ' + JSON.stringify(res));
  }
  await mute.close();
  console.log('OK');
}

main().catch((e) => fail(e.stack || String(e)));
