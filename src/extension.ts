import * as vscode from 'vscode';

/** Composition root: builds the services and registers views and commands. Nothing else lives here. */
export function activate(_context: vscode.ExtensionContext): void {
  // Filled in by the sidebar work; activation must send no request and must not load undici.
}

export function deactivate(): void {
  // Disposables registered on the context are released by VS Code.
}
