// The demo stub a person drives by hand: `npm run stub -- change <id>` makes the running stub answer a changed account
// (what the watchlist's "what changed" shows: +2 NEAR, a new full-access key, its storage) and its archival host
// answer the account as it was at an older block; `npm run stub -- call <contract> <method>` appends a call (a failure,
// an event) to a demo contract; and what `npm start -- --stub` and `npm run stub` print names each URL.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { base58 } from '@scure/base';
import {
  findStubUrl,
  parseCallArgs,
  roundText,
  sendCall,
  sendChange,
  serveStubLines,
  startStubLines,
  stubStateFile,
  stubUrlLines,
  writeStubState,
} from '../../scripts/lib/stub-demo';
import { atFromArgs, lookupAt } from '../../src/features/timeTravel/timeTravel';
import { balanceHistory, TimeTravelSession } from '../../src/client/timeTravel';
import { clientFor } from '../support/fixture';
import { startStub, STUB_HEAD_HEIGHT } from '../support/stub';
import type { Stub } from '../support/stub';
import {
  DEMO_ACCOUNT,
  DEMO_CONTRACT,
  DEMO_DEPOSIT_YOCTO,
  DEMO_PANIC,
  DEMO_ROUND,
  demoCallProblem,
  demoChangeOf,
  demoKey,
  FULL_ACCESS_KEY_BYTES,
} from '../support/stubDemo';

const ROOT = path.join(__dirname, '../..');

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function rpcResult<T>(url: string, params: Record<string, unknown>): Promise<T> {
  const init = { method: 'POST', headers: { 'content-type': 'application/json' } };
  const { body } = await getJson(url, { ...init, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'query', params: { finality: 'final', ...params } }) });
  return (body as { result: T }).result;
}

interface Seen {
  balance: string;
  storageBytes: number;
  rpcAmount: string;
  rpcStorage: number;
  keys: Array<{ public_key: string; access_key: { permission: unknown } }>;
  nfts: unknown[];
}

/** An account as the watchlist reads it: /full from the REST API, view_account and the keys over RPC. */
async function seen(stub: Stub, id: string): Promise<Seen> {
  const full = (await getJson(`${stub.apiUrl}/v1/account/${id}/full`)).body as { state: { balance: string; storage_bytes: number }; nfts: unknown[] };
  const va = await rpcResult<{ amount: string; storage_usage: number }>(stub.rpcUrl, { request_type: 'view_account', account_id: id });
  const { keys } = await rpcResult<{ keys: Seen['keys'] }>(stub.rpcUrl, { request_type: 'view_access_key_list', account_id: id });
  return { balance: full.state.balance, storageBytes: full.state.storage_bytes, rpcAmount: va.amount, rpcStorage: va.storage_usage, keys, nfts: full.nfts };
}

