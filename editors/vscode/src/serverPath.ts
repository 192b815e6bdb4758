// Finding the clada-lsp executable. This file has no vscode import so the
// rules can be unit-tested under plain node; extension.ts feeds it the
// setting, the trust state and the extension's folder.

import * as fs from "node:fs";
import * as path from "node:path";

/** Where the server path came from; shown in the output channel. */
export type ServerSource = "user setting" | "workspace setting" | "bundled" | "PATH" | "go install folder";

/** The inspected value of clada.serverPath, split by where it was set. */
export interface ServerPathSetting {
  /** User (or default) value: always honoured. */
  user?: string;
  /** Workspace or folder value: honoured only in a trusted workspace. */
  workspace?: string;
}

export interface DiscoveryInput {
  setting: ServerPathSetting;
  trusted: boolean;
  /** The extension's install folder, which may hold server/clada-lsp. */
  extensionPath: string;
  /** The PATH variable to search. */
  pathEnv: string;
  platform: NodeJS.Platform;
  /** The home folder, for a setting written as ~/... */
  home?: string;
  /**
   * The folders go install puts programs in (goInstallDirs), looked in last:
   * an editor started from the desktop often lacks Go's bin folder on PATH.
   */
  goBin?: string[];
}

export type Discovery =
  | { ok: true; path: string; source: ServerSource; notes: string[] }
  | { ok: false; message: string; notes: string[] };

/** The binary name on this platform. */
export function serverBinaryName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "clada-lsp.exe" : "clada-lsp";
}

/**
 * findServer applies the order: clada.serverPath, then the bundled
 * server/clada-lsp, then clada-lsp on PATH. A workspace-set path in an
 * untrusted workspace is skipped, because opening a folder must not run a
 * program that folder chose. A path that is set but unusable is an error, not
 * a silent fall-through, so a typo in the setting is seen at once.
 */
export function findServer(input: DiscoveryInput): Discovery {
  const notes: string[] = [];
  const name = serverBinaryName(input.platform);
  const ws = input.setting.workspace?.trim();
  const user = input.setting.user?.trim();

  let configured: { value: string; source: ServerSource } | undefined;
  if (ws && input.trusted) {
    configured = { value: ws, source: "workspace setting" };
  } else {
    if (ws) {
      notes.push(
        `Ignoring the workspace's clada.serverPath (${ws}): this workspace is not trusted. ` +
          `Trust it (Workspaces: Manage Workspace Trust) to use it.`,
      );
    }
    if (user) configured = { value: user, source: "user setting" };
  }

  if (configured) {
    const p = withExe(expandHome(configured.value, input.home, input.platform), input.platform);
    const problem = executableProblem(p, input.platform);
    if (problem) {
      return {
        ok: false,
        notes,
        message:
          `clada: the ${configured.source} clada.serverPath is "${configured.value}", but ${problem}. ` +
          `Fix the setting to point at a built clada-lsp (go build -o clada-lsp ./cmd/clada-lsp), or clear it to use the bundled server or the one on PATH.`,
      };
    }
    return { ok: true, path: p, source: configured.source, notes };
  }

  const bundled = path.join(input.extensionPath, "server", name);
  if (!executableProblem(bundled, input.platform)) {
    return { ok: true, path: bundled, source: "bundled", notes };
  }

  const onPath = searchPath(name, input.pathEnv, input.platform);
  if (onPath) return { ok: true, path: onPath, source: "PATH", notes };

  for (const dir of input.goBin ?? []) {
    const p = path.join(dir, name);
    if (!executableProblem(p, input.platform)) return { ok: true, path: p, source: "go install folder", notes };
  }

  const goBin = input.goBin?.length ? ` or in Go's bin folder (${input.goBin.join(", ")})` : "";
  return {
    ok: false,
    notes,
    message:
      `clada: cannot find the language server ${name}: clada.serverPath is not set, ` +
      `${bundled} does not exist, and ${name} is not on PATH${goBin}. ` +
      `Fix: install it with "go install github.com/clada-dev/clada/cmd/clada-lsp@latest" (and make sure Go's bin folder is on PATH), ` +
      `or set clada.serverPath to a built clada-lsp.`,
  };
}

/** searchPath returns the first PATH entry holding an executable name, or undefined. */
export function searchPath(name: string, pathEnv: string, platform: NodeJS.Platform): string | undefined {
  const sep = platform === "win32" ? ";" : ":";
  for (let dir of pathEnv.split(sep)) {
    // Windows' PATH may quote a folder ("C:\Program Files\Go\bin").
    if (platform === "win32") dir = dir.replace(/^"(.*)"$/, "$1");
    if (dir === "") continue;
    const candidate = path.join(dir, name);
    if (!executableProblem(candidate, platform)) return candidate;
  }
  return undefined;
}

/** executableProblem says why p cannot be run, or returns undefined when it can. */
export function executableProblem(p: string, platform: NodeJS.Platform): string | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return `${p} does not exist`;
  }
  if (!st.isFile()) return `${p} is not a file`;
  if (platform !== "win32") {
    try {
      fs.accessSync(p, fs.constants.X_OK);
    } catch {
      return `${p} is not executable (chmod +x it)`;
    }
  }
  return undefined;
}

function expandHome(p: string, home: string | undefined, platform: NodeJS.Platform): string {
  if (home && (p === "~" || p.startsWith("~/") || (platform === "win32" && p.startsWith("~\\")))) return path.join(home, p.slice(1));
  return p;
}

/**
 * withExe is p, or on Windows p.exe when p names no file and has no
 * extension: a setting copied from a Unix guide (C:\go\bin\clada-lsp).
 */
export function withExe(p: string, platform: NodeJS.Platform): string {
  if (platform !== "win32" || path.extname(p) !== "" || fs.existsSync(p)) return p;
  return fs.existsSync(p + ".exe") ? p + ".exe" : p;
}

/**
 * goInstallDirs are the folders go install puts programs in: $GOBIN, else
 * the bin folder of each $GOPATH entry, else ~/go/bin (%USERPROFILE%\go\bin
 * on Windows), as go env GOBIN and GOPATH would say.
 */
export function goInstallDirs(env: NodeJS.ProcessEnv, home: string | undefined, platform: NodeJS.Platform): string[] {
  if (env.GOBIN) return [env.GOBIN];
  const sep = platform === "win32" ? ";" : ":";
  const gopath = (env.GOPATH ?? "").split(sep).filter((d) => d !== "");
  if (gopath.length > 0) return gopath.map((d) => path.join(d, "bin"));
  return home ? [path.join(home, "go", "bin")] : [];
}
