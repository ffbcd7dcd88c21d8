// contractInterface, parseSourceMetadata, the hover line and callFunctionErrorMessage (src/near/contract/contract.ts).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NearLensError } from '../../src/base/errors';
import { decodeAbi } from '../../src/near/contract/abi';
import {
  callFunctionErrorMessage,
  contractHoverLine,
  contractInterface,
  contractSummary,
  parseSourceMetadata,
  standardName,
} from '../../src/near/contract/contract';
import { wasmExports } from '../../src/near/contract/wasm';

const DIR = path.join(__dirname, '..', 'fixtures', 'contracts');
const fixture = (f: string): Uint8Array => new Uint8Array(readFileSync(path.join(DIR, f)));
const HASH = '5kXx6Wzhf4UZ2y9Vgxp6BHDhdDVN5vR36PYdhVXQ2Gk2';

describe('contract: contractInterface', () => {
  it('from the ABI: views first, then calls, each by name, with their parameters', () => {
    const abi = decodeAbi(fixture('abi.zst'));
    const c = contractInterface({ codeHash: HASH, exports: wasmExports(fixture('greeter.wasm')), abi });
    assert.equal(c.codeHash, HASH);
    assert.equal(c.abi, abi);
    assert.deepEqual(
      c.methods.map((m) => `${m.kind} ${m.name}`),
      [
        'view contract_source_metadata',
        'view ft_balance_of',
        'view ft_metadata',
        'view get_greeting',
        'view storage_balance_of',
        'call ft_transfer',
        'call new',
        'call set_greeting',
        'call set_limits',
        'call set_raw',
      ],
    );
    assert.deepEqual(c.methods.find((m) => m.name === 'ft_balance_of')?.params, [{ name: 'account_id', schema: { $ref: '#/definitions/AccountId' } }]);
    assert.equal(c.methods.find((m) => m.name === 'get_greeting')?.params, undefined);
  });

  it('from the exports alone: kind unknown, sorted, once each', () => {
    const c = contractInterface({ codeHash: HASH, exports: ['b', 'a', 'b'] });
    assert.deepEqual(c, {
      codeHash: HASH,
      methods: [
        { name: 'a', kind: 'unknown' },
        { name: 'b', kind: 'unknown' },
      ],
    });
    assert.deepEqual(contractInterface({ codeHash: HASH }), { codeHash: HASH, methods: [] });
  });
});

describe('contract: parseSourceMetadata (NEP-330)', () => {
  it('reads version, link and standards', () => {
    const s = parseSourceMetadata({
      version: '1.2.0',
      link: 'https://github.com/example/greeter',
      standards: [
        { standard: 'nep141', version: '1.0.0' },
        { standard: 'nep148', version: '1.0.0' },
        { standard: 'nep330', version: '1.1.0' },
      ],
      build_info: { build_command: ['cargo', 'near', 'build'] },
    });
    assert.deepEqual(s, {
      version: '1.2.0',
      link: 'https://github.com/example/greeter',
      url: 'https://github.com/example/greeter',
      standards: [
        { standard: 'nep141', version: '1.0.0' },
        { standard: 'nep148', version: '1.0.0' },
        { standard: 'nep330', version: '1.1.0' },
      ],
    });
  });

  it('untrusted: non-strings dropped, text made one line, only web links get a url', () => {
    assert.deepEqual(parseSourceMetadata({ version: 3, link: ['x'], standards: 'nep141' }), { standards: [] });
    assert.deepEqual(
      parseSourceMetadata({ link: 'javascript:alert(1)', standards: [null, { standard: 5 }, { standard: 'nep171' }, { standard: 'x\u202e\ny', version: 1 }] }),
      {
        link: 'javascript:alert(1)',
        standards: [
          { standard: 'nep171', version: '' },
          { standard: 'x y', version: '' },
        ],
      },
    );
    assert.equal(parseSourceMetadata({ link: 'https://user:pw@example.org/' }).url, undefined);
    assert.equal(parseSourceMetadata({ link: 'git@github.com:a/b.git' }).url, undefined);
    assert.equal(parseSourceMetadata({ standards: Array.from({ length: 100 }, () => ({ standard: 'nep1' })) }).standards.length, 32);
    assert.throws(
      () => parseSourceMetadata('1.0.0'),
      (e: unknown) => NearLensError.is(e) && e.kind === 'bad-shape' && /not a JSON object/.test(e.message),
    );
  });
});

