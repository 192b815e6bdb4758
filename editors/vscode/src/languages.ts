// The languages clada-lsp serves. Kept apart from client.ts so modules that
// only need the list (commands.ts, and its tests) do not load the language client.

/**
 * The documents clada-lsp serves: the three block languages, markdown, and
 * VS Code's own "diff" language (.patch/.diff files), which holds OpenAI
 * apply_patch (V4A) patches and unified diffs (git diff, diff -u).
 */
export const servedLanguages = ["sham", "csl", "cml", "markdown", "diff"] as const;
