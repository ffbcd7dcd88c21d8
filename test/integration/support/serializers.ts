// Lets in-editor tests call the WebviewPanelSerializer the extension registers. The workbench revives webview
// panels through it only when a window starts (a reload would restart the extension host that runs mocha, and
// "Reopen Closed Editor" never reopens a webview), so the suite entry wraps vscode.window.registerWebviewPanelSerializer
// before the extension activates and records what it registers. The test files are separate bundles from the
// entry: the record lives on globalThis. Uses only the vscode API object the extension itself calls.
import * as vscode from 'vscode';

const KEY = Symbol.for('nearLens.test.webviewSerializers');

type Registry = Map<string, vscode.WebviewPanelSerializer>;

function registry(): Registry | undefined {
  return (globalThis as Record<symbol, Registry | undefined>)[KEY];
}

/**
 * Call from the suite entry before anything can activate the extension. Returns false (and records nothing) when
 * the extension is already active: its serializer was registered before the wrapper existed.
 */
export function captureWebviewSerializers(extensionId: string): boolean {
  if (registry()) return true;
  if (vscode.extensions.getExtension(extensionId)?.isActive) return false;
  const seen: Registry = new Map();
  (globalThis as Record<symbol, Registry>)[KEY] = seen;
  const original = vscode.window.registerWebviewPanelSerializer;
  vscode.window.registerWebviewPanelSerializer = (viewType: string, serializer: vscode.WebviewPanelSerializer): vscode.Disposable => {
    const registration = original(viewType, serializer);
    seen.set(viewType, serializer);
    return new vscode.Disposable(() => {
      if (seen.get(viewType) === serializer) seen.delete(viewType);
      registration.dispose();
    });
  };
  return true;
}

/** The serializer the extension registered for `viewType` (throws with the reason when none was recorded). */
export function webviewSerializer(viewType: string): vscode.WebviewPanelSerializer {
  const seen = registry();
  if (!seen) throw new Error('the suite entry did not wrap registerWebviewPanelSerializer (the extension was active before the suite started)');
  const s = seen.get(viewType);
  if (!s) throw new Error(`no WebviewPanelSerializer registered for ${viewType}`);
  return s;
}
