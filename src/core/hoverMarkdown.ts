// Markdown of the NEAR Lens hover: the decoded identity, the live account/key data, failures and our command links.
// Pure (no `vscode`): every untrusted string (from the file or the service) goes through escapeMarkdown.
import type Big from 'big.js';
import type { AccountFull, FtHolding, PublicKeyAccounts } from './account';
import { VALIDATOR_LOCKED_CAVEAT, filterByPublisher, splitLiquidStaking } from './account';
import { formatNear, formatTokenAmount } from './amounts';
import type { FtMetadata } from './client';
import type { Classified } from './ids';
import { implicitAccountToPublicKey } from './ids';
import { escapeMarkdown } from './markdown';

/** The only commands hover links may run (MarkdownString.isTrusted = { enabledCommands: HOVER_COMMANDS }). */
export const HOVER_COMMANDS = [
  'nearLens.openAccountPanel',
  'nearLens.watchlist.add',
  'nearLens.copyText',
  'nearLens.openInExplorer',
  'nearLens.lookupPublicKey',
] as const;
export type HoverCommand = (typeof HOVER_COMMANDS)[number];

/** Most accounts listed for one public key; the rest are counted. */
export const MAX_KEY_ACCOUNTS = 10;

export interface HoverOptions {
  decimals: number;
  liquidStakingProviders: readonly string[];
  nftPublisher?: string | undefined;
  /** Whether an explorer page exists for the account (settings/network), to offer the link. */
  hasExplorer?: boolean;
}

/** What the live part of a hover has to show. */
export type LiveResult =
  | { kind: 'account'; full: AccountFull; network: string; host: string; ftMetadata?: ReadonlyMap<string, FtMetadata> }
  | { kind: 'public-key'; accounts: PublicKeyAccounts; network: string; host: string }
  | { kind: 'error'; message: string }
  | { kind: 'off' }; // nearLens.hover.lookups is false

const BR = '  \n'; // markdown hard line break

/** `[label](command:id?<args>)`: args JSON-encoded as one argument, URI-encoded, parentheses too (they end a link). */
export function commandLink(label: string, command: HoverCommand, arg: unknown): string {
  const query = encodeURIComponent(JSON.stringify([arg])).replace(/\(/g, '%28').replace(/\)/g, '%29');
  return `[${escapeMarkdown(label)}](command:${command}?${query})`;
}

/** Untrusted text, escaped and bold. */
function b(text: string, max = 100): string {
  return `**${escapeMarkdown(text, max)}**`;
}

function near(yocto: Big, decimals: number): string {
  return escapeMarkdown(formatNear(yocto, decimals));
}

/** The hover's first section: what the thing under the cursor is, decoded locally (nothing sent). */
export function identityMarkdown(c: Classified): string {
  switch (c.kind) {
    case 'account': {
      const lines = [`${b(c.id)} · NEAR account`];
      switch (c.accountKind) {
        case 'implicit': {
          let key: string;
          try {
            key = implicitAccountToPublicKey(c.id);
          } catch {
            key = '';
          }
          lines.push(key ? `Implicit account: its id is the ed25519 public key ${b(key)}` : 'Implicit account (an ed25519 public key)');
          break;
        }
        case 'eth-implicit':
          lines.push('ETH-implicit account: an Ethereum address (20 bytes) used as a NEAR account');
          break;
        case 'deterministic':
          lines.push('Deterministic account: its id is derived from its initial state');
          break;
        default:
          lines.push(c.topLevel || !c.parent ? 'Top-level named account' : `Named account, sub-account of ${b(c.parent)}`);
      }
      return lines.join(BR);
    }
    case 'public-key': {
      const lines = [`${b(c.key, 160)} · public key`, `Curve ${c.curve}, ${c.bytes.length} bytes`];
      if (c.implicitAccount) lines.push(`Implicit account: ${b(c.implicitAccount)}`);
      return lines.join(BR);
    }
    case 'sensitive':
      // Never echo the text itself: it may be a secret.
      return [
        '**⚠ Possible secret key or signature in this file**',
        escapeMarkdown(c.reason, 300),
        'NEAR Lens sent nothing and looked nothing up. If this is a real secret key, remove it from the file and replace the key.',
      ].join(BR);
    case 'invalid':
      return `Not a valid NEAR id or key: ${escapeMarkdown(c.reason, 300)}`;
  }
}

/** One line for a failed look-up, under the decoded part. */
export function liveErrorMarkdown(message: string): string {
  return `Live data unavailable: ${escapeMarkdown(message, 300)}`;
}

