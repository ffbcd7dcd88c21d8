// Where in the open workspace a failure comes from: with a location, the workspace files its path names (ranked by
// rank.ts); with a contract's message alone, or a location that names no source file (none in the workspace, or only
// build output: a JS contract's bundle), the .rs/.ts/.js files whose string literals give the message (formatMatch.ts),
// within a time budget that says what it did not search. No `vscode`: the workspace is reached through a SearchHost
// (the editor's, sources.ts; a fake tree in the unit tests): its listing gets LIST_MS, the reading SEARCH_BUDGET_MS after
// it. Nothing here leaves the machine, and the answer is only ever files the host listed: a path from a panic is
// compared with them, never opened itself.
import type { FailureExplained } from '../../../near/failure/explain';
import type { ContractSource } from '../../../near/failure/nep330';
import { MAX_MESSAGE, withoutSdkPrefix } from '../../../near/failure/panic';
import { sanitizeText } from '../../../base/text';
import { findMessageLiterals, languageOf, prepareMessage } from './formatMatch';
import type { LiteralHit, PreparedMessage } from './formatMatch';
import { MAX_SOURCES, rankLocationFiles } from './rank';
import type { RankFile } from './rank';
import { NOTES } from './failureView';
import type { FailureSource } from './failureView';

/** The workspace as the search needs it. Uris are strings the host gave; `/`-separated paths inside their folder. */
export interface SearchHost {
  /** Whether any folder is open (a window with no folder has nothing to search). */
  readonly hasFolders: boolean;
  /** The files matching `include` (a glob), files.exclude, search.exclude, node_modules and target left out; at most `max`. */
  findFiles(include: string, max: number, signal: AbortSignal): Promise<string[]>;
  /** A file's text; undefined when it is missing, too large or binary. */
  readText(uri: string): Promise<string | undefined>;
  /** The file's path inside its workspace folder. */
  relPath(uri: string): string;
  /** The uri of `name` in the folder of `uri` `up` levels above its file (0: beside it), or undefined above its workspace folder. */
  sibling(uri: string, up: number, name: string): string | undefined;
}

export interface SearchInput {
  error: FailureExplained;
  receiverId: string;
  contract?: ContractSource;
}

export interface SearchAnswer {
  sources: FailureSource[];
  /** Each source's path in its folder, in the order of `sources`. */
  paths: string[];
  note?: string;
}

export const SEARCH_BUDGET_MS = 1000;
/** How long the editor may take to list the files (its file search starts cold the first time), before the budget. */
export const LIST_MS = 5000;
/** The most files a message search lists. */
export const SEARCH_MAX_FILES = 20_000;
const LOCATION_MAX_FILES = 5_000;
/** Candidates whose crate (Cargo.toml, package.json) is read for the ranking. */
const MAX_CRATE_READS = 50;
const CRATE_LEVELS = 6;
const READ_CONCURRENCY = 16;
const SOURCE_EXTENSIONS = '**/*.{rs,ts,js,mjs,cjs}';
const SKIPPED_DIRS = new Set(['node_modules', 'target']);
/** Folders a build writes into: a file there is a bundle or a copy, not the source. */
const BUILD_DIRS = new Set(['build', 'dist', 'out', 'target']);

/** Whether a workspace path is in a build's output (`build/`, `dist/`, `out/`, `target/`, at any depth). */
export const isBuildOutput = (relPath: string): boolean =>
  relPath
    .split('/')
    .slice(0, -1)
    .some((s) => BUILD_DIRS.has(s));

/**
 * The words a panic's source holds, made ready for the search: a structured error's own message; else the message
 * without an SDK's prefix (near-sdk-js's "assertion failed: "), so the literal gives the end of what the chain said.
 * Undefined for other kinds, and for a structured error without a message.
 */
export function searchedWords(e: FailureExplained): PreparedMessage | undefined {
  if (e.kind !== 'panic') return undefined;
  const words = e.structured ? e.structured.message : withoutSdkPrefix(e.message);
  const prepared = words === undefined ? undefined : prepareMessage(words);
  // The message was cut at MAX_MESSAGE before its prefix came off: its literal may go on past the words.
  return prepared && { ...prepared, open: prepared.open || e.message.length >= MAX_MESSAGE };
}

/** A file name a glob can carry as it is (anything else is not looked for: it names no workspace file we can list). */
const PLAIN_NAME = /^[\w.@+-]{1,255}$/;

