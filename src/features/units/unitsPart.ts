// The lazy part `units` (esbuild.mjs LAZY): the unit finder, its hover section and inlay label, and Convert Units…'s
// handler. Loaded on the first hover, the first unit inlay hints or the first Convert Units…; activation never reads it.
import { COMMANDS } from '../../manifest';
import { convertUnits } from './convertUnits';

export { findUnitAt, findUnits } from '../../near/unitFinder';
export { unitInlayLabel, unitSection } from './model/unitMarkdown';

/** Convert Units…'s handler (registered in the main bundle by register.ts, run from here). */
export function unitCommands(): Record<string, (...args: never[]) => unknown> {
  return { [COMMANDS.convertUnits]: convertUnits };
}
