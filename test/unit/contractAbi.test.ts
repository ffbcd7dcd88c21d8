// decodeAbi / parseAbi (src/near/contract/abi.ts) and the capped zstd decoder (src/near/contract/zstd.ts) on the frames of
// test/fixtures/contracts/ (made with a real zstd) and on frames built here (an RLE "bomb", lying headers).
import { strict as assert } from 'node:assert';
import { throwsNl } from '../support/fixture';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeAbi, KNOWN_ABI_VERSIONS, MAX_ABI_BYTES, parseAbi } from '../../src/near/contract/abi';
import { zstdDecompress } from '../../src/near/contract/zstd';
import { zstdFrameSizes } from '../../src/near/contract/zstdFrame';

const DIR = path.join(__dirname, '..', 'fixtures', 'contracts');
const fixture = (f: string): Uint8Array => new Uint8Array(readFileSync(path.join(DIR, f)));
const ABI_JSON = JSON.parse(readFileSync(path.join(DIR, 'abi.json'), 'utf8')) as Record<string, unknown>;

/** A valid zstd frame of `blocks` RLE blocks of 128 KiB each (no content size, 128 KiB window): 4 bytes per block. */
function rleBomb(blocks: number, windowByte = 0x38): Uint8Array {
  const out = [0x28, 0xb5, 0x2f, 0xfd, 0x00, windowByte];
  for (let i = 0; i < blocks; i++) {
    const h = (i === blocks - 1 ? 1 : 0) | (1 << 1) | ((128 * 1024) << 3);
    out.push(h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff, 0x20);
  }
  return Uint8Array.from(out);
}

