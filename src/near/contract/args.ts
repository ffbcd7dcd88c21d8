// The arguments of a contract method, one field per ABI parameter: a type a person can read, and what they type
// turned into the JSON value the method expects (or a clear error). Pure: no `vscode`, no I/O.
import { invalidInput } from '../../base/errors';
import { isRecord } from '../../base/json';
import { sanitizeText } from '../../base/text';
import type { AbiFunction } from './abi';
import { accountIdError } from '../ids';

/** What a field's text becomes. `digits`: a JSON string of an integer (near-sdk's U128/U64/I128/I64). */
export type ArgType =
  | { t: 'string'; account?: boolean; oneOf?: string[] }
  | { t: 'digits'; name: string; signed: boolean; bits: 64 | 128 }
  | { t: 'integer'; min?: number; max?: number }
  | { t: 'number' }
  | { t: 'boolean' }
  | { t: 'object' }
  | { t: 'array' }
  | { t: 'json' };

export interface ArgField {
  name: string;
  /** e.g. "U128 (string of digits)", "AccountId", "whole number (u32)", "FungibleTokenMetadata (JSON object)". */
  label: string;
  /** False when the parameter may be left out (an Option: its schema accepts null). */
  required: boolean;
  type: ArgType;
}

const DIGIT_TYPES: Readonly<Record<string, { signed: boolean; bits: 64 | 128 }>> = {
  U128: { signed: false, bits: 128 },
  U64: { signed: false, bits: 64 },
  I128: { signed: true, bits: 128 },
  I64: { signed: true, bits: 64 },
  NearToken: { signed: false, bits: 128 },
  Balance: { signed: false, bits: 128 },
  Gas: { signed: false, bits: 64 },
  NearGas: { signed: false, bits: 64 },
};
const INT_FORMATS: Readonly<Record<string, [number, number]>> = {
  uint8: [0, 255],
  int8: [-128, 127],
  uint16: [0, 65535],
  int16: [-32768, 32767],
  uint32: [0, 4294967295],
  int32: [-2147483648, 2147483647],
};

/**
 * One field per parameter of a JSON-serialised ABI function (none when it takes no arguments). `$ref`s are resolved
 * in `rootSchema.definitions`. Throws for a Borsh-serialised function: its arguments are not JSON.
 */
export function argFields(fn: AbiFunction, rootSchema: unknown): ArgField[] {
  if (!fn.params) return [];
  if (fn.params.serializationType === 'borsh') {
    throw invalidInput(`${sanitizeText(fn.name, 80)} takes Borsh-encoded arguments; NEAR Lens can only build JSON arguments.`);
  }
  const defs = isRecord(rootSchema) && isRecord(rootSchema['definitions']) ? rootSchema['definitions'] : {};
  return fn.params.args.map((a) => ({ name: a.name, ...describe(a.typeSchema, defs) }));
}

interface Described {
  label: string;
  required: boolean;
  type: ArgType;
}

