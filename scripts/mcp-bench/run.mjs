// Per-call latency and result size of `clada mcp` against the reference
// filesystem MCP server (@modelcontextprotocol/server-filesystem, pinned in
// package.json), both driven by the official TypeScript SDK client over
// stdio, making the same calls on the same files: write a 2 KB file, one
// exact edit, read a 23 KB file, list a directory, find files by a glob.
//
//   (cd scripts/mcp-bench && npm ci) && node scripts/mcp-bench/run.mjs
//   node scripts/mcp-bench/run.mjs --rounds 60 --before /path/to/old/clada
//
// clada runs twice: with --no-git --no-fsync, doing what the reference
// server does (it neither fsyncs nor commits), and with its defaults in a git
// work tree (each change fsynced and one git commit). Every round makes each
// call once on each server, the servers' order turning round by round, so a
// drift of the machine lands on all alike; the first rounds warm up and are
// dropped; the table gives medians. --before adds another clada binary (an
// older build) as a fourth server, --no-git --no-fsync. --clada uses a built
// binary instead of building the repository's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const rounds = Number(opt('--rounds', '30'));
const warmup = 3;
const tmp = mkdtempSync(join(tmpdir(), 'clada-mcp-bench-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

let clada = opt('--clada', '');
if (!clada) {
  clada = join(tmp, 'clada');
  execFileSync('go', ['build', '-o', clada, './cmd/clada'], { cwd: repo, stdio: 'inherit' });
}
const before = opt('--before', '');
const refMain = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const refVersion = JSON.parse(execFileSync('npm', ['ls', '--json', '@modelcontextprotocol/server-filesystem'], { cwd: here, encoding: 'utf8' }))
  .dependencies['@modelcontextprotocol/server-filesystem'].version;

// The same starting files in each server's own root.
const big = Array.from({ length: 430 }, (_, i) => `    value_${i} = compute(${i}, "${'x'.repeat(i % 20)}")  # line ${i + 1}`).join('\n') + '\n'; // 23 KB
const note = ('A line of notes written by the agent, about this and that.\n').repeat(35); // 2 KB
function makeRoot(name, git) {
  mkdirSync(join(tmp, name));
  const root = realpathSync(join(tmp, name));
  mkdirSync(join(root, 'src', 'lib'), { recursive: true });
  mkdirSync(join(root, 'notes')); // the reference server's write_file makes no parent directory
  writeFileSync(join(root, 'big.txt'), big);
  writeFileSync(join(root, 'src', 'app.js'), 'const port = 3000;\nlisten(port);\n');
  for (let i = 0; i < 20; i++) writeFileSync(join(root, 'src', 'lib', `m${i}.js`), `export const m${i} = ${i};\n`);
  if (git) {
    const g = (...a) => execFileSync('git', ['-C', root, ...a], { env: gitEnv });
    g('init', '-q');
    g('add', '-A');
    g('commit', '-qm', 'start');
  }
  return root;
}
const gitEnv = {
  ...process.env, HOME: tmp, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com',
};

async function connect(command, cmdArgs) {
  const client = new Client({ name: 'clada-mcp-bench', version: '0' });
  await client.connect(new StdioClientTransport({ command, args: cmdArgs, env: gitEnv, stderr: 'ignore' }));
  return client;
}

// Each server: how it is started, and its spelling of the five calls.
// edit toggles one line, so every round edits the same file the same way.
const servers = [
  {
    name: `filesystem ${refVersion}`, root: makeRoot('ref', false), start: (root) => connect('node', [refMain, root]),
    calls: (root, r) => ({
      write: ['write_file', { path: join(root, 'notes', 'n.md'), content: note + r + '\n' }],
      edit: ['edit_file', { path: join(root, 'src', 'app.js'), edits: [toggle(r)] }],
      read: ['read_text_file', { path: join(root, 'big.txt') }],
      list: ['list_directory', { path: join(root, 'src', 'lib') }],
      glob: ['search_files', { path: join(root, 'src'), pattern: '**/*.js' }],
    }),
  },
  cladaServer('clada --no-git --no-fsync', 'nogit', false, ['--no-git', '--no-fsync']),
  cladaServer('clada (git, fsync)', 'git', true, []),
];
if (before) servers.push(cladaServer('--before clada --no-git --no-fsync', 'before', false, ['--no-git', '--no-fsync'], before));

function cladaServer(name, dir, git, flags, bin = clada) {
  return {
    name, root: makeRoot(dir, git), start: (root) => connect(bin, ['mcp', '--root', root, ...flags]),
    calls: (_root, r) => {
      const t = toggle(r);
      return {
        write: ['file_write', { path: 'notes/n.md', content: note + r + '\n' }],
        edit: ['file_replace_text', { path: 'src/app.js', old_text: t.oldText, new_text: t.newText }],
        read: ['file_read', { path: 'big.txt' }],
        list: ['ls', { path: 'src/lib' }],
        glob: ['glob', { pattern: '**/*.js', base_path: 'src' }],
      };
    },
  };
}

function toggle(r) {
  return r % 2 === 0 ? { oldText: 'const port = 3000;', newText: 'const port = 8080;' } : { oldText: 'const port = 8080;', newText: 'const port = 3000;' };
}

const ops = ['write', 'edit', 'read', 'list', 'glob'];
const size = (x) => Buffer.byteLength(JSON.stringify(x));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const listSizes = [];
  for (const s of servers) {
    s.client = await s.start(s.root);
    s.ms = Object.fromEntries(ops.map((o) => [o, []]));
    s.bytes = {};
    listSizes.push([s.name, size(await s.client.listTools())]);
  }
  for (let r = 0; r < rounds + warmup; r++) {
    const order = servers.map((_, i) => servers[(i + r) % servers.length]);
    for (const op of ops) {
      for (const s of order) {
        const [tool, a] = s.calls(s.root, r)[op];
        const t0 = performance.now();
        const res = await s.client.callTool({ name: tool, arguments: a });
        const ms = performance.now() - t0;
        if (res.isError) throw new Error(`${s.name} ${tool}: ${JSON.stringify(res).slice(0, 500)}`);
        if (r >= warmup) s.ms[op].push(ms);
        s.bytes[op] = size(res);
      }
    }
  }
  for (const s of servers) await s.client.close();

  const head = servers.map((s) => s.name);
  console.log(`tools/list result (JSON bytes):\n`);
  for (const [n, b] of listSizes) console.log(`- ${n}: ${b}`);
  console.log(`\nmedian per-call latency in ms over ${rounds} rounds (${warmup} warm-up rounds dropped), result size in bytes:\n`);
  console.log(`| call | ${head.join(' | ')} |`);
  console.log(`|---|${head.map(() => '---:').join('|')}|`);
  for (const op of ops) {
    console.log(`| ${op} | ${servers.map((s) => `${median(s.ms[op]).toFixed(2)} ms, ${s.bytes[op]} B`).join(' | ')} |`);
  }
  console.log(`\nnode ${process.version}, ${process.platform}/${process.arch}; the calls: write a 2 KB file, replace one line of a small file, read a ${(big.length / 1024).toFixed(1)} KB file, list 20 files, glob **/*.js over 21 files.`);
}

main().catch((e) => {
  console.error(e.stack || String(e));
  process.exit(1);
});
