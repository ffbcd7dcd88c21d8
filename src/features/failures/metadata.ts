// A failing receiver's NEP-330 source metadata (contract_source_metadata), read once per code hash: the receiver's
// view_account gives its code hash, then one view call. A contract without the method, or an account without code,
// has none (not an error); a moment's failure (a timeout, a cancel) is not remembered, so the next failure asks again.
import { NearLensError } from '../../base/errors';
import { BoundedMap } from '../../base/lru';
import type { NearClient } from '../../client/client';
import { SOURCE_METADATA_METHOD } from '../../near/contract/contract';
import { parseContractSourceMetadata } from '../../near/failure/nep330';
import type { ContractSource } from '../../near/failure/nep330';

/** By RPC host and code hash: the same code has the same metadata wherever it is deployed. */
const byCode = new BoundedMap<string, Promise<ContractSource | undefined>>(256);

/** Forgets every metadata read (tests). */
export const clearContractSources = (): void => {
  for (const k of [...byCode.keys()]) byCode.delete(k);
};

/** An answer that will not change: the contract's own (no such method, no code), or one of another shape. */
const settled = (e: unknown): boolean => NearLensError.is(e) && (e.kind === 'contract' || e.kind === 'bad-shape');

/** The receiver's NEP-330 metadata, or undefined when it has none or it could not be read now. Never throws. */
export async function contractSourceOf(client: NearClient, receiverId: string, signal?: AbortSignal): Promise<ContractSource | undefined> {
  let codeHash: string;
  try {
    const va = (await client.rpc.viewAccount(receiverId, undefined, { signal })).result;
    if (!va.hasCode) return undefined;
    codeHash = va.codeHash;
  } catch {
    return undefined; // no such account on this network, or the node did not answer: no metadata to show
  }
  const key = `${client.endpoints.rpcUrl}|${codeHash}`;
  const hit = byCode.get(key);
  if (hit) return hit;
  const read = client.rpc.callFunction(receiverId, SOURCE_METADATA_METHOD, {}, { signal }).then(
    (r) => parseContractSourceMetadata(r.result),
    (e: unknown) => {
      if (!settled(e)) byCode.delete(key);
      return undefined;
    },
  );
  byCode.set(key, read);
  return read;
}
