// Hover on NEAR account ids and keys in any file: decoded identity at once, live data through the client (cache,
// timeout, cancellation); and on amounts in code (yoctoNEAR, gas), converted with no network. Talks HTTP only
// through services' clients; builds markdown only with the hover model (model/hoverMarkdown.ts).
import vscode = require('vscode');
import type { AccountFull } from '../../near/account';
import type { FtMetadata } from '../../client/client';
import { errorMessage, NearLensError } from '../../base/errors';
import { splitLiquidStaking } from '../../near/account';
import { loadSlot } from '../../ui/slots';
import type { Slot } from '../../ui/slots';
import type { LiveResult } from './model/hoverMarkdown';
import { buildHoverSections, confirmedSecretMarkdown, HOVER_COMMANDS, secretCandidateOf } from './model/hoverMarkdown';
import { findUnitAt } from '../../near/unitFinder';
import { unitSection } from '../units/model/unitMarkdown';
import { findAt } from '../../near/idFinder';
import type { TxFeature } from '../transactions/txCommands';
import type { Classified } from '../../near/ids';
import { hostOf } from '../../near/networks';
import type { ClientFor, Services } from '../../platform/services';
import { publicKeyOfSecret } from '../secrets/secretKeys';
import { contractHoverLine } from '../contracts/contractCommands';

/** Longest a hover waits for live data before it shows the decoded part with a "no answer yet" line. */
export const HOVER_MAX_WAIT_MS = 3000;
/** Longest a hover waits for ft_metadata of liquid-staking tokens (cached for a day after the first answer). */
export const METADATA_WAIT_MS = 800;

/** Schemes never hovered: our own log would otherwise look up ids it just printed. */
const SKIPPED_SCHEMES = new Set(['output', 'vscode-scm']);

type Lookable = Extract<Classified, { kind: 'account' | 'public-key' }>;

const TIMED_OUT = Symbol('timed out');

function delay(ms: number): { promise: Promise<typeof TIMED_OUT>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, ms, TIMED_OUT);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

export class NearHoverProvider implements vscode.HoverProvider {
  readonly #services: Services;
  readonly #transactions: (() => TxFeature) | undefined;

