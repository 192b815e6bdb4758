// The languages clada-lsp serves. Kept apart from client.ts so modules that
// only need the list (commands.ts, and its tests) do not load the language client.

/** The documents clada-lsp serves: the three block languages, markdown answers and .diff/.patch files (VS Code's diff language). */
export const servedLanguages = ["sham", "csl", "cml", "markdown", "diff"] as const;
