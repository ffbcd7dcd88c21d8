// Hardening, fuzzing with fast-check (≥ 10,000 runs per property): the identifier finder, the "never send a secret"
// rule (at a recording fetch, and once against the real stub), exact amount round-trips, the response normaliser,
// redaction and the text sanitisers.
import { strict as assert } from 'node:assert';
import { base58, base64 } from '@scure/base';
import fc from 'fast-check';
import { normaliseFt, normaliseFull, normaliseNft, normalisePublicKey, normaliseStaking, normaliseStatus } from '../../../src/near/account';
import { formatNear, formatTokenAmount, formatYoctoExact, parseYocto } from '../../../src/near/amounts';
import { TtlCache } from '../../../src/client/cache';
import { NearClient } from '../../../src/client/client';
import { NearLensError } from '../../../src/base/errors';
import { classify } from '../../../src/near/ids';
import { findAll, findAt } from '../../../src/near/idFinder';
import { escapeMarkdown, sanitizeText } from '../../../src/base/text';
import { redact } from '../../../src/base/redact';
import { startStub } from '../../support/stub';
import type { Stub } from '../../support/stub';
import { assertInertMarkdown, endpointsOf, formatTable, INVISIBLE } from './harness';

const RUNS = { numRuns: 10_000 };
const report: string[][] = [];
function record(name: string, runs: number, started: number): void {
  report.push([name, String(runs), `${Date.now() - started} ms`]);
}

// ---------------------------------------------------------------- generators

const bytes = (min: number, max: number): fc.Arbitrary<Uint8Array> => fc.uint8Array({ minLength: min, maxLength: max });
const b58 = (min: number, max: number): fc.Arbitrary<string> => bytes(min, max).map((b) => base58.encode(b));

/** Public keys: ed25519 of 32 bytes, secp256k1 of 64. */
const publicKeyArb = fc.oneof(
  bytes(32, 32).map((b) => `ed25519:${base58.encode(b)}`),
  bytes(64, 64).map((b) => `secp256k1:${base58.encode(b)}`),
);

/** Things that must be treated as secrets: other lengths, bare 64-byte base58, unknown key types, broken base58. */
const sensitiveArb = fc
  .oneof(
    fc
      .tuple(
        fc.constantFrom('ed25519', 'ED25519', 'Ed25519'),
        bytes(16, 120).filter((b) => b.length !== 32),
      )
      .map(([p, b]) => `${p}:${base58.encode(b)}`),
    fc
      .tuple(
        fc.constantFrom('secp256k1', 'SECP256K1'),
        bytes(16, 120).filter((b) => b.length !== 64),
      )
      .map(([p, b]) => `${p}:${base58.encode(b)}`),
    bytes(64, 64).map((b) => base58.encode(b)),
    fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), b58(32, 80)).map(([p, v]) => `${p}:${v}`),
    fc.tuple(fc.constantFrom('ed25519', 'secp256k1'), fc.stringMatching(/^[0OIl1-9A-Za-z]{32,90}$/)).map(([p, v]) => `${p}:${v}`),
  )
  .filter((s) => classify(s).kind === 'sensitive');

const accountArb = fc.oneof(
  fc.stringMatching(/^[a-z0-9]{1,20}(?:[-_][a-z0-9]{1,8})?\.(near|testnet|tg)$/),
  fc.stringMatching(/^[0-9a-f]{64}$/),
  fc.stringMatching(/^0x[0-9a-f]{40}$/),
);

/** Non-alphanumeric boundaries a secret can sit between in params and args. */
const boundary = fc.constantFrom('', ' ', '"', "'", '=', '\n', ',', '/', '(', ')', '[', ']', ': ', '\t', '<', '>');
/** A secret as it could be pasted: alone, padded, or inside a longer text. */
const inContext = fc
  .tuple(sensitiveArb, boundary, boundary, fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), fc.boolean())
  .map(([s, l, r, before, after, embed]) => ({
    secret: s,
    text: embed ? `${before}${l === '' ? ' ' : l}${s}${r === '' ? ' ' : r}${after}` : `${l}${s}${r}`.trim() || s,
  }));

