// The web build's lazy parts (dist/web/<name>.js): fetched and evaluated on first use, as the browser's Web Worker
// extension host loads an extension itself (a worker has no `require` of a sibling file). Only the web build bundles
// this (parts.ts requires it behind its NEAR_LENS_WEB switch).
import { ofetch } from 'ofetch';
import vscode = require('vscode');

let extensionUri: vscode.Uri | undefined;
let shared: unknown;
const fetched = new Map<string, Promise<unknown>>();

/** Where the extension is (its parts are fetched from dist/web/ there); set when the first commands register. */
export function setExtensionUri(uri: vscode.Uri): void {
  extensionUri = uri;
}

/** The web build's main entry hands over its `__shared` table (esbuild.mjs `mainEntry`): what the parts share with it. */
export function shareWithParts(table: unknown): void {
  shared = table;
}

/** A part's exports, fetched once; a failure is not remembered (the next call tries again). */
export function fetchPart(name: string): Promise<unknown> {
  let p = fetched.get(name);
  if (!p) {
    p = load(name).catch((e: unknown) => {
      fetched.delete(name);
      throw e;
    });
    fetched.set(name, p);
  }
  return p;
}

/**
 * VS Code's own way (`_loadCommonJSModule`): fetch the CommonJS text and call it as a function of `module`, `exports`
 * and a `require` that knows `vscode` — here also `./extension.js`, the main bundle's `__shared` table. The worker's
 * fetch turns `vscode-remote:`/`file:` URIs into browser URLs; on vscode.dev the extension's URI is already https.
 */
async function load(name: string): Promise<unknown> {
  if (!extensionUri) throw new Error('NEAR Lens has not activated');
  const url = vscode.Uri.joinPath(extensionUri, 'dist', 'web', `${name}.js`).toString(true);
  // Through ofetch as every request is: one attempt (ofetch would retry a failed GET once), the status checked here,
  // the body read as text (by its content type ofetch would read a script as a Blob).
  const res = await ofetch.raw<string, 'text'>(url, { retry: false, ignoreResponseError: true, responseType: 'text' });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const code = `${res._data ?? ''}\n//# sourceURL=${url}`;
  const module = { exports: {} as unknown };
  const need = (id: string): unknown => {
    if (id === 'vscode') return vscode;
    if (id === './extension.js') return { __shared: shared };
    throw new Error(`Cannot load module '${id}'`);
  };
  new Function('module', 'exports', 'require', code)(module, module.exports, need);
  return module.exports;
}
