// The contract blocks of a Rust file: each `#[near]` / `#[near_bindgen]` impl block (a trait's impl too) and its
// exported methods — `pub fn` (every fn of a trait impl), a view by `&self`, a call by `&mut self`, `self` or no self.
// A `#[near(contract_state)]` struct is no impl block. Pure: no `vscode`; one linear pass over the masked text.
import type { ContractBlock, ContractMethod } from './types';
import { Lines, closing, maskRust, skipSpace, topLevelStarts } from './sourceText';

const NEAR_ATTRIBUTE = /#\s*\[\s*(?:near_sdk\s*::\s*)?(?:near_bindgen|near)\b/g;

/** Attributes from `at` on: their texts (masked: no string's contents) and where the item after them starts. */
function attributes(masked: string, at: number): { attrs: string[]; next: number } {
  const attrs: string[] = [];
  let i = skipSpace(masked, at);
  for (;;) {
    const m = /^#\s*\[/.exec(masked.slice(i, i + 8));
    if (!m) return { attrs, next: i };
    const end = closing(masked, i + m[0].length - 1);
    attrs.push(masked.slice(i, end));
    i = skipSpace(masked, end);
  }
}

/** The type an impl header is for: `impl<T> Trait<T> for Game<T> where …` → "Game". */
function implName(header: string): { name: string; trait: boolean } {
  let h = header.trim();
  if (h.startsWith('<')) {
    let depth = 0;
    let i = 0;
    for (; i < h.length; i++) {
      if (h[i] === '<') depth++;
      else if (h[i] === '>' && h[i - 1] !== '-' && --depth === 0) break;
    }
    h = h.slice(i + 1);
  }
  h = h.split(/\bwhere\b/)[0] ?? '';
  const parts = h.split(/\bfor\b/);
  const type = (parts[parts.length - 1] ?? '').trim();
  const path = type.split('<')[0] ?? '';
  const name = (path.split('::').pop() ?? '').replace(/[^\w]/g, '');
  return { name: name || type.slice(0, 100), trait: parts.length > 1 };
}

/** A method item at `at` (its attributes first), or undefined when the item is no exported fn. */
function methodAt(masked: string, at: number, trait: boolean, lines: Lines): ContractMethod | undefined {
  const { attrs, next } = attributes(masked, at);
  const head = /^(pub(?:\s*\([^)]*\))?\s+)?(?:(?:const|async|unsafe|default|extern(?:\s*"[^"]*")?)\s+)*fn\s+(r#)?([A-Za-z_]\w*)/.exec(
    masked.slice(next, next + 300),
  );
  if (!head) return undefined;
  // `pub(crate)` is not exported; a trait's methods have no `pub` and are.
  const pub = head[1] !== undefined && !head[1].includes('(');
  if (!pub && !trait) return undefined;
  const nameAt = next + head[0].length - (head[3]?.length ?? 0);
  const paren = masked.indexOf('(', nameAt);
  const brace = masked.indexOf('{', nameAt);
  const params = paren === -1 || (brace !== -1 && brace < paren) ? '' : masked.slice(paren + 1, closing(masked, paren) - 1);
  const first = (params.split(',')[0] ?? '').replace(/\s+/g, ' ').trim();
  const mutSelf = /^&\s*(?:'\w+\s+)?mut self\b/.test(first) || /^(?:mut )?self\b/.test(first);
  const refSelf = !mutSelf && /^&\s*(?:'\w+\s*)?self\b/.test(first);
  const flag = (f: 'private' | 'payable' | 'init'): boolean => attrs.some((a) => new RegExp(`^#\\s*\\[\\s*${f}\\b`).test(a));
  const init = flag('init');
  const pos = lines.at(nameAt);
  return {
    name: head[3] ?? '',
    line: pos.line,
    character: pos.character,
    view: refSelf && !init,
    private: flag('private'),
    payable: flag('payable'),
    init,
  };
}

/** Every `#[near]` / `#[near_bindgen]` impl block of a Rust file, in the file's order, with 0-based positions. */
export function rustContractBlocks(text: string): ContractBlock[] {
  const masked = maskRust(text);
  const lines = new Lines(text);
  const blocks: ContractBlock[] = [];
  // Where the last attribute run ended: an attribute inside it was read with it (a run of 100,000 is read once).
  let consumed = 0;
  for (const m of masked.matchAll(NEAR_ATTRIBUTE)) {
    const attrStart = m.index;
    if (attrStart < consumed) continue;
    const { next } = attributes(masked, attrStart);
    consumed = next;
    const impl = /^(?:unsafe\s+)?impl\b/.exec(masked.slice(next, next + 20));
    if (!impl) continue;
    const open = masked.indexOf('{', next);
    const semi = masked.indexOf(';', next);
    if (open === -1 || (semi !== -1 && semi < open)) continue;
    const { name, trait } = implName(masked.slice(next + impl[0].length, open));
    const close = closing(masked, open);
    const methods: ContractMethod[] = [];
    for (const start of topLevelStarts(masked, open, close)) {
      const method = methodAt(masked, start, trait, lines);
      if (method) methods.push(method);
    }
    blocks.push({ line: lines.at(attrStart).line, name, methods });
  }
  return blocks;
}
