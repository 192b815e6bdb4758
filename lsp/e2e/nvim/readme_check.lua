-- Checks a README neovim snippet, loaded as the init file (-u): opening a
-- .sham file and a markdown answer of one project attaches one clada client
-- to both, diagnostics arrive, and the server exits when stopped.
-- Env: CLADA_ROOT (the project: answer.sham, notes.md, app.js).
-- Prints "OK" and quits 0 on success; prints "FAIL: why" and quits 1.
local root = os.getenv("CLADA_ROOT")
local function fail(msg)
  io.stdout:write("FAIL: " .. msg .. "\n")
  vim.cmd("cquit 1")
end

-- clients of a buffer, on 0.7 (buf_get_clients) and later (get_clients)
local function clients(buf)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf }) end
  local out = {}
  for _, c in pairs(vim.lsp.buf_get_clients(buf)) do table.insert(out, c) end
  return out
end

vim.cmd("edit " .. root .. "/answer.sham")
local sham = vim.api.nvim_get_current_buf()
if vim.bo[sham].filetype ~= "sham" then fail("filetype of answer.sham is " .. vim.bo[sham].filetype) end
if not vim.wait(10000, function() return #clients(sham) == 1 end, 20) then fail("no client attached to answer.sham") end
local client = clients(sham)[1]
if client.name ~= "clada" or client.config.root_dir ~= root then
  fail("client " .. client.name .. " at " .. tostring(client.config.root_dir) .. ", want clada at " .. root)
end
local function has_unknown_action(buf)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == "UNKNOWN_ACTION" then return true end
  end
  return false
end
if not vim.wait(10000, function() return has_unknown_action(sham) end, 20) then
  fail("no UNKNOWN_ACTION diagnostic: " .. vim.inspect(vim.diagnostic.get(sham)))
end

vim.cmd("edit " .. root .. "/notes.md")
local md = vim.api.nvim_get_current_buf()
if not vim.wait(10000, function() return #clients(md) == 1 end, 20) then fail("no client attached to notes.md") end
if clients(md)[1].id ~= client.id then fail("a second server for the same root") end
if not vim.wait(10000, function() return has_unknown_action(md) end, 20) then
  fail("no diagnostic in notes.md: " .. vim.inspect(vim.diagnostic.get(md)))
end

client.stop()
if not vim.wait(10000, function() return client.is_stopped() end, 20) then fail("the server did not stop") end
io.stdout:write("OK\n")
vim.cmd("qall!")