/** The name a `$ref` points at ("#/definitions/U128" → "U128"). */
const refName = (ref: unknown): string | undefined => (typeof ref === 'string' ? /^#\/(?:definitions|\$defs)\/(.+)$/.exec(ref)?.[1] : undefined);

function describe(schema: unknown, defs: Record<string, unknown>): Described {
  let s = schema;
  let name: string | undefined;
  let required = true;
  for (let depth = 0; depth < 32; depth++) {
    if (!isRecord(s)) break;
    const ref = refName(s['$ref']);
    const wrap = (['allOf', 'anyOf', 'oneOf'] as const).map((k) => s && isRecord(s) && s[k]).find(Array.isArray);
    if (ref !== undefined) {
      name = ref;
      s = defs[ref];
      continue;
    }
    if (wrap) {
      const rest = wrap.filter((x) => !(isRecord(x) && x['type'] === 'null'));
      if (rest.length < wrap.length) required = false;
      if (rest.length === 1) {
        s = rest[0];
        continue;
      }
      const variants = rest.map((x) => (isRecord(x) && x['type'] === 'string' && Array.isArray(x['enum']) ? x['enum'] : undefined));
      if (variants.every((v) => v !== undefined)) s = { type: 'string', enum: variants.flat() };
      else return { label: `${name ? `${name} ` : ''}(JSON, one of ${rest.length} shapes)`, required, type: { t: 'json' } };
      continue;
    }
    break;
  }
  if (!isRecord(s)) return { label: name ? `${name} (JSON)` : 'JSON', required, type: { t: 'json' } };
  let t = s['type'];
  if (Array.isArray(t)) {
    const rest = t.filter((x) => x !== 'null');
    if (rest.length < t.length) required = false;
    t = rest.length === 1 ? rest[0] : undefined;
  }
  // Own keys only: an ABI's names come from whoever deployed the contract (`constructor`, `toString` are not types).
  const digits = name !== undefined && Object.hasOwn(DIGIT_TYPES, name) ? DIGIT_TYPES[name] : undefined;
  if (t === 'string' && digits && name) return { label: `${name} (string of digits)`, required, type: { t: 'digits', name, ...digits } };
  if (t === 'string') {
    const oneOf = Array.isArray(s['enum']) ? s['enum'].filter((x): x is string => typeof x === 'string') : undefined;
    if (oneOf?.length) return { label: `${name ?? 'string'}: one of ${oneOf.join(', ')}`, required, type: { t: 'string', oneOf } };
    if (name === 'AccountId') return { label: 'AccountId', required, type: { t: 'string', account: true } };
    return { label: name ? `${name} (string)` : 'string', required, type: { t: 'string' } };
  }
  if (t === 'integer') {
    const format = typeof s['format'] === 'string' ? s['format'] : undefined;
    const [fmin, fmax] = (format && Object.hasOwn(INT_FORMATS, format) && INT_FORMATS[format]) || [format?.startsWith('uint') ? 0 : undefined, undefined];
    const min = typeof s['minimum'] === 'number' ? Math.max(s['minimum'], fmin ?? -Infinity) : fmin;
    const type: ArgType = { t: 'integer', ...(min !== undefined ? { min } : {}), ...(fmax !== undefined ? { max: fmax } : {}) };
    const short = format?.replace(/^uint/, 'u').replace(/^int/, 'i');
    return { label: `whole number${short ? ` (${short})` : ''}`, required, type };
  }
  if (t === 'number') return { label: 'number', required, type: { t: 'number' } };
  if (t === 'boolean') return { label: 'boolean (true or false)', required, type: { t: 'boolean' } };
  if (t === 'object') return { label: `${name ?? 'object'} (JSON object)`, required, type: { t: 'object' } };
  if (t === 'array') {
    const items = s['items'];
    const inner = isRecord(items) ? describe(items, defs).label.replace(/ \(.*\)$/, '') : undefined;
    return { label: `${name ? `${name}: ` : ''}list${inner ? ` of ${inner}` : ''} (JSON array)`, required, type: { t: 'array' } };
  }
  if (t === 'null') return { label: 'null', required: false, type: { t: 'json' } };
  return { label: name ? `${name} (JSON)` : 'JSON', required, type: { t: 'json' } };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The JSON value of what was typed into a field. String fields take the text as typed (an AccountId is checked);
 * digit strings may be typed with or without quotes; objects, arrays and untyped fields take JSON. An empty text is
 * `null` for an optional field, `""` for a required string, and an error otherwise.
 */
export function parseArgValue(field: ArgField, text: string): unknown {
  const name = sanitizeText(field.name, 60);
  const fail = (what: string): never => {
    throw invalidInput(`${name}: ${what}`);
  };
  const ty = field.type;
  const trimmed = text.trim();
  if (trimmed === '' && !(ty.t === 'string' && field.required && !ty.account && !ty.oneOf)) {
    if (!field.required) return null;
    return fail('a value is required.');
  }
  switch (ty.t) {
    case 'string': {
      if (ty.account) {
        const why = accountIdError(trimmed);
        return why ? fail(`expected a NEAR account id (${why}).`) : trimmed;
      }
      if (ty.oneOf && !ty.oneOf.includes(trimmed)) return fail(`expected one of ${ty.oneOf.map((x) => sanitizeText(x, 40)).join(', ')}.`);
      return ty.oneOf ? trimmed : text;
    }
    case 'digits': {
      const s = /^"(.*)"$/.exec(trimmed)?.[1] ?? trimmed;
      const ok = ty.signed ? /^-?\d+$/.test(s) : /^\d+$/.test(s);
      if (!ok) return fail(`expected a string of digits (${ty.name}).`);
      const n = BigInt(s);
      const limit = 1n << BigInt(ty.signed ? ty.bits - 1 : ty.bits);
      if (n >= limit || n < (ty.signed ? -limit : 0n)) return fail(`the number is out of range for ${ty.name}.`);
      return n.toString();
    }
    case 'integer': {
      if (!/^-?\d+$/.test(trimmed)) return fail('expected a whole number.');
      const n = Number(trimmed);
      if (!Number.isSafeInteger(n)) return fail('the number is too large to send exactly (at most 9007199254740991).');
      if (ty.min !== undefined && n < ty.min) return fail(`expected a whole number of at least ${ty.min}.`);
      if (ty.max !== undefined && n > ty.max) return fail(`expected a whole number of at most ${ty.max}.`);
      return n;
    }
    case 'number': {
      const n = Number(trimmed);
      return /^-?(\d+(?:\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(trimmed) && Number.isFinite(n) ? n : fail('expected a number.');
    }
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : fail('expected true or false.');
    case 'object':
    case 'array':
    case 'json': {
      const r = parseJson(trimmed);
      if (!r.ok) return fail(`expected JSON${ty.t === 'object' ? ' (an object in braces)' : ty.t === 'array' ? ' (a list in brackets)' : ''}.`);
      if (ty.t === 'object' && !isRecord(r.value)) return fail('expected a JSON object (in braces).');
      if (ty.t === 'array' && !Array.isArray(r.value)) return fail('expected a JSON array (in brackets).');
      return r.value;
    }
  }
}

/**
 * The arguments object of a call: each field's parsed value by name; an optional field left empty is left out.
 * Throws the first field's error.
 */
export function buildArgs(fields: readonly ArgField[], texts: Readonly<Record<string, string | undefined>>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const f of fields) {
    const text = Object.prototype.hasOwnProperty.call(texts, f.name) ? (texts[f.name] ?? '') : '';
    if (!f.required && text.trim() === '') continue;
    Object.defineProperty(args, f.name, { value: parseArgValue(f, text), enumerable: true, writable: true, configurable: true });
  }
  return args;
}
