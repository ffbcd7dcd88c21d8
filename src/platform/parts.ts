// Loads the lazy parts named in src/parts.json: whole features built as files of their own beside the activation
// bundle and read on first use, so activation never reads them. The Node build requires a part's file; the web build
// (a browser Web Worker has no `require` of a sibling file) fetches and evaluates it (webParts.ts); run from source
// (unit tests under tsx) a part is its source file. A part's type comes from its caller (`import type * as Part from
// './part'`): this loader imports no feature, so no import circle runs through it.
import vscode = require('vscode');
import { NearLensError } from '../base/errors';
import PARTS from '../parts.json';
import type * as WebParts from './webParts';
import { registerCommandsOnFirstCall } from './commands';
import type { Handlers } from './commands';

export type PartName = keyof typeof PARTS;

/** Defined by esbuild.mjs (`define`) in every bundle; absent when run from source. */
declare const NEAR_LENS_BUNDLE: string | undefined;
/** True in the web build (dist/web/), false in the Node one; the conditions below spell it out so esbuild folds them. */
declare const NEAR_LENS_WEB: boolean | undefined;

/** The web build's fetcher of parts; the Node build drops it (esbuild folds the condition). */
const web = typeof NEAR_LENS_WEB !== 'undefined' && NEAR_LENS_WEB ? (require('./webParts') as typeof WebParts) : undefined;

const loaded = new Map<PartName, unknown>();

/**
 * Node's own `require`, called indirectly: esbuild bundles a direct `require` of a literal and leaves this one to Node,
 * which resolves it beside the calling bundle (dist/extension.js) or, from source, beside this file.
 */
const nodeRequire = (id: string): unknown => {
  const req = require;
  return req(id);
};

/** Where the parts are: the web build fetches them from dist/web/ under the extension's URI. */
export function initParts(context: vscode.ExtensionContext): void {
  web?.setExtensionUri(context.extensionUri);
}

/** The part now: always in the Node build (required on first use), in the web build only once `loadPart` loaded it. */
export function partNow<P>(name: PartName): P {
  let part = loaded.get(name);
  if (part === undefined) {
    if (typeof NEAR_LENS_WEB !== 'undefined' && NEAR_LENS_WEB) throw new NearLensError('network', `NEAR Lens: the ${name} part is not loaded yet`);
    loaded.set(name, (part = nodeRequire(`./${name}.js`)));
  }
  return part as P;
}

/** Whether `partNow(name)` answers without loading: always in the Node build, once fetched in the web one. */
export const partReady = (name: PartName): boolean => web === undefined || loaded.has(name);

/** The part, in either build: the web build fetches dist/web/<name>.js on first use (a failed fetch is tried again next time). */
export async function loadPart<P>(name: PartName): Promise<P> {
  if (web && !loaded.has(name)) loaded.set(name, await web.fetchPart(name));
  return partNow<P>(name);
}

/**
 * Registers `ids` now; their handlers are made from the part on the first call of any of them. A part that cannot be
 * loaded (missing or broken on disk, a failed fetch) is said once in words, never as Node's require stack, and is
 * loaded again on the next call.
 */
export function registerPartCommands<P>(
  context: vscode.ExtensionContext,
  name: PartName,
  ids: readonly string[],
  make: (part: P) => Handlers | Promise<Handlers>,
): void {
  registerCommandsOnFirstCall(context, ids, async (id) => {
    try {
      return await make(await loadPart<P>(name));
    } catch (e) {
      if (NearLensError.is(e)) throw e;
      const why = `NEAR Lens could not load the part behind ${id}; ${web ? 'reloading the window' : 'reinstalling the extension'} should mend it.`;
      console.error(why, e);
      void vscode.window.showErrorMessage(why);
      throw new NearLensError('network', why);
    }
  });
}

// Run from source (unit tests under tsx; esbuild drops this from the bundles), every part loads with this module, so
// that a test's fake `vscode`, bound only while this module loads, binds the parts too.
if (typeof NEAR_LENS_BUNDLE === 'undefined') {
  for (const [name, entry] of Object.entries(PARTS)) loaded.set(name as PartName, nodeRequire(`../${entry.replace(/^src\//, '').replace(/\.ts$/, '')}`));
}
