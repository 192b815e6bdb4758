// Starting, stopping and restarting clada-lsp, and remembering why it is not
// running when it is not, so commands can say so instead of failing blankly.

import * as os from "node:os";
import * as vscode from "vscode";
import {
  DynamicFeature,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  StaticFeature,
  TransportKind,
} from "vscode-languageclient/node";
import { findServer } from "./serverPath";
import { servedLanguages } from "./languages";
import { serverCommand } from "./report";

/**
 * CladaLanguageClient leaves out the built-in executeCommand feature. That
 * feature registers a VS Code command for every command the server offers;
 * the server offers clada.apply and clada.dryRun, which are also the names of
 * this extension's own commands (they add the trust check, the confirmation
 * and the report), so registering both would fail at start-up. Other server
 * commands are forwarded by ServerManager instead.
 */
class CladaLanguageClient extends LanguageClient {
  public override registerFeature(feature: StaticFeature | DynamicFeature<any>): void {
    if ("registrationType" in feature && feature.registrationType.method === ExecuteCommandRequest.method) {
      return;
    }
    super.registerFeature(feature);
  }
}

/** ServerManager owns the one LanguageClient of this window. */
export class ServerManager implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private forwarded: vscode.Disposable[] = [];
  private notRunning = "clada: the language server has not started yet.";

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly output: vscode.OutputChannel,
  ) {}

  /** running returns the started client, or undefined after telling the user why there is none. */
  running(): LanguageClient | undefined {
    if (this.client?.isRunning()) return this.client;
    void this.showProblem(this.notRunning);
    return undefined;
  }

  /** start finds the server and starts it; a failure is reported, never thrown. */
  async start(): Promise<void> {
    const inspected = vscode.workspace.getConfiguration("clada").inspect<string>("serverPath");
    const found = findServer({
      setting: {
        user: inspected?.globalValue,
        workspace: inspected?.workspaceFolderValue ?? inspected?.workspaceValue,
      },
      trusted: vscode.workspace.isTrusted,
      extensionPath: this.context.extensionPath,
      pathEnv: process.env.PATH ?? "",
      platform: process.platform,
      home: os.homedir(),
    });
    for (const note of found.notes) this.output.appendLine(note);
    if (!found.ok) {
      this.notRunning = found.message;
      this.output.appendLine(found.message);
      await this.showProblem(found.message);
      return;
    }
    this.output.appendLine(`clada-lsp: ${found.path} (${found.source})`);

    // The command flags (--allow, --sandbox, …) come from the user's own
    // settings only: the setting is machine-scoped, and a workspace value,
    // which a clone can carry, is never read.
    const args = vscode.workspace.getConfiguration("clada").inspect<string[]>("serverArgs")?.globalValue ?? [];
    if (args.length > 0) this.output.appendLine(`clada-lsp flags: ${args.join(" ")}`);
    const serverOptions: ServerOptions = {
      run: { command: found.path, args, transport: TransportKind.stdio },
      debug: { command: found.path, args, transport: TransportKind.stdio },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: servedLanguages.flatMap((language) => [
        { scheme: "file", language },
        { scheme: "untitled", language },
      ]),
      // The server may refuse apply on its own side too when the window is untrusted.
      initializationOptions: { trusted: vscode.workspace.isTrusted },
    };
    const client = new CladaLanguageClient("clada", "clada Language Server", serverOptions, clientOptions);
    try {
      await client.start();
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      this.notRunning = `clada: ${found.path} did not start as a language server: ${msg}. Check that clada.serverPath points at clada-lsp (not clada), and see the "clada Language Server" output.`;
      this.output.appendLine(this.notRunning);
      await this.showProblem(this.notRunning);
      return;
    }
    this.client = client;
    this.forwardServerCommands(client);
  }

  /** restart picks up a changed setting or newly granted trust. */
  async restart(reason: string): Promise<void> {
    this.output.appendLine(`Restarting clada-lsp: ${reason}.`);
    await this.stop();
    await this.start();
  }

  async stop(): Promise<void> {
    for (const d of this.forwarded) d.dispose();
    this.forwarded = [];
    const client = this.client;
    this.client = undefined;
    this.notRunning = "clada: the language server is stopped.";
    if (client) await client.stop();
  }

  dispose(): void {
    void this.stop();
  }

  /**
   * forwardServerCommands registers a VS Code command for each command the
   * server offers besides apply and dry-run (for example one a code lens
   * names), doing what the skipped built-in feature would have done.
   */
  private forwardServerCommands(client: LanguageClient): void {
    const ours = new Set(Object.values(serverCommand));
    const offered = client.initializeResult?.capabilities.executeCommandProvider?.commands ?? [];
    for (const command of offered) {
      if (ours.has(command)) continue;
      try {
        this.forwarded.push(
          vscode.commands.registerCommand(command, (...args: unknown[]) =>
            client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args }),
          ),
        );
      } catch (err) {
        this.output.appendLine(`clada: cannot forward server command ${command}: ${String(err)}`);
      }
    }
  }

  private async showProblem(message: string): Promise<void> {
    const choice = await vscode.window.showErrorMessage(message, "Open Settings", "Show Output");
    if (choice === "Open Settings") {
      await vscode.commands.executeCommand("workbench.action.openSettings", "clada.serverPath");
    } else if (choice === "Show Output") {
      this.output.show(true);
    }
  }
}
