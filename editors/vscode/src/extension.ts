// Starts `ascendc-lint --lsp` for C++ and AscendC (.asc, .cce) files.
import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

function settings(): object {
  const c = vscode.workspace.getConfiguration("ascendc-lint");
  const s: { [k: string]: unknown } = { showUnknown: c.get<boolean>("showUnknown", false) };
  const targets = c.get<string[]>("targets", []);
  if (targets.length) s.targets = targets;
  const checks = c.get<string>("checks", "");
  if (checks) s.checks = checks;
  const assumptions = c.get<string[]>("assumptions", []);
  if (assumptions.length) s.assumptions = assumptions;
  return s;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const command = vscode.workspace.getConfiguration("ascendc-lint").get<string>("path", "ascendc-lint");
  const server: ServerOptions = { command, args: ["--lsp"] };
  const options: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "cpp" },
      { scheme: "file", pattern: "**/*.{asc,cce}" },
    ],
    initializationOptions: settings(),
  };
  client = new LanguageClient("ascendc-lint", "ascendc-lint", server, options);
  await client.start();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("ascendc-lint") && client)
        client.sendNotification("workspace/didChangeConfiguration", { settings: { "ascendc-lint": settings() } });
    })
  );
}

export async function deactivate(): Promise<void> {
  if (client) await client.stop();
}
