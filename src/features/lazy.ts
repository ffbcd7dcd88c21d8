// Loads a part of the extension that esbuild.mjs builds as its own file (its LAZY table) on first use, so that
// activation never reads it. Import a part's types with `import type` only: a value import would pull the part back
// into the main bundle (the build refuses that).
import type * as Panel from './panel/panelHost';

export interface LazyParts {
  panel: typeof Panel;
}

/**
 * Run from source (unit tests under tsx), every part loads with this module, so that a test's fake `vscode` binds it
 * too. esbuild.mjs defines NEAR_LENS_BUNDLE as "1", which drops this branch and its requires from the bundle.
 */
const fromSource: Partial<LazyParts> = {};
if (process.env.NEAR_LENS_BUNDLE !== '1') {
  fromSource.panel = require('./panel/panelHost') as typeof Panel;
}

export function lazyPart<K extends keyof LazyParts>(name: K): LazyParts[K] {
  const part = fromSource[name];
  if (part) return part;
  // esbuild.mjs rewrites each `near-lens-lazy:<name>` to `./<name>.js` beside dist/extension.js (Node caches it).
  switch (name) {
    case 'panel':
      return require('near-lens-lazy:panel') as LazyParts[K];
    default:
      throw new Error(`no lazy part ${String(name)}`);
  }
}
