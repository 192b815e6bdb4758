// Entry point of the clada extension: starts clada-lsp for sham, csl, cml
// and markdown documents and registers the apply and dry-run commands.
//
// No deactivate export: the ServerManager is in context.subscriptions, and
// disposing it stops the server when the extension host shuts down.

import * as vscode from "vscode";
import { ServerManager } from "./client";
import { registerCommands } from "./commands";

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("clada");
  const server = new ServerManager(context, output);
  context.subscriptions.push(output, server);
  registerCommands(context, server, output);

  context.subscriptions.push(
    // A workspace-set clada.serverPath and apply become allowed only now.
    vscode.workspace.onDidGrantWorkspaceTrust(() => server.restart("the workspace is now trusted")),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("clada.serverPath")) void server.restart("clada.serverPath changed");
      else if (e.affectsConfiguration("clada.serverArgs")) void server.restart("clada.serverArgs changed");
    }),
  );
  await server.start();
}