/** Text made of pieces that stress the finder: ids, keys, secrets, code, unicode, separators. */
const textArb = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      accountArb,
      publicKeyArb,
      sensitiveArb,
      fc.constantFrom(
        '.',
        ':',
        '..',
        '_',
        '-',
        ' ',
        '\n',
        '"',
        'this.',
        'sha256:',
        '0x',
        'ed25519:',
        'secp256k1:',
        '.near',
        '.testnet',
        'near:',
        '`',
        '\u202E',
      ),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

// ---------------------------------------------------------------- properties

describe('hardening: fuzzing (fast-check, ≥ 10,000 runs per property)', function () {
  this.timeout(60_000);

  after(() => {
    console.log(`\n      Fuzzing: ${report.length} properties\n${formatTable(['property', 'runs', 'time'], report, 90).replace(/^/gm, '      ')}\n`);
  });

  it('the finder never throws, reports exact slices, and never reports a secret as a public key', () => {
    const t0 = Date.now();
    fc.assert(
      fc.property(textArb, fc.array(sensitiveArb, { maxLength: 2 }), fc.nat(), (text, secrets, pos) => {
        const line = [text, ...secrets].join(' ');
        const found = findAll(line);
        let last = 0;
        for (const f of found) {
          assert.equal(f.text, line.slice(f.start, f.end));
          assert.ok(f.start >= last, 'ordered, never overlapping');
          last = f.end;
          if (f.classified.kind === 'public-key') {
            assert.equal(f.classified.bytes.length, f.classified.curve === 'ed25519' ? 32 : 64);
            assert.notEqual(classify(f.text).kind, 'sensitive');
            for (const s of secrets) {
              // A public key may never be (part of) the planted secret's payload.
              const payload = s.slice(s.indexOf(':') + 1);
              assert.ok(!f.text.includes(payload) && !payload.includes(f.text.slice(f.text.indexOf(':') + 1)), `${f.text} reported as public from ${s}`);
            }
          }
        }
        for (const s of secrets) {
          // A planted secret standing alone is found and flagged (bare ones are caught by classify).
          if (s.includes(':')) {
            const hit = found.find((f) => f.text === s);
            assert.ok(hit === undefined || hit.classified.kind === 'sensitive', `${s} classified ${hit?.classified.kind}`);
          }
          assert.equal(classify(s).kind, 'sensitive');
        }
        const at = findAt(line, pos % (line.length + 1));
        if (at) assert.equal(at.text, line.slice(at.start, at.end));
      }),
      RUNS,
    );
    record('findAll/findAt: no throw, exact slices, no secret reported as a public key', RUNS.numRuns, t0);
  });

  it('classify never throws on any string and only calls 32/64-byte keys public', () => {
    const t0 = Date.now();
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), sensitiveArb, publicKeyArb, accountArb), (s) => {
        const c = classify(s);
        if (c.kind === 'public-key') {
          assert.equal(base58.decode(c.key.slice(c.key.indexOf(':') + 1)).length, c.curve === 'ed25519' ? 32 : 64);
        }
      }),
      RUNS,
    );
    record('classify: no throw, public keys are exactly 32/64 bytes', RUNS.numRuns, t0);
  });

  it('no string classified sensitive is ever sent, by any client call (recording fetch)', async () => {
    const t0 = Date.now();
    const sent: string[] = [];
    const fetch = (async (input: unknown, init?: { body?: unknown }) => {
      const url = String(input);
      let text = url;
      try {
        text += ` ${decodeURIComponent(url)}`;
      } catch {
        // keep the raw form
      }
      const body = typeof init?.body === 'string' ? init.body : '';
      text += ` ${body}`;
      try {
        const args = (JSON.parse(body) as { params?: { args_base64?: string } }).params?.args_base64;
        if (args) text += ` ${new TextDecoder().decode(base64.decode(args))}`;
      } catch {
        // not JSON-RPC
      }
      sent.push(text);
      const rpc = url.includes('/rpc');
      return new Response(rpc ? '{"jsonrpc":"2.0","id":1,"result":{"result":[],"logs":[]}}' : '{"account_id":"a.near","state":null}', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof globalThis.fetch;
    const c = new NearClient({
      endpoints: { apiUrl: 'http://api.invalid', rpcUrl: 'http://api.invalid/rpc', archivalRpcUrl: 'http://api.invalid/rpc' },
      fetch,
      retries: 0,
      cache: new TtlCache(),
    });
    const ops: Array<[string, (t: string) => Promise<unknown>]> = [
      ['full', (t) => c.accounts.full(t)],
      ['ft', (t) => c.accounts.ft(t)],
      ['staking', (t) => c.accounts.staking(t)],
      ['publicKey', (t) => c.accounts.publicKey(t)],
      ['publicKeyAll', (t) => c.accounts.publicKeyAll(t)],
      ['viewAccount', (t) => c.rpc.viewAccount(t)],
      ['viewAccessKeyList', (t) => c.rpc.viewAccessKeyList(t)],
      ['ftMetadata', (t) => c.rpc.ftMetadata(t)],
      ['stakedBalance pool', (t) => c.rpc.stakedBalance(t, 'a.near')],
      ['stakedBalance account', (t) => c.rpc.stakedBalance('pool.near', t)],
      ['callFunction contract', (t) => c.rpc.callFunction(t, 'get', {})],
      ['callFunction args object', (t) => c.rpc.callFunction('c.near', 'get', { memo: t })],
      ['callFunction args list', (t) => c.rpc.callFunction('c.near', 'get', [1, { k: [t] }])],
      ['callFunction args string', (t) => c.rpc.callFunction('c.near', 'get', t)],
      ['rpc view_access_key', (t) => c.rpc.request('query', { request_type: 'view_access_key', account_id: 'a.near', public_key: t, finality: 'final' })],
      ['rpc params list', (t) => c.rpc.request('EXPERIMENTAL_changes', [{ keys: [t] }])],
      ['rpc param name', (t) => c.rpc.request('query', { [t]: 1 })],
      ['block', (t) => c.rpc.block({ blockId: t })],
    ];
    const refusedBy = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(inContext, fc.constantFrom(...ops.keys()), async ({ secret, text }, i) => {
        const [name, op] = ops[i] as [string, (t: string) => Promise<unknown>];
        const before = sent.length;
        try {
          await op(text);
        } catch (e) {
          assert.ok(NearLensError.is(e), String(e));
          assert.ok(!e.message.includes(secret), 'a refusal never echoes the secret');
          refusedBy.set(name, (refusedBy.get(name) ?? 0) + 1);
        }
        for (const s of sent.slice(before))
          assert.ok(!s.includes(secret) && !s.includes(secret.slice(secret.indexOf(':') + 1)), `${name} sent the secret: ${s.slice(0, 200)}`);
      }),
      RUNS,
    );
    assert.equal(sent.filter((s) => s.includes('memo') || s.includes('public_key')).length, 0, 'args and params holding a secret are refused before sending');
    record(`never sent (recording fetch; ${ops.length} client calls, secret alone or embedded)`, RUNS.numRuns, t0);
  });

  describe('against the real stub', () => {
    let stub: Stub;
    before(async () => {
      stub = await startStub();
    });
    after(async () => stub.close());

    it('any string as an account id or key: refused unsent, or sent exactly as that id; never a secret', async () => {
      const t0 = Date.now();
      const c = new NearClient({ endpoints: endpointsOf(stub), retries: 0, timeoutMs: 2000, cache: new TtlCache({ maxEntries: 50 }) });
      let sentCount = 0;
      const anyText = fc.oneof(
        { weight: 5, arbitrary: fc.string({ unit: 'binary', maxLength: 70 }) },
        { weight: 3, arbitrary: sensitiveArb },
        { weight: 2, arbitrary: inContext.map((x) => x.text) },
        { weight: 1, arbitrary: accountArb },
        { weight: 1, arbitrary: publicKeyArb },
      );
      await fc.assert(
        fc.asyncProperty(anyText, fc.boolean(), async (x, asKey) => {
          const before = stub.requests.length;
          const kind = classify(x).kind;
          try {
            if (asKey) await c.accounts.publicKey(x);
            else await c.accounts.full(x);
          } catch (e) {
            assert.ok(NearLensError.is(e), String(e));
          }
          const made = stub.requests.slice(before);
          const should = asKey ? kind === 'public-key' : kind === 'account';
          if (!should) assert.equal(made.length, 0, `${JSON.stringify(x)} (${kind}) was sent`);
          else {
            assert.ok(made.length <= 1);
            sentCount += made.length;
            const id = classify(x);
            const expected =
              id.kind === 'account'
                ? `/v1/account/${encodeURIComponent(id.id)}/full`
                : id.kind === 'public-key'
                  ? `/v1/public_key/${encodeURIComponent(id.key)}`
                  : '';
            for (const r of made) assert.equal(r.path, expected);
          }
          if (kind === 'sensitive') assert.equal(made.length, 0);
        }),
        RUNS,
      );
      for (const r of stub.requests) {
        const seen = `${r.url} ${decodeURIComponent(r.url)}`;
        const m = /(?:ed25519|secp256k1)(?::|%3A)([1-9A-HJ-NP-Za-km-z]+)/i.exec(seen);
        if (m?.[1]) assert.ok([32, 64].includes(base58.decode(m[1]).length), `a non-public key reached the stub: ${r.url}`);
      }
      assert.ok(sentCount > 100, `${sentCount} valid ids/keys reached the stub`);
      record(`real stub: refused unsent or sent as exactly that id (${sentCount} requests)`, RUNS.numRuns, t0);
    });
  });

  it('amounts: digits → exact NEAR text → the same yocto; display rounding is toward zero by less than one unit', () => {
    const t0 = Date.now();
    const TEN24 = 10n ** 24n;
    const parseNearText = (t: string): bigint => {
      const neg = t.startsWith('-');
      const [int = '0', frac = ''] = t.replace(/^-/, '').replace(/,/g, '').split('.');
      const v = BigInt(int) * TEN24 + BigInt((frac + '0'.repeat(24)).slice(0, 24) || '0');
      return neg ? -v : v;
    };
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 130n }), fc.nat({ max: 3 }), fc.integer({ min: 0, max: 24 }), fc.boolean(), (v, zeros, d, neg) => {
        const digits = '0'.repeat(zeros) + v.toString();
        const yocto = parseYocto(digits, 'amount');
        assert.equal(String(yocto), v.toString());
        const signed = neg ? -yocto : yocto;
        const sv = neg ? -v : v;
        const exact = formatYoctoExact(signed);
        assert.equal(parseNearText(exact), sv, `${exact} ≠ ${sv}`);
        const shown = formatNear(signed, d).replace(/ NEAR$/, '');
        const unit = 10n ** BigInt(24 - d);
        if (shown.startsWith('<') || shown.startsWith('>')) {
          assert.ok(v > 0n && v < unit, `${shown} for ${sv}`);
        } else {
          const back = parseNearText(shown);
          const diff = sv - back;
          assert.ok((neg ? -diff : diff) >= 0n && (neg ? -diff : diff) < unit, `${shown} is not ${sv} rounded toward zero at ${d} places`);
        }
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 128n }), fc.integer({ min: 0, max: 40 }), (v, dec) => {
        const t = formatTokenAmount(v, dec);
        const [int = '0', frac = ''] = t.replace(/,/g, '').split('.');
        if (t.startsWith('<')) assert.equal(v, 0n, t);
        else assert.equal(BigInt(int) * 10n ** BigInt(dec) + BigInt((frac + '0'.repeat(dec)).slice(0, dec) || '0'), v, `${t} (decimals ${dec})`);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 50 }), fc.anything()), (x) => {
        try {
          const b = parseYocto(x, 'f');
          assert.ok(typeof x === 'string' && /^[0-9]{1,80}$/.test(x) && String(b) === BigInt(x).toString());
        } catch (e) {
          assert.ok(e instanceof NearLensError && e.kind === 'bad-shape', String(e));
        }
      }),
      RUNS,
    );
    record('amounts: parse/format round-trip exactly, toward-zero display, typed refusals (3 properties)', 3 * RUNS.numRuns, t0);
  });

  it('the normaliser never throws anything but NearLensError(bad-shape) on arbitrary JSON', () => {
    const t0 = Date.now();
    const normalisers = [normaliseFull, normaliseFt, normaliseNft, normaliseStaking, normalisePublicKey, normaliseStatus];
    const check = (raw: unknown): void => {
      for (const n of normalisers) {
        try {
          n(raw);
        } catch (e) {
          assert.ok(e instanceof NearLensError, `${n.name} threw ${String(e)}`);
          assert.equal(e.kind, 'bad-shape');
          assert.ok(e.message.length > 10 && e.message.length < 300);
        }
      }
    };
    fc.assert(fc.property(fc.oneof(fc.jsonValue(), fc.anything()), check), RUNS);
    // Shaped like the service's answers, with every field of any JSON type: reaches the deep checks.
    const any = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(null, '', '0', '123', '-1', '1e24', ' 1', 1, 1.5, -1, 2 ** 60, [], {}));
    const entry = fc.record({ contract_id: any, pool_id: any, balance: any, last_update_block_height: any }, { requiredKeys: [] });
    const list = fc.oneof(fc.array(fc.oneof(entry, any), { maxLength: 4 }), any);
    const shaped = fc.record(
      {
        account_id: any,
        public_key: any,
        account_ids: fc.oneof(fc.array(any, { maxLength: 4 }), any),
        state: fc.oneof(fc.record({ balance: any, locked: any, storage_bytes: any }, { requiredKeys: [] }), any),
        tokens: list,
        nfts: list,
        pools: list,
        sync_block_height: any,
        sync_balance_block_height: any,
        sync_block_timestamp_nanosec: any,
        sync_latency_sec: any,
        version: any,
      },
      { requiredKeys: [] },
    );
    fc.assert(fc.property(shaped, check), RUNS);
    record('normalisers (6) on arbitrary JSON and on answer-shaped JSON: value or bad-shape (2 properties)', 2 * RUNS.numRuns, t0);
  });

  it('redaction removes the secret in every spelling and is idempotent', () => {
    const t0 = Date.now();
    const secretArb = fc.string({ unit: 'binary-ascii', minLength: 6, maxLength: 40 }).filter((s) => !s.includes('*') && s.trim().length >= 6);
    fc.assert(
      fc.property(
        secretArb,
        fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('apiKey=', 'Bearer ', '?', '&', ' ', '"', ')', '.')), { maxLength: 8 }),
        fc.nat(),
        (secret, parts, mode) => {
          const spell = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)][mode % 3] as string;
          const text = [...parts.slice(0, 4), spell, ...parts.slice(4)].join('');
          const once = redact(text, [secret]);
          assert.ok(!once.includes(secret), `secret left in ${JSON.stringify(once)}`);
          assert.equal(redact(once, [secret]), once, 'idempotent');
        },
      ),
      RUNS,
    );
    record('redact: no spelling of the secret survives; idempotent', RUNS.numRuns, t0);
  });

  it('sanitizeText / escapeMarkdown: one line, no invisible characters, bounded, inert markdown', () => {
    const t0 = Date.now();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.string({
            unit: fc.constantFrom(
              '[',
              ']',
              '(',
              ')',
              '<',
              '>',
              '`',
              '*',
              '_',
              ':',
              '.',
              '/',
              '!',
              '|',
              '$',
              '&',
              '#',
              'a',
              ' ',
              '\n',
              '\u202E',
              '\u200B',
              'https',
              'command',
              'javascript',
              'www',
            ),
            maxLength: 80,
          }),
        ),
        fc.integer({ min: 1, max: 300 }),
        (s, max) => {
          const plain = sanitizeText(s, max);
          assert.ok(!INVISIBLE.test(plain) && !/[\r\n\u2028\u2029]/.test(plain));
          assert.ok([...plain].length <= max);
          assertInertMarkdown(escapeMarkdown(s, max), 'escapeMarkdown');
        },
      ),
      RUNS,
    );
    record('sanitizeText/escapeMarkdown: plain one-line bounded text, inert markdown', RUNS.numRuns, t0);
  });
});