/** `npm run stub -- change …` (or another command) as a person runs it (tsx, a separate process). */
function runChangeCommand(args: string[], env: NodeJS.ProcessEnv = {}, command = 'change'): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts/stub.ts'), command, ...args],
      { cwd: ROOT, env: { ...process.env, ...env } },
      (e, stdout, stderr) => resolve({ code: e ? Number(e.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('demo stub: a watched account changes from outside the editor', function () {
  this.timeout(30_000);
  let stub: Stub;
  before(async () => {
    stub = await startStub({ control: true });
  });
  after(async () => {
    await stub.close();
  });

  it('`npm run stub -- change history.near` makes the running stub answer +2 NEAR, a new full-access key and its storage', async () => {
    const before = await seen(stub, DEMO_ACCOUNT);
    const run = await runChangeCommand([DEMO_ACCOUNT, '--url', stub.apiUrl]);
    assert.equal(run.code, 0, run.stderr);
    const after = await seen(stub, DEMO_ACCOUNT);
    const added = after.keys.filter((k) => !before.keys.some((b) => b.public_key === k.public_key));
    assert.equal(added.length, 1);
    assert.equal(added[0]?.access_key.permission, 'FullAccess');
    assert.match(
      run.stdout,
      new RegExp(`changed history\\.near: 12\\.3456789 → 14\\.3456789 NEAR \\(\\+2 NEAR\\), a new full-access key ${added[0]?.public_key}`),
    );
    assert.equal(BigInt(after.balance) - BigInt(before.balance), DEMO_DEPOSIT_YOCTO);
    assert.equal(after.storageBytes - before.storageBytes, FULL_ACCESS_KEY_BYTES);
    // The REST API and RPC agree, as the watchlist's snapshot reads both.
    assert.deepEqual([after.rpcAmount, after.rpcStorage], [after.balance, after.storageBytes]);
    assert.ok(!stub.requests.some((r) => r.path.startsWith('/_stub/')), 'the control route is never recorded');
  });

  it('each change adds another key; an account keeps its lists; an unknown account is a 404 said in words', async () => {
    const a = await sendChange(stub.apiUrl, DEMO_ACCOUNT);
    const b = await sendChange(stub.rpcUrl, DEMO_ACCOUNT); // any of the stub's hosts answers it
    assert.notEqual(a.keyAdded, b.keyAdded);
    assert.equal(b.balance.before, a.balance.after);
    const alice = await seen(stub, 'alice.near');
    await sendChange(stub.apiUrl, 'alice.near');
    assert.deepEqual((await seen(stub, 'alice.near')).nfts, alice.nfts);
    await assert.rejects(sendChange(stub.apiUrl, 'nobody.near'), /answered 404: the stub holds no account nobody\.near/);
    await assert.rejects(
      sendChange('http://127.0.0.1:9', DEMO_ACCOUNT),
      /no demo stub answers at http:\/\/127\.0\.0\.1:9: start one with `npm start -- --stub`/,
    );
  });

  it('a stub started without `control` has no such route (the tests’ stubs answer as the service does)', async () => {
    const plain = await startStub();
    try {
      assert.equal((await getJson(`${plain.apiUrl}/_stub/change/${DEMO_ACCOUNT}`, { method: 'POST' })).status, 405);
      assert.equal(plain.changeAccount(DEMO_ACCOUNT)?.accountId, DEMO_ACCOUNT, 'in-process, the method still works');
    } finally {
      await plain.close();
    }
  });

  it('the command finds the stub: --url, then NEAR_LENS_STUB_URL, then the running stub’s state file, then port 3030', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'near-lens-stub-state-'));
    try {
      const stateFile = stubStateFile(dir);
      assert.equal(stateFile, path.join(dir, '.e2e', 'stub.json'));
      assert.deepEqual(findStubUrl({ env: {}, stateFile }), { url: 'http://127.0.0.1:3030', from: "`npm run stub`'s port" });
      writeStubState(stateFile, stub);
      assert.deepEqual(findStubUrl({ env: {}, stateFile }), { url: stub.apiUrl, from: path.join('.e2e', 'stub.json') });
      assert.equal(findStubUrl({ env: { NEAR_LENS_STUB_URL: 'http://127.0.0.1:1' }, stateFile }).url, 'http://127.0.0.1:1');
      assert.equal(findStubUrl({ url: 'http://127.0.0.1:2', env: { NEAR_LENS_STUB_URL: 'http://127.0.0.1:1' }, stateFile }).url, 'http://127.0.0.1:2');
      // A stub that ended without removing its file (killed) is not where the change goes.
      writeFileSync(stateFile, JSON.stringify({ pid: 2 ** 22 + 1, apiUrl: 'http://127.0.0.1:4' }));
      assert.equal(findStubUrl({ env: { STUB_API_PORT: '3130' }, stateFile }).url, 'http://127.0.0.1:3130');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a demo key is a valid ed25519 key the account does not hold yet', () => {
    const held = [{ public_key: demoKey('x.near', 1), access_key: { nonce: 0, permission: 'FullAccess' } }];
    const { state, change } = demoChangeOf('x.near', { balance: '1', storageBytes: 100, keys: held });
    assert.notEqual(change.keyAdded, demoKey('x.near', 1));
    assert.equal(base58.decode(change.keyAdded.slice('ed25519:'.length)).length, 32);
    assert.deepEqual([state.balance, state.storageBytes, state.keys.length], [String(1n + DEMO_DEPOSIT_YOCTO), 182, 2]);
  });
});

describe('what the demo prints', () => {
  const urls = {
    apiUrl: 'http://127.0.0.1:41001',
    rpcUrl: 'http://127.0.0.1:41002',
    archivalRpcUrl: 'http://127.0.0.1:41003',
    txApiUrl: 'http://127.0.0.1:41004',
    foreignUrl: 'http://127.0.0.1:41005',
  };
  const lineOf = (lines: string[], url: string): string => {
    const found = lines.filter((l) => l.includes(url));
    assert.equal(found.length, 1, `one line names ${url}: ${lines.join('\n')}`);
    return found[0]!;
  };

  it('`npm start -- --stub` labels each URL with what it is and its setting; the RPC is the one for Local node…', () => {
    const lines = startStubLines(urls, true);
    assert.match(lineOf(lines, urls.apiUrl), /^ {4}REST API +http\S+ +FastNEAR's REST paths .*nearLens\.customNetwork\.apiUrl$/);
    assert.match(
      lineOf(lines, urls.rpcUrl),
      /^ {4}JSON-RPC +http\S+ +NEAR JSON-RPC .*nearLens\.customNetwork\.rpcUrl · Switch Network… → Local node… → this one$/,
    );
    assert.match(lineOf(lines, urls.archivalRpcUrl), /^ {4}archival RPC +http\S+ +.*old block.*nearLens\.customNetwork\.archivalRpcUrl$/);
    assert.match(lineOf(lines, urls.txApiUrl), /^ {4}transactions API +http\S+ +FastNEAR's transactions API .*nearLens\.customNetwork\.txApiUrl$/);
    assert.ok(!lines.some((l) => l.includes(urls.foreignUrl)), 'the tests’ second origin is no setting: not printed');
    assert.ok(lines.some((l) => /random free ports/.test(l)));
    // The URLs line up in a column a person can read down.
    const column = stubUrlLines(urls).map((l) => l.indexOf('http'));
    assert.equal(new Set(column).size, 1);
  });

  it('both say how to make a watched account change: the c key only where the terminal reads it', () => {
    const text = (lines: string[]): string => lines.join('\n');
    assert.match(text(startStubLines(urls, true)), /watch history\.near .*press c here or run `npm run stub -- change history\.near`\n.*Refresh the watchlist/);
    assert.doesNotMatch(text(startStubLines(urls, false)), /press c/);
    assert.match(text(startStubLines(urls, false)), /then run `npm run stub -- change history\.near`/);
    const serve = serveStubLines(urls, true);
    assert.match(lineOf(serve, urls.foreignUrl), /second origin .*not a setting$/);
    assert.match(text(serve), /q or Ctrl\+C to stop/);
    assert.match(text(serve), /Local node… → http:\/\/127\.0\.0\.1:41002/);
    // And how to make the demo contract act: the g key only where the terminal reads it, the command always.
    assert.match(
      text(startStubLines(urls, true)),
      /watch game\.lensdev\.near .*press g here or run `npm run stub -- call game\.lensdev\.near claim --fail "<message>"`/,
    );
    assert.doesNotMatch(text(startStubLines(urls, false)), /press g/);
    assert.match(
      text(serveStubLines(urls, false)),
      /nearLens\.watchlistActivity \{"failedCalls":true,"methods":\{"game\.lensdev\.near":\["settle_all"\]\},"events":\["lens_game:\*"\]\}/,
    );
  });
});

/** The transactions host's answer to POST `path` with `body`. */
async function txPost<T>(stub: Stub, path: string, body: unknown): Promise<T> {
  return (await getJson(`${stub.txApiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).body as T;
}

interface Record_ {
  transaction: { signer_id: string; actions: Array<{ FunctionCall?: { method_name: string } }> };
  receipts: Array<{ execution_outcome: { outcome: { logs: string[]; status: Record<string, unknown> } } }>;
}

describe('demo stub: a watched contract acts (`npm run stub -- call`)', function () {
  this.timeout(30_000);
  let stub: Stub;
  before(async () => {
    stub = await startStub({ control: true });
  });
  after(async () => {
    await stub.close();
  });

  it('`call game.lensdev.near claim --fail "…"` appends a failed call, newest in the contract\'s transactions, its panic in the record', async () => {
    const run = await runChangeCommand(
      [
        DEMO_CONTRACT,
        'claim',
        '--fail',
        'panicked at src/lib.rs:29:50:\\ncalled `Option::unwrap()` on a `None` value',
        '--signer',
        'player.lensdev.near',
        '--url',
        stub.apiUrl,
      ],
      {},
      'call',
    );
    assert.equal(run.code, 0, run.stderr);
    const m =
      /^called game\.lensdev\.near claim by player\.lensdev\.near: failed: panicked at src\/lib\.rs:29:50: called `Option::unwrap\(\)` on a `None` value · transaction (\w+)$/m.exec(
        run.stdout,
      );
    assert.ok(m, run.stdout);
    const page = await txPost<{ account_txs: Array<{ transaction_hash: string; is_success: boolean; is_function_call: boolean }> }>(stub, '/v0/account', {
      account_id: DEMO_CONTRACT,
      is_function_call: true,
      limit: 1,
    });
    assert.deepEqual(page.account_txs[0], { ...page.account_txs[0], transaction_hash: m[1], is_success: false });
    const { transactions } = await txPost<{ transactions: Record_[] }>(stub, '/v0/transactions', { tx_hashes: [m[1]] });
    const status = transactions[0]?.receipts[0]?.execution_outcome.outcome.status;
    // `\n` typed in the message is the line break Rust prints after the location.
    assert.match(
      JSON.stringify(status),
      /"ExecutionError":"Smart contract panicked: panicked at src\/lib\.rs:29:50:\\ncalled `Option::unwrap\(\)` on a `None` value"/,
    );
    assert.equal(transactions[0]?.transaction.signer_id, 'player.lensdev.near');
  });

  it('`--event standard:event --amount N` logs a NEP-297 event; the call succeeds', async () => {
    const done = await sendCall(stub.apiUrl, { contract: DEMO_CONTRACT, method: 'settle_all', event: 'nep141:ft_burn', amount: '1000' });
    const { transactions } = await txPost<{ transactions: Record_[] }>(stub, '/v0/transactions', { tx_hashes: [done.hash] });
    const outcome = transactions[0]?.receipts[0]?.execution_outcome.outcome;
    assert.deepEqual(outcome?.status, { SuccessValue: '' });
    assert.deepEqual(
      outcome?.logs.map((l) => JSON.parse(l.slice('EVENT_JSON:'.length)) as unknown),
      [{ standard: 'nep141', version: '1.0.0', event: 'ft_burn', data: [{ amount: '1000' }] }],
    );
    // RPC's tx answers it too (Inspect Transaction, Look Up Transaction).
    const init = { method: 'POST', headers: { 'content-type': 'application/json' } };
    const tx = await getJson(stub.rpcUrl, {
      ...init,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'EXPERIMENTAL_tx_status', params: { tx_hash: done.hash, sender_account_id: 'alice.near' } }),
    });
    assert.deepEqual((tx.body as { result: { status: unknown } }).result.status, { SuccessValue: '' });
  });

  it("the g key: a claim failing at src/lib.rs:29 and settle_all with the game's event, each said in a line", () => {
    const lines = roundText((c) => stub.demoCall(c));
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /^called game\.lensdev\.near claim by player\.lensdev\.near: failed: panicked at src\/lib\.rs:29:50: called/);
    assert.match(
      lines[1]!,
      /^called game\.lensdev\.near settle_all by lensdev\.near: succeeded, logged lens_game:round_settled \(amount 5\) · transaction \w+$/,
    );
    assert.equal(DEMO_ROUND[0]?.fail, DEMO_PANIC);
  });

  it('refuses what is not a call, in words: a codeless or unknown account, an amount without its event, a stub without control', async () => {
    await assert.rejects(sendCall(stub.apiUrl, { contract: 'alice.near', method: 'x' }), /answered 400: alice\.near has no contract/);
    await assert.rejects(sendCall(stub.apiUrl, { contract: 'nobody.near', method: 'x' }), /answered 404: the stub holds no account nobody\.near/);
    await assert.rejects(sendCall(stub.apiUrl, { contract: DEMO_CONTRACT, method: 'x', amount: '5' }), /answered 400: an amount belongs to an event/);
    assert.match(demoCallProblem({ contract: DEMO_CONTRACT, method: 'x', event: 'ft_burn' }) ?? '', /standard:event/);
    assert.match(demoCallProblem({ contract: DEMO_CONTRACT, method: 'x', fail: '' }) ?? '', /needs its message/);
    assert.equal(demoCallProblem({ contract: 'history.near', method: 'l2_claim' }), undefined, 'history.near holds a contract now');
    const plain = await startStub();
    try {
      assert.equal((await getJson(`${plain.apiUrl}/_stub/call`, { method: 'POST', body: '{}' })).status, 405);
    } finally {
      await plain.close();
    }
    assert.ok(!stub.requests.some((r) => r.path.startsWith('/_stub/')), 'the control route is never recorded');
  });

  it("the command's words: a contract and a method, then its options; `\\n` in a message is a line break", () => {
    assert.deepEqual(parseCallArgs([DEMO_CONTRACT, 'claim', '--fail', 'a\\nb', '--url', 'http://127.0.0.1:1']), {
      call: { contract: DEMO_CONTRACT, method: 'claim', fail: 'a\nb' },
      url: 'http://127.0.0.1:1',
    });
    assert.deepEqual(parseCallArgs([DEMO_CONTRACT, 'settle_all', '--event', 'lens_game:round_settled', '--amount', '5']).call, {
      contract: DEMO_CONTRACT,
      method: 'settle_all',
      event: 'lens_game:round_settled',
      amount: '5',
    });
    assert.throws(() => parseCallArgs([DEMO_CONTRACT]), /a call names a contract and a method \(given: game\.lensdev\.near\)/);
    assert.throws(() => parseCallArgs([DEMO_CONTRACT, 'claim', '--fail']), /--fail needs a value/);
    assert.throws(() => parseCallArgs([DEMO_CONTRACT, 'claim', '--loud']), /unknown option --loud/);
    assert.throws(() => parseCallArgs([DEMO_CONTRACT, 'claim', '--event', 'e', '--amount', '1.5']), /standard:event/);
    assert.throws(() => parseCallArgs([DEMO_CONTRACT, 'claim', '--event', 'a:e', '--amount', '1.5']), /whole number/);
  });

  it('the demo contracts exist: game.lensdev.near and arcade.lensdev.near in the REST API, history.near with code', async () => {
    for (const id of [DEMO_CONTRACT, 'arcade.lensdev.near']) {
      const full = (await getJson(`${stub.apiUrl}/v1/account/${id}/full`)).body as { state: { balance: string } | null };
      const va = await rpcResult<{ amount: string; code_hash: string }>(stub.rpcUrl, { request_type: 'view_account', account_id: id });
      assert.equal(full.state?.balance, va.amount, `${id}: the REST API and RPC agree`);
      assert.notEqual(va.code_hash, '11111111111111111111111111111111');
    }
    const history = await rpcResult<{ code_hash: string }>(stub.rpcUrl, { request_type: 'view_account', account_id: DEMO_ACCOUNT });
    assert.notEqual(history.code_hash, '11111111111111111111111111111111', 'the account relay.tg calls l2_claim on holds a contract');
  });
});

describe('demo stub: the archival host answers for the block asked (History, Look Up Account … at)', function () {
  this.timeout(30_000);
  let stub: Stub;
  beforeEach(async () => {
    stub = await startStub({ control: true });
  });
  afterEach(async () => {
    await stub.close();
  });
  const headOf = async (url: string): Promise<number> =>
    (
      (
        await getJson(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'block', params: { finality: 'final' } }),
        })
      ).body as { result: { header: { height: number } } }
    ).result.header.height;

  it('a change lands in a new head block; every older block answers the account as it was, keys too', async () => {
    const before = await rpcResult<{ amount: string; storage_usage: number }>(stub.rpcUrl, { request_type: 'view_account', account_id: DEMO_ACCOUNT });
    assert.equal(await headOf(stub.rpcUrl), STUB_HEAD_HEIGHT);
    const a = stub.changeAccount(DEMO_ACCOUNT)!;
    const b = stub.changeAccount(DEMO_ACCOUNT)!;
    assert.equal(await headOf(stub.archivalRpcUrl), STUB_HEAD_HEIGHT + 2, 'a block for each change');
    const at = async (url: string, height: number): Promise<{ amount: string; keys: string[] }> => {
      const va = await rpcResult<{ amount: string }>(url, { request_type: 'view_account', account_id: DEMO_ACCOUNT, block_id: height, finality: undefined });
      const k = await rpcResult<{ keys: Array<{ public_key: string }> }>(url, {
        request_type: 'view_access_key_list',
        account_id: DEMO_ACCOUNT,
        block_id: height,
        finality: undefined,
      });
      return { amount: va.amount, keys: k.keys.map((x) => x.public_key) };
    };
    const old = await at(stub.archivalRpcUrl, 183_000_000);
    assert.equal(old.amount, before.amount);
    assert.ok(!old.keys.includes(a.keyAdded) && !old.keys.includes(b.keyAdded), 'no demo key in the past');
    assert.deepEqual(await at(stub.rpcUrl, STUB_HEAD_HEIGHT), old, 'the block before the first change: as it was');
    const middle = await at(stub.rpcUrl, STUB_HEAD_HEIGHT + 1);
    assert.deepEqual([middle.amount, middle.keys.includes(a.keyAdded), middle.keys.includes(b.keyAdded)], [a.balance.after, true, false]);
    const now = await at(stub.rpcUrl, STUB_HEAD_HEIGHT + 2);
    assert.deepEqual([now.amount, now.keys.includes(b.keyAdded)], [b.balance.after, true]);
  });

  it('Look Up Account history.near at 2025-01-01 after a change: the balance and keys of then, not the change', async () => {
    const client = clientFor(stub);
    const was = await lookupAt(client, 'custom', DEMO_ACCOUNT, atFromArgs({ date: '2025-01-01' }, new Date('2025-02-11T12:00:00Z')));
    const change = stub.changeAccount(DEMO_ACCOUNT)!;
    const then = await lookupAt(clientFor(stub), 'custom', DEMO_ACCOUNT, atFromArgs({ date: '2025-01-01' }, new Date('2025-02-11T12:00:00Z')));
    assert.ok(then.blockTime < '2025-01-01T00:00:00.001Z' && then.blockTime > '2024-12-31T23:59:00Z', then.blockTime);
    assert.equal(then.host, 'archival');
    assert.equal(then.amount, change.balance.before);
    assert.deepEqual(
      then.accessKeys.map((k) => k.publicKey),
      was.accessKeys.map((k) => k.publicKey),
    );
    assert.ok(!then.accessKeys.some((k) => k.publicKey === change.keyAdded), 'the key added minutes ago is not there');
  });

  it("History over 7 days: flat at the account's balance, then the change at the head", async () => {
    const change = stub.changeAccount(DEMO_ACCOUNT)!;
    const { rows } = await balanceHistory(clientFor(stub), new TimeTravelSession(), DEMO_ACCOUNT, '7d', 0, { count: 12 });
    const totals = rows.map((r) => ('value' in r ? String(r.value.total) : r.gap));
    assert.equal(totals.at(-1), change.balance.after);
    assert.deepEqual(new Set(totals.slice(0, -1)), new Set([change.balance.before]), totals.join(' '));
  });
});
