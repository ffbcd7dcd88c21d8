// Markdown of the NEAR Lens hover: the decoded identity, the live account/key data, failures and our command links.
// Pure (no `vscode`): every untrusted string (from the file or the service) goes through escapeMarkdown.
import type { AccountFull, FtHolding, PublicKeyAccounts } from '../../../near/account';
import { NO_INDEXER, VALIDATOR_LOCKED_CAVEAT, filterByPublisher, splitLiquidStaking } from '../../../near/account';
import type { FtMetadata } from '../../../client/client';
import { describeToken, listsUpdatedText, nearFigure, RAW_MEANS } from '../../../ui/slots';
import type { Slot, TokenView } from '../../../ui/slots';
import type { Classified } from '../../../near/ids';
import { implicitAccountToPublicKey } from '../../../near/ids';
import { escapeMarkdown } from '../../../base/text';
import { COMMANDS } from '../../../manifest';
import { commandLink } from '../../../ui/links';
import { otherNetworks } from '../../../platform/network';
import { findSecretCandidates, secretKeyWhat, secretSentence } from '../../../near/secretFinder';
import type { KeyCandidate } from '../../../near/secretFinder';

/** What can be done with an account, as hover links and in the look-ups' quick pick: [label, command, codicon]. */
const ACCOUNT_ACTIONS = [
  ['Open in Balance Panel', COMMANDS.openAccountPanel, 'graph'],
  ['Add to Watchlist', COMMANDS.watchlistAdd, 'add'],
  ['Copy', COMMANDS.copyText, 'copy'],
  ['Open in Explorer', COMMANDS.openInExplorer, 'link-external'],
] as const;

export type HoverCommand = (typeof ACCOUNT_ACTIONS)[number][1] | typeof COMMANDS.lookupPublicKey | typeof COMMANDS.lookupAccount;
/** The only commands hover links may run (MarkdownString.isTrusted = { enabledCommands: HOVER_COMMANDS }). */
export const HOVER_COMMANDS: readonly HoverCommand[] = [...ACCOUNT_ACTIONS.map((a) => a[1]), COMMANDS.lookupPublicKey, COMMANDS.lookupAccount];

/** Most accounts listed for one public key; the rest are counted. */
export const MAX_KEY_ACCOUNTS = 10;

export interface HoverOptions {
  decimals: number;
  liquidStakingProviders: readonly string[];
  nftPublisher?: string | undefined;
  /** Whether an explorer page exists for the account (settings/network), to offer the link. */
  hasExplorer?: boolean;
  /** How a time reads (tests pin it); default the local time of day. */
  formatTime?: (ms: number) => string;
}

/** What the live part of a hover has to show. */
export type LiveResult =
  | {
      kind: 'account';
      full: AccountFull;
      network: string;
      host: string;
      ftMetadata?: ReadonlyMap<string, Slot<FtMetadata>>;
      staleError?: string;
      /** When the stale data arrived (ms since epoch). */
      staleAt?: number;
      /** "Contract · 12 methods · NEP-141, NEP-148 · source" (plain text) for an account with code. */
      contract?: string;
    }
  | { kind: 'public-key'; accounts: PublicKeyAccounts; network: string; host: string }
  /** A public key on a network without a REST API: which accounts use it is unknowable there (said in a word). */
  | { kind: 'no-indexer'; network: string; host: string }
  | { kind: 'error'; message: string }
  | { kind: 'off' }; // nearLens.hover.lookups is false

const BR = '  \n'; // markdown hard line break

/** Untrusted text, escaped and bold. */
const b = (text: string, max = 100): string => `**${escapeMarkdown(text, max)}**`;

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The second line of an account's identity, by kind (implicit accounts show their key). */
function accountKindLine(c: Extract<Classified, { kind: 'account' }>): string {
  switch (c.accountKind) {
    case 'implicit':
      return `Implicit account: its id is the ed25519 public key ${b(implicitAccountToPublicKey(c.id))}`;
    case 'eth-implicit':
      return 'ETH-implicit account: an Ethereum address used as a NEAR account';
    case 'deterministic':
      return 'Deterministic account: its id is derived from its initial state';
    default:
      return c.parent ? `Named account, sub-account of ${b(c.parent)}` : 'Top-level named account';
  }
}

/** The hover's first section: what the thing under the cursor is, decoded locally (nothing sent). */
export function identityMarkdown(c: Classified): string {
  switch (c.kind) {
    case 'account':
      return `${b(c.id)} · NEAR account${BR}${accountKindLine(c)}`;
    case 'public-key':
      return `${b(c.key, 160)} · public key${BR}Curve ${c.curve}, ${c.bytes.length} bytes${c.implicitAccount ? `${BR}Implicit account: ${b(c.implicitAccount)}` : ''}`;
    case 'sensitive':
      // Never echo the text itself: it may be a secret.
      if (c.malformed)
        return `**Malformed key in this file**${BR}${escapeMarkdown(c.reason, 300)}.${BR}NEAR Lens sent nothing: a secret key cut short looks the same.`;
      return `**⚠ Possible secret key or signature in this file**${BR}${escapeMarkdown(c.reason, 300)}${BR}NEAR Lens sent nothing. If it is a real secret key, remove it from the file and rotate the key.`;
    default:
      return `Not a valid NEAR id or key: ${escapeMarkdown(c.reason, 300)}`;
  }
}

