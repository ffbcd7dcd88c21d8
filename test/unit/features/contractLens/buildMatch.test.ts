// Is it my build: where a contract's builds are, NEAR's code hash of a wasm, and which build the account runs.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { buildFolders, codeHashOf, isBuildFile, matchBuild } from '../../../../src/features/contractLens/model/buildMatch';
import type { WorkspaceContract } from '../../../../src/features/contractLens/model/types';

// The stub's game.lensdev.near runs test/fixtures/contracts/game.wasm; its code hash as the stub computes it.
const GAME_WASM = readFileSync('test/fixtures/contracts/game.wasm');
const RUST: WorkspaceContract = { path: 'contracts/game', folder: 'file:///w', name: 'game-contract', language: 'rust' };

describe('contract lens: is it my build', () => {
  it('the code hash is base58 of the SHA-256 (the stub’s and NEAR’s)', async () => {
    const { createHash } = await import('node:crypto');
    const { base58 } = await import('@scure/base');
    assert.equal(codeHashOf(GAME_WASM), base58.encode(createHash('sha256').update(GAME_WASM).digest()));
    assert.equal(codeHashOf(new Uint8Array()), 'GKot5hBsd81kMupNCXHaqbhv3huEbxAFMLnpcX2hniwn');
  });

  it('cargo-near, cargo and a cargo workspace root for Rust; build/ for near-sdk-js', () => {
    assert.deepEqual(buildFolders(RUST), [
      { path: 'contracts/game/target/near' },
      { path: 'contracts/game/target/wasm32-unknown-unknown/release' },
      { path: 'contracts/target/near', only: 'game_contract.wasm' },
      { path: 'contracts/target/wasm32-unknown-unknown/release', only: 'game_contract.wasm' },
      { path: 'target/near', only: 'game_contract.wasm' },
      { path: 'target/wasm32-unknown-unknown/release', only: 'game_contract.wasm' },
    ]);
    assert.deepEqual(buildFolders({ ...RUST, path: 'mint', language: 'js' }), [{ path: 'mint/build' }]);
    assert.ok(isBuildFile({ path: 'x' }, 'hot_game.wasm'));
    assert.ok(!isBuildFile({ path: 'x' }, 'hot_game.wasm.d'));
    assert.ok(!isBuildFile({ path: 'x', only: 'game_contract.wasm' }, 'arcade_contract.wasm'));
  });

  it('the build with the account’s hash, else the newest; nothing without a build', () => {
    const builds = [
      { path: 'a/target/near/old.wasm', mtimeMs: 1, codeHash: 'H1' },
      { path: 'a/target/near/new.wasm', mtimeMs: 5, codeHash: 'H2' },
    ];
    assert.deepEqual(matchBuild('H1', builds), { kind: 'same', path: 'a/target/near/old.wasm' });
    assert.deepEqual(matchBuild('H9', builds), { kind: 'differs', path: 'a/target/near/new.wasm', builtMs: 5 });
    assert.equal(matchBuild('H1', []), undefined);
  });
});
