// The balance panel's Transactions table, the host's side: loads on demand, pages of 20 read with
// the service's resume token (each page's records in one batch), filters as the service's `is_*` flags, a method's calls
// picked from the rows read, keep-last-good on a failure, a row opens Look Up Transaction; another network reads it
// again. panelHost.ts owns one per panel.
import vscode = require('vscode');
import { noteFailure } from '../../ui/slots';
import { readWhile, startHistory, TX_MAX_LIMIT, TX_PAGE_SIZE } from './model/txPaging';
import type { TxHistory } from './model/txPaging';
import { ALL_TXS, flagsOf, pickedRows, sameFilter, txTableView } from './model/txTableModel';
import { NO_PICK } from './model/txMethods';
import { COMMANDS } from '../../manifest';
import { noTxApi } from '../../near/networks';

import type { TxClient } from './model/txPaging';
import type { Services } from '../../platform/services';
import type { TxFilterView, TxHostMessage, TxPickView, TxRequest } from './protocol';

const NO_API = `${noTxApi()}: the account’s transactions cannot be listed here.`;

export class PanelTransactions implements vscode.Disposable {
  #filter: TxFilterView = ALL_TXS;
  #pick: TxPickView = NO_PICK;
  #history: TxHistory | undefined;
  /** The client the history was read with: another one (network or endpoints changed) starts over. */
  #client: TxClient | undefined;
  #page = 0;
  #loading = false;
  #error = '';
  #unavailable = '';
  #started = false;
  #generation = 0;
  /** The load in progress (or the last one), for tests. */
  current: Promise<void> = Promise.resolve();

  constructor(
    private readonly services: Services,
    private readonly accountId: string,
    private readonly post: (m: TxHostMessage) => void,
  ) {}

  dispose(): void {
    this.#generation++;
  }

  receive(m: TxRequest): void {
    if (m.type === 'openTx') {
      // Only a hash this table lists (the webview is a page: it could name anything).
      const network = this.#network();
      if (this.#history?.rows.some((r) => r.hash === m.hash)) void vscode.commands.executeCommand(COMMANDS.lookupTransaction, { hash: m.hash, network });
      return;
    }
    this.current = this.show(m.filter, m.page, m.reload, m.pick);
  }

  #network(): string | undefined {
    try {
      return this.services.clientForAccount(this.accountId).network;
    } catch {
      return undefined;
    }
  }

  /**
   * Posts the table again (after the webview reloaded), when it was ever asked for; on a network without a transactions
   * API, says so at once, so that no filter is offered that could never load.
   */
  repost(): void {
    if (this.#started) return this.#post();
    let api = true;
    try {
      api = this.services.clientForAccount(this.accountId).client.transactions.hasTransactionsApi;
    } catch {
      // an unusable network: the account's own load says why, and Show transactions says it again
    }
    this.#unavailable = api ? '' : NO_API;
    if (!api) this.#post();
  }

  /**
   * Other terms (network, endpoints, key): rows read under the old ones are not this network's, so none stays. A table
   * that was shown is read again from the newest row under the same filter (or says this network has no transactions
   * API); one never opened says again whether it can be.
   */
  networkChanged(): void {
    this.#generation++; // a page of the old network still on its way posts nothing
    this.#history = undefined;
    this.#client = undefined;
    this.#page = 0;
    this.#error = '';
    this.#loading = false;
    if (this.#started) {
      this.current = this.show(this.#filter, 0, true, this.#pick);
      return;
    }
    let api = true;
    try {
      api = this.services.clientForAccount(this.accountId).client.transactions.hasTransactionsApi;
    } catch {
      // an unusable network: the account's own load says why
    }
    this.#unavailable = api ? '' : NO_API;
    this.#post();
  }

  #post(): void {
    const { accountId } = this;
    const view = txTableView(
      {
        accountId,
        filter: this.#filter,
        pick: this.#pick,
        page: this.#page,
        loading: this.#loading,
        error: this.#error,
        unavailable: this.#unavailable,
        started: this.#started,
        ...(this.#history ? { history: this.#history } : {}),
      },
      Date.now(),
    );
    this.post({ type: 'txs', data: view });
  }

  /**
   * Page `page` of the history under `filter`: the pages up to it are read if they were not (20 rows and one records
   * batch each); `reload` or another filter starts from the newest again. A failure keeps what was shown, and says why.
   * `pick` (default: the one shown) keeps the rows read: with a method, pages are read until the page holds its calls,
   * at most TX_MAX_LIMIT rows more an ask (a method nobody calls must not read the whole history).
   */
  async show(filter: TxFilterView, page: number, reload: boolean, pick: TxPickView = this.#pick): Promise<void> {
    const gen = ++this.#generation;
    this.#started = true;
    let client: TxClient;
    try {
      client = this.services.clientForAccount(this.accountId).client;
    } catch (e) {
      this.#error = noteFailure((l) => this.services.log.warn(`balance panel: ${l}`), `transactions of ${this.accountId}`, e);
      return this.#post();
    }
    if (!client.transactions.hasTransactionsApi) {
      this.#unavailable = NO_API;
      this.#history = undefined;
      return this.#post();
    }
    this.#unavailable = '';
    const other = !sameFilter(filter, this.#filter) || client !== this.#client;
    if (other) this.#history = undefined; // another filter's rows are not this one's
    this.#filter = filter;
    this.#pick = pick;
    const base = reload || other || !this.#history ? startHistory(this.accountId, flagsOf(filter)) : this.#history;
    this.#loading = true;
    this.#post();
    try {
      const need = (page + 1) * TX_PAGE_SIZE;
      const cap = base.rows.length + TX_MAX_LIMIT;
      const more = (h: TxHistory): boolean => h.rows.length < need || (pick.method !== '' && h.rows.length < cap && pickedRows(h, filter, pick).length < need);
      const h = await readWhile(client, base, more, { fresh: reload });
      if (gen !== this.#generation) return;
      this.#history = h;
      this.#client = client;
      this.#page = page;
      this.#error = '';
    } catch (e) {
      if (gen !== this.#generation) return;
      this.#error = noteFailure((l) => this.services.log.warn(`balance panel: ${l}`), `transactions of ${this.accountId}`, e);
    }
    this.#loading = false;
    this.#post();
  }
}
