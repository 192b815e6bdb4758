// The clada.apply and clada.dryRun commands: pick the document (and the
// selection, if any), check trust, confirm an apply, ask the server to run it,
// and show the report in the clada output channel.

import * as path from "node:path";
import * as vscode from "vscode";
import { ExecuteCommandRequest, Range as ProtocolRange } from "vscode-languageserver-protocol";
import type { ServerManager } from "./client";
import { servedLanguages } from "./languages";
import { formatFailure, formatRun, RunKind, serverCommand } from "./report";

/** What a run acts on: a served document, and optionally a part of it. */
interface Target {
  document: vscode.TextDocument;
  range?: ProtocolRange | vscode.Range;
}

export function registerCommands(
  context: vscode.ExtensionContext,
  server: ServerManager,
  output: vscode.OutputChannel,
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand("clada.apply", (...args: unknown[]) => run("apply", args, server, output)),
    vscode.commands.registerCommand("clada.dryRun", (...args: unknown[]) => run("dryRun", args, server, output)),
  );
}

async function run(kind: RunKind, args: unknown[], server: ServerManager, output: vscode.OutputChannel): Promise<void> {
  // The menus already hide apply when untrusted; this guards the command id
  // being invoked directly (keybinding, another extension, a code lens).
  if (kind === "apply" && !vscode.workspace.isTrusted) {
    void vscode.window.showErrorMessage(
      "clada: Apply is disabled in an untrusted workspace, because it writes files and runs commands. " +
        "Trust the workspace (Workspaces: Manage Workspace Trust), or use clada: Dry-Run Actions to see what it would do.",
    );
    return;
  }
  const target = await resolveTarget(args);
  if (!target) return;
  const client = server.running();
  if (!client) return;

  const name = vscode.workspace.asRelativePath(target.document.uri) || path.basename(target.document.uri.fsPath);
  const where = target.range ? `${name} (selection)` : name;
  if (kind === "apply") {
    const answer = await vscode.window.showWarningMessage(
      `Apply the clada actions in ${where}?`,
      { modal: true, detail: "This writes, moves and removes files and runs commands in the workspace, as the blocks say." },
      "Apply",
    );
    if (answer !== "Apply") return;
  }

  const range =
    target.range instanceof vscode.Range ? client.code2ProtocolConverter.asRange(target.range) : target.range;
  const argument = range ? { uri: target.document.uri.toString(), range } : { uri: target.document.uri.toString() };
  const title = kind === "apply" ? `clada: applying ${where}` : `clada: dry-run of ${where}`;
  try {
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title },
      () => client.sendRequest(ExecuteCommandRequest.type, { command: serverCommand[kind], arguments: [argument] }),
    );
    const shown = formatRun(kind, where, result, new Date());
    output.append(shown.text);
    output.show(true);
    if (shown.failed) {
      void vscode.window.showWarningMessage(
        `clada: ${kind === "apply" ? "apply" : "dry-run"} of ${where} reported failures; see the clada output.`,
      );
    }
  } catch (err) {
    output.append(formatFailure(kind, where, err, new Date()));
    output.show(true);
    const msg = err instanceof Error ? err.message : String(err);
    void vscode.window.showErrorMessage(`clada: ${kind === "apply" ? "apply" : "dry-run"} of ${where} failed: ${msg}`);
  }
}

/**
 * resolveTarget reads the command's arguments: a {uri, range?} object (from a
 * code lens or another extension), a Uri (from the editor context menu), or
 * nothing (the palette: the active editor and its selection).
 */
async function resolveTarget(args: unknown[]): Promise<Target | undefined> {
  const first = args[0];
  let uri: vscode.Uri | undefined;
  let range: ProtocolRange | vscode.Range | undefined;
  if (first instanceof vscode.Uri) {
    uri = first;
  } else if (isUriArgument(first)) {
    uri = vscode.Uri.parse(first.uri);
    range = first.range;
  }

  const editor = vscode.window.activeTextEditor;
  if (!uri) {
    if (!editor) {
      void vscode.window.showErrorMessage(
        "clada: no document to run. Open a .sham, .csl, .cml, .patch or markdown file holding action blocks, then run the command again.",
      );
      return undefined;
    }
    uri = editor.document.uri;
  }
  if (!range && editor && editor.document.uri.toString() === uri.toString() && !editor.selection.isEmpty) {
    range = editor.selection;
  }

  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(uri);
  } catch (err) {
    void vscode.window.showErrorMessage(`clada: cannot open ${uri.toString()}: ${String(err)}`);
    return undefined;
  }
  if (!(servedLanguages as readonly string[]).includes(document.languageId)) {
    void vscode.window.showErrorMessage(
      `clada: ${vscode.workspace.asRelativePath(uri)} is a ${document.languageId} document; clada reads sham, csl, cml, markdown and diff. ` +
        "Rename it with one of those extensions, or change its language mode.",
    );
    return undefined;
  }
  return { document, range };
}

function isUriArgument(v: unknown): v is { uri: string; range?: ProtocolRange } {
  return typeof v === "object" && v !== null && typeof (v as { uri?: unknown }).uri === "string";
}