/** Where the failure is in the workspace, best first, at most 10; a note when it is nowhere or not all was searched. */
export async function searchSources(
  input: SearchInput,
  host: SearchHost,
  o: { budgetMs?: number; listMs?: number; signal?: AbortSignal; now?: () => number } = {},
): Promise<SearchAnswer> {
  const budgetMs = o.budgetMs ?? SEARCH_BUDGET_MS;
  const listMs = o.listMs ?? LIST_MS;
  const now = o.now ?? Date.now;
  const e = input.error;
  const words = searchedWords(e);
  if (e.location === undefined && words === undefined) return { sources: [], paths: [] };
  if (!host.hasFolders) return { sources: [], paths: [], note: NOTES.noFolder };
  // The caller's cancel stops everything; the listing stops after listMs, the reading at the budget's end.
  const ctrl = new AbortController();
  const stop = (): void => ctrl.abort();
  o.signal?.addEventListener('abort', stop);
  if (o.signal?.aborted) ctrl.abort();
  const run: Run = {
    host,
    deadline: Infinity,
    now,
    signal: ctrl.signal,
    budgetMs,
    list: async (include, max) => {
      const listing = new AbortController();
      const cut = setTimeout(() => listing.abort(), Math.max(0, listMs));
      const follow = (): void => listing.abort();
      ctrl.signal.addEventListener('abort', follow);
      if (ctrl.signal.aborted) listing.abort();
      try {
        const files = listing.signal.aborted ? [] : await host.findFiles(include, max, listing.signal);
        if (listing.signal.aborted) throw new ListingCut();
        return files;
      } finally {
        clearTimeout(cut);
        ctrl.signal.removeEventListener('abort', follow);
        run.deadline = now() + budgetMs;
      }
    },
  };
  try {
    return e.location ? await byLocation(input, words, run) : await byMessage(input, words!, run);
  } catch (err) {
    if (ctrl.signal.aborted) return { sources: [], paths: [] };
    if (err instanceof ListingCut) return { sources: [], paths: [], note: NOTES.unlisted(listMs) };
    return { sources: [], paths: [], note: NOTES.cannotSearch(err instanceof Error ? err.message : String(err)) };
  } finally {
    o.signal?.removeEventListener('abort', stop);
  }
}

/** The file listing did not finish in its time, or the search was cancelled while it ran. */
class ListingCut extends Error {}

interface Run {
  host: SearchHost;
  /** When reading stops: the budget, counted from the end of the listing. */
  deadline: number;
  now: () => number;
  signal: AbortSignal;
  budgetMs: number;
  list(include: string, max: number): Promise<string[]>;
}

const skipped = (relPath: string): boolean => relPath.split('/').some((s) => SKIPPED_DIRS.has(s));

/**
 * The files the location names; when none of them is a source file (the path is not in the workspace, or names build
 * output), the literals that give the message too: those first, the build output's lines after them.
 */
async function byLocation(input: SearchInput, words: PreparedMessage | undefined, run: Run): Promise<SearchAnswer> {
  const location = input.error.location!;
  const name = location.path.split(/[\\/]/).pop() ?? '';
  const plainName = PLAIN_NAME.test(name) && name !== '.' && name !== '..';
  const uris = plainName ? (await run.list(`**/${name}`, LOCATION_MAX_FILES)).filter((u) => !skipped(run.host.relPath(u))) : [];
  const files = await withCrates(uris, run);
  const ranked = rankLocationFiles({
    location,
    contractPath: input.contract?.contractPath,
    receiverId: input.receiverId,
    link: input.contract?.link,
    files,
  });
  const texts = await Promise.all(ranked.map((r) => run.host.readText(r.file.uri)));
  const found = ranked
    .map((r, i) => ({
      source: { uri: r.file.uri, line: r.line, column: r.column, text: lineText(texts[i], r.line), why: 'location' as const },
      path: r.relPath,
      built: isBuildOutput(r.relPath),
    }))
    // A source file first, build output after it (each in the ranking's order).
    .sort((a, b) => Number(a.built) - Number(b.built));
  const notHere = ranked.length === 0 ? NOTES.notInWorkspace(location) : undefined;
  if (!words || found.some((f) => !f.built)) {
    return { sources: found.map((f) => f.source), paths: found.map((f) => f.path), ...(notHere && { note: notHere }) };
  }
  const byWords = await byMessage(input, words, run);
  const sources = [...byWords.sources];
  const paths = [...byWords.paths];
  for (const f of found) {
    if (sources.length >= MAX_SOURCES) break;
    if (sources.some((s) => s.uri === f.source.uri && s.line === f.source.line)) continue;
    sources.push(f.source);
    paths.push(f.path);
  }
  const note = [notHere, byWords.note].filter(Boolean).join(' ');
  return { sources, paths, ...(note && { note }) };
}

/** Each file with its crate's name and repository (the nearest Cargo.toml or package.json above it, in its folder). */
async function withCrates(uris: readonly string[], run: Run): Promise<Array<RankFile & { uri: string }>> {
  const manifests = new Map<string, Promise<RankFile['crate'] | undefined>>();
  const crateAt = (uri: string, up: number): Promise<RankFile['crate'] | undefined> => {
    const cargo = run.host.sibling(uri, up, 'Cargo.toml');
    if (cargo === undefined) return Promise.resolve(undefined);
    let p = manifests.get(cargo);
    if (!p) {
      p = (async () => {
        const toml = await run.host.readText(cargo);
        if (toml !== undefined) return cargoCrate(toml);
        const pkg = run.host.sibling(uri, up, 'package.json');
        const json = pkg === undefined ? undefined : await run.host.readText(pkg);
        return json === undefined ? undefined : packageCrate(json);
      })();
      manifests.set(cargo, p);
    }
    return p;
  };
  return Promise.all(
    uris.map(async (uri, i) => {
      const file: RankFile & { uri: string } = { uri, relPath: run.host.relPath(uri) };
      if (i >= MAX_CRATE_READS) return file;
      for (let up = 0; up < CRATE_LEVELS && run.now() < run.deadline; up++) {
        const crate = await crateAt(uri, up);
        if (crate) return { ...file, crate };
      }
      return file;
    }),
  );
}

