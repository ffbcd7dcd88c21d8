// The one guard every webview message passes, in both directions: an object with exactly the expected own fields,
// each passing its check. A webview is a page that could post anything, and the host's messages are checked before
// anything is drawn. Pure: no `vscode`, no DOM, no Node (webview scripts import it).

/** A check of one value. */
export type Check = (v: unknown) => boolean;

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An object's own enumerable field, else undefined: an inherited `type` (Object.create({type:'ready'})) is not a message
 * field, and a hidden one is not either (Object.keys, which lists the fields, does not see it).
 */
export const fieldOf = (v: unknown, k: string): unknown => (isRec(v) && Object.prototype.propertyIsEnumerable.call(v, k) ? v[k] : undefined);

/** An object with exactly these own fields (no others), each passing its check; a field whose check takes undefined is optional. */
export function exactly(checks: Readonly<Record<string, Check>>): Check {
  const entries = Object.entries(checks);
  return (v) => isRec(v) && Object.keys(v).every((k) => Object.prototype.hasOwnProperty.call(checks, k)) && entries.every(([k, check]) => check(fieldOf(v, k)));
}

/** One of these values (a message's `type`, an enum). */
export const oneOf =
  (...values: readonly unknown[]): Check =>
  (v) =>
    values.includes(v);

const MAX_TEXT = 10_000;

/** A string of bounded length: every text in a message. */
export function isStr(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_TEXT;
}

export const isBool: Check = (v) => typeof v === 'boolean';

/** A whole number from 0 to `max`. */
export const count =
  (max: number): Check =>
  (v) =>
    Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max;

/** A list of at most `max` items, each passing `item`. */
export const list =
  (item: Check, max = 5000): Check =>
  (v) =>
    Array.isArray(v) && v.length <= max && v.every(item);

/** `exactly` from space-separated names: strings, then numbers and booleans (also space-separated), then any other checks. */
export function spec(strings: string, numbers = '', booleans = '', more: Readonly<Record<string, Check>> = {}): Check {
  const out: Record<string, Check> = {};
  const add = (names: string, check: Check): void => names.split(' ').forEach((n) => n && (out[n] = check));
  add(strings, isStr);
  add(numbers, (v) => typeof v === 'number' && Number.isFinite(v));
  add(booleans, isBool);
  return exactly({ ...out, ...more });
}