describe('contract ABI: decodeAbi', () => {
  it('reads the real-shaped ABI out of its zstd frame', () => {
    const abi = decodeAbi(fixture('abi.zst'));
    assert.equal(abi.schemaVersion, '0.4.0');
    assert.deepEqual(abi.metadata, {
      name: 'greeter-ft',
      version: '0.1.0',
      authors: ['Example Devs <devs@example.org>'],
      build: { compiler: 'rustc 1.86.0', builder: 'cargo-near cargo-near-build 0.4.6', image: 'sourcescan/cargo-near:0.13.4-rust-1.85.1' },
      wasmHash: '5kXx6Wzhf4UZ2y9Vgxp6BHDhdDVN5vR36PYdhVXQ2Gk2',
    });
    assert.equal(abi.functions.length, 10);
    const transfer = abi.functions.find((f) => f.name === 'ft_transfer');
    assert.deepEqual(transfer && { ...transfer, params: transfer.params && { ...transfer.params, args: transfer.params.args.map((a) => a.name) } }, {
      name: 'ft_transfer',
      kind: 'call',
      modifiers: ['payable'],
      doc: 'Transfers `amount` tokens to `receiver_id`; attach exactly 1 yoctoNEAR.',
      params: { serializationType: 'json', args: ['receiver_id', 'amount', 'memo'] },
    });
    const bal = abi.functions.find((f) => f.name === 'ft_balance_of');
    assert.deepEqual(bal?.result, { serializationType: 'json', typeSchema: { $ref: '#/definitions/U128' } });
    assert.equal(abi.functions.find((f) => f.name === 'set_raw')?.params?.serializationType, 'borsh');
    assert.ok(abi.rootSchema['definitions']);
    // The same as parsing the JSON itself.
    assert.deepEqual(parseAbi(ABI_JSON), abi);
  });

  it('takes the decompressor as a parameter (so the extension can load zstd lazily)', () => {
    let calls = 0;
    const abi = decodeAbi(fixture('abi.zst'), {
      decompress: (b, max) => {
        calls++;
        return zstdDecompress(b, max);
      },
    });
    assert.equal(calls, 1);
    assert.equal(abi.functions.length, 10);
  });

  it('refuses bytes that are not zstd, naming the magic bytes', () => {
    throwsNl(() => decodeAbi(new TextEncoder().encode(JSON.stringify(ABI_JSON))), /not zstd-compressed .*28 b5 2f fd/, 'bad-shape');
    throwsNl(() => decodeAbi(new Uint8Array(0)), /not zstd/);
    throwsNl(() => decodeAbi(fixture('greeter.wasm')), /not zstd/);
  });

  it('refuses a corrupt or truncated frame', () => {
    throwsNl(() => decodeAbi(fixture('abi-corrupt.zst')), /^The compressed ABI is a corrupt zstd frame\.$/, 'bad-shape');
    throwsNl(() => decodeAbi(fixture('abi-truncated.zst')), /corrupt zstd frame/);
    throwsNl(() => decodeAbi(Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd)), /corrupt zstd frame/);
    throwsNl(() => decodeAbi(Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0x08, 0, 0, 0)), /corrupt zstd frame/); // reserved bit
  });

  it('refuses a frame that unpacks past the cap, without unpacking it all', () => {
    assert.equal(MAX_ABI_BYTES, 4 * 1024 * 1024);
    const bomb = rleBomb(40); // 166 bytes → 5 MiB
    assert.equal(bomb.length, 166);
    assert.equal(zstdDecompress(rleBomb(2), 1 << 20).length, 256 * 1024); // the frame itself is valid
    throwsNl(() => decodeAbi(bomb), /unpacks to more than the 4,194,304 bytes/, 'too-large');
    throwsNl(() => decodeAbi(fixture('abi.zst'), { maxBytes: 1000 }), /says it holds 3,905 bytes, more than the 1,000 bytes/, 'too-large');
  });

  it('refuses a header that asks for a huge window or declares a huge size, before allocating', () => {
    // Window descriptor 0xf8: 2^41 bytes.
    throwsNl(() => decodeAbi(Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0x00, 0xf8, 1, 0, 0)), /window/, 'too-large');
    // Single segment, 8-byte content size of 2^40.
    const huge = Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0xe0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0);
    assert.deepEqual(zstdFrameSizes(huge), { window: 2 ** 40, content: 2 ** 40 });
    throwsNl(() => decodeAbi(huge), /says it holds 1,099,511,627,776 bytes/, 'too-large');
  });

  it('refuses a frame of something that is not JSON', () => {
    throwsNl(() => decodeAbi(fixture('abi-not-json.zst')), /^The contract's ABI is not JSON\.$/, 'bad-shape');
  });

  it('refuses an unknown schema version, saying which ones are known', () => {
    assert.deepEqual(KNOWN_ABI_VERSIONS, ['0.3', '0.4']);
    throwsNl(() => decodeAbi(fixture('abi-unknown-version.zst')), /schema version 0\.9\.1; NEAR Lens reads versions 0\.3\.x and 0\.4\.x\./);
    for (const v of ['1.0.0', '0.2.0', '0.4', 'x', '0.4.0-beta']) throwsNl(() => parseAbi({ ...ABI_JSON, schema_version: v }), /schema version/);
    throwsNl(() => parseAbi({ ...ABI_JSON, schema_version: 4 }), /no schema_version/);
    assert.equal(parseAbi({ ...ABI_JSON, schema_version: '0.3.7' }).schemaVersion, '0.3.7');
  });

  it('refuses an ABI without body.functions', () => {
    throwsNl(() => decodeAbi(fixture('abi-no-functions.zst')), /has no body\.functions list/, 'bad-shape');
    throwsNl(() => parseAbi({ schema_version: '0.4.0' }), /has no body\.functions list/);
    throwsNl(() => parseAbi([]), /not a JSON object/);
  });

  it('refuses malformed functions, naming them', () => {
    const withFns = (functions: unknown[]): unknown => ({ schema_version: '0.4.0', body: { functions } });
    throwsNl(() => parseAbi(withFns([{ kind: 'view' }])), /function without a name \(entry 1\)/);
    throwsNl(() => parseAbi(withFns([{ name: 'x', kind: 'pure' }])), /unknown kind for function x/);
    throwsNl(() => parseAbi(withFns([{ name: 'x', kind: 'call', params: { serialization_type: 'xml', args: [] } }])), /serialization type in function x/);
    throwsNl(
      () => parseAbi(withFns([{ name: 'x', kind: 'call', params: { serialization_type: 'json', args: [{}] } }])),
      /parameter without a name in function x/,
    );
  });

  it('keeps a minimal ABI minimal and makes untrusted metadata inert', () => {
    const abi = parseAbi({
      schema_version: '0.4.0',
      metadata: { name: 'evil\u202e\nname', authors: [1, 'a'], build: 'no' },
      body: { functions: [{ name: 'f', kind: 'view', modifiers: ['init', 3] }] },
    });
    assert.deepEqual(abi, {
      schemaVersion: '0.4.0',
      metadata: { name: 'evil name', authors: ['a'] },
      functions: [{ name: 'f', kind: 'view', modifiers: ['init'] }],
      rootSchema: {},
    });
  });

  it('only zstd.ts imports fzstd, and abi.ts requires it on first use (so it can be loaded lazily)', () => {
    const src = (f: string): string => readFileSync(path.join(__dirname, '..', '..', 'src', 'near', 'contract', f), 'utf8');
    assert.match(src('zstd.ts'), /from 'fzstd'/);
    assert.doesNotMatch(src('abi.ts'), /from 'fzstd'|^import \{[^}]*\} from '\.\/zstd'/m);
  });
});
