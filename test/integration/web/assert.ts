// `node:assert/strict` for the web run of the in-editor suite (a Web Worker has no Node `assert`): the calls the suite
// makes (ok, equal, notEqual, deepEqual, match, doesNotMatch, rejects) with Node's strict meanings. scripts/build-tests.mjs
// puts it in place of `node:assert/strict` in the web bundle only.

export class AssertionError extends Error {
  override name = 'AssertionError';
}

const show = (v: unknown): string => {
  try {
    return typeof v === 'string'
      ? JSON.stringify(v)
      : typeof v === 'bigint'
        ? `${v}n`
        : (JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x)) ?? String(v));
  } catch {
    return String(v);
  }
};

function fail(message: string | Error | undefined, fallback: string): never {
  if (message instanceof Error) throw message;
  throw new AssertionError(message ?? fallback);
}

/** Node's isDeepStrictEqual for the values tests compare: primitives (Object.is), arrays, plain objects, Maps, Sets, Dates, RegExps, typed arrays. */
function deepStrictEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof RegExp) return String(a) === String(b);
  if (ArrayBuffer.isView(a)) {
    const x = a as unknown as ArrayLike<unknown>;
    const y = b as unknown as ArrayLike<unknown>;
    return x.length === y.length && Array.from(x).every((v, i) => Object.is(v, y[i]));
  }
  if (a instanceof Map) {
    const m = b as Map<unknown, unknown>;
    return a.size === m.size && [...a].every(([k, v]) => m.has(k) && deepStrictEqual(v, m.get(k)));
  }
  if (a instanceof Set) {
    const t = b as Set<unknown>;
    return a.size === t.size && [...a].every((v) => t.has(v));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepStrictEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function ok(value: unknown, message?: string | Error): asserts value {
  if (!value) fail(message, `The expression evaluated to a falsy value: ${show(value)}`);
}

function equal<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
  if (!Object.is(actual, expected)) fail(message, `Expected values to be strictly equal:\n${show(actual)} !== ${show(expected)}`);
}

function notEqual(actual: unknown, expected: unknown, message?: string | Error): void {
  if (Object.is(actual, expected)) fail(message, `Expected "actual" to be strictly unequal to: ${show(expected)}`);
}

function deepEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
  if (!deepStrictEqual(actual, expected)) fail(message, `Expected values to be strictly deep-equal:\n${show(actual)}\n!==\n${show(expected)}`);
}

function match(text: string, re: RegExp, message?: string | Error): void {
  if (typeof text !== 'string' || !re.test(text)) fail(message, `The input did not match the regular expression ${String(re)}. Input: ${show(text)}`);
}

function doesNotMatch(text: string, re: RegExp, message?: string | Error): void {
  if (typeof text !== 'string' || re.test(text))
    fail(message, `The input was expected to not match the regular expression ${String(re)}. Input: ${show(text)}`);
}

type Expected = RegExp | ((e: unknown) => boolean) | (new (...args: never[]) => unknown) | Record<string, unknown>;

async function rejects(block: Promise<unknown> | (() => Promise<unknown>), expected?: Expected | string, message?: string): Promise<void> {
  let error: unknown;
  let threw = false;
  try {
    await (typeof block === 'function' ? block() : block);
  } catch (e) {
    error = e;
    threw = true;
  }
  if (!threw) fail(typeof expected === 'string' ? expected : message, 'Missing expected rejection.');
  if (expected === undefined || typeof expected === 'string') return;
  if (expected instanceof RegExp) {
    if (!expected.test(String(error instanceof Error ? `${error.name}: ${error.message}` : error)) && !expected.test(String((error as Error)?.message)))
      fail(message, `The error did not match ${String(expected)}: ${String((error as Error)?.message ?? error)}`);
    return;
  }
  if (typeof expected === 'function') {
    if (expected.prototype !== undefined && error instanceof (expected as new () => unknown)) return;
    if (Object.prototype.isPrototypeOf.call(Error, expected)) fail(message, `The error is not an instance of ${expected.name}`);
    if ((expected as (e: unknown) => boolean)(error) !== true) fail(message, 'The validation function did not return true');
    return;
  }
  for (const [k, v] of Object.entries(expected)) {
    const got = (error as Record<string, unknown>)?.[k];
    if (v instanceof RegExp ? !(typeof got === 'string' && v.test(got)) : !deepStrictEqual(got, v))
      fail(message, `The error's ${k} is ${show(got)}, expected ${show(v)}`);
  }
}

const assert = Object.assign(ok, {
  ok,
  equal,
  strictEqual: equal,
  notEqual,
  notStrictEqual: notEqual,
  deepEqual,
  deepStrictEqual: deepEqual,
  match,
  doesNotMatch,
  rejects,
  AssertionError,
});
export default assert;
export { ok, equal, notEqual, deepEqual, match, doesNotMatch, rejects };
