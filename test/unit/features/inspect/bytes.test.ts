// Inspect Transaction's keys and values: near-sdk collection keys (prefix + borsh string, account id, index), STATE,
// UTF-8 text, JSON (big integers exact), borsh strings, u64 and u128 at their exact length, hex otherwise; the fast
// base64 reader against the platform's; hostile bytes (not base64, invalid UTF-8, controls and bidi overrides, huge
// values) read as bytes, never as markup, and cut at 1 KB shown while Copy keeps them whole.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { base64ToBytes, bytesText, readBytes, SHOWN_CHARS, shownText } from '../../../../src/features/inspect/model/bytes';
import { inspectedChange } from '../../../../src/features/inspect/model/inspection';
import { receiptView } from '../../../../src/features/inspect/model/inspectView';
import { copyText } from '../../../../src/features/inspect/model/inspectView';

const b64 = (b: Uint8Array | string): string => Buffer.from(typeof b === 'string' ? Buffer.from(b) : b).toString('base64');
const u32 = (n: number): number[] => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];
const borsh = (s: string): number[] => [...u32(Buffer.byteLength(s)), ...Buffer.from(s)];
const le = (v: bigint, n: number): number[] => Array.from({ length: n }, (_, i) => Number((v >> BigInt(8 * i)) & 255n));
const key = (bytes: number[]): ReturnType<typeof readBytes> => readBytes(b64(Uint8Array.from(bytes)), true);
const value = (bytes: number[] | string): ReturnType<typeof readBytes> =>
  readBytes(typeof bytes === 'string' ? b64(bytes) : b64(Uint8Array.from(bytes)), false);

describe('Inspect Transaction: keys and values', () => {
  it('base64: the table reader gives the platform decoder’s bytes, and refuses what is not base64', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        assert.deepEqual(base64ToBytes(Buffer.from(bytes).toString('base64')), Uint8Array.from(bytes));
      }),
      { numRuns: 500 },
    );
    for (const bad of ['abc', 'ab=c', '****', 'YQ==YQ==', 'é123']) assert.equal(base64ToBytes(bad), undefined, bad);
    assert.deepEqual(base64ToBytes(''), new Uint8Array());
  });

  it('near-sdk collection keys: the prefix, then the account id or string, or an index', () => {
    const m = key([...Buffer.from('m'), ...borsh('alice.near')]);
    assert.equal(m.prefix, 'm');
    assert.equal(m.borsh?.accountId, 'alice.near');
    assert.equal(bytesText(m), 'm + "alice.near" (account id)');
    const s = key([...Buffer.from('greetings'), ...borsh('Hello, world')]);
    assert.equal(s.prefix, 'greetings');
    assert.equal(s.borsh?.string, 'Hello, world');
    assert.equal(s.borsh?.accountId, undefined);
    const enumPrefix = key([0x03, ...borsh('bob.near')]);
    assert.equal(enumPrefix.prefix, '0x03');
    const vec = key([...Buffer.from('v'), ...le(41n, 4)]);
    assert.equal(vec.prefix, 'v');
    assert.equal(vec.borsh?.u32, '41');
    const vec64 = key([...Buffer.from('l'), ...le(7n, 8)]);
    assert.equal(bytesText(vec64), 'l + 7 (u64)');
  });

  it('STATE and text keys as themselves; a key of 32 raw bytes as hex', () => {
    assert.equal(bytesText(key([...Buffer.from('STATE')])), 'STATE');
    const raw = key(Array.from({ length: 32 }, (_, i) => (i * 37) % 256));
    assert.match(raw.hex ?? '', /^[0-9a-f]{64}$/);
    assert.equal(bytesText(raw), `0x${raw.hex}`);
  });

  it('values: JSON (big integers exact), text, borsh string, u64 and u128 at their exact length, else hex', () => {
    const json = value('{"balance":"123","n":12345678901234567890}');
    assert.deepEqual(json.json, { balance: '123', n: '12345678901234567890' });
    assert.equal(bytesText(json), '{"balance":"123","n":"12345678901234567890"}');
    assert.equal(bytesText(value('just text')), 'just text');
    assert.equal(value(borsh('gm')).borsh?.string, 'gm');
    assert.equal(bytesText(value(borsh('gm'))), '"gm" (borsh string)');
    assert.equal(value(le(2n ** 64n - 1n, 8)).borsh?.u64, '18446744073709551615');
    assert.equal(value(le(2n ** 128n - 1n, 16)).borsh?.u128, String(2n ** 128n - 1n));
    assert.equal(bytesText(value(le(10_000_000n, 16))), '10000000 (u128)');
    // Seven or nine bytes are no number: hex.
    assert.equal(value(le(5n, 7)).hex, '05000000000000');
    assert.equal(bytesText(value([])), '(empty)');
  });

  it('hostile bytes: not base64, invalid UTF-8, controls and bidi overrides, markup — read as bytes, shown as inert text', () => {
    const notB64 = readBytes('<script>alert(1)</script>', false);
    assert.equal(notB64.invalid, true);
    assert.equal(bytesText(notB64), '(not base64)');
    const invalidUtf8 = value([0xff, 0xfe, 0xfd]);
    assert.equal(invalidUtf8.text, undefined);
    assert.equal(invalidUtf8.hex, 'fffefd');
    const bidi = value('safe\u202Eevil\u0000');
    assert.equal(bidi.text, undefined, 'controls make it binary');
    const markup = value('<img src=x onerror=alert(1)>');
    assert.equal(markup.text, '<img src=x onerror=alert(1)>', 'kept as text; the page sets it with textContent');
    // In the view: bidi and invisible characters stripped (a key that is text: the RLO override is not a control).
    const change = inspectedChange(b64('k\u202Eey'), null, b64('v'));
    const view = receiptView(
      {
        id: 'r',
        executorId: 'c.near',
        predecessorId: 'a.near',
        methods: ['m'],
        status: 'success',
        refund: false,
        gas: { burnt: '0', groups: [] },
        state: { changes: [change] },
      },
      0,
      true,
    );
    assert.equal(view.state.changes[0]?.key.text, 'key');
  });

  it('a value over 1 KB is cut where shown, kept whole for Copy', () => {
    const long = 'x'.repeat(5000);
    const c = inspectedChange(b64('k'), null, b64(long));
    assert.equal(copyText(c.after), long);
    const shown = shownText(bytesText(c.after!));
    assert.equal(shown.cut, true);
    assert.equal(shown.text.length, SHOWN_CHARS + 1);
    // A surrogate pair is never split.
    const emoji = shownText('a'.repeat(SHOWN_CHARS - 1) + '😀'.repeat(10));
    assert.ok(!/[\uD800-\uDBFF]…$/.test(emoji.text));
  });

  it('property: any bytes read without throwing, as a key and as a value, and say their size', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (bytes, asKey) => {
        const r = readBytes(Buffer.from(bytes).toString('base64'), asKey);
        assert.equal(r.size, bytes.length);
        assert.equal(typeof bytesText(r), 'string');
      }),
      { numRuns: 1000 },
    );
  });
});
