// The editor's side of a failure's search (src/features/failures/sources.ts) over a fake `vscode`: on a file system the
// editor has no file search for (a virtual one on the web, where findFiles answers an empty list for every glob) the
// search says it could not search, never "not in this workspace"; an empty answer where the editor does search, or an
// empty folder, is still "not in this workspace".
import { strict as assert } from 'node:assert';
import path from 'node:path';
import type * as Sources from '../../../../src/features/failures/sources';
import type { FailureExplained } from '../../../../src/near/failure/explain';
import { searchSources } from '../../../../src/features/failures/model/search';
import { loadIsolated } from '../../../support/fakeEditor';

interface FakeUri {
  scheme: string;
  path: string;
  toString(): string;
}
const uri = (s: string): FakeUri => {
  const m = /^([a-z][\w+.-]*):(.*)$/i.exec(s)!;
  return { scheme: m[1]!, path: m[2]!, toString: () => s };
};

/** A window with one folder of `entries` whose file search lists `listed` for every glob (none: no search provider). */
function editorWith(o: { scheme: string; entries: string[]; listed: string[] }): { globs: string[]; host: () => ReturnType<typeof Sources.editorSearchHost> } {
  const globs: string[] = [];
  const folder = { uri: uri(`${o.scheme}:/w`), name: 'w', index: 0 };
  const fake = {
    Uri: { parse: uri, joinPath: (u: FakeUri, ...p: string[]) => uri(`${u.scheme}:${path.posix.join(u.path, ...p)}`) },
    CancellationTokenSource: class {
      token = { isCancellationRequested: false };
      cancel(): void {
        this.token.isCancellationRequested = true;
      }
      dispose(): void {}
    },
    workspace: {
      workspaceFolders: [folder],
      getConfiguration: () => ({ get: () => ({}) }),
      async findFiles(include: string, _exclude: unknown, max: number) {
        globs.push(include);
        return o.listed.slice(0, max).map((p) => uri(`${o.scheme}:/w/${p}`));
      },
      fs: {
        readDirectory: async () => o.entries.map((e) => [e, 1]),
        stat: async () => ({ size: 10 }),
        readFile: async () => new TextEncoder().encode(''),
      },
      asRelativePath: (u: FakeUri) => u.path.replace(/^\/w\//, ''),
      getWorkspaceFolder: () => folder,
    },
  };
  const m = loadIsolated<typeof Sources>(fake, 'features/failures/sources');
  return { globs, host: () => m.editorSearchHost() };
}

const PANIC: FailureExplained = {
  kind: 'panic',
  message: 'called `Option::unwrap()` on a `None` value',
  explanation: 'claim on game.lensdev.near panicked at src/lib.rs:29:50.',
  location: { path: 'src/lib.rs', line: 29, column: 50 },
};

describe('failures: the editor host of the search (sources.ts)', () => {
  it('on a file system without a file search (the web): "could not be searched", never "not in this workspace"', async () => {
    const e = editorWith({ scheme: 'vscode-vfs', entries: ['Cargo.toml', 'contracts'], listed: [] });
    const a = await searchSources({ error: PANIC, receiverId: 'game.lensdev.near' }, e.host());
    assert.deepEqual(a.sources, []);
    assert.equal(a.note, 'This workspace could not be searched: the editor has no file search for its vscode-vfs: files here.');
    assert.deepEqual(e.globs, ['**/lib.rs', '**/*'], 'one probe of any file, after the empty answer');
  });

  it('where the editor lists files but none is named so: "not in this workspace"', async () => {
    const e = editorWith({ scheme: 'file', entries: ['README.md'], listed: ['README.md'] });
    // The fake lists README.md for every glob: the location's own glob answers it and the ranking finds no src/lib.rs.
    const a = await searchSources({ error: PANIC, receiverId: 'game.lensdev.near' }, e.host());
    assert.deepEqual(a.sources, []);
    // The location names no file here, so the message was looked for too (and is in no literal).
    assert.match(a.note ?? '', /^src\/lib\.rs:29:50 is not in this workspace\. No string literal .* gives "called/);
  });

  it('an empty folder is not a missing file search: "not in this workspace"', async () => {
    const e = editorWith({ scheme: 'file', entries: [], listed: [] });
    const a = await searchSources({ error: PANIC, receiverId: 'game.lensdev.near' }, e.host());
    assert.match(a.note ?? '', /^src\/lib\.rs:29:50 is not in this workspace\. No string literal/);
    assert.deepEqual(e.globs.slice(0, 2), ['**/lib.rs', '**/*']);
  });
});