describe('contract: the hover line', () => {
  it('"Contract · N methods · NEP-141, NEP-148 · source"', () => {
    const source = parseSourceMetadata({
      link: 'https://github.com/example/greeter',
      standards: [
        { standard: 'nep141', version: '1.0.0' },
        { standard: 'NEP-148', version: '1.0.0' },
        { standard: 'nep141', version: '2.0.0' },
      ],
    });
    const c = contractInterface({ codeHash: HASH, exports: wasmExports(fixture('greeter.wasm')), source });
    assert.equal(contractHoverLine(c), 'Contract · 6 methods · NEP-141, NEP-148 · source');
    assert.deepEqual(contractSummary(c), { parts: ['Contract', '6 methods', 'NEP-141, NEP-148', 'source'], link: 'https://github.com/example/greeter' });
    assert.equal(contractHoverLine(contractInterface({ codeHash: HASH, exports: ['a'] })), 'Contract · 1 method');
    assert.deepEqual(contractSummary(contractInterface({ codeHash: HASH, source: parseSourceMetadata({ link: 'ipfs://x' }) })), {
      parts: ['Contract', '0 methods', 'source'],
    });
  });

  it('standardName', () => {
    assert.deepEqual(['nep141', 'NEP-148', 'nep-0330', 'custom'].map(standardName), ['NEP-141', 'NEP-148', 'NEP-330', 'custom']);
  });
});

describe('contract: callFunctionErrorMessage', () => {
  const example = JSON.parse(
    readFileSync(path.join(__dirname, '..', 'fixtures', 'rpc-query-call-function-error-in-result-method-not-found-testnet.json'), 'utf8'),
  ) as {
    result: { error: string };
  };
  const msg = (err: string, method = 'get_x'): string => callFunctionErrorMessage('guest-book.testnet', method, err);

  it('no such method (the recorded testnet answer)', () => {
    assert.equal(msg(example.result.error, 'nope'), 'The contract guest-book.testnet has no method "nope".');
  });

  it('no contract, a change method in a view, bad signature', () => {
    assert.equal(
      msg('wasm execution failed with error: CompilationError(CodeDoesNotExist { account_id: AccountId("guest-book.testnet") })'),
      'No contract is deployed on guest-book.testnet.',
    );
    assert.equal(
      msg('wasm execution failed with error: HostError(ProhibitedInView { method_name: "storage_write" })', 'set_greeting'),
      'set_greeting on guest-book.testnet cannot run as a view call: it uses storage_write, which only a transaction may, so it is a change (call) method.',
    );
    assert.match(msg('wasm execution failed with error: MethodResolveError(MethodInvalidSignature)'), /"get_x" of guest-book\.testnet cannot be called/);
  });

  it('panics, with the message clipped and a hint for argument errors', () => {
    assert.equal(
      msg('wasm execution failed with error: HostError(GuestPanic { panic_msg: "panicked at \'The account \\"bob\\" is not registered\', src/lib.rs:12:5" })'),
      'get_x on guest-book.testnet panicked: panicked at \'The account "bob" is not registered\', src/lib.rs:12:5.',
    );
    assert.equal(
      msg('wasm execution failed with error: HostError(GuestPanic { panic_msg: "Failed to deserialize input from JSON." })'),
      'get_x on guest-book.testnet panicked: Failed to deserialize input from JSON. The arguments may not match what the method expects.',
    );
    assert.equal(msg('Smart contract panicked: Not enough balance'), 'get_x on guest-book.testnet panicked: Not enough balance.');
    const long = msg(`Smart contract panicked: ${'A'.repeat(5000)}\u202e\n[click](command:x)`);
    assert.ok(long.length < 300, String(long.length));
    assert.doesNotMatch(long, /[\n\u202e]/);
  });

  it('wasm traps and gas', () => {
    assert.equal(
      msg('wasm execution failed with error: FunctionCallError(WasmTrap(Unreachable))'),
      'get_x on guest-book.testnet stopped with a WebAssembly trap (Unreachable) because it reached an unreachable instruction, usually a Rust panic or abort.',
    );
    assert.match(msg('WasmTrap(MemoryOutOfBounds)'), /trap \(MemoryOutOfBounds\) because it accessed memory out of bounds\.$/);
    assert.match(msg('WasmTrap(SomethingNew)'), /trap \(SomethingNew\) because of a WebAssembly trap\.$/);
    assert.equal(msg('wasm execution failed with error: HostError(GasLimitExceeded)'), 'get_x on guest-book.testnet ran out of the gas a view call may use.');
  });

  it('anything else, prefix removed and text made inert; hostile ids made one line', () => {
    assert.equal(
      msg('wasm execution failed with error: HostError(BalanceExceeded)'),
      'The call of get_x on guest-book.testnet failed: HostError(BalanceExceeded).',
    );
    assert.equal(msg(''), 'The call of get_x on guest-book.testnet failed: no reason given.');
    assert.match(msg('CompilationError(PrepareError(Deserialization))'), /^The contract code on guest-book\.testnet could not be compiled to run get_x/);
    assert.equal(callFunctionErrorMessage('a\nb', 'm\u202e', 'MethodNotFound'), 'The contract a b has no method "m".');
  });
});
