// Bench baseline (not shipped): one `query view_account` through @near-js/providers 2.
import { JsonRpcProvider } from '@near-js/providers';

export async function main(rpcUrl: string, accountId: string): Promise<unknown> {
  const provider = new JsonRpcProvider({ url: rpcUrl });
  return provider.query({ request_type: 'view_account', account_id: accountId, finality: 'final' });
}
