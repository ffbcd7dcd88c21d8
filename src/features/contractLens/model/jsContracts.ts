// The contract blocks of a near-sdk-js file (TypeScript or JavaScript): each `@NearBindgen({…}) class X` and its
// decorated methods — `@call({ privateFunction?, payableFunction? })`, `@view({})`, `@initialize({})`; a method without
// one of them is not exported. Pure: no `vscode`; one linear pass over the masked text.
import type { ContractBlock, ContractMethod } from './types';
import { Lines, atTopLevel, closing, maskJs, skipSpace } from './sourceText';

const BINDGEN = /@\s*NearBindgen\s*\(/g;
const EXPORTS = new Set(['call', 'view', 'initialize']);
const MODIFIERS = /^(?:(?:public|static|async|override|declare|readonly)\s+)*/;

/** Decorators from `at` on (`@name(…)` or `@name`): their names and argument texts, and where the member starts. */
function decorators(masked: string, at: number): { decos: Array<{ name: string; args: string }>; next: number } {
  const decos: Array<{ name: string; args: string }> = [];
  let i = skipSpace(masked, at);
  for (;;) {
    const m = /^@\s*([A-Za-z_$][\w$.]*)\s*/.exec(masked.slice(i, i + 200));
    if (!m) return { decos, next: i };
    let end = i + m[0].length;
    let args = '';
    if (masked[end] === '(') {
      const close = closing(masked, end);
      // The arguments' own text: a flag is `true` in code, never in a string, so the masked text decides which.
      args = masked.slice(end + 1, close - 1);
      end = close;
    }
    decos.push({ name: (m[1] ?? '').split('.').pop() ?? '', args });
    i = skipSpace(masked, end);
  }
}

const flagOn = (args: string, flag: string): boolean => new RegExp(`\\b${flag}\\s*:\\s*true\\b`).test(args);

/** The offsets of each `@` at the class body's own level: where its decorated members start (their next ones are skipped by the caller). */
function memberStarts(masked: string, open: number, close: number): number[] {
  const starts: number[] = [];
  atTopLevel(masked, open, close, (i, c, closed) => !closed && c === '@' && starts.push(i));
  return starts;
}

/** Every `@NearBindgen` class of a near-sdk-js file, in the file's order, with 0-based positions. */
export function jsContractBlocks(text: string): ContractBlock[] {
  const masked = maskJs(text);
  const lines = new Lines(text);
  const blocks: ContractBlock[] = [];
  // Where the last decorator run ended: a decorator inside it was read with it (a run of 100,000 is read once).
  let consumed = 0;
  for (const m of masked.matchAll(BINDGEN)) {
    const decoStart = m.index;
    if (decoStart < consumed) continue;
    const { next } = decorators(masked, decoStart);
    consumed = next;
    const head = /^(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)?[^{]*\{/.exec(masked.slice(next, next + 1000));
    if (!head) continue;
    const open = next + head[0].length - 1;
    const close = closing(masked, open);
    const methods: ContractMethod[] = [];
    let member = open;
    for (const start of memberStarts(masked, open, close)) {
      // The next decorators of a member were read with its first.
      if (start < member) continue;
      const read = decorators(masked, start);
      member = read.next;
      const decos = read.decos;
      const exported = decos.find((d) => EXPORTS.has(d.name));
      if (!exported) continue;
      const mods = MODIFIERS.exec(masked.slice(member, member + 100))?.[0].length ?? 0;
      const name = /^([A-Za-z_$][\w$]*)\s*(?:<[^>]*>\s*)?\(/.exec(masked.slice(member + mods, member + mods + 300));
      if (!name) continue;
      const pos = lines.at(member + mods);
      methods.push({
        name: name[1] ?? '',
        line: pos.line,
        character: pos.character,
        view: exported.name === 'view',
        private: exported.name === 'call' && flagOn(exported.args, 'privateFunction'),
        payable: exported.name === 'call' && flagOn(exported.args, 'payableFunction'),
        init: exported.name === 'initialize',
      });
    }
    blocks.push({ line: lines.at(decoStart).line, name: head[1] ?? 'default', methods });
  }
  return blocks;
}
