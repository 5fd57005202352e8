-- Headless Neovim (0.7.2 API, Debian 12) as the language client of
-- `ascendc-lint --lsp`: opens $ALINT_FILE, waits for the server's
-- diagnostics, writes them to $ALINT_OUT as JSON lines "line<TAB>code", quits.
local bin, file, out = os.getenv("ALINT_BIN"), os.getenv("ALINT_FILE"), os.getenv("ALINT_OUT")
local result = io.open(out, "w")
vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({
  name = "ascendc-lint",
  cmd = { bin, "--lsp" },
  root_dir = vim.fn.fnamemodify(file, ":h"),
  init_options = { targets = { "ascend910b" } },
})
vim.lsp.buf_attach_client(buf, id)
local got = vim.wait(120000, function()
  return #vim.diagnostic.get(buf) > 0
end, 100)
if not got then
  result:write("timeout\n")
end
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or d.code or ""
  result:write(string.format("%d\t%s\t%d\n", d.lnum + 1, code, d.severity))
end
result:close()
vim.lsp.stop_client(id)
vim.cmd("qall!")