function answeredBy(network: string, host: string): string {
  return `_${escapeMarkdown(network, 40)}${host ? ` · ${escapeMarkdown(host, 100)}` : ''}_`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function liquidLine(t: FtHolding, meta: FtMetadata | undefined, decimals: number): string {
  const name = b(t.contractId);
  if (t.balance.status === 'not-fetched') return `${name}: balance not fetched yet by the indexer`;
  if (t.balance.status === 'failed') return `${name}: balance unknown (the token's balance call failed at the indexer)`;
  const raw = t.balance.raw;
  if (meta && Number.isInteger(meta.decimals) && meta.decimals >= 0 && meta.decimals <= 40) {
    const sym = meta.symbol ? ` ${escapeMarkdown(meta.symbol, 24)}` : '';
    return `${name}: ${escapeMarkdown(formatTokenAmount(raw, meta.decimals, decimals))}${sym}`;
  }
  return `${name}: ${escapeMarkdown(raw.toFixed(0))} (raw, in the token's smallest unit)`;
}

/** The live section of an account hover from `/full`. */
export function accountLiveMarkdown(r: Extract<LiveResult, { kind: 'account' }>, o: HoverOptions): string {
  const { full } = r;
  const st = full.state;
  const head = answeredBy(r.network, r.host);
  if (!st) return [`**No such account** on ${escapeMarkdown(r.network, 40)}`, head].join(BR);
  const d = o.decimals;
  const lines: string[] = [];
  lines.push(`Total owned: **${near(st.total, d)}**`);
  const spendable = st.spendable.lt(0)
    ? `Spendable: **${near(st.spendable, d)}** (negative: the balance does not cover the storage it uses)`
    : `Spendable: **${near(st.spendable, d)}**`;
  lines.push(spendable);
  lines.push(`Balance: ${near(st.balance, d)}`);
  lines.push(st.locked.gt(0) ? `Locked: ${near(st.locked, d)} (${escapeMarkdown(VALIDATOR_LOCKED_CAVEAT)})` : `Locked: ${near(st.locked, d)}`);
  lines.push(`Storage: ${escapeMarkdown(st.storageBytes.toLocaleString('en-US'))} bytes, pinning ${near(st.pinned, d)}`);
  const { liquid } = splitLiquidStaking(full.tokens, o.liquidStakingProviders);
  const nftShown = o.nftPublisher ? filterByPublisher(full.nfts, o.nftPublisher).length : full.nfts.length;
  const nftText = o.nftPublisher
    ? `${plural(full.nfts.length, 'NFT collection', 'NFT collections')} (${nftShown} under ${b(o.nftPublisher)})`
    : plural(full.nfts.length, 'NFT collection', 'NFT collections');
  lines.push(
    `${plural(full.tokens.length, 'fungible token', 'fungible tokens')} · ${nftText} · ${plural(full.pools.length, 'staking pool', 'staking pools')}`,
  );
  // No markdown lists: a line after a list item would be folded into it.
  for (const t of liquid) lines.push(`Liquid staking · ${liquidLine(t, r.ftMetadata?.get(t.contractId), d)}`);
  lines.push(full.latestActivity === undefined ? 'Latest activity: not recorded' : `Latest activity: block ${escapeMarkdown(full.latestActivity.toLocaleString('en-US'))}`);
  lines.push(head);
  return lines.join(BR);
}

/** The live section of a public-key hover from `/v1/public_key/{pk}`. */
export function publicKeyLiveMarkdown(r: Extract<LiveResult, { kind: 'public-key' }>): string {
  const ids = r.accounts.accountIds;
  const lines: string[] = [];
  if (ids.length === 0) lines.push('No account lists this as a full-access key.');
  else {
    const shown = ids.slice(0, MAX_KEY_ACCOUNTS).map((id) => b(id));
    if (ids.length > MAX_KEY_ACCOUNTS) shown.push(`… and ${ids.length - MAX_KEY_ACCOUNTS} more`);
    lines.push(`Full-access key of ${plural(ids.length, 'account', 'accounts')}: ${shown.join(', ')}`);
  }
  lines.push(answeredBy(r.network, r.host));
  return lines.join(BR);
}

/** Command links under an account hover (ids are valid account ids here, so they are safe as JSON args). */
export function accountLinks(id: string, hasExplorer: boolean): string {
  const links = [
    commandLink('Open in Balance Panel', 'nearLens.openAccountPanel', id),
    commandLink('Add to Watchlist', 'nearLens.watchlist.add', id),
    commandLink('Copy', 'nearLens.copyText', id),
  ];
  if (hasExplorer) links.push(commandLink('Open in Explorer', 'nearLens.openInExplorer', id));
  return links.join(' · ');
}

export function publicKeyLinks(key: string): string {
  return [
    commandLink('All accounts incl. limited-access keys', 'nearLens.lookupPublicKey', { key, all: true }),
    commandLink('Copy', 'nearLens.copyText', key),
  ].join(' · ');
}

/**
 * The whole hover as sections (one MarkdownString each): identity, then live data or why there is none, then links.
 * Secrets get the warning only; invalid keys the reason only.
 */
export function buildHoverSections(c: Classified, live: LiveResult | undefined, o: HoverOptions): string[] {
  const sections = [identityMarkdown(c)];
  if (c.kind !== 'account' && c.kind !== 'public-key') return sections;
  if (live) {
    if (live.kind === 'error') sections.push(liveErrorMarkdown(live.message));
    else if (live.kind === 'off') sections.push('_Live look-ups are off (`nearLens.hover.lookups`)._');
    else if (live.kind === 'account') sections.push(accountLiveMarkdown(live, o));
    else sections.push(publicKeyLiveMarkdown(live));
  }
  sections.push(c.kind === 'account' ? accountLinks(c.id, o.hasExplorer ?? false) : publicKeyLinks(c.key));
  return sections;
}

/** Every `command:` id used by links in some markdown (for tests and a defensive check). */
export function commandIdsIn(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(command:([^?)\s]+)/g)].map((m) => m[1] ?? '');
}
