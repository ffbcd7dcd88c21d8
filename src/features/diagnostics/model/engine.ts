// Runs the diagnostic finders over a text or a window of it, and keeps one document's problems up to date edit by
// edit: only the lines around each edit are read again (every finder is line-local), so an edit in a 1 MB file costs
// what an edit in a small one does. Secrets are confirmed and their public keys derived by the `secrets` part,
// handed in as a loader and called only when the cheap finder saw a candidate. Pure: no `vscode`, no I/O.
import { findBrokenAccountIds } from './accountIdLint';
import { findInexactAmounts } from './amountLint';
import { findSecretCandidates, secretKeyWhat, secretSentence } from '../../../near/secretFinder';
import type { SecretCandidate } from '../../../near/secretFinder';
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
  const what = c.kind === 'key' ? secretKeyWhat(c.curve) : `a BIP-39 seed phrase (${c.words.length} words)`;
  out.push({
    code: c.kind === 'key' ? 'secret-key' : 'seed-phrase',
    severity: 'error',
    start: c.start,
    end: c.end,
    message: secretSentence(what, publicKey),
    fixes: [],
    publicKey,
  });
}

/** "controls leaky.near with full access" (and the accounts where it is a function-call key only). */
export function controlText(fullAccess: readonly string[], all: readonly string[], network: string): string | undefined {
  const limited = all.filter((a) => !fullAccess.includes(a));
  const list = (ids: readonly string[]): string => (ids.length > 3 ? `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more` : ids.join(', '));
  const parts: string[] = [];
  if (fullAccess.length) parts.push(`controls ${list(fullAccess)} with full access`);
  if (limited.length) parts.push(`${parts.length ? 'and ' : ''}has a function-call key on ${list(limited)}`);
  if (parts.length === 0) return `is on no account on ${network}`;
  return `${parts.join(' ')} (${network})`;
}

/** One content change as VS Code reports it (offsets into the text before the change). */
export interface TextChange {
  rangeOffset: number;
  rangeLength: number;
  text: string;
}

/** How the engine reads a document it does not hold as one string (an editor's document). */
export interface TextSource {
  readonly length: number;
  /** The text between two offsets. */
  read(start: number, end: number): string;
  /** Whole lines around [start, end): from the start of the line before to the end of the line after. */
  around(start: number, end: number): [number, number];
}

/** A TextSource over a string. */
export function stringSource(text: string): TextSource {
  return {
    length: text.length,
    read: (s, e) => text.slice(s, e),
    around: (s, e) => [lineStart(text, lineStart(text, s) - 1), lineEnd(text, lineEnd(text, e) + 1)],
  };
}

/**
 * The problems of one document. `full` reads the whole text; `shift` moves the problems after each change at once
 * (no reading), and `refresh` reads again only the lines around what changed since (plus one line either side: the
 * unit words of the line before decide NEAR or gas), so an edit in a 1 MB file reads a few lines, not the file.
 */
export class DocumentProblems {
  problems: Found[] = [];
  /** Characters read by the last full or refresh pass (the bench and tests check an edit reads only its window). */
  lastRead = 0;
  /** Changed ranges not read again yet, in the current text's offsets. */
  #dirty: [number, number][] = [];

  constructor(
    private readonly options: () => DiagnoseOptions,
    private readonly secrets: () => SecretsApi,
  ) {}

  full(text: string | TextSource): Found[] {
    const src = typeof text === 'string' ? stringSource(text) : text;
    this.#dirty = [];
    this.lastRead = src.length;
    return (this.problems = diagnoseText(src.read(0, src.length), this.options(), this.secrets));
  }

  /** Moves the problems for `changes` (as VS Code lists them for one edit, non-overlapping; offsets before it). */
  shift(changes: readonly TextChange[]): void {
    // Later changes first, so the offsets of earlier ones still hold.
    for (const c of [...changes].sort((a, b) => b.rangeOffset - a.rangeOffset)) {
      const delta = c.text.length - c.rangeLength;
      const oldEnd = c.rangeOffset + c.rangeLength;
      const moved: Found[] = [];
      for (const p of this.problems) {
        if (p.end < c.rangeOffset) moved.push(p);
        else if (p.start > oldEnd) moved.push({ ...p, start: p.start + delta, end: p.end + delta });
        // else: touched, dropped; its lines are read again
      }
      this.problems = moved;
      const newEnd = c.rangeOffset + c.text.length;
      this.#dirty = this.#dirty.map(([s, e]): [number, number] => {
        if (e < c.rangeOffset) return [s, e];
        if (s > oldEnd) return [s + delta, e + delta];
        return [Math.min(s, c.rangeOffset), Math.max(newEnd, e >= oldEnd ? e + delta : c.rangeOffset)];
      });
      this.#dirty.push([c.rangeOffset, newEnd]);
    }
  }

  /** Reads again the lines around every change shifted in since the last pass. */
  refresh(src: TextSource): Found[] {
    const windows = this.#dirty.map(([s, e]) => src.around(Math.min(s, src.length), Math.min(e, src.length))).sort((a, b) => a[0] - b[0]);
    this.#dirty = [];
    const merged: [number, number][] = [];
    for (const w of windows) {
      const last = merged[merged.length - 1];
      if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
      else merged.push([w[0], w[1]]);
    }
    const o = this.options();
    let problems = this.problems;
    this.lastRead = 0;
    for (const [s, e] of merged) {
      problems = problems.filter((p) => p.end <= s || p.start >= e);
      this.lastRead += e - s;
      problems.push(...diagnoseText(src.read(s, e), o, this.secrets, s));
    }
    return (this.problems = problems.sort((a, b) => a.start - b.start));
  }

  /** shift + refresh on a string: `text` is the document after the changes. */
  edit(changes: readonly TextChange[], text: string): Found[] {
    this.shift(changes);
    return this.refresh(stringSource(text));
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
