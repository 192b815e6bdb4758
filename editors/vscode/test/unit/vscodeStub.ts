// A stand-in for the "vscode" module, so command logic runs under plain node.
// Importing this file first makes require("vscode") return `vscode` below;
// each test calls reset() and then reads what the code asked of the editor.

import Module = require("node:module");

export class Uri {
  private constructor(private readonly text: string) {}
  static parse(text: string): Uri {
    return new Uri(text);
  }
  static file(p: string): Uri {
    return new Uri(`file://${p}`);
  }
  get fsPath(): string {
    return this.text.replace(/^file:\/\//, "");
  }
  toString(): string {
    return this.text;
  }
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  constructor(
    readonly start: Position,
    readonly end: Position,
  ) {}
  get isEmpty(): boolean {
    return this.start.line === this.end.line && this.start.character === this.end.character;
  }
}

export interface FakeDocument {
  uri: Uri;
  languageId: string;
}

/** Everything the code under test said to the user, in order. */
export interface Said {
  kind: "error" | "warning";
  message: string;
  modal: boolean;
}

export const state = {
  trusted: true,
  editor: undefined as { document: FakeDocument; selection: Range } | undefined,
  documents: new Map<string, FakeDocument>(),
  said: [] as Said[],
  /** What the modal confirmation answers. */
  confirm: undefined as string | undefined,
  commands: new Map<string, (...args: unknown[]) => unknown>(),
};

export function reset(): void {
  state.trusted = true;
  state.editor = undefined;
  state.documents = new Map();
  state.said = [];
  state.confirm = undefined;
  state.commands = new Map();
}

const vscode = {
  Uri,
  Position,
  Range,
  ProgressLocation: { Notification: 15 },
  commands: {
    registerCommand(id: string, fn: (...args: unknown[]) => unknown) {
      state.commands.set(id, fn);
      return { dispose: () => state.commands.delete(id) };
    },
  },
  window: {
    get activeTextEditor() {
      return state.editor;
    },
    async showErrorMessage(message: string) {
      state.said.push({ kind: "error", message, modal: false });
      return undefined;
    },
    async showWarningMessage(message: string, ...rest: unknown[]) {
      const modal = typeof rest[0] === "object" && rest[0] !== null && (rest[0] as { modal?: boolean }).modal === true;
      state.said.push({ kind: "warning", message, modal });
      return modal ? state.confirm : undefined;
    },
    async withProgress<T>(_opts: unknown, task: () => Promise<T>): Promise<T> {
      return task();
    },
  },
  workspace: {
    get isTrusted() {
      return state.trusted;
    },
    asRelativePath(uri: Uri) {
      return uri.fsPath.replace(/^\/ws\//, "");
    },
    async openTextDocument(uri: Uri) {
      const doc = state.documents.get(uri.toString());
      if (!doc) throw new Error(`no such document ${uri.toString()}`);
      return doc;
    },
  },
};

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const mod = Module as unknown as { _load: Load };
const load = mod._load;
mod._load = function (request: string, parent: unknown, isMain: boolean) {
  if (request === "vscode") return vscode;
  return load.call(this, request, parent, isMain);
};
