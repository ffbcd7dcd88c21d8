// Runs the diagnostic finders over a text or a window of it, and keeps one document's problems up to date edit by
// edit: only the lines around each edit are read again (every finder is line-local), so an edit in a 1 MB file costs
// what an edit in a small one does. Secrets are confirmed and their public keys derived by the `secrets` part,
// handed in as a loader and called only when the cheap finder saw a candidate. Pure: no `vscode`, no I/O.
import { findBrokenAccountIds } from './accountIdLint';
import { findInexactAmounts } from './amountLint';
import { findSecretCandidates } from './secretFinder';
import type { SecretCandidate } from './secretFinder';
import type { Problem } from './problem';

export interface DiagnoseOptions {
  secretKeys: boolean;
  accountIds: boolean;
  inexactAmounts: boolean;
  languageId: string;
  /** Public keys whose secrets the user chose to ignore in this workspace. */
  ignoredKeys?: ReadonlySet<string>;
  /** A phrase's public key is being derived (asynchronously): diagnose again once it settles. */
  onPhraseKey?: (pending: Promise<unknown>) => void;
}

/** What the `secrets` part offers (secretKeys.ts). */
export interface SecretsApi {
  publicKeyOfSecret(curve: 'ed25519' | 'secp256k1', bytes: Uint8Array): string | undefined;
  isSeedPhrase(words: readonly string[]): boolean;
  peekPhraseKey(words: readonly string[]): string | undefined;
  phraseKey(words: readonly string[]): Promise<string | undefined>;
}

/** A problem of a document; a secret's carries its public key (never the secret). */
export interface Found extends Problem {
  publicKey?: string;
}

export const SECRET_MESSAGE = 'NEAR secret key in this file';

/** The problems of `text` (offsets into it, plus `base`), in order. */
export function diagnoseText(text: string, o: DiagnoseOptions, secrets: () => SecretsApi, base = 0): Found[] {
  const out: Found[] = [];
  if (o.secretKeys) {
    const candidates = findSecretCandidates(text);
    if (candidates.length > 0) for (const c of candidates) pushSecret(c, secrets(), o, out);
  }
  if (o.accountIds) out.push(...findBrokenAccountIds(text));
  if (o.inexactAmounts) out.push(...findInexactAmounts(text, o.languageId));
  out.sort((a, b) => a.start - b.start);
  if (base !== 0) {
    for (const p of out) {
      p.start += base;
      p.end += base;
    }
  }
  return out;
}

function pushSecret(c: SecretCandidate, api: SecretsApi, o: DiagnoseOptions, out: Found[]): void {
  let publicKey: string | undefined;
  if (c.kind === 'key') {
    publicKey = api.publicKeyOfSecret(c.curve, c.bytes);
    if (publicKey === undefined) return;
  } else {
    if (!api.isSeedPhrase(c.words)) return;
    publicKey = api.peekPhraseKey(c.words);
    if (publicKey === undefined) o.onPhraseKey?.(api.phraseKey(c.words));
  }
  if (publicKey !== undefined && o.ignoredKeys?.has(publicKey)) return;
  const what = c.kind === 'key' ? `${c.curve} secret key` : `BIP-39 seed phrase (${c.words.length} words)`;
  const whose = publicKey === undefined ? '' : ` whose public key is ${publicKey}`;
  out.push({
    code: c.kind === 'key' ? 'secret-key' : 'seed-phrase',
    severity: 'error',
    start: c.start,
    end: c.end,
    message: `${SECRET_MESSAGE}: a ${what}${whose}. Remove it, and replace the key if the file was ever shared.`,
    fixes: [],
    publicKey,
  });
}

/** One content change as VS Code reports it (offsets into the text before the change). */
export interface TextChange {
  rangeOffset: number;
  rangeLength: number;
  text: string;
}

/**
 * The problems of one document. `full` reads the whole text; `edit` moves the problems after each change and reads
 * again only the lines around it (plus one line either side: the unit words of the line before decide NEAR or gas).
 */
export class DocumentProblems {
  problems: Found[] = [];
  /** Characters read by the last full or edit pass (the bench checks an edit reads only its window). */
  lastRead = 0;

  constructor(
    private readonly options: () => DiagnoseOptions,
    private readonly secrets: () => SecretsApi,
  ) {}

  full(text: string): Found[] {
    this.lastRead = text.length;
    return (this.problems = diagnoseText(text, this.options(), this.secrets));
  }

  /** `changes` as VS Code lists them (non-overlapping); `text` is the document after all of them. */
  edit(changes: readonly TextChange[], text: string): Found[] {
    // Later changes first, so the offsets of earlier ones still hold; each window is recorded in the new text.
    const sorted = [...changes].sort((a, b) => b.rangeOffset - a.rangeOffset);
    const windows: [number, number][] = [];
    let problems = this.problems;
    for (const c of sorted) {
      const delta = c.text.length - c.rangeLength;
      const oldEnd = c.rangeOffset + c.rangeLength;
      problems = problems.flatMap((p) => {
        if (p.end < c.rangeOffset) return [p];
        if (p.start > oldEnd) return [{ ...p, start: p.start + delta, end: p.end + delta }];
        return []; // touched: read again below
      });
      for (const w of windows) {
        w[0] += delta;
        w[1] += delta;
      }
      windows.push([c.rangeOffset, c.rangeOffset + c.text.length]);
    }
    // Whole lines, one more either side, merged when they overlap.
    const lines = windows
      .map(([s, e]) => [lineStart(text, lineStart(text, s) - 1), lineEnd(text, lineEnd(text, e) + 1)] as [number, number])
      .sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const w of lines) {
      const last = merged[merged.length - 1];
      if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
      else merged.push(w);
    }
    const o = this.options();
    this.lastRead = 0;
    for (const [s, e] of merged) {
      problems = problems.filter((p) => p.end <= s || p.start >= e);
      this.lastRead += e - s;
      problems.push(...diagnoseText(text.slice(s, e), o, this.secrets, s));
    }
    return (this.problems = problems.sort((a, b) => a.start - b.start));
  }
}

function lineStart(text: string, at: number): number {
  if (at <= 0) return 0;
  return text.lastIndexOf('\n', at - 1) + 1;
}

function lineEnd(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const i = text.indexOf('\n', at);
  return i < 0 ? text.length : i;
}
