// Starting a program from the extension host: the Node build's child_process (node.ts); none in the web build, whose
// Web Worker extension host cannot start one (esbuild.mjs defines NEAR_LENS_WEB, so the web bundle never holds node.ts).
import type * as Node from './node';

declare const NEAR_LENS_WEB: boolean | undefined;

/** Runs a shell command; undefined where the extension host cannot start programs (the browser's Web Worker). */
export const startShellCommand: typeof Node.startShellCommand | undefined =
  typeof NEAR_LENS_WEB !== 'undefined' && NEAR_LENS_WEB ? undefined : (require('./node') as typeof Node).startShellCommand;
