// Bench baseline (not shipped): an extension that makes the same editor-API registrations as NEAR Lens's activate()
// — the same commands, output channel, tree view, status bar item, hover provider, webview serializer, document
// provider and event listeners, with the same ids and options — and nothing else: every handler is empty. The bench
// records the calls from one real activation and builds this file with them as FLOOR_CALLS, so the floor follows the
// extension's contributions without a hand-kept count.
import vscode = require('vscode');

/** One recorded call: `namespace.function` and its arguments; a handler is "<fn>", any other object "<obj>". */
interface Call {
  api: string;
  args: unknown[];
}

declare const FLOOR_CALLS: Call[];

const noop = (): undefined => undefined;

/** An argument as recorded, with empty handlers in place of the extension's. */
function rebuild(x: unknown): unknown {
  if (x === '<fn>') return noop;
  if (x === '<obj>') return {};
  if (Array.isArray(x)) return x.map(rebuild);
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, rebuild(v)]));
  return x;
}

/** The methods a provider of each kind has (its own fields were recorded; its methods sit on a prototype). */
function provide(api: string, args: unknown[]): unknown[] {
  switch (api) {
    case 'window.createTreeView':
      return [args[0], { ...(args[1] as object), treeDataProvider: { getTreeItem: (e: unknown) => e, getChildren: () => [] } }];
    case 'languages.registerHoverProvider':
      return [args[0], { provideHover: noop }];
    case 'workspace.registerTextDocumentContentProvider':
      return [args[0], { provideTextDocumentContent: () => '' }];
    case 'window.registerWebviewPanelSerializer':
      return [args[0], { deserializeWebviewPanel: async () => undefined }];
    default:
      return args;
  }
}

export function activate(context: { subscriptions: Array<{ dispose(): unknown }> }): void {
  const api = vscode as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>;
  for (const call of FLOOR_CALLS) {
    const [ns = '', fn = ''] = call.api.split('.');
    const made = api[ns]?.[fn]?.(...provide(call.api, call.args.map(rebuild)));
    if (made && typeof (made as { dispose?: unknown }).dispose === 'function') context.subscriptions.push(made as { dispose(): unknown });
  }
}

export function deactivate(): void {}
