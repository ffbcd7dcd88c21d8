// Loads a part of the extension that esbuild.mjs builds as its own file (its LAZY table) on first use, so that
// activation never reads it. Import a part's types with `import type` only: a value import would pull the part back
// into the main bundle (the build refuses that).
import vscode = require('vscode');
import { NearLensError } from '../base/errors';
import type * as Balances from './balances/balanceHints';
import type * as Contracts from './contracts/contractCommands';
import type * as Lookup from './lookup/lookupCommands';
import type * as Panel from './panel/panelHost';
import type * as Rpc from './rpc/rpcCommands';
import type * as Watchlist from './watchlist/commands';
import type * as Watch from './watchlist/watchEngine';
import type * as Diagnostics from './diagnostics/diagnosticsHost';
import type * as Secrets from './secrets/secretKeys';
import type * as WebParts from './webParts';
import type * as Hover from './hover/model/hoverMarkdown';
import type * as TxView from './transactions/txCommands';
import type * as AccountTxs from './transactions/accountTxs';
import type * as Units from './units/unitsPart';

export interface LazyParts {
  panel: typeof Panel;
  rpc: typeof Rpc;
  lookup: typeof Lookup;
  contracts: typeof Contracts;
  diagnostics: typeof Diagnostics;
  secrets: typeof Secrets;
  balances: typeof Balances;
  hover: typeof Hover;
  watchlist: typeof Watchlist;
  txview: typeof TxView;
  accountTxs: typeof AccountTxs;
  units: typeof Units;
  watch: typeof Watch;
}

/** Defined by esbuild.mjs (`define`) in every bundle; absent when run from source. Not an environment variable: a browser worker has none. */
declare const NEAR_LENS_BUNDLE: string | undefined;
/** True in the web build (dist/web/, the browser's Web Worker extension host), false in the Node one. */
declare const NEAR_LENS_WEB: boolean | undefined;

/** The web build's loader of parts (webParts.ts); the Node build drops it (esbuild folds the condition). */
const web = typeof NEAR_LENS_WEB !== 'undefined' && NEAR_LENS_WEB ? (require('./webParts') as typeof WebParts) : undefined;

/**
 * The parts at hand. Run from source (unit tests under tsx), every part loads with this module, so that a test's fake `vscode` binds it
 * too. esbuild.mjs defines NEAR_LENS_BUNDLE as "1", which drops this branch and its requires from the bundle.
 */
const loaded: Partial<LazyParts> = {};
if (typeof NEAR_LENS_BUNDLE === 'undefined') {
  loaded.panel = require('./panel/panelHost') as typeof Panel;
  loaded.rpc = require('./rpc/rpcCommands') as typeof Rpc;
  loaded.lookup = require('./lookup/lookupCommands') as typeof Lookup;
  loaded.contracts = require('./contracts/contractCommands') as typeof Contracts;
  loaded.diagnostics = require('./diagnostics/diagnosticsHost') as typeof Diagnostics;
  loaded.secrets = require('./secrets/secretKeys') as typeof Secrets;
  loaded.balances = require('./balances/balanceHints') as typeof Balances;
  loaded.hover = require('./hover/model/hoverMarkdown') as typeof Hover;
  loaded.watchlist = require('./watchlist/commands') as typeof Watchlist;
  loaded.txview = require('./transactions/txCommands') as typeof TxView;
  loaded.accountTxs = require('./transactions/accountTxs') as typeof AccountTxs;
  loaded.units = require('./units/unitsPart') as typeof Units;
  loaded.watch = require('./watchlist/watchEngine') as typeof Watch;
}

/**
 * A part, synchronously: always in the Node build (Node's `require`); in the web build only once `loadPart` has
 * loaded it (a Web Worker has no `require` of a sibling file).
 */
