-- Drives clada-lsp from headless neovim (0.7+: start_client/buf_attach_client).
-- Env: CLADA_LSP (binary), CLADA_ROOT (workspace with answer.sham).
-- Prints "OK" and quits 0 on success; prints "FAIL: why" and quits 1 otherwise.
local bin, root = os.getenv("CLADA_LSP"), os.getenv("CLADA_ROOT")
local function fail(msg)
  io.stdout:write("FAIL: " .. msg .. "\n")
  vim.cmd("cquit 1")
end

vim.cmd("edit " .. root .. "/answer.sham")
local buf = vim.api.nvim_get_current_buf()
local last, exit_code = nil, nil
local id = vim.lsp.start_client({
  name = "clada", cmd = { bin }, root_dir = root,
  handlers = {
    ["textDocument/publishDiagnostics"] = function(_, result) last = result end,
  },
  on_exit = function(code) exit_code = code end,
})
if not id then fail("start_client") end
vim.lsp.buf_attach_client(buf, id)
local client = vim.lsp.get_client_by_id(id)

if not vim.wait(10000, function() return last ~= nil and #last.diagnostics > 0 end, 20) then
  fail("no diagnostic arrived")
end
local d = last.diagnostics[1]
if d.code ~= "UNKNOWN_ACTION" or d.range.start.line ~= 1 then
  fail("diagnostic " .. vim.inspect(d))
end

local uri = vim.uri_from_bufnr(buf)
local h = client.request_sync("textDocument/hover",
  { textDocument = { uri = uri }, position = { line = 8, character = 2 } }, 5000, buf)
if not h or h.err or not h.result or not string.find(h.result.contents.value, "file_replace_text", 1, true) then
  fail("hover " .. vim.inspect(h))
end

local def = client.request_sync("textDocument/definition",
  { textDocument = { uri = uri }, position = { line = 11, character = 12 } }, 5000, buf)
if not def or def.err or not def.result or #def.result ~= 1
  or not string.find(def.result[1].uri, "app.js", 1, true) or def.result[1].range.start.line ~= 1 then
  fail("definition " .. vim.inspect(def))
end

-- Fix the op name: "file_writ" -> "file_write"; the diagnostic clears.
vim.api.nvim_buf_set_text(buf, 1, 19, 1, 19, { "e" })
if not vim.wait(10000, function() return last ~= nil and #last.diagnostics == 0 end, 20) then
  fail("edit did not clear the diagnostic: " .. vim.inspect(last))
end

client.stop()
if not vim.wait(10000, function() return exit_code ~= nil end, 20) then fail("server did not exit") end
if exit_code ~= 0 then fail("server exit code " .. tostring(exit_code)) end
io.stdout:write("OK\n")
vim.cmd("qall!")
