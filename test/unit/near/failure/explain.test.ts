// Failures explained over nearcore's real error shapes (SERVICE-NOTES, the transaction fixtures, a view call's Debug
// text): the kind, the words, the explanation with exact NEAR and TGas, the fix, the location; and hostile values.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseJsonExact } from '../../../../src/base/json';
import { explainFailure } from '../../../../src/near/failure/explain';
import type { FailureContext, FailureExplained } from '../../../../src/near/failure/explain';

const FIXTURES = path.resolve(__dirname, '../../../fixtures');
const CTX: FailureContext = { receiverId: 'game.hot.tg', action: { methodName: 'claim', gas: '30000000000000', deposit: '0' }, gasBurnt: '30242803510187' };
const fc = (inner: unknown): unknown => ({ ActionError: { index: 0, kind: { FunctionCallError: inner } } });
const panicked = (text: string): unknown => fc({ ExecutionError: `Smart contract panicked: ${text}` });

/** The failed receipts' Failure values of a transactions-API record. */
function failuresOf(record: unknown): unknown[] {
  const r = record as { receipts: Array<{ execution_outcome: { outcome: { status: Record<string, unknown> } } }> };
  return r.receipts.map((x) => x.execution_outcome.outcome.status['Failure']).filter((f) => f !== undefined);
}