export function lazyPart<K extends keyof LazyParts>(name: K): LazyParts[K] {
  const part = loaded[name];
  if (part) return part;
  // The condition is spelled out (not `web`) so that esbuild folds it: each build keeps only its own branch.
  if (typeof NEAR_LENS_WEB !== 'undefined' && NEAR_LENS_WEB) {
    throw new NearLensError('network', `NEAR Lens: the ${name} part is not loaded yet`);
  } else {
    // esbuild.mjs rewrites each `near-lens-lazy:<name>` to `./<name>.js` beside dist/extension.js (Node caches it).
    switch (name) {
      case 'panel':
        return require('near-lens-lazy:panel') as LazyParts[K];
      case 'rpc':
        return require('near-lens-lazy:rpc') as LazyParts[K];
      case 'lookup':
        return require('near-lens-lazy:lookup') as LazyParts[K];
      case 'contracts':
        return require('near-lens-lazy:contracts') as LazyParts[K];
      case 'diagnostics':
        return require('near-lens-lazy:diagnostics') as LazyParts[K];
      case 'secrets':
        return require('near-lens-lazy:secrets') as LazyParts[K];
      case 'balances':
        return require('near-lens-lazy:balances') as LazyParts[K];
      case 'hover':
        return require('near-lens-lazy:hover') as LazyParts[K];
      case 'watchlist':
        return require('near-lens-lazy:watchlist') as LazyParts[K];
      case 'txview':
        return require('near-lens-lazy:txview') as LazyParts[K];
      case 'accountTxs':
        return require('near-lens-lazy:accountTxs') as LazyParts[K];
      case 'units':
        return require('near-lens-lazy:units') as LazyParts[K];
      case 'watch':
        return require('near-lens-lazy:watch') as LazyParts[K];
      default:
        throw new Error(`no lazy part ${String(name)}`);
    }
  }
}

/** Whether `lazyPart(name)` answers now: always in the Node build, once loaded in the web one. */
export const partReady = (name: keyof LazyParts): boolean => web === undefined || loaded[name] !== undefined;

/** A part, in either build: in the web one it is fetched from dist/web/<name>.js on first use. */
export async function loadPart<K extends keyof LazyParts>(name: K): Promise<LazyParts[K]> {
  if (!web || !(typeof NEAR_LENS_WEB !== 'undefined' && NEAR_LENS_WEB) || loaded[name]) return lazyPart(name);
  return (loaded[name] = (await web.fetchPart(name)) as LazyParts[K]);
}

type Handlers = Record<string, (...args: never[]) => unknown>;

interface LazyCommands {
  make: () => Handlers;
  part: keyof LazyParts | undefined;
  handlers: Handlers | undefined;
}

/**
 * One call of a lazily registered command: its handlers made on the first call (in the web build, after loading the
 * part). Module-level: V8 compiles it on the first command, not at activation.
 */
function runLazy(state: LazyCommands, id: string, args: unknown[]): unknown {
  const { part } = state;
  if (typeof NEAR_LENS_WEB !== 'undefined' && NEAR_LENS_WEB && !state.handlers && part && !loaded[part]) {
    return loadPart(part).then(
      () => runLazy(state, id, args),
      (e: unknown) => {
        const why = `NEAR Lens could not load the part behind ${id}; reloading the window should mend it.`;
        console.error(why, e);
        void vscode.window.showErrorMessage(why);
        throw new NearLensError('network', why);
      },
    );
  }
  if (!state.handlers) {
    try {
      state.handlers = state.make();
    } catch (e) {
      // A part missing or broken on disk (a damaged install): said once in words, never Node's require stack.
      const why = `NEAR Lens could not load the part behind ${id}; reinstalling the extension should mend it.`;
      console.error(why, e);
      void vscode.window.showErrorMessage(why);
      throw new NearLensError('network', why);
    }
  }
  const handler = state.handlers[id] as ((...a: unknown[]) => unknown) | undefined;
  if (!handler) throw new Error(`NEAR Lens: no handler for ${id}`);
  return handler(...args);
}

/**
 * Registers `ids` now (the palette and the manifest see them at once); `make` builds their handlers on the first call.
 * In the web build the first call loads `part` first (so `make` may read it with `lazyPart`).
 */
export function registerLazyCommands(context: vscode.ExtensionContext, ids: readonly string[], make: () => Handlers, part?: keyof LazyParts): void {
  if (typeof NEAR_LENS_WEB !== 'undefined' && NEAR_LENS_WEB) web?.setExtensionUri(context.extensionUri);
  const state: LazyCommands = { make, part, handlers: undefined };
  // One small handler per id, no table built: activation does as little per contributed command as it can (bench row 3).
  for (const id of ids) context.subscriptions.push(vscode.commands.registerCommand(id, (...args: unknown[]) => runLazy(state, id, args)));
}
