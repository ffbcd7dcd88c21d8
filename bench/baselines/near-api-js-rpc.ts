// Bench peer (not shipped): near-api-js 7's JsonRpcProvider doing the same `query view_account` and `block`.
import { JsonRpcProvider } from 'near-api-js';

export function make(rpcUrl: string): { viewAccount(id: string): Promise<unknown>; block(): Promise<unknown> } {
  const provider = new JsonRpcProvider({ url: rpcUrl });
  return {
    viewAccount: (id) => provider.query({ request_type: 'view_account', account_id: id, finality: 'final' }),
    block: () => provider.viewBlock({ finality: 'final' }),
  };
}