describe('explainFailure', () => {
  it('a panic with a location (Rust 1.73+): the words alone, the location, the line named, a fix for unwrap on None', () => {
    const e = explainFailure(panicked('panicked at src/lib.rs:29:50:\ncalled `Option::unwrap()` on a `None` value'), CTX);
    assert.deepEqual(e, {
      kind: 'panic',
      message: 'called `Option::unwrap()` on a `None` value',
      location: { path: 'src/lib.rs', line: 29, column: 50 },
      explanation: 'claim on game.hot.tg panicked at src/lib.rs:29:50.',
      fix: 'An unwrap() met None there: handle the missing case (expect("why") or require!) so callers get a reason.',
    });
  });

  it("a JS contract's stack: the frames kept, the location and the explanation the contract's own innermost function", () => {
    const e = explainFailure(panicked('assertion failed: Amount must be positive\n    at assert (build/contract.js:5)\n    at mint (build/contract.js:39)\n'), {
      receiverId: 'mint.near',
      action: { methodName: 'mint' },
    });
    assert.equal(e.message, 'assertion failed: Amount must be positive');
    assert.deepEqual(
      e.stack?.map((f) => f.function),
      ['assert', 'mint'],
    );
    assert.deepEqual(e.location, { path: 'build/contract.js', line: 39, column: 1 });
    assert.equal(e.explanation, 'mint on mint.near panicked in mint (build/contract.js:39).');
    // Only native and SDK frames: the place named is the first with a line.
    const sdk = explainFailure(panicked('boom\n    at <anonymous> (native)\n    at assert (build/c.js:5)'), CTX);
    assert.equal(sdk.explanation, 'claim on game.hot.tg panicked at build/c.js:5:1.');
  });

  it("near-sdk's structured error: its type and message in words, explained by its name", () => {
    const text = JSON.stringify({
      error: { name: 'CUSTOM_CONTRACT_ERROR', cause: { name: 'near_sdk::errors::custom::InvalidArgument', info: { message: 'haha invalid' } } },
    });
    const e = explainFailure(panicked(text), CTX);
    assert.deepEqual(e, {
      kind: 'panic',
      message: 'Invalid argument: haha invalid',
      structured: { name: 'CUSTOM_CONTRACT_ERROR', cause: 'near_sdk::errors::custom::InvalidArgument', message: 'haha invalid' },
      explanation:
        "claim on game.hot.tg failed with near-sdk's structured error near_sdk::errors::custom::InvalidArgument (CUSTOM_CONTRACT_ERROR); the text names no line.",
    });
  });

  it('a panic before Rust 1.73 from a builder path keeps the path as written', () => {
    const e = explainFailure(panicked("panicked at 'claim is not ready yet', /home/near/code/contracts/game/src/lib.rs:29:9"), CTX);
    assert.equal(e.kind, 'panic');
    assert.equal(e.message, 'claim is not ready yet');
    assert.deepEqual(e.location, { path: '/home/near/code/contracts/game/src/lib.rs', line: 29, column: 9 });
    assert.equal(e.fix, undefined);
  });

  it('the failed ft_transfer fixture: the contract words, no location, the token-balance fix', () => {
    const record = parseJsonExact(readFileSync(path.join(FIXTURES, 'tx/failed-ft-transfer.json'), 'utf8'));
    const [failure] = failuresOf(record);
    const e = explainFailure(failure, {
      receiverId: 'wrap.near',
      action: { methodName: 'ft_transfer', gas: '30000000000000', deposit: '1' },
      gasBurnt: '2437803510187',
    });
    assert.equal(e.kind, 'panic');
    assert.equal(e.message, "The account doesn't have enough balance");
    assert.equal(e.location, undefined);
    assert.equal(
      e.explanation,
      'ft_transfer on wrap.near panicked with this message; the text names no line (require!, env::panic_str, or an error the method returned).',
    );
    assert.equal(e.fix, "The sender's token balance on wrap.near is below the amount sent: check ft_balance_of first.");
  });

  it('the history fixture: every failed receipt is a require!-style panic with its own words', () => {
    const lines = readFileSync(path.join(FIXTURES, 'tx/history.near.jsonl'), 'utf8').split('\n').filter(Boolean);
    const said = lines.flatMap((l) => failuresOf(parseJsonExact(l))).map((f) => explainFailure(f, { receiverId: 'game.hot.tg' }));
    assert.ok(said.length >= 5);
    for (const e of said) {
      assert.equal(e.kind, 'panic');
      assert.match(e.message, /^round \d+ already claimed$/);
      assert.equal(e.location, undefined);
    }
  });

  it("a view call's error text (the RPC fixture): method not found, naming the method and the receiver", () => {
    const body = parseJsonExact(readFileSync(path.join(FIXTURES, 'rpc-query-call-function-error-in-result-method-not-found-testnet.json'), 'utf8')) as {
      result: { error: string };
    };
    const e = explainFailure(body.result.error, { receiverId: 'guest-book.testnet', action: { methodName: 'get_x' } });
    assert.equal(e.kind, 'method-not-found');
    assert.equal(e.message, 'MethodResolveError(MethodNotFound)');
    assert.equal(e.explanation, 'guest-book.testnet has no exported method "get_x".');
    assert.match(e.fix ?? '', /pub fn get_x inside the #\[near\] impl/);
    assert.match(e.fix ?? '', /older than your source/);
  });

  it('method not found in a receipt', () => {
    const e = explainFailure(fc({ MethodResolveError: 'MethodNotFound' }), CTX);
    assert.equal(e.kind, 'method-not-found');
    assert.equal(e.message, 'Action #0: Method not found');
    assert.equal(e.explanation, 'game.hot.tg has no exported method "claim".');
  });

  it('prepaid gas exceeded: attached and burnt in exact TGas, the fix up to 300 TGas; at 300 TGas the fix is to split', () => {
    const e = explainFailure(fc({ ExecutionError: 'Exceeded the prepaid gas.' }), CTX);
    assert.equal(e.kind, 'gas-exceeded');
    assert.equal(e.message, 'Action #0: Exceeded the prepaid gas.');
    assert.equal(e.explanation, 'claim on game.hot.tg used all 30 TGas attached to it; the receipt burnt 30.242803510187 TGas in all.');
    assert.match(e.fix ?? '', /Attach more gas .* up to 300 TGas, or split the work/);
    const full = explainFailure(fc({ ExecutionError: 'Exceeded the prepaid gas.' }), { ...CTX, action: { methodName: 'claim', gas: '300000000000000' } });
    assert.match(full.fix ?? '', /^300 TGas is the most a call can be given: split the work/);
    const limit = explainFailure(fc({ ExecutionError: 'Exceeded the maximum amount of gas allowed to burn per contract.' }), CTX);
    assert.equal(limit.kind, 'gas-exceeded');
    assert.match(limit.explanation, /reached the most gas one call may burn \(300 TGas\)/);
    // Older nodes' HostError value, and gas figures that are not u64 digits are left out rather than guessed.
    const old = explainFailure(fc({ HostError: 'GasExceeded' }), { receiverId: 'a.near', action: { gas: '3e13' }, gasBurnt: '18446744073709551616' });
    assert.equal(old.explanation, 'a.near used all the gas attached to it.');
  });

  it('no contract deployed (CodeDoesNotExist), and other compilation and prepare errors', () => {
    const e = explainFailure(fc({ CompilationError: { CodeDoesNotExist: { account_id: 'game.hot.tg' } } }), CTX);
    assert.equal(e.kind, 'code-missing');
    assert.equal(e.explanation, 'No contract is deployed on game.hot.tg, so claim could not run.');
    assert.match(e.fix ?? '', /Deploy the contract to game\.hot\.tg/);
    const prep = explainFailure(fc({ CompilationError: { PrepareError: 'Deserialization' } }), CTX);
    assert.equal(prep.kind, 'code-missing');
    assert.match(prep.explanation, /could not be prepared to run \(Deserialization\)\. The Wasm may use features NEAR does not accept/);
    assert.match(prep.fix ?? '', /cargo near build/);
    const compile = explainFailure(fc({ CompilationError: { WasmerCompileError: { msg: 'bad\ncode' } } }), CTX);
    assert.equal(compile.explanation, "The code on game.hot.tg does not compile for NEAR's VM: bad code.");
    assert.equal(explainFailure(fc({ LinkError: { msg: 'unknown import env.foo' } }), CTX).kind, 'code-missing');
    const rpc = explainFailure('wasm execution failed with error: CompilationError(CodeDoesNotExist { account_id: AccountId("guest-book.testnet") })', {
      receiverId: 'x',
    });
    assert.equal(rpc.explanation, 'No contract is deployed on guest-book.testnet, so the call could not run.');
  });

  it('account missing, for a receiver and for a signer', () => {
    const e = explainFailure({ ActionError: { index: 1, kind: { AccountDoesNotExist: { account_id: 'bob.near' } } } }, { receiverId: 'bob.near' });
    assert.equal(e.kind, 'account-missing');
    assert.equal(e.message, 'Action #1: Account does not exist (account id bob.near)');
    assert.equal(e.explanation, 'bob.near does not exist on this network, so the action could not run on it.');
    const s = explainFailure({ InvalidTxError: { SignerDoesNotExist: { signer_id: 'ghost.near' } } }, { receiverId: 'x.near' });
    assert.equal(s.kind, 'account-missing');
    assert.equal(s.explanation, 'The signer ghost.near does not exist on this network.');
  });

  it('balance: LackBalanceForState and NotEnoughBalance in exact NEAR (u128 past 2^53), and a key allowance', () => {
    const state = explainFailure(
      { ActionError: { index: 0, kind: { LackBalanceForState: { account_id: 'game.hot.tg', amount: '1820000000000000000000' } } } },
      CTX,
    );
    assert.equal(state.kind, 'balance');
    assert.equal(state.explanation, 'game.hot.tg would not keep enough NEAR for the storage it uses: it needs 0.00182 NEAR more.');
    assert.equal(state.fix, 'Send game.hot.tg at least 0.00182 NEAR (storage costs 1 NEAR per 100 kB), or store less.');
    const short = explainFailure(
      { InvalidTxError: { NotEnoughBalance: { signer_id: 'alice.near', balance: '1000000000000000000000001', cost: '123456789012345678901234567' } } },
      { receiverId: 'bob.near' },
    );
    assert.equal(short.kind, 'balance');
    assert.equal(
      short.explanation,
      'alice.near has 1.000000000000000000000001 NEAR; this transaction costs 123.456789012345678901234567 NEAR (its deposits and gas): 122.456789012345678901234566 NEAR short.',
    );
    assert.equal(short.fix, 'Add at least 122.456789012345678901234566 NEAR to alice.near, or attach less.');
    const signerState = explainFailure({ InvalidTxError: { LackBalanceForState: { signer_id: 'alice.near', amount: '1' } } }, { receiverId: 'x' });
    assert.match(signerState.explanation, /needs 0\.000000000000000000000001 NEAR more/);
    const allowance = explainFailure(
      {
        InvalidTxError: {
          InvalidAccessKeyError: {
            NotEnoughAllowance: { account_id: 'a.near', public_key: 'ed25519:x', allowance: '100000000000000000000000', cost: '250000000000000000000000' },
          },
        },
      },
      { receiverId: 'app.near' },
    );
    assert.equal(allowance.kind, 'balance');
    assert.match(allowance.explanation, /0\.1 NEAR of allowance left; this transaction costs 0\.25 NEAR/);
    const spent = explainFailure(fc({ ExecutionError: 'Exceeded the account balance.' }), CTX);
    assert.equal(spent.kind, 'balance');
    // An amount that is not digits is said to be unknown, never guessed.
    const odd = explainFailure({ ActionError: { index: 0, kind: { LackBalanceForState: { account_id: 'a.near', amount: '1e21' } } } }, CTX);
    assert.match(odd.explanation, /an amount the chain did not state/);
  });

  it("deserialize: near-sdk's JSON and Borsh input, the contract state, borsh's own errors; the location kept", () => {
    const json = explainFailure(panicked('Failed to deserialize input from JSON.'), CTX);
    assert.equal(json.kind, 'deserialize');
    assert.equal(json.message, 'Failed to deserialize input from JSON.');
    assert.match(json.fix ?? '', /^Check the arguments of claim: .*U64, U128/);
    assert.equal(explainFailure(panicked('Failed to deserialize input from Borsh.'), CTX).kind, 'deserialize');
    const state = explainFailure(panicked('Cannot deserialize the contract state.'), CTX);
    assert.equal(state.kind, 'deserialize');
    assert.match(state.fix ?? '', /#\[init\(ignore_state\)\] migrate/);
    const borsh = explainFailure(
      panicked('panicked at src/lib.rs:8:1:\ncalled `Result::unwrap()` on an `Err` value: Custom { kind: InvalidData, error: "Unexpected length of input" }'),
      CTX,
    );
    assert.equal(borsh.kind, 'deserialize', "borsh's own words inside an unwrap");
    assert.deepEqual(borsh.location, { path: 'src/lib.rs', line: 8, column: 1 });
    assert.equal(explainFailure(panicked('panicked at src/lib.rs:8:1:\nCannot deserialize value with Borsh'), CTX).kind, 'deserialize');
    // A view call's GuestPanic, Debug-escaped.
    const view = explainFailure('wasm execution failed with error: HostError(GuestPanic { panic_msg: "Failed to deserialize input from JSON." })', {
      receiverId: 'g.testnet',
      action: { methodName: 'get' },
    });
    assert.equal(view.kind, 'deserialize');
  });

  it('wasm traps, by name', () => {
    const e = explainFailure(fc({ WasmTrap: 'Unreachable' }), CTX);
    assert.equal(e.kind, 'wasm-trap');
    assert.match(e.explanation, /^claim on game\.hot\.tg stopped on a WebAssembly trap \(Unreachable\): it reached an unreachable instruction/);
    assert.match(explainFailure(fc({ WasmTrap: 'IllegalArithmetic' }), CTX).fix ?? '', /checked_div/);
    assert.equal(explainFailure('wasm execution failed with error: FunctionCallError(WasmTrap(StackOverflow))', CTX).kind, 'wasm-trap');
    assert.equal(explainFailure(fc('WasmUnknownError'), CTX).kind, 'wasm-trap');
    const proto = explainFailure(fc({ WasmTrap: 'constructor' }), CTX);
    assert.match(proto.explanation, /\(constructor\): the code did something the VM does not allow\.$/);
    assert.equal(proto.fix, undefined);
  });

  it("near-sdk's own checks get their fix, with the deposit the call attached", () => {
    const ctx = { receiverId: 'wrap.near', action: { methodName: 'ft_transfer', deposit: '500000000000000000000000' } };
    assert.equal(
      explainFailure(panicked('Requires attached deposit of exactly 1 yoctoNEAR'), ctx).fix,
      'Attach exactly 1 yoctoNEAR (deposit "1") (this call attached 0.5 NEAR): it proves a full-access key signed.',
    );
    assert.match(
      explainFailure(panicked("Method ft_transfer doesn't accept deposit"), ctx).fix ?? '',
      /no deposit \(this call attached 0\.5 NEAR\), or mark the method #\[payable\]/,
    );
    assert.match(explainFailure(panicked('Method on_done is private'), ctx).fix ?? '', /Only wrap\.near itself may call it/);
    assert.match(explainFailure(panicked('The contract is not initialized'), ctx).fix ?? '', /#\[init\] method/);
    assert.match(explainFailure(panicked('The account bob.near is not registered'), ctx).fix ?? '', /storage_deposit on wrap\.near/);
    assert.match(explainFailure(panicked('panicked at src/lib.rs:1:1:\nattempt to subtract with overflow'), ctx).fix ?? '', /checked_\*/);
    assert.equal(
      explainFailure(panicked('Requires attached deposit of exactly 1 yoctoNEAR'), { receiverId: 'x', action: { deposit: '0' } }).fix,
      'Attach exactly 1 yoctoNEAR (deposit "1") (this call attached 0 yoctoNEAR): it proves a full-access key signed.',
    );
  });

  it("other errors keep today's words, with the action's number; the RPC TxExecutionError wrapper is read through", () => {
    const e = explainFailure({ InvalidTxError: 'Expired' }, { receiverId: 'x.near' });
    assert.deepEqual(e, { kind: 'other', message: 'Invalid transaction: expired', explanation: 'Invalid transaction: expired' });
    const actor = explainFailure(
      { ActionError: { index: 2, kind: { ActorNoPermission: { account_id: 'a.near', actor_id: 'b.near' } } } },
      { receiverId: 'a.near' },
    );
    assert.equal(actor.kind, 'other');
    assert.equal(actor.message, 'Action #2: Actor no permission (account id a.near, actor id b.near)');
    const wrapped = explainFailure(
      { TxExecutionError: { ActionError: { index: 0, kind: { AccountDoesNotExist: { account_id: 'z.near' } } } } },
      { receiverId: 'z.near' },
    );
    assert.equal(wrapped.kind, 'account-missing');
    assert.equal(explainFailure(fc({ MethodResolveError: 'MethodInvalidSignature' }), CTX).kind, 'other');
  });

  it('hostile values: wrong shapes never throw; chain text stays capped and one-line where it is ours', () => {
    const odd: unknown[] = [
      null,
      undefined,
      42,
      [],
      'x',
      {},
      { ActionError: null },
      { ActionError: { kind: [] } },
      fc(null),
      fc({ ExecutionError: 7 }),
      { InvalidTxError: { InvalidAccessKeyError: 5 } },
    ];
    for (const f of odd) {
      const e = explainFailure(f, { receiverId: 7 as unknown as string, action: { methodName: {} as unknown as string } });
      assert.equal(e.kind, 'other', JSON.stringify(f));
    }
    const huge = `Smart contract panicked: ${'A'.repeat(2_000_000)}\u202e[click](command:x)`;
    const t = performance.now();
    const e = explainFailure(fc({ ExecutionError: huge }), { receiverId: 'x.near', action: { methodName: `a\nb${'m'.repeat(1000)}` } });
    assert.ok(performance.now() - t < 250);
    assert.equal(e.message.length, 500);
    assert.ok(!e.explanation.includes('\n') && e.explanation.length < 300, e.explanation);
    const words = explainFailure({ InvalidTxError: { [`X${'y'.repeat(5000)}`]: {} } }, { receiverId: 'x' });
    assert.ok(words.message.length <= 501);
    const debug = explainFailure(`wasm execution failed with error: HostError(GuestPanic { panic_msg: "${'\\"'.repeat(500_000)}" })`, { receiverId: 'x' });
    assert.equal(debug.kind, 'panic');
    assert.ok(debug.message.length <= 500);
  });

  it('every kind answers with a non-empty explanation and only chain words in message', () => {
    const all: FailureExplained[] = [
      explainFailure(panicked('x'), CTX),
      explainFailure(fc({ ExecutionError: 'Exceeded the prepaid gas.' }), CTX),
      explainFailure(fc({ MethodResolveError: 'MethodEmptyName' }), CTX),
      explainFailure(fc({ WasmTrap: 'MemoryOutOfBounds' }), CTX),
    ];
    for (const e of all) assert.ok(e.explanation.length > 10 && !e.explanation.includes('undefined'), e.explanation);
  });
});
