// A FunctionCall's arguments as a person reads them: a one-line preview for the hover, and pretty lines for the
// document with the yocto amounts they name read as NEAR and a token's amounts with its decimals where known. Pure: no
// `vscode`, no I/O; the arguments are whoever signed's text, so every line is clipped and made one line by the view.
import type { ActionModel } from '../../../client/transactions/actions';
import { formatTokenAmount, formatYoctoExact, isTokenDecimals } from '../../../near/amounts';

type FunctionCall = Extract<ActionModel, { kind: 'FunctionCall' }>;

/** A token's own unit, from its ft_metadata (only what was already read: a call's arguments cost no request). */
export interface TokenUnit {
  decimals: number;
  symbol: string;
}

/** One line of the pretty arguments: its nesting depth and its text. */
export interface ArgsLine {
  depth: number;
  text: string;
}

/** How much of the arguments the hover's action line shows. */
export const ARGS_PREVIEW = 80;
const MAX_LINES = 60;
const MAX_DEPTH = 8;
const MAX_VALUE = 300;

/** The arguments as one line, at most `max` characters ("…" past that); undefined when there are none to read. */
export function argsPreview(a: FunctionCall, max = ARGS_PREVIEW): string | undefined {
  const text = a.argsJson !== undefined ? JSON.stringify(a.argsJson) : a.argsText;
  if (text === undefined || text === '' || text === '{}') return undefined;
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

// A u128 in yocto is sent as a string of digits; 19 or more of them (0.00001 NEAR and up) under a key that names
// money is read as NEAR. Token amounts are read with the token's decimals only when its ft_metadata is known.
const YOCTO_KEY = /(?:^|_)(?:deposit|stake|yocto|near|amount|balance|price|attached|fee)(?:_|$)/i;
const TOKEN_KEY = /(?:^|_)(?:amount|balance)(?:_|$)/i;
const YOCTO_DIGITS = /^\d{19,40}$/;
const DIGITS = /^\d{1,40}$/;

/** What an amount under `key` reads as ("5 NEAR", "10.5 USDT"), or undefined when it names none. */
export function amountWords(key: string, value: unknown, token?: TokenUnit): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (token && isTokenDecimals(token.decimals) && TOKEN_KEY.test(key) && DIGITS.test(value)) {
    return `${formatTokenAmount(BigInt(value), token.decimals)} ${token.symbol.slice(0, 20)}`.trim();
  }
  if (YOCTO_KEY.test(key) && YOCTO_DIGITS.test(value)) return `${formatYoctoExact(BigInt(value))} NEAR`;
  return undefined;
}

/**
 * The arguments pretty, one JSON token a line as JSON.stringify's indentation would lay them out, each amount followed
 * by what it reads as; text arguments as their lines; nothing for none or binary ones. At most 60 lines.
 */
export function argsLines(a: FunctionCall, token?: TokenUnit): ArgsLine[] {
  if (a.argsJson === undefined) {
    if (!a.argsText) return [];
    const lines = a.argsText.split('\n').slice(0, MAX_LINES);
    return lines.map((text) => ({ depth: 0, text }));
  }
  if (isEmptyObject(a.argsJson)) return [];
  const out: ArgsLine[] = [];
  walk(a.argsJson, 0, '', '', token, out);
  if (out.length <= MAX_LINES) return out;
  return [...out.slice(0, MAX_LINES - 1), { depth: 0, text: `… ${out.length - MAX_LINES + 1} more lines` }];
}

const isEmptyObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;

const scalar = (v: unknown): string => {
  const s = JSON.stringify(v) ?? 'null';
  return s.length <= MAX_VALUE ? s : `${s.slice(0, MAX_VALUE - 1)}…`;
};

function walk(v: unknown, depth: number, head: string, tail: string, token: TokenUnit | undefined, out: ArgsLine[], key = ''): void {
  if (out.length > MAX_LINES) return;
  const isArray = Array.isArray(v);
  if (typeof v !== 'object' || v === null || depth >= MAX_DEPTH) {
    const words = amountWords(key, v, token);
    out.push({ depth, text: `${head}${scalar(v)}${tail}${words ? `  (${words})` : ''}` });
    return;
  }
  const entries: Array<[string, unknown]> = isArray ? (v as unknown[]).map((x) => ['', x]) : Object.entries(v);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    out.push({ depth, text: `${head}${open}${close}${tail}` });
    return;
  }
  out.push({ depth, text: `${head}${open}` });
  entries.forEach(([k, x], i) => {
    const comma = i < entries.length - 1 ? ',' : '';
    walk(x, depth + 1, isArray ? '' : `${JSON.stringify(k)}: `, comma, token, out, isArray ? key : k);
  });
  out.push({ depth, text: `${close}${tail}` });
}
