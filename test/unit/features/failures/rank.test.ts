// Ranking the workspace files a panic's location names: two crates with a src/lib.rs told apart by NEP-330's
// contract_path, then by the crate that matches the receiver or the link; builder and registry paths matched by their
// ending only; and a property: the answer is only ever some of the files given.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { MAX_SOURCES, rankLocationFiles } from '../../../../src/features/failures/model/rank';
import type { RankFile } from '../../../../src/features/failures/model/rank';

const loc = (path: string): { path: string; line: number; column: number } => ({ path, line: 29, column: 50 });
const paths = (r: ReturnType<typeof rankLocationFiles>): string[] => r.map((x) => x.relPath);

const GAME: RankFile = { relPath: 'contracts/game/src/lib.rs', crate: { name: 'game', repository: 'https://github.com/hot-dao/contracts' } };
const TOKEN: RankFile = { relPath: 'contracts/token/src/lib.rs', crate: { name: 'hot_token' } };
const ROOT: RankFile = { relPath: 'src/lib.rs', crate: { name: 'workspace-tools' } };
const FILES: RankFile[] = [TOKEN, ROOT, GAME, { relPath: 'contracts/game/src/main.rs' }, { relPath: 'README.md' }];

describe('rankLocationFiles', () => {
  it("contract_path first: two crates with a src/lib.rs line 29 are told apart; line and column carried; why 'location'", () => {
    const r = rankLocationFiles({ location: loc('src/lib.rs'), contractPath: 'contracts/game', receiverId: 'x.near', files: FILES });
    assert.deepEqual(paths(r), ['contracts/game/src/lib.rs', 'src/lib.rs', 'contracts/token/src/lib.rs']);
    assert.deepEqual(r[0], { file: GAME, relPath: 'contracts/game/src/lib.rs', line: 29, column: 50, why: 'location' });
    assert.equal(r[0]?.file, GAME, 'the very input object');
  });

  it('without metadata, the crate whose name matches the receiver ("game.hot.tg" → crate game) comes first', () => {
    assert.deepEqual(paths(rankLocationFiles({ location: loc('src/lib.rs'), receiverId: 'game.hot.tg', files: FILES })), [
      'contracts/game/src/lib.rs',
      'src/lib.rs',
      'contracts/token/src/lib.rs',
    ]);
    // "token.hot.near" against the crate hot_token: no; against a crate named "token-contract": yes.
    const named = [...FILES, { relPath: 'x/token/src/lib.rs', crate: { name: 'token-contract' } }];
    assert.equal(paths(rankLocationFiles({ location: loc('src/lib.rs'), receiverId: 'token.hot.near', files: named }))[0], 'x/token/src/lib.rs');
  });

  it("the crate whose repository is the metadata's link (a sub-path of it too), or whose name ends the link", () => {
    const link = 'https://github.com/Hot-DAO/contracts/tree/main/contracts/game';
    assert.equal(paths(rankLocationFiles({ location: loc('src/lib.rs'), receiverId: 'nothing.near', link, files: [ROOT, TOKEN, GAME] }))[0], GAME.relPath);
    const ssh = { relPath: 'a/src/lib.rs', crate: { repository: 'git@github.com:hot-dao/contracts.git' } };
    assert.equal(
      paths(rankLocationFiles({ location: loc('src/lib.rs'), receiverId: 'n.near', link: 'https://github.com/hot-dao/contracts', files: [ROOT, ssh] }))[0],
      'a/src/lib.rs',
    );
    const byName = rankLocationFiles({
      location: loc('src/lib.rs'),
      receiverId: 'n.near',
      link: 'https://gitlab.com/me/hot_token',
      files: [ROOT, GAME, TOKEN],
    });
    assert.equal(byName[0]?.relPath, TOKEN.relPath);
  });

  it('a relative location must be the ending of the workspace path, by whole segments', () => {
    const files = [
      { relPath: 'contracts/game/src/lib.rs' },
      { relPath: 'src/lib.rs' },
      { relPath: 'contracts/game/src/mylib.rs' },
      { relPath: 'xcontracts/game/src/lib.rs' },
    ];
    assert.deepEqual(paths(rankLocationFiles({ location: loc('contracts/game/src/lib.rs'), receiverId: 'x.near', files })), ['contracts/game/src/lib.rs']);
    assert.deepEqual(paths(rankLocationFiles({ location: loc('./src\\lib.rs'), receiverId: 'x.near', files })), [
      'src/lib.rs',
      'contracts/game/src/lib.rs',
      'xcontracts/game/src/lib.rs',
    ]);
  });

  it("a builder's absolute path matches by its ending: the longest shared ending first", () => {
    const r = rankLocationFiles({ location: loc('/home/near/code/contracts/game/src/lib.rs'), receiverId: 'x.near', files: FILES });
    // The others share src/lib.rs alone: the shorter path first.
    assert.deepEqual(paths(r), ['contracts/game/src/lib.rs', 'src/lib.rs', 'contracts/token/src/lib.rs']);
    // One shared segment is not enough when the location has more.
    assert.deepEqual(paths(rankLocationFiles({ location: loc('/home/near/code/other/lib.rs'), receiverId: 'x.near', files: [{ relPath: 'a/lib.rs' }] })), []);
    assert.deepEqual(paths(rankLocationFiles({ location: loc('C:\\build\\game\\src\\lib.rs'), receiverId: 'x.near', files: [GAME] })), [GAME.relPath]);
  });

  it("a cargo registry path matches only a copy of that crate, by the path inside it; the standard library's never", () => {
    const sdk = '/root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/near-sdk-5.5.0/src/environment/env.rs';
    const files: RankFile[] = [
      { relPath: 'src/environment/env.rs', crate: { name: 'game' } },
      { relPath: 'vendor/near-sdk/src/environment/env.rs' },
      { relPath: 'near-sdk-rs/near-sdk/src/environment/env.rs', crate: { name: 'near_sdk' } },
    ];
    assert.deepEqual(paths(rankLocationFiles({ location: loc(sdk), receiverId: 'x.near', files })), [
      'vendor/near-sdk/src/environment/env.rs',
      'near-sdk-rs/near-sdk/src/environment/env.rs',
    ]);
    const lib = '/root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/near-sdk-5.5.0/src/lib.rs';
    assert.deepEqual(paths(rankLocationFiles({ location: loc(lib), receiverId: 'x.near', files: FILES })), [], "near-sdk's src/lib.rs is not the contract's");
    const std = '/rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library/core/src/option.rs';
    assert.deepEqual(paths(rankLocationFiles({ location: loc(std), receiverId: 'x.near', files: [{ relPath: 'library/core/src/option.rs' }] })), []);
    const git = '/home/u/.cargo/git/checkouts/near-sdk-rs-0a1b2c3d4e5f6a7b/8c9d0e1/near-sdk/src/lib.rs';
    assert.deepEqual(paths(rankLocationFiles({ location: loc(git), receiverId: 'x.near', files: [ROOT, { relPath: 'near-sdk/src/lib.rs' }] })), [
      'near-sdk/src/lib.rs',
    ]);
  });

  it('a path with ".." is matched by its ending only and never leaves the files given', () => {
    const files = [{ relPath: 'etc/passwd' }, { relPath: 'contracts/game/src/lib.rs' }, { relPath: '../outside/src/lib.rs' }];
    assert.deepEqual(paths(rankLocationFiles({ location: loc('../../../../etc/passwd'), receiverId: 'x.near', files })), ['etc/passwd']);
    assert.deepEqual(paths(rankLocationFiles({ location: loc('../outside/src/lib.rs'), receiverId: 'x.near', files })), ['contracts/game/src/lib.rs']);
  });

  it('at most 10, and nothing for an empty, huge or odd location', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ relPath: `c${String(i).padStart(2, '0')}/src/lib.rs` }));
    const r = rankLocationFiles({ location: loc('src/lib.rs'), receiverId: 'x.near', files: many });
    assert.equal(r.length, MAX_SOURCES);
    assert.equal(r[0]?.relPath, 'c00/src/lib.rs');
    for (const p of ['', '/', '.', `${'a/'.repeat(600)}lib.rs`])
      assert.deepEqual(rankLocationFiles({ location: loc(p), receiverId: 'x.near', files: many }), [], p.slice(0, 20));
    assert.deepEqual(rankLocationFiles({ location: loc(7 as unknown as string), receiverId: 'x.near', files: many }), []);
  });

  it('property: every answer is one of the files given (the same object), at most 10, none twice', () => {
    const seg = fc.constantFrom('src', 'lib.rs', 'main.rs', 'contracts', 'game', '..', '.', '', 'near-sdk-5.5.0', 'registry', 'index', 'C:', '~', 'x y');
    const pathArb = fc.array(seg, { maxLength: 8 }).chain((segs) => fc.constantFrom('/', '\\').map((sep) => segs.join(sep)));
    const fileArb = fc.record({
      relPath: pathArb,
      crate: fc.option(fc.record({ name: fc.option(fc.string(), { nil: undefined }), repository: fc.option(fc.string(), { nil: undefined }) }), {
        nil: undefined,
      }),
    });
    fc.assert(
      fc.property(
        pathArb,
        fc.array(fileArb, { maxLength: 30 }),
        fc.option(pathArb, { nil: undefined }),
        fc.string(),
        fc.option(fc.string(), { nil: undefined }),
        (where, files, contractPath, receiverId, link) => {
          const r = rankLocationFiles({ location: loc(where), contractPath, receiverId, link, files });
          assert.ok(r.length <= MAX_SOURCES);
          assert.equal(new Set(r.map((x) => x.file)).size, r.length);
          for (const x of r) {
            assert.ok(files.includes(x.file as (typeof files)[number]));
            assert.equal(x.relPath, x.file.relPath);
            assert.ok(!x.relPath.split(/[\\/]/).includes('..'));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
