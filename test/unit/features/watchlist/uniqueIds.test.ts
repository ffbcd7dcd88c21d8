// Tree ids stay unique whatever the service or a contract's ABI sends: a list naming one token, NFT, pool or function twice keeps its first.
import { strict as assert } from 'node:assert';
import { DEFAULT_LIQUID_STAKING_PROVIDERS, normaliseFull } from '../../../../src/near/account';
import { contractInterface } from '../../../../src/near/contract/contract';
import type { Abi } from '../../../../src/near/contract/abi';
import { IDLE, slotLoaded } from '../../../../src/ui/slots';
import { buildAccountNode } from '../../../../src/features/watchlist/model/watchlistModel';
import { contractNodes } from '../../../../src/features/contracts/model/contractModel';
import type { WatchNode } from '../../../../src/features/watchlist/model/watchlistNodes';

const all = (n: WatchNode): WatchNode[] => [n, ...n.children.flatMap(all)];
const dupes = (nodes: WatchNode[]): string[] => nodes.map((n) => n.id).filter((id, i, a) => a.indexOf(id) !== i);

describe('tree ids: one item per id', () => {
  it('a /full answer listing one token, NFT and pool twice still gives unique node ids', () => {
    const full = normaliseFull({
      account_id: 'alice.near',
      state: { balance: '1000000000000000000000000', locked: '0', storage_bytes: 100 },
      tokens: [
        { contract_id: 'usdt.tether-token.near', balance: '1', last_update_block_height: 1 },
        { contract_id: 'usdt.tether-token.near', balance: '2', last_update_block_height: 2 },
      ],
      nfts: [
        { contract_id: 'x.mintbase1.near', last_update_block_height: 1 },
        { contract_id: 'x.mintbase1.near', last_update_block_height: 2 },
      ],
      pools: [
        { pool_id: 'zavodil.poolv1.near', last_update_block_height: 1 },
        { pool_id: 'zavodil.poolv1.near', last_update_block_height: 2 },
      ],
    });
    assert.deepEqual(
      [full.tokens.length, full.nfts.length, full.pools.length, full.tokens[0]?.balance],
      [1, 1, 1, { status: 'known', raw: 1n }],
      'the first of each is kept',
    );
    const n = buildAccountNode(
      { accountId: 'alice.near', network: 'mainnet', full: slotLoaded(full, 0), contract: IDLE, pools: new Map() },
      { decimals: 5, liquidStakingProviders: DEFAULT_LIQUID_STAKING_PROVIDERS, ftMeta: () => undefined },
    );
    assert.deepEqual(dupes(all(n)), []);
  });

  it("a contract's ABI that lists a function twice still gives unique method node ids", () => {
    const abi: Abi = {
      schemaVersion: '0.4.0',
      metadata: { authors: [] },
      functions: [
        { name: 'get', kind: 'view', modifiers: [] },
        { name: 'get', kind: 'call', modifiers: [] },
      ],
      rootSchema: {},
    };
    const api = contractInterface({ codeHash: 'h', abi });
    assert.deepEqual(
      api.methods.map((m) => [m.name, m.kind]),
      [['get', 'view']],
      'the first is kept',
    );
    const nodes = contractNodes('c.near', api).flatMap(all);
    assert.deepEqual(dupes(nodes), []);
  });
});