  /**
   * `transactions`: the hover of a hash, made on the first hover over a line long enough to hold one (activate()
   * passes the one Look Up Transaction uses; without it, as in tests of accounts alone, hashes are not hovered).
   */
  constructor(services: Services, transactions?: () => TxFeature) {
    this.#services = services;
    this.#transactions = transactions;
  }

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    if (SKIPPED_SCHEMES.has(document.uri.scheme)) return undefined;
    const line = document.lineAt(position.line).text;
    const found = findAt(line, position.character);
    // An amount in code (yoctoNEAR or gas): converted here, with no network.
    const unit = findUnitAt(line, position.character, position.line > 0 ? document.lineAt(position.line - 1).text : '');
    // A 32-byte base58 hash: a transaction, a receipt or a block (looked up once a minute at most).
    const feature = found || unit || line.length < 43 ? undefined : this.#transactions?.();
    const hash = feature?.findHashAt(line, position.character);
    if (feature && hash) {
      const sections = await feature.hoverSections(hash.hash, token);
      if (!sections || token.isCancellationRequested) return undefined;
      return new vscode.Hover(
        sections.map((text) => toMarkdown(text, feature.hoverCommands)),
        new vscode.Range(position.line, hash.start, position.line, hash.end),
      );
    }
    if (!found && !unit) return undefined;
    const sections = found ? await this.sections(found.classified, token) : [];
    if (!sections || token.isCancellationRequested) return undefined;
    if (unit) sections.push(unitSection(unit));
    const [start, end] = found ? [found.start, found.end] : [unit?.start ?? 0, unit?.end ?? 0];
    return new vscode.Hover(
      sections.map((text) => toMarkdown(text, HOVER_COMMANDS)),
      new vscode.Range(position.line, start, position.line, end),
    );
  }

  /** The hover's markdown sections for a classified id (undefined when cancelled). Exposed for in-editor tests. */
  async sections(c: Classified, token?: vscode.CancellationToken): Promise<string[] | undefined> {
    const s = this.#services.settings;
    let live: LiveResult | undefined;
    // Secrets and invalid text: decoded part only, nothing is ever sent.
    if (c.kind === 'account' || c.kind === 'public-key') {
      live = s.hoverLookups ? await this.#live(c, token, Math.min(s.timeoutMs, HOVER_MAX_WAIT_MS)) : { kind: 'off' };
      if (!live) return undefined;
    }
    if (c.kind === 'sensitive') {
      // One voice with the diagnostic: a confirmed secret key (its public half derived here, locally) is
      // said in the diagnostic's words; "possible … or signature" stays for what cannot be told.
      const key = secretCandidateOf(c.text);
      const publicKey = key && publicKeyOfSecret(key.curve, key.bytes);
      if (key && publicKey) return [confirmedSecretMarkdown(key, publicKey)];
    }
    return buildHoverSections(c, live, { ...s, hasExplorer: c.kind === 'account' && this.#services.explorerUrl(c.id) !== undefined });
  }

  /** The hover's markdown sections for a hash (undefined when cancelled). Exposed for in-editor tests. */
  async hashSections(hash: string, token?: vscode.CancellationToken): Promise<string[] | undefined> {
    return this.#transactions?.().hoverSections(hash, token);
  }

  async #live(c: Lookable, token: vscode.CancellationToken | undefined, waitMs: number): Promise<LiveResult | undefined> {
    const ctrl = new AbortController();
    const onCancel = token?.onCancellationRequested(() => ctrl.abort());
    const wait = delay(waitMs);
    let at: ClientFor | undefined;
    let message: string;
    try {
      await Promise.race([this.#services.ready, wait.promise]);
      at = c.kind === 'account' ? this.#services.clientForAccount(c.id) : this.#services.clientForNetwork();
      // A late answer still lands in the cache for the next hover (the budget does not abort the request; the race
      // handles a late failure).
      // The budget is the account's (or key's) answer's: once it is in, the extras have their own short wait.
      const r = await Promise.race([this.#fetch(c, at, ctrl.signal, () => wait.cancel()), wait.promise]);
      if (r !== TIMED_OUT) return r;
      message = `no answer within ${Math.round(waitMs / 100) / 10} s; hover again in a moment.`;
    } catch (e) {
      if (token?.isCancellationRequested || (NearLensError.is(e) && e.kind === 'aborted')) return undefined;
      if (!NearLensError.is(e)) this.#services.log.error(`Hover look-up failed: ${e instanceof Error ? e.message : String(e)}`);
      message = errorMessage(e);
    } finally {
      wait.cancel();
      onCancel?.dispose();
    }
    // A failed look-up: the last good account data (however old) with the reason, else just the reason.
    const full = at && c.kind === 'account' ? at.client.accounts.peekFull(c.id) : undefined;
    return at && full
      ? { ...accountResult(at, full), staleError: message, staleAt: at.client.accounts.fullFetchedAt(full.accountId) }
      : { kind: 'error', message };
  }

  async #fetch(c: Lookable, at: ClientFor, signal: AbortSignal, answered: () => void): Promise<LiveResult> {
    const { client, name: network } = at;
    const host = hostOf(client.endpoints.apiUrl);
    if (c.kind === 'public-key' && !client.accounts.hasIndexer) return { kind: 'no-indexer', network, host: rpcHost(client) };
    if (c.kind === 'public-key') return { kind: 'public-key', accounts: await client.accounts.publicKey(c.key, { signal }), network, host };
    const full = await client.accounts.full(c.id, { signal });
    answered();
    const { liquid } = splitLiquidStaking(full.tokens, this.#services.settings.liquidStakingProviders);
    // Decimals only from ft_metadata (never a table). Not tied to the hover's signal: the answer is cached for a day.
    // A failure is logged with its reason; the hover says only "metadata unavailable".
    const ftMetadata = new Map<string, Slot<FtMetadata>>();
    const warn = (line: string): void => this.#services.log.warn(`hover: ${line}`);
    const loads = liquid
      .filter((t) => t.balance.status === 'known')
      .map(
        async ({ contractId: c }) =>
          void ftMetadata.set(
            c,
            await loadSlot(
              () => client.rpc.ftMetadata(c),
              () => undefined,
              warn,
              `ft_metadata of ${c}`,
            ),
          ),
      );
    // A contract account adds one line (its interface, cached by code hash); like the
    // metadata, it is left out when it does not come within the wait, and is there on the next hover.
    let contract: string | undefined;
    const code = full.state
      ? client.rpc
          .viewAccount(c.id, undefined, { signal })
          .then(async ({ result: v }) => void (contract = v.hasCode ? await contractHoverLine(client, c.id, v.codeHash) : undefined))
          .catch(() => undefined)
      : undefined;
    const wait = delay(METADATA_WAIT_MS);
    await Promise.race([Promise.all([...loads, code]), wait.promise]);
    wait.cancel();
    return { ...accountResult(at, full, ftMetadata), contract };
  }
}

/**
 * An account's live result, its token amounts scaled by the ft_metadata cached so far (a stale hover's too), and by
 * what this look-up just loaded or failed to load (`fetched`).
 */
function accountResult({ client, name }: ClientFor, full: AccountFull, fetched?: Map<string, Slot<FtMetadata>>): Extract<LiveResult, { kind: 'account' }> {
  const ftMetadata = new Map<string, Slot<FtMetadata>>();
  for (const [id, data] of client.rpc.cachedFtMetadata(full.tokens.map((t) => t.contractId))) ftMetadata.set(id, { status: 'ok', data });
  for (const [id, slot] of fetched ?? []) ftMetadata.set(id, slot);
  // Where the figures came from: the REST API's host, or the RPC host's (`local · 127.0.0.1:3030 · RPC`).
  return { kind: 'account', full, network: name, host: full.source ? rpcHost(client) : hostOf(client.endpoints.apiUrl), ftMetadata };
}

/** The RPC host, marked as such (`127.0.0.1:3030 · RPC`): where an account read over RPC came from. */
const rpcHost = (client: ClientFor['client']): string => `${hostOf(client.endpoints.rpcUrl)} · RPC`;

/** One hover section: only our allowlisted commands may run, no HTML. */
export function toMarkdown(text: string, enabledCommands: readonly string[]): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text);
  md.isTrusted = { enabledCommands: [...enabledCommands] };
  md.supportHtml = false;
  return md;
}
