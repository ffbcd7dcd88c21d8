// The webview's DOM helpers: elements built with createElement/textContent only (never innerHTML), tables, figures,
// ids and amounts. Runs in the webview: no `vscode` module, no Node.

export type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, ...children: Child[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

export function withTitle<T extends HTMLElement>(e: T, title: string): T {
  if (title) e.title = title;
  return e;
}

/** A table inside its own sideways scroller: a narrow panel scrolls the table rather than break a figure. */
export function table(caption: string, head: readonly string[], rows: ReadonlyArray<ReadonlyArray<Child>>): HTMLElement {
  const t = el('table');
  t.append(el('caption', undefined, caption));
  const tr = el('tr');
  for (const h of head) {
    // A blank head cell (over the row labels) is no header: a header must say something to a screen reader.
    const th = h ? el('th', undefined, h) : el('td');
    if (th instanceof HTMLTableCellElement && h) th.scope = 'col';
    tr.append(th);
  }
  t.append(el('thead', undefined, tr));
  const body = el('tbody');
  for (const r of rows) body.append(el('tr', undefined, ...r.map((c) => el('td', undefined, c))));
  t.append(body);
  const scroller = el('div', 'table-scroll', t);
  scroller.dataset['key'] = `table-${caption}`;
  scroller.tabIndex = 0; // reachable by keyboard, to scroll with the arrow keys
  scroller.setAttribute('role', 'region');
  scroller.setAttribute('aria-label', caption);
  return scroller;
}

/** A figure that never breaks over two lines (block heights, percentages). */
export const num = (text: string): HTMLElement => el('span', 'num', text);

/**
 * An id that keeps both ends when space is short: "f2c1608400…db613d1d82". The head shrinks with an ellipsis, the
 * tail stays; the full id is the title and is what gets copied (see the copy handler in panel.ts).
 */
export function idText(id: string): HTMLElement {
  const e = withTitle(el('span', 'id'), id);
  // The tail: the last parts from a dot (".bridge.near", 8–15 characters), else the last 10 characters.
  const dot = id.indexOf('.', id.length - 15);
  const cut = id.length <= 12 ? id.length : dot > 0 && id.length - dot >= 8 ? dot : id.length - 10;
  e.append(el('span', 'id-head', id.slice(0, cut)), el('span', 'id-tail', id.slice(cut)));
  // A double click selects the whole id, not only the half under the pointer.
  e.addEventListener('dblclick', () => {
    const range = document.createRange();
    range.selectNodeContents(e);
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
  });
  return e;
}

/** An amount, its exact digits when they differ, and a short note; `why` (the whole reason) as the cell's title. */
export function amountCell(value: string, exact: string, note?: string, why = ''): HTMLElement {
  const span = el('span', 'amount', value);
  const wrap = withTitle(el('span', undefined, span), why);
  if (exact && exact !== value) wrap.append(el('span', 'exact', exact));
  if (note) wrap.append(el('span', 'note', note));
  return wrap;
}

/**
 * A button that keeps its place for the keyboard: `key` finds it again after a redraw (panel.ts's show), and while
 * `waiting` it is aria-disabled rather than disabled — a disabled button drops the focus to the page.
 */
export function busy(b: HTMLButtonElement, key: string, waiting: boolean): HTMLButtonElement {
  b.type = 'button';
  b.dataset['key'] = key;
  if (waiting) b.setAttribute('aria-disabled', 'true');
  return b;
}

/** The page's failure: a banner a screen reader announces at once (role="alert"). */
export function alertBanner(message: string): HTMLElement {
  const banner = el('div', 'banner error', message);
  banner.setAttribute('role', 'alert');
  return banner;
}

/** Puts a redrawn page in place; the control that had the focus (by its data-key) has it again, so the keyboard keeps its place. */
export function showPage(app: HTMLElement, root: HTMLElement): void {
  const key = document.activeElement instanceof HTMLElement ? document.activeElement.dataset['key'] : undefined;
  app.replaceChildren(root);
  if (key) app.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus({ preventScroll: true });
}

/**
 * Copies ids whole: an id's head and tail are two boxes, which the browser's copied text would split with a line
 * break. While the selection's text is read, the ids lay out inline (a class on <body>, no paint in between).
 */
export function copyIdsWhole(): void {
  document.addEventListener('copy', (event: ClipboardEvent) => {
    const selection = document.getSelection();
    if (!selection || selection.isCollapsed || !event.clipboardData) return;
    document.body.classList.add('copying');
    const text = selection.toString();
    document.body.classList.remove('copying');
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
  });
}
