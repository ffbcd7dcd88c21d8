// Which workspace files a panic's location names, best first: by path segments, under NEP-330's contract_path first,
// then the crate that matches the receiver or the metadata's link. Pure: no `vscode`, no I/O; the location is
// untrusted, so the answer is only ever some of the files given (a path never resolves to anything else).
import type { SourceLocation } from '../../../near/failure/panic';

export interface RankFile {
  /** The file's path inside its workspace folder, `/`-separated. */
  relPath: string;
  /** Its crate's Cargo.toml (or package.json) name and repository, when known. */
  crate?: { name?: string; repository?: string };
}

export interface RankInput<F extends RankFile> {
  location: SourceLocation;
  contractPath?: string;
  receiverId: string;
  link?: string;
  files: readonly F[];
}

export interface RankedSource<F extends RankFile> {
  file: F;
  relPath: string;
  line: number;
  column: number;
  why: 'location';
}

export const MAX_SOURCES = 10;

/** How a location's path is compared with a workspace path. */
type Want =
  /** A relative path as the compiler saw it: the workspace path ends with all of it. */
  | { how: 'whole'; segs: string[] }
  /** An absolute path or one with `..`: the builder's machine; only its ending can be in the workspace. */
  | { how: 'ending'; segs: string[] }
  /** A file of a crate from cargo's registry: its path inside the crate, and only in a copy of that crate. */
  | { how: 'crate'; segs: string[]; folder: string; name: string };

/** The workspace files the location names, best first, at most MAX_SOURCES; none when it names none of them. */
export function rankLocationFiles<F extends RankFile>(input: RankInput<F>): Array<RankedSource<F>> {
  const want = wantOf(input?.location?.path);
  if (!want || want.segs.length === 0 || !Array.isArray(input.files)) return [];
  const under = segmentsOf(input.contractPath ?? '').filter((s) => s !== '..');
  const labels = receiverLabels(input.receiverId);
  const link = typeof input.link === 'string' ? repoKey(input.link) : undefined;
  const scored: Array<{ file: F; relPath: string; score: number; common: number }> = [];
  for (const file of input.files) {
    if (typeof file?.relPath !== 'string') continue;
    const segs = segmentsOf(file.relPath);
    if (segs.length === 0 || segs.includes('..')) continue;
    const common = matchLength(want, segs, file);
    if (common === 0) continue;
    const dirs = segs.slice(0, -1);
    const score = (under.length > 0 && containsRun(dirs, under) ? 2 : 0) + (crateMatches(file.crate, labels, link) ? 1 : 0);
    scored.push({ file, relPath: file.relPath, score, common });
  }
  scored.sort(
    (a, b) => b.score - a.score || b.common - a.common || a.relPath.length - b.relPath.length || (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0),
  );
  const { line, column } = input.location;
  return scored.slice(0, MAX_SOURCES).map(({ file, relPath }) => ({ file, relPath, line, column, why: 'location' as const }));
}

/** Path segments, either separator, without empty and `.` ones. */
function segmentsOf(path: string): string[] {
  return String(path)
    .split(/[\\/]+/)
    .filter((s) => s !== '' && s !== '.');
}

const isAbsolute = (path: string): boolean => /^(?:[\\/~]|[A-Za-z]:[\\/])/.test(path);

