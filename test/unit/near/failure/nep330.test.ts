// NEP-330 source metadata for a failure: cargo-near's build_info (contract_path, the snapshot's rev), and every wrong
// or hostile shape dropped field by field, never a throw.
import { strict as assert } from 'node:assert';
import { parseContractSourceMetadata, revOf } from '../../../../src/near/failure/nep330';

const REV = '4f1c2e9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e';

describe('parseContractSourceMetadata', () => {
  it("cargo-near's metadata: version, link, standards, contract_path and the snapshot's rev", () => {
    const meta = {
      version: '0.3.1',
      link: 'https://github.com/hot-dao/game',
      standards: [
        { standard: 'nep330', version: '1.2.0' },
        { standard: 'nep141', version: '1.0.0' },
      ],
      build_info: {
        build_environment: 'sourcescan/cargo-near:0.13.2-rust-1.84.0@sha256:3b0e3e2b6a0b5d7b8e9e2c0d1f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a',
        build_command: ['cargo', 'near', 'build', 'non-reproducible-wasm', '--locked'],
        contract_path: 'contracts/game',
        source_code_snapshot: `git+https://github.com/hot-dao/game?rev=${REV}`,
        output_wasm_path: null,
      },
    };
    assert.deepEqual(parseContractSourceMetadata(meta), {
      version: '0.3.1',
      link: 'https://github.com/hot-dao/game',
      standards: [
        { standard: 'nep330', version: '1.2.0' },
        { standard: 'nep141', version: '1.0.0' },
      ],
      contractPath: 'contracts/game',
      rev: REV,
    });
  });

  it('metadata without build_info (near-sdk from Cargo.toml alone); a root contract_path says nothing', () => {
    assert.deepEqual(parseContractSourceMetadata({ version: '1.0.0', link: 'https://github.com/near/core-contracts', standards: [] }), {
      version: '1.0.0',
      link: 'https://github.com/near/core-contracts',
    });
    assert.deepEqual(parseContractSourceMetadata({ version: '1', build_info: { contract_path: '', source_code_snapshot: 'git+https://x/y' } }), {
      version: '1',
    });
    assert.deepEqual(parseContractSourceMetadata({ build_info: { contract_path: '.' } }), undefined);
  });

  it('wrong shapes: undefined for a value that is not an object or holds nothing; wrong fields dropped', () => {
    for (const v of [null, undefined, 'x', 42, true, [], [{ version: '1' }]]) assert.equal(parseContractSourceMetadata(v), undefined, JSON.stringify(v));
    assert.equal(parseContractSourceMetadata({}), undefined);
    assert.equal(parseContractSourceMetadata({ version: 1, link: {}, standards: 'nep141', build_info: [] }), undefined);
    assert.deepEqual(parseContractSourceMetadata({ version: '2', build_info: { contract_path: 7, source_code_snapshot: { rev: REV } } }), { version: '2' });
    assert.deepEqual(parseContractSourceMetadata({ standards: [null, 5, { standard: 7 }, { standard: 'nep171' }] }), {
      standards: [{ standard: 'nep171', version: '' }],
    });
  });

  it('hostile strings: one line, no controls or bidi overrides, clipped; at most 32 standards', () => {
    const m = parseContractSourceMetadata({
      version: `1\n2\u202e${'9'.repeat(500)}`,
      link: `https://evil.example/\u0000${'a'.repeat(10_000)}`,
      standards: Array.from({ length: 1000 }, (_, i) => ({ standard: `nep${i}`, version: '1' })),
      build_info: { contract_path: `contracts/\u202egame\n${'x'.repeat(1000)}`, source_code_snapshot: `git+https://x/y?rev=${REV}` },
    });
    assert.ok(m);
    assert.ok((m.version ?? '').length <= 60 && !/[\n\u202e]/.test(m.version ?? ''));
    assert.ok((m.link ?? '').length <= 300 && !m.link?.includes('\u0000'));
    assert.equal(m.standards?.length, 32);
    assert.ok((m.contractPath ?? '').length <= 200 && !/[\n\u202e]/.test(m.contractPath ?? ''));
    assert.ok(m.contractPath?.startsWith('contracts/game '));
  });
});

describe('revOf', () => {
  it('the rev parameter of a git+ snapshot URL, lower-case hex only', () => {
    assert.equal(revOf(`git+https://github.com/org/repo?rev=${REV}`), REV);
    assert.equal(revOf(`git+https://github.com/org/repo?branch=main&rev=${REV.toUpperCase()}#frag`), REV);
    assert.equal(revOf('git+https://github.com/org/repo?rev=4f1c2e9'), '4f1c2e9');
    for (const bad of [
      'git+https://github.com/org/repo',
      'git+https://github.com/org/repo?rev=main',
      'git+https://github.com/org/repo?rev=4f1c2e',
      'git+https://github.com/org/repo?rev=4f1c2e9;rm -rf',
      'git+https://github.com/org/repo?xrev=4f1c2e9aa',
      `git+https://x/y?rev=${'a'.repeat(65)}`,
      `git+https://x/y?rev=${'a'.repeat(3000)}`,
    ]) {
      assert.equal(revOf(bad), undefined, bad);
    }
    assert.equal(revOf(42), undefined);
  });
});
