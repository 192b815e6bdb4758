// Turning what the server's apply/dry-run command returned into the text of
// the clada output channel. No vscode import, so it is unit-tested under node.

/** The two commands the extension sends to clada-lsp via workspace/executeCommand. */
export type RunKind = "apply" | "dryRun";

export const serverCommand: Record<RunKind, string> = {
  apply: "clada.apply",
  dryRun: "clada.dryRun",
};

/** What the output channel shows for one run, and whether it went wrong. */
export interface FormattedRun {
  text: string;
  failed: boolean;
}

/**
 * formatRun renders one run. The server may answer with the report as a
 * string, or with an object carrying it in `report` (or `text`) beside an
 * `ok`/`success` flag; anything else is shown as indented JSON so nothing the
 * server said is hidden.
 */
export function formatRun(kind: RunKind, target: string, result: unknown, when: Date): FormattedRun {
  const title = kind === "apply" ? "apply" : "dry-run";
  const header = `[${when.toISOString()}] clada ${title}: ${target}`;
  let body: string;
  let failed = false;
  if (result === null || result === undefined) {
    body = "(the server returned no report)";
  } else if (typeof result === "string") {
    body = result;
  } else if (typeof result === "object") {
    const r = result as Record<string, unknown>;
    const report = typeof r.report === "string" ? r.report : typeof r.text === "string" ? r.text : undefined;
    body = report ?? JSON.stringify(result, null, 2);
    failed = r.ok === false || r.success === false;
  } else {
    body = String(result);
  }
  return { text: `${header}\n${body.replace(/\n$/, "")}\n`, failed };
}

/** formatFailure renders a request the server refused or could not answer. */
export function formatFailure(kind: RunKind, target: string, err: unknown, when: Date): string {
  const title = kind === "apply" ? "apply" : "dry-run";
  const msg = err instanceof Error ? err.message : String(err);
  return `[${when.toISOString()}] clada ${title}: ${target}\nerror: ${msg}\n`;
}