function wantOf(path: string | undefined): Want | undefined {
  if (typeof path !== 'string' || path.length > 1024) return undefined;
  const segs = segmentsOf(path);
  const up = segs.lastIndexOf('..');
  if (up !== -1) return { how: 'ending', segs: segs.slice(up + 1) };
  if (!isAbsolute(path)) return { how: 'whole', segs };
  // The standard library's own sources (/rustc/<commit>/library/…) are never a workspace's.
  if (segs[0] === 'rustc' && /^[0-9a-f]{40}$/.test(segs[1] ?? '')) return undefined;
  // ~/.cargo/registry/src/<index>/<name>-<version>/<path inside the crate>
  const reg = segs.indexOf('registry');
  if (reg !== -1 && segs[reg + 1] === 'src' && segs.length > reg + 4) {
    const folder = segs[reg + 3] ?? '';
    const name = /^(.+?)-\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/.exec(folder)?.[1] ?? folder;
    return { how: 'crate', segs: segs.slice(reg + 4), folder, name: crateKey(name) };
  }
  // ~/.cargo/git/checkouts/<repo>-<hash>/<rev>/<path inside the repository>
  const git = segs.indexOf('checkouts');
  if (git > 0 && segs[git - 1] === 'git' && segs.length > git + 3) return { how: 'whole', segs: segs.slice(git + 3) };
  return { how: 'ending', segs };
}

/** How many trailing segments the file shares with the location (0: it is not the file named). */
function matchLength(want: Want, file: readonly string[], f: RankFile): number {
  const common = commonSuffix(want.segs, file);
  switch (want.how) {
    case 'whole':
      return common === want.segs.length ? common : 0;
    case 'ending':
      return common >= Math.min(2, want.segs.length) || common === file.length ? common : 0;
    case 'crate': {
      if (common !== want.segs.length) return 0;
      const dirs = file.slice(0, file.length - common);
      const inCrate = crateKey(f.crate?.name ?? '') === want.name || dirs.includes(want.folder) || dirs.some((d) => crateKey(d) === want.name);
      return inCrate ? common : 0;
    }
  }
}

function commonSuffix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** `run` appears in `segs` as consecutive segments. */
function containsRun(segs: readonly string[], run: readonly string[]): boolean {
  for (let i = 0; i + run.length <= segs.length; i++) {
    let k = 0;
    while (k < run.length && segs[i + k] === run[k]) k++;
    if (k === run.length) return true;
  }
  return false;
}

/** A crate or package name compared loosely: lower case, `_` as `-`. */
const crateKey = (name: string): string => name.toLowerCase().replace(/_/g, '-');

/** A name without the words every contract crate carries ("game-contract" → "game"). */
const bare = (key: string): string => key.replace(/^(?:near-)?(?:contract|sc)-|-(?:contract|sc|near)$/g, '');

/** The receiver's labels but its top-level one: "game.hot.tg" → ["game", "hot"]; an implicit id has none. */
function receiverLabels(receiverId: string): string[] {
  if (typeof receiverId !== 'string') return [];
  const labels = receiverId.toLowerCase().split('.');
  return labels.length > 1 ? labels.slice(0, -1).map(crateKey) : [];
}

/** A repository URL as host/path: no scheme, `git+`, `www.`, `.git` or trailing slash; lower case. */
export function repoKey(url: string): string | undefined {
  const m = /^(?:git\+)?(?:[a-z]+:\/\/)?(?:[^@/]+@)?(?:www\.)?([^?#]+)/i.exec(url.trim().slice(0, 500));
  const key = m?.[1]
    ?.replace(/\.git\/?$/i, '')
    .replace(/\/+$/, '')
    .replace(/^([^/:]+):(?!\d)/, '$1/')
    .toLowerCase();
  return key && key.includes('/') ? key : undefined;
}

function crateMatches(crate: RankFile['crate'], labels: readonly string[], link: string | undefined): boolean {
  if (!crate) return false;
  const name = typeof crate.name === 'string' && crate.name ? crateKey(crate.name) : undefined;
  const repo = typeof crate.repository === 'string' ? repoKey(crate.repository) : undefined;
  const repoName = repo?.split('/').pop();
  const byReceiver = (key: string | undefined): boolean => key !== undefined && (labels.includes(key) || labels.includes(bare(key)));
  if (byReceiver(name) || byReceiver(repoName)) return true;
  if (!link) return false;
  if (repo && (link === repo || link.startsWith(`${repo}/`))) return true;
  return name !== undefined && crateKey(link.split('/').pop() ?? '') === name;
}
