// Inspect Transaction's gas model: the groups add up to the gas burnt to the unit on every profile (a property over
// random profiles), the real testnet receipt's own fee itemised from the fees, the own-fee parts of a function call,
// a transfer (to a named and an implicit account) and a batch, profiles a node may send (none, older, malformed,
// over the gas burnt), and the out-of-gas words naming the group that took most.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { toFeeConfig } from '../../../../src/client/changes';
import type { FeeConfig } from '../../../../src/client/changes';
import { feeAction, gasGroups, GROUPS, groupOf, ownFeeParts, readProfile, receiptGas, shareOf } from '../../../../src/features/inspect/model/gas';
import type { ProfileEntry } from '../../../../src/features/inspect/model/gas';
import { outOfGasWords } from '../../../../src/features/inspect/model/inspectView';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const chain = JSON.parse(readFileSync(path.join(__dirname, '../../../fixtures/inspect/chain.json'), 'utf8')) as {
  protocolConfig: unknown;
  profiles: Record<string, unknown>;
};
const FEES: FeeConfig = toFeeConfig(chain.protocolConfig);
const REAL = chain.profiles['CjnwJT3vVRuS3dyLhnotY9iaBdTMotrtY38fMhK8HNki'];
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const call = (method: string, args: string, gas = 30_000_000_000_000): unknown => ({
  FunctionCall: { method_name: method, args: b64(args), gas, deposit: '0' },
});
const sum = (xs: ReadonlyArray<{ gas: string }>): bigint => xs.reduce((s, x) => s + BigInt(x.gas), 0n);

const COSTS = [
  'WASM_INSTRUCTION',
  'STORAGE_WRITE_BASE',
  'STORAGE_WRITE_VALUE_BYTE',
  'STORAGE_READ_BASE',
  'STORAGE_REMOVE_BASE',
  'STORAGE_HAS_KEY_BYTE',
  'TOUCHING_TRIE_NODE',
  'READ_CACHED_TRIE_NODE',
  'CONTRACT_LOADING_BYTES',
  'LOG_BYTE',
  'PROMISE_RETURN',
  'YIELD_CREATE_BASE',
  'READ_REGISTER_BASE',
  'SHA256_BASE',
  'ALT_BN128_PAIRING_CHECK_BASE',
  'NEW_ACTION_RECEIPT',
  'FUNCTION_CALL_BASE',
];

