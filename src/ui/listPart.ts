// One list of an account (the service's rule: a question about one asset family asks the narrower endpoint): the
// watchlist's Tokens, NFT collections and Staking pools nodes, and the panel's tables, refresh from /ft, /nft or
// /staking alone, never /full. Pure: no `vscode`, no I/O.
import type { AccountFull } from '../near/account';

export type ListPart = 'ft' | 'nft' | 'staking';

/** The AccountFull field each part's endpoint answers. */
export const LIST_FIELD = { ft: 'tokens', nft: 'nfts', staking: 'pools' } as const;

/**
 * The list a command argument names: `{ accountId, part }`, or a watchlist node whose id is the account's list group
 * (`alice.near/tokens`, `/nfts`, `/pools`); anything else (an id, an account node, a token) names none.
 */
export function listPartOf(arg: unknown): ListPart | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const { id, accountId, part } = arg as Record<string, unknown>;
  if (part === 'ft' || part === 'nft' || part === 'staking') return part;
  if (typeof id !== 'string' || typeof accountId !== 'string' || !id.startsWith(`${accountId}/`)) return undefined;
  const path = id.slice(accountId.length + 1);
  return path === 'tokens' ? 'ft' : path === 'nfts' ? 'nft' : path === 'pools' ? 'staking' : undefined;
}

/** The account with one list replaced by its endpoint's fresh answer; the state and the other lists as they were. */
export function withList<P extends ListPart>(full: AccountFull, part: P, list: AccountFull[(typeof LIST_FIELD)[P]]): AccountFull {
  return { ...full, [LIST_FIELD[part]]: list };
}