/** `[package]`'s name and repository of a Cargo.toml (a line each, as cargo writes them). */
export function cargoCrate(toml: string): RankFile['crate'] | undefined {
  const start = toml.search(/^\[package\]\s*$/m);
  if (start === -1) return undefined;
  const body = toml.slice(start).split(/^\[(?!package\])/m)[0] ?? '';
  const value = (key: string): string | undefined => new RegExp(`^${key}\\s*=\\s*"([^"\\n]{1,200})"`, 'm').exec(body)?.[1];
  const name = value('name');
  const repository = value('repository');
  return name || repository ? { ...(name && { name }), ...(repository && { repository }) } : undefined;
}

/** A package.json's name and repository (a string, or `{ url }`). */
export function packageCrate(text: string): RankFile['crate'] | undefined {
  try {
    const v = JSON.parse(text) as { name?: unknown; repository?: unknown };
    const name = typeof v.name === 'string' ? v.name : undefined;
    const r = v.repository;
    const repository =
      typeof r === 'string'
        ? r
        : typeof r === 'object' && r !== null && typeof (r as { url?: unknown }).url === 'string'
          ? (r as { url: string }).url
          : undefined;
    return name || repository ? { ...(name && { name }), ...(repository && { repository }) } : undefined;
  } catch {
    return undefined;
  }
}

async function byMessage(input: SearchInput, message: PreparedMessage, run: Run): Promise<SearchAnswer> {
  const listed = await run.list(SOURCE_EXTENSIONS, SEARCH_MAX_FILES);
  const capped = listed.length >= SEARCH_MAX_FILES;
  const files = order(
    listed.map((uri) => ({ uri, relPath: run.host.relPath(uri) })).filter((f) => !skipped(f.relPath) && languageOf(f.relPath) !== undefined),
    input.contract?.contractPath,
  );
  const hits: Array<{ uri: string; relPath: string; hit: LiteralHit; rank: number }> = [];
  let next = 0;
  let searched = 0;
  let whole = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length && run.now() < run.deadline && !run.signal.aborted && whole < MAX_SOURCES) {
      const rank = next++;
      const f = files[rank]!;
      const text = await run.host.readText(f.uri);
      searched++;
      if (text === undefined) continue;
      for (const hit of findMessageLiterals(message, text, languageOf(f.relPath)!)) {
        hits.push({ ...f, hit, rank });
        if (hit.whole) whole++;
      }
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
  // Source files before build output; whole matches first, then literals that give a part of the message; each in the
  // order the files were searched.
  hits.sort(
    (a, b) =>
      Number(isBuildOutput(a.relPath)) - Number(isBuildOutput(b.relPath)) ||
      Number(b.hit.whole) - Number(a.hit.whole) ||
      a.rank - b.rank ||
      a.hit.line - b.hit.line,
  );
  const best = hits.slice(0, MAX_SOURCES);
  const all = searched >= files.length || whole >= MAX_SOURCES;
  const note = !all
    ? NOTES.budget(searched, files.length, run.budgetMs) + (capped ? NOTES.capped(SEARCH_MAX_FILES) : '')
    : best.length === 0
      ? NOTES.messageNotFound(message.text)
      : undefined;
  return {
    sources: best.map((h) => ({ uri: h.uri, line: h.hit.line, column: h.hit.column, text: h.hit.text, why: 'message' as const })),
    paths: best.map((h) => h.relPath),
    ...(note && { note }),
  };
}

/** Files under the contract's folder first, then Rust, then the rest, build output last; each group in its listed order. */
function order<F extends { relPath: string }>(files: F[], contractPath: string | undefined): F[] {
  const under = contractPath ? `${contractPath.replace(/^\.?\/+|\/+$/g, '')}/` : undefined;
  const group = (f: F): number =>
    isBuildOutput(f.relPath) ? 3 : under && (f.relPath.startsWith(under) || f.relPath.includes(`/${under}`)) ? 0 : f.relPath.endsWith('.rs') ? 1 : 2;
  return files
    .map((f, i) => ({ f, i, g: group(f) }))
    .sort((a, b) => a.g - b.g || a.i - b.i)
    .map((x) => x.f);
}

/** Line `line` (1-based) of a text, trimmed and clipped; '' when the file is shorter or unreadable. */
function lineText(text: string | undefined, line: number): string {
  if (text === undefined) return '';
  let start = 0;
  for (let n = 1; n < line; n++) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) return '';
    start = nl + 1;
  }
  const end = text.indexOf('\n', start);
  return sanitizeText(text.slice(start, end === -1 ? text.length : end).slice(0, 800), 200);
}
