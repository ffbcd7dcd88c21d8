// Entry point: activate() builds the services and registers every surface. No network, no file I/O.
import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // surfaces are registered here as they land
}

export function deactivate(): void {
  // everything is disposed through context.subscriptions
}
