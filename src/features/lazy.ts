// Loads a part of the extension that esbuild.mjs builds as its own file (its LAZY table) on first use, so that
// activation never reads it. Import a part's types with `import type` only: a value import would pull the part back
// into the main bundle (the build refuses that).
import vscode = require('vscode');
import { NearLensError } from '../core/errors';
import type * as Balances from './balances/balanceHints';
import type * as Contracts from './contracts/contractCommands';
import type * as Lookup from './lookup/lookupCommands';
import type * as Panel from './panel/panelHost';
import type * as Rpc from './rpc/rpcCommands';
import type * as Watchlist from './watchlist/commands';
import type * as Diagnostics from './diagnostics/diagnosticsHost';
import type * as Secrets from '../core/diagnostics/secretKeys';
import { registerCommands } from '../platform/commands';

export interface LazyParts {
  panel: typeof Panel;
  rpc: typeof Rpc;
  lookup: typeof Lookup;
  contracts: typeof Contracts;
  diagnostics: typeof Diagnostics;
  secrets: typeof Secrets;
  balances: typeof Balances;
  watchlist: typeof Watchlist;
}

/**
 * Run from source (unit tests under tsx), every part loads with this module, so that a test's fake `vscode` binds it
 * too. esbuild.mjs defines NEAR_LENS_BUNDLE as "1", which drops this branch and its requires from the bundle.
 */
const fromSource: Partial<LazyParts> = {};
if (process.env.NEAR_LENS_BUNDLE !== '1') {
  fromSource.panel = require('./panel/panelHost') as typeof Panel;
  fromSource.rpc = require('./rpc/rpcCommands') as typeof Rpc;
  fromSource.lookup = require('./lookup/lookupCommands') as typeof Lookup;
  fromSource.contracts = require('./contracts/contractCommands') as typeof Contracts;
  fromSource.diagnostics = require('./diagnostics/diagnosticsHost') as typeof Diagnostics;
  fromSource.secrets = require('../core/diagnostics/secretKeys') as typeof Secrets;
  fromSource.balances = require('./balances/balanceHints') as typeof Balances;
  fromSource.watchlist = require('./watchlist/commands') as typeof Watchlist;
}

export function lazyPart<K extends keyof LazyParts>(name: K): LazyParts[K] {
  const part = fromSource[name];
  if (part) return part;
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
    case 'watchlist':
      return require('near-lens-lazy:watchlist') as LazyParts[K];
    default:
      throw new Error(`no lazy part ${String(name)}`);
  }
}

type Handlers = Record<string, (...args: never[]) => unknown>;

/** Registers `ids` now (the palette and the manifest see them at once); `make` builds their handlers on the first call. */
export function registerLazyCommands(context: vscode.ExtensionContext, ids: readonly string[], make: () => Handlers): void {
  let handlers: Handlers | undefined;
  const run =
    (id: string) =>
    (...args: unknown[]): unknown => {
      if (!handlers) {
        try {
          handlers = make();
        } catch (e) {
          // A part missing or broken on disk (a damaged install): said once in words, never Node's require stack.
          const why = `NEAR Lens could not load the part behind ${id}; reinstalling the extension should mend it.`;
          console.error(why, e);
          void vscode.window.showErrorMessage(why);
          throw new NearLensError('network', why);
        }
      }
      const handler = handlers[id] as ((...a: unknown[]) => unknown) | undefined;
      if (!handler) throw new Error(`NEAR Lens: no handler for ${id}`);
      return handler(...args);
    };
  registerCommands(context, Object.fromEntries(ids.map((id) => [id, run(id)])));
}
