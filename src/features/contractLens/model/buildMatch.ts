// Whether the code deployed on an account is a wasm the workspace built: where builds are written (cargo-near's
// target/near/, cargo's target/wasm32-unknown-unknown/release/, near-sdk-js's build/, under the crate or a cargo
// workspace root above it) and the code hash of a wasm (base58 of its SHA-256, as NEAR's `code_hash`). Pure: no
// `vscode`, no I/O; the glue lists and reads the files.
import { sha256 } from '@noble/hashes/sha2.js';
import { base58Encode } from '../../../near/base58';
import type { BuildMatch } from './lensText';
import type { WorkspaceContract } from './types';

/** A folder where builds may be, relative to the workspace folder, and which of its wasm files are this crate's. */
export interface BuildFolder {
  readonly path: string;
  /** Undefined: every `.wasm` there; else only this file name (a cargo workspace's shared target holds every crate's). */
  readonly only?: string;
}

/** A wasm the workspace built: its path in the workspace folder, when it was written, and its code hash. */
export interface Build {
  readonly path: string;
  readonly mtimeMs: number;
  readonly codeHash: string;
}

const RUST_OUT = ['target/near', 'target/wasm32-unknown-unknown/release'];

/** The folders a contract's builds may be in, the crate's own first. */
export function buildFolders(contract: WorkspaceContract): BuildFolder[] {
  const join = (dir: string, sub: string): string => (dir ? `${dir}/${sub}` : sub);
  if (contract.language === 'js') return [{ path: join(contract.path, 'build') }];
  const own = RUST_OUT.map((sub) => ({ path: join(contract.path, sub) }));
  // A cargo workspace builds into its root's target/, each crate's wasm named after the crate (dashes as underscores).
  const file = `${contract.name.replace(/-/g, '_')}.wasm`;
  const segs = contract.path ? contract.path.split('/') : [];
  const above = segs.map((_, i) => segs.slice(0, segs.length - 1 - i).join('/'));
  return [...own, ...above.flatMap((dir) => RUST_OUT.map((sub) => ({ path: join(dir, sub), only: file })))];
}

/** Whether a file name in a build folder is one of this contract's builds. */
export const isBuildFile = (folder: BuildFolder, name: string): boolean => name.endsWith('.wasm') && (folder.only === undefined || name === folder.only);

/** NEAR's code hash of a wasm: base58 of its SHA-256. */
export const codeHashOf = (bytes: Uint8Array): string => base58Encode(sha256(bytes));

/** The build whose hash is the account's, else the newest build; undefined when there is no build. */
export function matchBuild(codeHash: string, builds: readonly Build[]): BuildMatch | undefined {
  const same = builds.find((b) => b.codeHash === codeHash);
  if (same) return { kind: 'same', path: same.path };
  const newest = [...builds].sort((a, b) => b.mtimeMs - a.mtimeMs)[0];
  return newest && { kind: 'differs', path: newest.path, builtMs: newest.mtimeMs };
}