describe('Inspect Transaction: gas', () => {
  it('property: on any profile, the groups add up to the gas burnt exactly, and the own fee is burnt − Σ profile', () => {
    const entry = fc.record({
      cost: fc.constantFrom(...COSTS),
      category: fc.constantFrom<'wasm' | 'action'>('wasm', 'action'),
      gas: fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), fc.bigInt({ min: 0n, max: 10n ** 16n }), (profile: ProfileEntry[], extra) => {
        const burnt = sum(profile) + extra;
        const groups = gasGroups(burnt, profile);
        assert.equal(sum(groups), burnt);
        assert.ok(groups.every((g) => BigInt(g.gas) > 0n));
        const own = groups.find((g) => g.name === GROUPS.own);
        assert.equal(own ? BigInt(own.gas) : 0n, extra);
        // Through the metadata as the node sends it, too.
        const metadata = {
          version: 3,
          gas_profile: profile.map((e) => ({ cost: e.cost, cost_category: e.category === 'action' ? 'ACTION_COST' : 'WASM_HOST_COST', gas_used: e.gas })),
        };
        const g = receiptGas({ burnt, metadata, receiverId: 'c.near' });
        assert.equal(sum(g.groups), burnt);
        assert.equal(g.actionCost, String(extra));
      }),
      { numRuns: 300 },
    );
  });

  it('property: a profile adding up to more than was burnt is one group, not itemised, still the gas burnt', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 15n }), (over, burnt) => {
        const groups = gasGroups(burnt, [{ cost: 'WASM_INSTRUCTION', category: 'wasm', gas: String(burnt + over) }]);
        assert.equal(sum(groups), burnt);
      }),
      { numRuns: 100 },
    );
  });

  it('the real testnet receipt: 226,562,811,868 profiled of 1,114,749,760,106; its own fee = creation + call base + 57 bytes × 2,235,934', () => {
    const g = receiptGas({
      burnt: 1_114_749_760_106n,
      metadata: REAL,
      actions: [feeAction(call('set_greeting', JSON.stringify({ greeting: 'Hello from NEAR Lens, testnet!' })))],
      receiverId: 'hello.sleet.testnet',
      fees: FEES,
    });
    assert.equal(g.profile?.length, 21);
    assert.equal(sum(g.profile ?? []), 226_562_811_868n);
    assert.equal(g.actionCost, '888186948238');
    assert.deepEqual(g.actionCostParts, [
      { what: 'action receipt creation', gas: '108059500000' },
      { what: 'function call set_greeting: base', gas: '780000000000' },
      { what: 'function call: 57 bytes of method name and arguments × 2,235,934', gas: '127448238' },
    ]);
    assert.equal(sum(g.groups), 1_114_749_760_106n);
    assert.deepEqual(
      g.groups.map((x) => x.name),
      [GROUPS.wasm, GROUPS.writes, GROUPS.reads, GROUPS.trie, GROUPS.loading, GROUPS.logs, GROUPS.other, GROUPS.own],
    );
    assert.equal(g.groups.at(-1)?.share, 79.7);
  });

  it('own fee parts: a function call, a transfer (named, NEAR-implicit, ETH-implicit) and a batch', () => {
    const args = '{"receiver_id":"bob.near","amount":"1"}';
    const fc1 = ownFeeParts([feeAction(call('ft_transfer', args))], 'wrap.near', FEES)!;
    assert.deepEqual(
      fc1.map((p) => p.gas),
      ['108059500000', '780000000000', String(BigInt('ft_transfer'.length + args.length) * 2_235_934n)],
    );
    const transfer = ownFeeParts([feeAction({ Transfer: { deposit: '1' } })], 'bob.near', FEES)!;
    assert.deepEqual(transfer, [
      { what: 'action receipt creation', gas: '108059500000' },
      { what: 'transfer', gas: '115123062500' },
    ]);
    const implicit = ownFeeParts([feeAction({ Transfer: { deposit: '1' } })], 'a'.repeat(64), FEES)!;
    assert.equal(sum(implicit), 108_059_500_000n + 115_123_062_500n + 3_850_000_000_000n + 101_765_125_000n);
    const eth = ownFeeParts([feeAction({ Transfer: { deposit: '1' } })], `0x${'b'.repeat(40)}`, FEES)!;
    assert.equal(sum(eth), 108_059_500_000n + 115_123_062_500n + 3_850_000_000_000n);
    // A batch: create an account, fund it, give it a full-access and a function-call key, deploy, call.
    const batch = [
      'CreateAccount',
      { Transfer: { deposit: '5000000000000000000000000' } },
      { AddKey: { public_key: 'ed25519:x', access_key: { nonce: 0, permission: 'FullAccess' } } },
      {
        AddKey: {
          public_key: 'ed25519:y',
          access_key: { nonce: 0, permission: { FunctionCall: { allowance: null, receiver_id: 'c.near', method_names: ['a', 'bc'] } } },
        },
      },
      { DeployContract: { code: b64('x'.repeat(1000)) } },
      call('new', '{}'),
    ].map(feeAction);
    const parts = ownFeeParts(batch, 'sub.alice.near', FEES)!;
    assert.deepEqual(
      parts.map((p) => p.what),
      [
        'action receipt creation',
        'create account',
        'transfer',
        'add a full-access key',
        'add a function-call key: base',
        'add a function-call key: 5 bytes of method names × 1,925,331',
        'deploy contract: base',
        'deploy contract: 1000 bytes of code × 64,572,944',
        'function call new: base',
        'function call: 5 bytes of method name and arguments × 2,235,934',
      ],
    );
    assert.equal(
      sum(parts),
      108_059_500_000n +
        3_850_000_000_000n +
        115_123_062_500n +
        101_765_125_000n +
        102_217_625_000n +
        5n * 1_925_331n +
        184_765_750_000n +
        1000n * 64_572_944n +
        780_000_000_000n +
        5n * 2_235_934n,
    );
    // An action this version does not know: no parts (the own fee stays one figure).
    assert.equal(ownFeeParts([feeAction({ DeterministicStateInit: {} })], 'x.near', FEES), undefined);
  });

  it('parts short of the own fee get the rest as a part; parts over it are left out', () => {
    const actions = [feeAction({ Transfer: { deposit: '1' } })];
    const metadata = { version: 3, gas_profile: [] };
    const short = receiptGas({ burnt: 300_000_000_000n, metadata, actions, receiverId: 'b.near', fees: FEES });
    assert.equal(sum(short.actionCostParts ?? []), 300_000_000_000n);
    assert.match(short.actionCostParts?.at(-1)?.what ?? '', /the rest/);
    const over = receiptGas({ burnt: 100n, metadata, actions, receiverId: 'b.near', fees: FEES });
    assert.equal(over.actionCostParts, undefined);
    assert.equal(over.actionCost, '100');
  });

  it('no profile, an older version, a malformed one: said in words, the gas burnt one group', () => {
    for (const [metadata, words] of [
      [{ version: 1, gas_profile: null }, /no gas profile.*version 1/],
      [undefined, /no metadata/],
      [{ version: 3, gas_profile: [{ cost: 'X', cost_category: 'WASM_HOST_COST', gas_used: -1 }] }, /unexpected shape/],
      [{ version: 3, gas_profile: [{ cost: '<img>', cost_category: 'WASM_HOST_COST', gas_used: '1' }] }, /unexpected shape/],
      [{ version: 3, gas_profile: 'all of it' }, /unexpected shape/],
    ] as const) {
      const g = receiptGas({ burnt: 5n, metadata, receiverId: 'c.near' });
      assert.match(g.unavailable ?? '', words);
      assert.deepEqual(g.groups, [{ name: GROUPS.whole, gas: '5', share: 100 }]);
      assert.equal(g.actionCost, undefined);
    }
    assert.match(readProfile({ version: 2, gas_profile: [] }).note ?? '', /version 2/);
    const over = receiptGas({
      burnt: 5n,
      metadata: { version: 3, gas_profile: [{ cost: 'WASM_INSTRUCTION', cost_category: 'WASM_HOST_COST', gas_used: '6' }] },
      receiverId: 'c',
    });
    assert.match(over.unavailable ?? '', /more than the receipt burnt/);
  });

  it('groups by cost name and category; shares from integers', () => {
    assert.equal(groupOf({ cost: 'STORAGE_WRITE_EVICTED_BYTE', category: 'wasm' }), GROUPS.writes);
    assert.equal(groupOf({ cost: 'STORAGE_ITER_NEXT_BASE', category: 'wasm' }), GROUPS.reads);
    assert.equal(groupOf({ cost: 'TRANSFER', category: 'action' }), GROUPS.promises);
    assert.equal(groupOf({ cost: 'ECRECOVER_BASE', category: 'wasm' }), GROUPS.other);
    assert.equal(shareOf(1n, 3n), 33.3);
    assert.equal(shareOf(2n, 3n), 66.7);
    assert.equal(shareOf(0n, 0n), 0);
  });

  it('an out-of-gas failure names the group that took most (never the own fee)', () => {
    const gas = receiptGas({
      burnt: 10_000n,
      metadata: {
        version: 3,
        gas_profile: [
          { cost: 'STORAGE_WRITE_BASE', cost_category: 'WASM_HOST_COST', gas_used: '3000' },
          { cost: 'WASM_INSTRUCTION', cost_category: 'WASM_HOST_COST', gas_used: '1000' },
        ],
      },
      receiverId: 'game.near',
    });
    assert.equal(
      outOfGasWords({ failure: 'Exceeded the prepaid gas.', gas }),
      'Out of gas: most of it went to storage writes — 0.000000003 TGas of the 0.00000001 TGas burnt (30.0%).',
    );
    assert.equal(outOfGasWords({ failure: 'Smart contract panicked: no', gas }), '');
  });
});