/** One line for a failed look-up, under the decoded part. */
export function liveErrorMarkdown(message: string): string {
  return `Live data unavailable: ${escapeMarkdown(message, 300)}`;
}

/** "_mainnet · api.fastnear.com_"; a network named by its host ("local · 127.0.0.1:3030") does not repeat it. */
function answeredBy(network: string, host: string): string {
  const [first = '', ...rest] = host.split(' · ');
  const shown = first && network.endsWith(` · ${first}`) ? rest.join(' · ') : host;
  return `_${escapeMarkdown(network, 60)}${shown ? ` · ${escapeMarkdown(shown, 100)}` : ''}_`;
}

/** " (exactly 99.9999987763818498)" after a figure the hover rounds (a hover has no tooltip to hold it); else nothing. */
const exactly = (exact: string | undefined): string => (exact ? ` (exactly ${escapeMarkdown(exact.replace(/ NEAR$/, ''))})` : '');

/** A liquid-staking holding: scaled by its metadata, else raw with a short reason, or why there is no amount (never shown as zero). */
function liquidLine(t: FtHolding, v: TokenView): string {
  const why = t.balance.status === 'failed' ? ` (${v.detail})` : '';
  const rounded = v.scaled && v.exact !== v.amount ? exactly(v.exact) : '';
  return `Liquid staking · ${b(t.contractId)}: ${escapeMarkdown([v.amount, v.reason].filter(Boolean).join(' · ') + why)}${rounded}`;
}

/** The live section of an account hover from `/full`. */
export function accountLiveMarkdown(r: Extract<LiveResult, { kind: 'account' }>, o: HoverOptions): string {
  const { full } = r;
  const st = full.state;
  const time = o.formatTime ?? ((t: number) => new Date(t).toLocaleTimeString());
  const from = r.staleAt === undefined ? '' : ` (from ${time(r.staleAt)})`;
  const src = full.source;
  const head =
    answeredBy(r.network, r.host) + (r.staleError === undefined ? '' : BR + liveErrorMarkdown(`${r.staleError} Showing the last data received${from}.`));
  if (!st) return `**No such account** on ${escapeMarkdown(r.network, 60)}${BR}${head}`;
  // Each figure rounded down to the decimals set, with every digit after it when the rounding dropped some.
  const figure = (v: bigint): [shown: string, exact: string] => {
    const f = nearFigure(v, o.decimals);
    return [escapeMarkdown(f.shown), exactly(f.exact)];
  };
  const near = (v: bigint): string => figure(v).join('');
  const bold = (v: bigint): string => `**${figure(v)[0]}**${figure(v)[1]}`;
  const nfts = plural(full.nfts.length, 'NFT collection');
  // Read over RPC: no lists on a network without an indexer (said in a word); during a REST outage, the last good ones.
  const lists = src === undefined || src.listsAt !== undefined;
  const liquid = splitLiquidStaking(lists ? full.tokens : [], o.liquidStakingProviders).liquid.map(
    (t) => [t, describeToken(t, r.ftMetadata?.get(t.contractId), o.decimals)] as const,
  );
  // No markdown lists: a line after a list item would be folded into it.
  return [
    `Total owned: ${bold(st.total)}`,
    `Spendable: ${bold(st.spendable)}${st.spendable < 0n ? ' (negative: the balance does not cover the storage it uses)' : ''}`,
    `Balance: ${near(st.balance)}`,
    `Locked: ${near(st.locked)}${st.locked > 0n ? ` (${escapeMarkdown(VALIDATOR_LOCKED_CAVEAT)})` : ''}`,
    `Storage: ${st.storageBytes.toLocaleString('en-US')} bytes, pinning ${near(st.pinned)}`,
    src?.restFailure !== undefined && `State from RPC; tokens unavailable: ${escapeMarkdown(src.restFailure, 100)}`,
    src && src.restFailure === undefined
      ? `Tokens, NFTs, staking pools: _${NO_INDEXER}_`
      : lists &&
        `${plural(full.tokens.length, 'fungible token')} · ${o.nftPublisher ? `${nfts} (${filterByPublisher(full.nfts, o.nftPublisher).length} under ${b(o.nftPublisher)})` : nfts} · ${plural(full.pools.length, 'staking pool')}${src?.listsAt === undefined ? '' : ` (as of ${escapeMarkdown(time(src.listsAt))})`}`,
    ...liquid.map(([t, v]) => liquidLine(t, v)),
    // The "(raw)" mark explained once, under the lines that carry it.
    liquid.some(([, v]) => v.known && !v.scaled) && escapeMarkdown(RAW_MEANS, 300),
    r.contract !== undefined && escapeMarkdown(r.contract, 200),
    // "block #…" as in the tree and the panel; nothing when there is nothing to update (the counts above say so).
    lists && full.tokens.length + full.nfts.length + full.pools.length > 0 && `Holdings last updated: ${listsUpdatedText(full)}`,
    head,
  ]
    .filter(Boolean)
    .join(BR);
}

