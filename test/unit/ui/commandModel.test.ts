// Pure parts of the command-palette tools: API key rules, the RPC write-method guard, params parsing, block
// summary with nanosecond time, lookup input rules, and the redacting log line.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiKeyError } from '../../../src/features/keys/model/keyRule';
import {
  blockSummary,
  lookupInputError,
  parseParamsJson,
  RecentResults,
  RESULT_GONE,
  resultDocument,
  resultPath,
  staleResultNote,
} from '../../../src/ui/commandModel';
import { nanosToIso } from '../../../src/near/time/chainTime';
import { rpcMethodError } from '../../../src/client/client';
import { formatRequestLog, redactText } from '../../../src/platform/requestLog';

describe('command model', () => {
  it('validates API keys without echoing them', () => {
    assert.equal(apiKeyError('  abc-123_XYZ  '), undefined);
    assert.match(apiKeyError('   ') ?? '', /Enter the API key/);
    const BAD_SHAPE = 'An API key is 8 to 512 printable ASCII characters, without spaces.';
    for (const bad of ['abc def x', 'k', ' abc1234 ', 'abc\tdefgh', 'x'.repeat(513), 'abc\u0000defgh', 'kéy-12345'])
      assert.equal(apiKeyError(bad), BAD_SHAPE, JSON.stringify(bad));
    assert.equal(apiKeyError('abcd1234'), undefined);
    assert.equal(apiKeyError('x'.repeat(512)), undefined);
    const secret = 'sk_live_SECRET';
    assert.ok(!(apiKeyError(`${secret} x`) ?? '').includes(secret));
  });

  it('refuses write methods with a clear message and accepts read-only ones', () => {
    for (const m of ['send_tx', 'broadcast_tx_async', 'broadcast_tx_commit', 'EXPERIMENTAL_broadcast_tx_sync']) {
      assert.match(rpcMethodError(m) ?? '', /submits transactions; NEAR Lens only reads/, m);
    }
    assert.equal(rpcMethodError('block'), undefined);
    assert.equal(rpcMethodError('EXPERIMENTAL_changes'), undefined);
    assert.match(rpcMethodError('') ?? '', /Enter a JSON-RPC method/);
    assert.match(rpcMethodError('bl ock') ?? '', /letters, digits/);
  });

  it('parses params as a JSON object or array', () => {
    assert.deepEqual(parseParamsJson(''), {});
    // An integer past 2^53 would be rounded before it is sent: refused, with the way to write it.
    assert.throws(
      () => parseParamsJson('{"amount": 1000000000000000000000001}'),
      /1000000000000000000000001 is too large .* as a string \("1000000000000000000000001"\)/,
    );
    assert.deepEqual(parseParamsJson('{"amount": "1000000000000000000000001", "n": 9007199254740991}'), {
      amount: '1000000000000000000000001',
      n: 9007199254740991,
    });
    assert.deepEqual(parseParamsJson('{"finality":"final"}'), { finality: 'final' });
    assert.deepEqual(parseParamsJson('[null]'), [null]);
    assert.throws(() => parseParamsJson('"x"'), /^NearLensError: Params must be a JSON object or array\.$/);
    assert.throws(
      () => parseParamsJson('{finality: final}'),
      (e: Error & { kind?: string }) => e.kind === 'invalid-input' && /^Not valid JSON: /.test(e.message),
    );
  });

  it('turns u64 nanoseconds beyond 2^53 into an exact ISO time', () => {
    assert.equal(nanosToIso('1739254177539033760'), '2025-02-11T06:09:37.539033760Z');
    assert.equal(nanosToIso('0'), '1970-01-01T00:00:00.000000000Z');
    assert.equal(nanosToIso('1.5'), undefined);
    // eslint-disable-next-line no-loss-of-precision -- the point: a nanosecond number past 2^53 has already lost digits
    assert.equal(nanosToIso(1739254177539033760), undefined, 'an unsafe number already lost precision');
    assert.equal(nanosToIso('9'.repeat(30)), undefined);
  });

  it('summarises a block: height, hash, time, host', () => {
    const body = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/rpc-block-by-height-testnet-187310138.json'), 'utf8')) as { result: unknown };
    const s = blockSummary(body.result, 'archival', 'archival-rpc.testnet.fastnear.com');
    assert.equal(
      s,
      'Block 187,310,138 · hash 6RWmTYhXCzjMjoY3Mz1rfFcnBm8E6XeDDbFEPUA4sv1w · 2025-02-11T06:09:37.539033760Z · archival RPC (archival-rpc.testnet.fastnear.com)',
    );
    assert.equal(blockSummary({}, 'regular', ''), 'Block · regular RPC');
  });

  it('writes the result document with a one-line comment that cannot break out', () => {
    const doc = resultDocument('a\nb */ c', { x: 1 });
    assert.equal(doc.split('\n')[0], '// a b */ c');
    assert.deepEqual(JSON.parse(doc.split('\n').slice(1).join('\n')), { x: 1 });
  });

  it('keeps the last 20 results, newest first, each with its document, and forgets older ones', () => {
    const recent = new RecentResults();
    const first = recent.add('block', 'Block 1 · regular RPC (h)', { header: { height: 1 } });
    assert.equal(first.text, resultDocument('Block 1 · regular RPC (h)', { header: { height: 1 } }));
    assert.equal(recent.get(first.id), first);
    const later = Array.from({ length: 20 }, (_, i) => recent.add('rpc', `status · regular RPC (h)`, { i }));
    assert.equal(recent.all().length, 20);
    assert.deepEqual(
      recent.all().map((r) => r.id),
      later.map((r) => r.id).reverse(),
    );
    assert.equal(recent.get(first.id), undefined, 'the 21st newest is gone');
    assert.equal(new Set(recent.all().map((r) => r.id)).size, 20, 'ids never repeat');
    assert.match(RESULT_GONE, /^\/\/ No longer kept.*\n$/);
  });

  it('answers the same question in the same document: same key and path keep the id, listed once', () => {
    const recent = new RecentResults();
    const first = recent.keep('block', 'Block 5 · regular RPC (h)', 'one', 'regular|block|{"finality":"final"}');
    assert.equal(first.replaced, false);
    recent.keep('rpc', 'status · regular RPC (h)', 'x', 'regular|status|[]');
    const again = recent.keep('block', 'Block 5 · regular RPC (h)', 'two', 'regular|block|{"finality":"final"}');
    assert.equal(again.replaced, true);
    assert.equal(again.kept.id, first.kept.id, 'same address');
    assert.equal(recent.get(first.kept.id)?.text, 'two', 'the document reads the new answer');
    assert.deepEqual(
      recent.all().map((r) => r.summary),
      ['Block 5 · regular RPC (h)', 'status · regular RPC (h)'],
      'listed once, newest first',
    );
    // The chain moved: the same question answers another block, a document of its own (its tab reads the new height).
    const moved = recent.keep('block', 'Block 6 · regular RPC (h)', 'three', 'regular|block|{"finality":"final"}');
    assert.equal(moved.replaced, false);
    assert.notEqual(moved.kept.id, first.kept.id);
    // Another host is another question; no key is never the same question.
    assert.equal(recent.keep('block', 'Block 6 · archival RPC (h)', 'four', 'archival|block|{"finality":"final"}').replaced, false);
    assert.equal(recent.keep('block', 'Block 6 · regular RPC (h)', 'five').replaced, false);
  });

  it('a result remembers the network it was read on; after a switch its document says so, plainly', () => {
    const mainnet = { id: 'mainnet', name: 'mainnet' };
    const local = { id: 'custom 3031', name: 'local · 127.0.0.1:3031' };
    const { kept } = new RecentResults().keep('block', 'Block 1', 'text', 'k', mainnet);
    assert.deepEqual(kept.readUnder, mainnet);
    assert.equal(staleResultNote(mainnet, mainnet), undefined, 'the same network: nothing said');
    assert.equal(staleResultNote(mainnet, undefined), undefined);
    assert.equal(
      staleResultNote(mainnet, local),
      '// Read on mainnet; NEAR Lens now uses local · 127.0.0.1:3031: run it again to read local · 127.0.0.1:3031.',
    );
    assert.match(
      staleResultNote({ id: 'custom a', name: 'custom' }, { id: 'custom b', name: 'custom' }) ?? '',
      /^\/\/ Read on custom before its endpoints changed/,
    );
    assert.doesNotMatch(staleResultNote(mainnet, { id: 'x', name: 'evil\n}{' }) ?? '', /\n/, 'one comment line, whatever the name');
  });

  it('names a result document /<kind>/<first part of the summary>.jsonc', () => {
    const recent = new RecentResults();
    assert.equal(
      resultPath(recent.add('block', 'Block 187,310,138 · hash Abc · 2025-02-11T06:09:37.539033760Z · regular RPC (h:1)', {})),
      '/block/Block 187,310,138.jsonc',
    );
    assert.equal(resultPath(recent.add('rpc', 'EXPERIMENTAL_genesis_config · archival RPC (h:1)', {})), '/rpc/EXPERIMENTAL_genesis_config.jsonc');
    assert.equal(resultPath(recent.add('rpc', 'block · regular RPC (h:1)', {})), '/rpc/block.jsonc');
  });

  it('validates look-up input with the core rules; secrets are named, not echoed', () => {
    assert.equal(lookupInputError('alice.near', 'account'), undefined);
    assert.equal(lookupInputError('ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd', 'public-key'), undefined);
    assert.match(lookupInputError('Alice.near', 'account') ?? '', /^Uppercase/);
    assert.match(lookupInputError('alice.near', 'public-key') ?? '', /account id/);
    const secret = 'ed25519:' + '3'.repeat(87);
    const why = lookupInputError(secret, 'public-key') ?? '';
    assert.match(why, /secret key/);
    assert.ok(!why.includes('3333'));
  });
});

describe('log line redaction', () => {
  it('masks the key in the URL, the error and any text, and stays one line', () => {
    const key = 'k3y-SECRET/+=';
    const line = formatRequestLog(
      {
        method: 'GET /v1/account/alice.near/full',
        host: 'api',
        url: `https://api.example/v1?apiKey=${encodeURIComponent(key)}&x=1`,
        status: 401,
        ms: 12.4,
        error: `bad key ${key}\nnext`,
      },
      [key],
    );
    assert.ok(!line.includes(key));
    assert.ok(!line.includes(encodeURIComponent(key)));
    assert.ok(!line.includes('\n'));
    assert.match(line, /^api GET \/v1\/account\/alice\.near\/full · status 401 · 12 ms · https:\/\/api\.example\/v1\?apiKey=\*\*\*&x=1 · bad key \*\*\* next$/);
    assert.equal(redactText(`Authorization: Bearer ${key}`, [key]), 'Authorization: Bearer ***');
    assert.equal(redactText('one\r\ntwo', []), 'one two');
  });
});
