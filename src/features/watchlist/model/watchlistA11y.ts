// What a screen reader says for each watchlist node: one sentence (or two) built from the node's kind, label and
// description — "Balance of alice.near: 1,000 NEAR." rather than the row's "Balance  1,000 NEAR". Pure: no `vscode`.
// A node kind added later reads "<label>: <description>." unless it sets its own `a11y` text or gets a case here.
import { ITEM_CONTEXT } from '../../../manifest';
import type { WatchNode } from './watchlistNodes';

const METHOD_CONTEXTS: readonly string[] = [ITEM_CONTEXT.viewMethod, ITEM_CONTEXT.callMethod, ITEM_CONTEXT.unknownMethod];

/** "a · b" (the rows' separator) as "a, b". */
function spoken(text: string): string {
  return text.replace(/\s+·\s+/g, ', ').trim();
}
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
/** Ends the text with a full stop unless it already ends a sentence (".", "…", "!", "?"). */
const stop = (s: string): string => (/[.…!?]$/.test(s) ? s : `${s}.`);
/** Sentences joined with spaces, each ended, the ones after the first capitalised (the first may start with an id,
 * written as it is); empty parts left out. */
const sentences = (...parts: Array<string | undefined | false>): string =>
  parts
    .filter((p): p is string => !!p && p.trim() !== '')
    .map((p, i) => stop(i === 0 ? spoken(p) : cap(spoken(p))))
    .join(' ');

/** "Fungible tokens (3)" → ["Fungible tokens", 3]; a label without a count → [label, undefined]. */
function counted(label: string): [name: string, count: number | undefined] {
  const m = /^(.*\S)\s+\((\d+)\)$/.exec(label);
  return m ? [m[1]!, Number(m[2])] : [label, undefined];
}

/** The account's row: its total, or why there is none ("loading…", "failed", "invalid id", "no such account"). */
function accountSentence(n: WatchNode): string {
  const d = spoken(n.description ?? '');
  const [first = '', ...rest] = d.split(', ');
  if (/NEAR$/.test(first)) return sentences(`${n.label}, ${first} owned in total`, ...rest);
  const why: Record<string, string> = { 'loading…': 'loading', failed: 'could not be loaded', 'invalid id': 'not a valid account id' };
  return sentences(`${n.label}, ${why[first] ?? first}`, ...rest);
}

/** The accessibility label of a watchlist node (`accessibilityInformation.label` of its TreeItem). */
export function accessibilityLabel(n: WatchNode): string {
  if (n.a11y) return n.a11y;
  const desc = n.description ?? '';
  const of = `of ${n.accountId}`;
  switch (n.kind) {
    case 'account':
      return accountSentence(n);
    case 'group': {
      const [name, count] = counted(n.label);
      return sentences(`${name} ${of}${count === undefined ? '' : `: ${count}`}`, desc);
    }
    case 'field':
      // A contract's method: its arguments ("(account_id)") as words.
      if (METHOD_CONTEXTS.includes(n.contextValue)) return sentences(`Method ${n.label}${desc.startsWith('(') ? `, arguments ${desc.slice(1, -1)}` : ''}`);
      // A contract's line (code, standards, source) reads without "of": "Code deployed: <hash>."
      if (n.id.startsWith(`${n.accountId}/contract/`)) return sentences(desc ? `${n.label}: ${desc}` : n.label);
      return sentences(desc ? `${n.label} ${of}: ${desc}` : `${n.label} ${of}`);
    case 'token':
      return sentences(`Token ${n.label}${desc ? `: ${desc}` : ''}`);
    case 'publisher':
      return sentences(`NFT publisher ${n.label}${desc ? `: ${desc}` : ''}`);
    case 'nft':
      return sentences(`NFT collection ${n.label}${desc ? `, ${desc}` : ''}`);
    case 'pool':
      return sentences(`Staking pool ${n.label}${desc ? `: ${desc}` : ''}`);
    case 'key':
      return desc === 'full access' ? sentences(`Full-access key ${n.label}`) : sentences(`Function-call key for ${n.label}: ${desc || 'any method'}`);
    case 'loading':
      return sentences(`Loading ${n.id.includes('/contract/') ? `the contract ${of}` : `${n.accountId}`}`);
    case 'error':
      return sentences(`${n.icon === 'warning' ? 'Warning' : 'Error'} for ${n.accountId}: ${n.label}`, desc);
    case 'missing':
    case 'info':
    default:
      return sentences(desc ? `${n.label}: ${desc}` : n.label);
  }
}
