// A failure's sources over a fake workspace (the SearchHost the editor gives sources.ts): with a location, the files its
// path names, the crate of NEP-330's contract_path first (two crates with a src/lib.rs line 29); without one, the string
// literals that give the message (a format string's placeholders as any text, the message read as text, never as a
// pattern); what cannot be found or was not searched said in words; a 10,000-file tree within its budget.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FailureExplained } from '../../../../src/near/failure/explain';
import { explainFailure } from '../../../../src/near/failure/explain';
import { cargoCrate, isBuildOutput, packageCrate, SEARCH_BUDGET_MS, searchSources } from '../../../../src/features/failures/model/search';
import type { SearchHost } from '../../../../src/features/failures/model/search';

const ROOT = 'mem:/w/';
const WORKSPACE = path.resolve(__dirname, '../../../fixtures/workspace');
const fixture = (rel: string): string => readFileSync(path.join(WORKSPACE, rel), 'utf8');

/** A workspace of `files` (path → text) under mem:/w/; globs understood: `**\/name` and the source extensions. */
function host(
  files: Record<string, string>,
  o: { readMs?: number; folders?: boolean; onRead?: () => void } = {},
): SearchHost & { reads: string[]; globs: string[] } {
  const reads: string[] = [];
  const globs: string[] = [];
  return {
    reads,
    globs,
    hasFolders: o.folders !== false,
    async findFiles(include, max) {
      globs.push(include);
      const name = /^\*\*\/([^*{]+)$/.exec(include)?.[1];
      const list = Object.keys(files).filter((p) => (name ? p.split('/').pop() === name : /\.(rs|ts|js|mjs|cjs)$/.test(p)));
      return list.slice(0, max).map((p) => ROOT + p);
    },
    async readText(uri) {
      reads.push(uri);
      o.onRead?.();
      if (o.readMs) await new Promise((r) => setTimeout(r, o.readMs));
      return files[uri.slice(ROOT.length)];
    },
    relPath: (uri) => uri.slice(ROOT.length),
    sibling(uri, up, name) {
      const dirs = uri.slice(ROOT.length).split('/').slice(0, -1);
      if (up > dirs.length) return undefined;
      return ROOT + [...dirs.slice(0, dirs.length - up), name].join('/');
    },
  };
}

const panic = (message: string, location?: FailureExplained['location']): FailureExplained => ({
  kind: 'panic',
  message,
  explanation: 'x',
  ...(location && { location }),
});

const WORKSPACE_FILES = {
  'contracts/game/Cargo.toml': fixture('contracts/game/Cargo.toml'),
  'contracts/game/src/lib.rs': fixture('contracts/game/src/lib.rs'),
  'contracts/arcade/Cargo.toml': fixture('contracts/arcade/Cargo.toml'),
  'contracts/arcade/src/lib.rs': fixture('contracts/arcade/src/lib.rs'),
  'frontend/lib.rs': fixture('frontend/lib.rs'),
  'node_modules/near-sdk/src/lib.rs': 'fn x() {}\n',
};
const AT_29 = { path: 'src/lib.rs', line: 29, column: 50 };

describe('a failure’s sources in the workspace', () => {
  it('a location: contract_path puts contracts/game first, with the line’s text; both crates have a line 29', async () => {
    const a = await searchSources(
      { error: panic('called `Option::unwrap()` on a `None` value', AT_29), receiverId: 'game.lensdev.near', contract: { contractPath: 'contracts/game' } },
      host(WORKSPACE_FILES),
    );
    assert.deepEqual(a.paths, ['contracts/game/src/lib.rs', 'contracts/arcade/src/lib.rs']);
    assert.deepEqual(a.sources[0], {
      uri: `${ROOT}contracts/game/src/lib.rs`,
      line: 29,
      column: 50,
      text: 'let winning_party = round.winner.clone().unwrap();',
      why: 'location',
    });
    assert.ok(a.sources[1]?.text, 'arcade has a line 29 too');
    assert.equal(a.note, undefined);
  });

  it('without metadata, the crate whose Cargo.toml name matches the receiver ("arcade-contract") comes first', async () => {
    const a = await searchSources({ error: panic('x', AT_29), receiverId: 'arcade.lensdev.near' }, host(WORKSPACE_FILES));
    assert.deepEqual(a.paths, ['contracts/arcade/src/lib.rs', 'contracts/game/src/lib.rs']);
  });

  it('a location not in the workspace (a builder path, a registry crate) says so; its message is searched instead', async () => {
    const a = await searchSources(
      {
        error: panic('x', {
          path: '/home/near/.cargo/registry/src/index.crates.io-6f17d22bba15001f/near-sdk-5.5.0/src/environment/env.rs',
          line: 12,
          column: 5,
        }),
        receiverId: 'g.near',
      },
      host(WORKSPACE_FILES),
    );
    assert.deepEqual(a.sources, []);
    assert.match(a.note ?? '', /near-sdk-5\.5\.0\/src\/environment\/env\.rs:12:5 is not in this workspace\. No string literal .* gives "x"\.$/);
    // A file name a glob cannot carry as text is not looked for at all; the message still is.
    const odd = host(WORKSPACE_FILES);
    const b = await searchSources({ error: panic('round 7 is closed to bets', { path: 'src/{a,b}*.rs', line: 1, column: 1 }), receiverId: 'g.near' }, odd);
    assert.deepEqual(odd.globs, ['**/*.{rs,ts,js,mjs,cjs}']);
    assert.deepEqual(b.paths, ['contracts/arcade/src/lib.rs']);
    assert.equal(b.sources[0]?.why, 'message');
    assert.match(b.note ?? '', /^src\/\{a,b\}\*\.rs:1:1 is not in this workspace\.$/);
  });

  const JS_MINT = {
    ...WORKSPACE_FILES,
    'contracts/js-mint/package.json': fixture('contracts/js-mint/package.json'),
    'contracts/js-mint/src/contract.ts': fixture('contracts/js-mint/src/contract.ts'),
    'contracts/js-mint/build/contract.js': fixture('contracts/js-mint/build/contract.js'),
  };
  const jsPanic = (text: string): FailureExplained =>
    explainFailure({ ActionError: { index: 0, kind: { FunctionCallError: { ExecutionError: text } } } }, { receiverId: 'mint.lensdev.near' });
  const STACK = '\n    at assert (build/contract.js:5)\n    at mint (build/contract.js:39)\n    at mint (build/contract.js:60)\n';

  it("a JS contract: the stack's place is the bundle, so the message without the SDK's prefix leads to the TypeScript line", async () => {
    const e = jsPanic(`Smart contract panicked: assertion failed: Amount must be positive${STACK}`);
    assert.deepEqual(e.location, { path: 'build/contract.js', line: 39, column: 1 });
    const a = await searchSources({ error: e, receiverId: 'mint.lensdev.near' }, host(JS_MINT));
    assert.deepEqual(a.paths, ['contracts/js-mint/src/contract.ts', 'contracts/js-mint/build/contract.js']);
    assert.deepEqual(a.sources[0], {
      uri: `${ROOT}contracts/js-mint/src/contract.ts`,
      line: 13,
      column: 24,
      text: 'assert(value > 0n, "Amount must be positive");',
      why: 'message',
    });
    // The bundle's line is the same line as the location's: it is listed once.
    assert.deepEqual(
      a.sources.map((s) => [s.line, s.why]),
      [
        [13, 'message'],
        [39, 'message'],
      ],
    );
    assert.equal(a.note, undefined);
    // Without the stack (a view call's text, an older builder), the prefix still comes off.
    const bare = await searchSources(
      { error: jsPanic('Smart contract panicked: assertion failed: Amount must be positive'), receiverId: 'm.near' },
      host(JS_MINT),
    );
    assert.deepEqual(bare.paths, ['contracts/js-mint/src/contract.ts', 'contracts/js-mint/build/contract.js']);
  });

  it('only build output in the workspace: its line is still given, after the message’s literals (none here)', async () => {
    const files = { 'app/dist/contract.js': fixture('contracts/js-mint/build/contract.js').replace('Amount must be positive', 'positive amounts only') };
    const e = jsPanic(`Smart contract panicked: assertion failed: Amount must be positive${STACK.replace(/build\//g, 'dist/')}`);
    const a = await searchSources({ error: e, receiverId: 'm.near' }, host(files));
    assert.deepEqual(
      a.sources.map((s) => [s.uri, s.line, s.why]),
      [[`${ROOT}app/dist/contract.js`, 39, 'location']],
    );
    assert.match(a.note ?? '', /^No string literal .* gives "Amount must be positive"\.$/);
  });

  it('a location in a source file is the answer alone; in build output or nowhere, the message is searched too', async () => {
    const h = host(JS_MINT);
    const src = await searchSources({ error: panic('Amount must be positive', { path: 'src/contract.ts', line: 13, column: 5 }), receiverId: 'm.near' }, h);
    assert.deepEqual(src.paths, ['contracts/js-mint/src/contract.ts']);
    assert.equal(src.sources[0]?.why, 'location');
    assert.deepEqual(h.globs, ['**/contract.ts'], 'no message search');
    for (const dir of ['build', 'dist', 'out', 'target']) assert.ok(isBuildOutput(`a/${dir}/x.js`) && isBuildOutput(`${dir}/x.js`), dir);
    assert.ok(!isBuildOutput('src/build.js') && !isBuildOutput('builds/x.js'));
  });

  it("near-sdk's structured error: its own message is searched (not its words)", async () => {
    const json = { error: { name: 'CUSTOM_CONTRACT_ERROR', cause: { name: 'near_sdk::errors::custom::InvalidArgument', info: { message: 'haha invalid' } } } };
    const e = jsPanic(`Smart contract panicked: ${JSON.stringify(json)}`);
    assert.equal(e.message, 'Invalid argument: haha invalid');
    const files = { 'src/lib.rs': 'fn f() {\n    return Err(InvalidArgument::new("haha invalid"));\n}\n' };
    const a = await searchSources({ error: e, receiverId: 'g.near' }, host(files));
    assert.deepEqual(
      a.sources.map((s) => [s.line, s.column, s.why]),
      [[2, 37, 'message']],
    );
    // Without a message there is nothing its source would hold: nothing is searched.
    const bare = jsPanic(`Smart contract panicked: ${JSON.stringify({ error: { name: 'CUSTOM_CONTRACT_ERROR', cause: { name: 'a::X', info: { x: 1 } } } })}`);
    const quiet = host(files);
    assert.deepEqual(await searchSources({ error: bare, receiverId: 'g.near' }, quiet), { sources: [], paths: [] });
    assert.deepEqual(quiet.globs, []);
  });

  it("'..' and absolute paths match by their ending only; node_modules and target are never answers", async () => {
    const files = { ...WORKSPACE_FILES, 'target/debug/build/src/lib.rs': 'x\n'.repeat(40) };
    const a = await searchSources({ error: panic('x', { path: '../../../etc/src/lib.rs', line: 29, column: 1 }), receiverId: 'g.near' }, host(files));
    assert.ok(a.sources.every((s) => s.uri.startsWith(ROOT)));
    assert.ok(!a.paths.some((p) => /node_modules|target/.test(p)), a.paths.join());
  });

  it('a message alone: the format string that gives it ("round {} is closed to bets"), 1-based line and column', async () => {
    const a = await searchSources({ error: panic('round 7 is closed to bets'), receiverId: 'arcade.lensdev.near' }, host(WORKSPACE_FILES));
    assert.deepEqual(a.paths, ['contracts/arcade/src/lib.rs']);
    assert.deepEqual(a.sources[0], {
      uri: `${ROOT}contracts/arcade/src/lib.rs`,
      line: 29,
      column: 37,
      text: 'env::panic_str(&format!("round {} is closed to bets", round_id));',
      why: 'message',
    });
  });

  it('the message is text, never a pattern: regex characters match only themselves', async () => {
    const files = { 'a.rs': 'panic!("price (.*)+ too low");\n', 'b.ts': 'throw new Error("price anything too low");\n' };
    const a = await searchSources({ error: panic('price (.*)+ too low'), receiverId: 'g.near' }, host(files));
    assert.deepEqual(a.paths, ['a.rs']);
    const none = await searchSources({ error: panic('.*'), receiverId: 'g.near' }, host(files));
    assert.deepEqual(none.sources, []);
  });

  it('a message nowhere in the workspace says so; a kind that is not a contract’s words searches nothing', async () => {
    const h = host(WORKSPACE_FILES);
    const b = await searchSources({ error: panic('the moon is made of cheese'), receiverId: 'g.near' }, h);
    assert.deepEqual(b.sources, []);
    assert.match(b.note ?? '', /No string literal .* gives "the moon is made of cheese"/);
    const gas: FailureExplained = { kind: 'gas-exceeded', message: 'Action #0: Exceeded the prepaid gas.', explanation: 'x' };
    const quiet = host(WORKSPACE_FILES);
    assert.deepEqual(await searchSources({ error: gas, receiverId: 'g.near' }, quiet), { sources: [], paths: [] });
    assert.deepEqual(quiet.globs, [], 'nothing listed');
  });

  it('no folder open: said in words, nothing listed', async () => {
    const h = host(WORKSPACE_FILES, { folders: false });
    const a = await searchSources({ error: panic('x', AT_29), receiverId: 'g.near' }, h);
    assert.deepEqual(a, { sources: [], paths: [], note: 'No folder is open: there is no workspace to search.' });
    assert.deepEqual(h.globs, []);
  });

  it('10,000 files: the budget holds and what was not searched is said', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 10_000; i++) files[`pkg${i % 100}/src/file${i}.rs`] = `fn f${i}() { let s = "nothing here ${i}"; }\n`;
    files['pkg99/src/zz.rs'] = 'env::panic_str("claim is not ready yet");\n';
    const budgetMs = 150;
    // A fake clock: each read takes one millisecond of it, so the budget ends after 150 reads, on any machine.
    let clock = 0;
    const h = host(files, { onRead: () => (clock += 1) });
    const a = await searchSources({ error: panic('claim is not ready yet'), receiverId: 'g.near' }, h, { budgetMs, now: () => clock });
    // Each of the 16 readers looks at the clock before it reads: at most 15 reads begin after the last look in time.
    assert.ok(h.reads.length >= budgetMs && h.reads.length < budgetMs + 16, `${h.reads.length} reads`);
    assert.equal(
      a.note,
      `Searched ${h.reads.length} of 10,001 files within the 150 ms budget; ${(10_001 - h.reads.length).toLocaleString('en-US')} were not searched.`,
    );
    assert.equal(SEARCH_BUDGET_MS, 1000);
  });

  it('a listing that does not come within its time: said, nothing searched', async () => {
    const slow: SearchHost = {
      ...host(WORKSPACE_FILES),
      findFiles: (_include, _max, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve([]))),
    };
    const a = await searchSources({ error: panic('round 7 is closed to bets'), receiverId: 'g.near' }, slow, { listMs: 30 });
    assert.deepEqual(a, { sources: [], paths: [], note: "The workspace's files were not listed within 30 ms: nothing was searched." });
  });

  it('a cancel stops the search', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    const a = await searchSources({ error: panic('claim is not ready yet'), receiverId: 'g.near' }, host(WORKSPACE_FILES), { signal: ctrl.signal });
    assert.deepEqual(a.sources, []);
  });

  it('reads a crate’s name and repository from Cargo.toml and package.json', () => {
    assert.deepEqual(cargoCrate(fixture('contracts/game/Cargo.toml')), { name: 'game-contract', repository: 'https://github.com/example/lens-games' });
    assert.deepEqual(cargoCrate('[workspace]\nmembers = ["a"]\n'), undefined);
    assert.deepEqual(cargoCrate('[dependencies]\nname = "x"\n[package]\nname = "y"\n'), { name: 'y' });
    assert.deepEqual(packageCrate('{"name":"app","repository":{"url":"git+https://github.com/o/app.git"}}'), {
      name: 'app',
      repository: 'git+https://github.com/o/app.git',
    });
    assert.equal(packageCrate('not json'), undefined);
  });
});