/** The live section of a public-key hover from `/v1/public_key/{pk}`. */
export function publicKeyLiveMarkdown(r: Extract<LiveResult, { kind: 'public-key' }>): string {
  const ids = r.accounts.accountIds;
  const shown = ids.slice(0, MAX_KEY_ACCOUNTS).map((id) => b(id));
  if (ids.length > MAX_KEY_ACCOUNTS) shown.push(`… and ${ids.length - MAX_KEY_ACCOUNTS} more`);
  const line = ids.length === 0 ? 'No account lists this as a full-access key.' : `Full-access key of ${plural(ids.length, 'account')}: ${shown.join(', ')}`;
  return `${line}${BR}${answeredBy(r.network, r.host)}`;
}

/** The account actions that apply (Open in Explorer only where an explorer page exists). */
export function accountActions(hasExplorer: boolean): ReadonlyArray<(typeof ACCOUNT_ACTIONS)[number]> {
  return ACCOUNT_ACTIONS.slice(0, hasExplorer ? 4 : 3);
}

/**
 * Command links under an account hover (ids are valid account ids here, so they are safe as JSON args). Add to
 * Watchlist answers (`{ show: true }`: the account revealed, "already in the watchlist" said). An account that does not
 * exist gets only what can work: Check on the network(s) where the same id could be, and Copy Id.
 */
export function accountLinks(id: string, hasExplorer: boolean, missingOn?: string): string {
  if (missingOn !== undefined) {
    return [
      ...otherNetworks(id, missingOn).map((n) => commandLink(`Check on ${n}`, COMMANDS.lookupAccount, { id, network: n })),
      commandLink('Copy Id', COMMANDS.copyText, id),
    ].join(' · ');
  }
  return accountActions(hasExplorer)
    .map(([label, command]) => (command === COMMANDS.watchlistAdd ? commandLink(label, command, id, { show: true }) : commandLink(label, command, id)))
    .join(' · ');
}

export function publicKeyLinks(key: string, lookUp = true): string {
  const copy = commandLink('Copy', COMMANDS.copyText, key);
  return lookUp ? `${commandLink('All accounts incl. limited-access keys', COMMANDS.lookupPublicKey, { key, all: true })} · ${copy}` : copy;
}

/**
 * The whole hover as sections (one MarkdownString each): identity, then live data or why there is none, then links.
 * Secrets get the warning only; invalid keys the reason only.
 */
export function buildHoverSections(c: Classified, live: LiveResult | undefined, o: HoverOptions): string[] {
  const sections = [identityMarkdown(c)];
  if (c.kind !== 'account' && c.kind !== 'public-key') return sections;
  if (live) {
    sections.push(
      live.kind === 'error'
        ? liveErrorMarkdown(live.message)
        : live.kind === 'off'
          ? '_Live look-ups are off (`nearLens.hover.lookups`)._'
          : live.kind === 'account'
            ? accountLiveMarkdown(live, o)
            : live.kind === 'no-indexer'
              ? `Accounts using this key: _${NO_INDEXER}_${BR}${answeredBy(live.network, live.host)}`
              : publicKeyLiveMarkdown(live),
    );
  }
  // Nothing offered that cannot work: without an indexer, a key's accounts cannot be looked up.
  const missingOn = live?.kind === 'account' && !live.full.state && live.staleError === undefined ? live.network : undefined;
  sections.push(c.kind === 'account' ? accountLinks(c.id, o.hasExplorer ?? false, missingOn) : publicKeyLinks(c.key, live?.kind !== 'no-indexer'));
  return sections;
}

/** The secret-key candidate a sensitive hover's text is (NEAR's 64-byte ed25519 or 32-byte secp256k1 form), if any. */
export function secretCandidateOf(text: string): KeyCandidate | undefined {
  const c = findSecretCandidates(text)[0];
  return c?.kind === 'key' && c.start === 0 && c.end === text.length ? c : undefined;
}

/**
 * The hover of a confirmed secret key (its public half matches, as the diagnostic checks): the diagnostic's own words
 * and public key, so both say the same. Never the secret.
 */
export function confirmedSecretMarkdown(c: KeyCandidate, publicKey: string): string {
  return `**⚠ ${escapeMarkdown(secretSentence(secretKeyWhat(c.curve), publicKey), 400)}**${BR}NEAR Lens sent nothing.`;
}
