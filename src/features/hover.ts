// Hover on NEAR account ids and keys in any file: decoded identity at once, live data through the client (cache,
// timeout, cancellation). Talks HTTP only through services' clients; builds markdown only with core/hoverMarkdown.
import vscode = require('vscode');
import type { FtMetadata } from '../core/client';
import { errorMessage, NearLensError } from '../core/errors';
import { splitLiquidStaking } from '../core/account';
import { HOVER_COMMANDS, buildHoverSections } from '../core/hoverMarkdown';
import type { LiveResult } from '../core/hoverMarkdown';
import { findAt } from '../core/ids';
import type { Classified } from '../core/ids';
import { hostOf } from '../core/commandModel';
import type { Services } from '../platform/services';

/** Longest a hover waits for live data before it shows the decoded part with a "no answer yet" line. */
export const HOVER_MAX_WAIT_MS = 3000;
/** Longest a hover waits for ft_metadata of liquid-staking tokens (cached for a day after the first answer). */
export const METADATA_WAIT_MS = 800;

/** Schemes never hovered: our own log would otherwise look up ids it just printed. */
const SKIPPED_SCHEMES = new Set(['output', 'vscode-scm']);

class TimedOut {}

function delay(ms: number): { promise: Promise<TimedOut>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<TimedOut>((resolve) => {
    timer = setTimeout(() => resolve(new TimedOut()), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

export class NearHoverProvider implements vscode.HoverProvider {
  readonly #services: Services;

  constructor(services: Services) {
    this.#services = services;
  }

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    if (SKIPPED_SCHEMES.has(document.uri.scheme)) return undefined;
    const line = document.lineAt(position.line).text;
    const found = findAt(line, position.character);
    if (!found) return undefined;
    const sections = await this.sections(found.classified, token);
    if (!sections || token.isCancellationRequested) return undefined;
    const range = new vscode.Range(position.line, found.start, position.line, found.end);
    return new vscode.Hover(sections.map(toMarkdown), range);
  }

  /** The hover's markdown sections for a classified id (undefined when cancelled). Exposed for in-editor tests. */
  async sections(c: Classified, token?: vscode.CancellationToken): Promise<string[] | undefined> {
    const s = this.#services.settings;
    const opts = {
      decimals: s.decimals,
      liquidStakingProviders: s.liquidStakingProviders,
      nftPublisher: s.nftPublisher,
      hasExplorer: c.kind === 'account' && this.#services.explorerUrl(c.id) !== undefined,
    };
    // Secrets and invalid text: decoded part only, nothing is ever sent.
    if (c.kind !== 'account' && c.kind !== 'public-key') return buildHoverSections(c, undefined, opts);
    if (!s.hoverLookups) return buildHoverSections(c, { kind: 'off' }, opts);
    const live = await this.#live(c, token, Math.min(s.timeoutMs, HOVER_MAX_WAIT_MS));
    if (live === undefined) return undefined;
    return buildHoverSections(c, live, opts);
  }

  async #live(
    c: Extract<Classified, { kind: 'account' | 'public-key' }>,
    token: vscode.CancellationToken | undefined,
    waitMs: number,
  ): Promise<LiveResult | undefined> {
    const ctrl = new AbortController();
    const onCancel = token?.onCancellationRequested(() => ctrl.abort());
    const wait = delay(waitMs);
    try {
      await Promise.race([this.#services.ready ?? Promise.resolve(), wait.promise]);
      const work = this.#fetch(c, ctrl.signal);
      // A late answer still lands in the cache for the next hover (the budget does not abort the request).
      work.catch(() => undefined);
      const r = await Promise.race([work, wait.promise]);
      if (r instanceof TimedOut) return this.#failed(c, `no answer within ${Math.round(waitMs / 100) / 10} s; hover again in a moment.`);
      return r;
    } catch (e) {
      if (token?.isCancellationRequested || (NearLensError.is(e) && e.kind === 'aborted')) return undefined;
      if (!NearLensError.is(e)) this.#services.log.error(`Hover look-up failed: ${e instanceof Error ? e.message : String(e)}`);
      return this.#failed(c, errorMessage(e));
    } finally {
      wait.cancel();
      onCancel?.dispose();
    }
  }

  /** A failed look-up: the last good account data (however old) with the reason, else just the reason. */
  #failed(c: Extract<Classified, { kind: 'account' | 'public-key' }>, message: string): LiveResult {
    if (c.kind === 'account') {
      const { client, network } = this.#services.clientForAccount(c.id);
      const full = client.peekFull(c.id);
      if (full) return { kind: 'account', full, network, host: hostOf(client.endpoints.apiUrl), staleError: message };
    }
    return { kind: 'error', message };
  }

  async #fetch(c: Extract<Classified, { kind: 'account' | 'public-key' }>, signal: AbortSignal): Promise<LiveResult> {
    if (c.kind === 'public-key') {
      const { client, network } = this.#services.clientForNetwork();
      const accounts = await client.publicKey(c.key, { signal });
      return { kind: 'public-key', accounts, network, host: hostOf(client.endpoints.apiUrl) };
    }
    const { client, network } = this.#services.clientForAccount(c.id);
    const full = await client.full(c.id, { signal });
    const result: Extract<LiveResult, { kind: 'account' }> = { kind: 'account', full, network, host: hostOf(client.endpoints.apiUrl) };
    const { liquid } = splitLiquidStaking(full.tokens, this.#services.settings.liquidStakingProviders);
    const wanted = liquid.filter((t) => t.balance.status === 'known');
    if (wanted.length > 0) {
      // Decimals only from ft_metadata (never a table). Not tied to the hover's signal: the answer is cached for a day.
      const meta = new Map<string, FtMetadata>();
      const loads = wanted.map((t) =>
        client.ftMetadata(t.contractId).then(
          (m) => void meta.set(t.contractId, m),
          () => undefined,
        ),
      );
      const wait = delay(METADATA_WAIT_MS);
      await Promise.race([Promise.all(loads), wait.promise]);
      wait.cancel();
      result.ftMetadata = meta;
    }
    return result;
  }
}

/** One hover section: only our allowlisted commands may run, no HTML. */
export function toMarkdown(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text);
  md.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
  md.supportHtml = false;
  md.supportThemeIcons = false;
  return md;
}

/** Registers the hover while `nearLens.hover.enabled` is on; a disabled hover costs nothing. */
export function registerHover(context: vscode.ExtensionContext, services: Services): NearHoverProvider {
  const provider = new NearHoverProvider(services);
  let registration: vscode.Disposable | undefined;
  const sync = (): void => {
    const on = services.settings.hoverEnabled;
    if (on && !registration) registration = vscode.languages.registerHoverProvider('*', provider);
    else if (!on && registration) {
      registration.dispose();
      registration = undefined;
    }
  };
  sync();
  context.subscriptions.push(services.onDidChange(sync), { dispose: () => registration?.dispose() });
  return provider;
}
