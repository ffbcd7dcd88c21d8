// Bench baseline (not shipped): the smallest useful near-api-js 7 program — one view_account, one
// yocto→NEAR conversion, one public-key parse. Its production bundle is what NEAR Lens is compared to.
import { JsonRpcProvider, PublicKey, yoctoToNear } from 'near-api-js';

export async function main(rpcUrl: string, accountId: string, key: string): Promise<string> {
  const provider = new JsonRpcProvider({ url: rpcUrl });
  const account = await provider.viewAccount({ accountId, blockQuery: { finality: 'final' } });
  const pk = PublicKey.fromString(key);
  return `${yoctoToNear(account.amount)} ${pk.toString()}`;
}
