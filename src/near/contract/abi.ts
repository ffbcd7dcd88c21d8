// A contract's embedded ABI (near-abi, as cargo-near builds it): the zstd-compressed JSON that its `__contract_abi`
// export returns, checked and read into a typed Abi. Pure: no `vscode`, no I/O. The zstd decoder is passed in (or is
// zstd.ts's), so that the extension can load it lazily.
import { badShape } from '../../base/errors';
import type { NearLensError } from '../../base/errors';
import { isRecord } from '../../base/json';
import { sanitizeText } from '../../base/text';
import type * as Zstd from './zstd';
import type { Decompressor } from './zstd';
import { isZstd } from './zstdFrame';

/** The export of a cargo-near contract that returns its compressed ABI. */
export const ABI_METHOD = '__contract_abi';
/** The most ABI JSON NEAR Lens unpacks (real ones are tens of KB). */
export const MAX_ABI_BYTES = 4 * 1024 * 1024;
/** near-abi schema versions read here (major.minor; any patch). */
export const KNOWN_ABI_VERSIONS: readonly string[] = ['0.3', '0.4'];

export type SerializationType = 'json' | 'borsh';
export type FunctionKind = 'view' | 'call';

export interface AbiParam {
  name: string;
  /** A JSON Schema for `json` serialization, a borsh schema for `borsh`: untrusted, unchecked. */
  typeSchema: unknown;
}
export interface AbiFunction {
  name: string;
  kind: FunctionKind;
  /** e.g. `init`, `payable`, `private`. */
  modifiers: string[];
  doc?: string;
  params?: { serializationType: SerializationType; args: AbiParam[] };
  result?: { serializationType: SerializationType; typeSchema: unknown };
}
export interface AbiMetadata {
  name?: string;
  version?: string;
  authors: string[];
  build?: { compiler?: string; builder?: string; image?: string };
  wasmHash?: string;
}
export interface Abi {
  schemaVersion: string;
  metadata: AbiMetadata;
  functions: AbiFunction[];
  /** `body.root_schema`, whose `definitions` the `$ref`s of the functions' schemas point into. */
  rootSchema: Record<string, unknown>;
}

const abiError = (message: string): NearLensError => badShape(`The contract's ABI ${message}`);

/**
 * The Abi in the bytes that `__contract_abi` returned: a zstd frame of near-abi JSON. Throws a NearLensError when the
 * bytes are not zstd, the frame is corrupt or unpacks past `maxBytes`, the JSON is not JSON, the schema version is
 * not one of KNOWN_ABI_VERSIONS, or `body.functions` is missing.
 */
export function decodeAbi(bytes: Uint8Array, o: { decompress?: Decompressor; maxBytes?: number } = {}): Abi {
  if (!(bytes instanceof Uint8Array) || !isZstd(bytes)) {
    throw abiError('is not zstd-compressed (it does not start with the zstd magic bytes 28 b5 2f fd).');
  }
  // The default decoder is required here, not imported at the top, so that fzstd is loaded on first use only.
  const decompress = o.decompress ?? (require('./zstd') as typeof Zstd).zstdDecompress;
  const json = decompress(bytes, o.maxBytes ?? MAX_ABI_BYTES);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(json);
  } catch {
    throw abiError('is not UTF-8 text.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw abiError('is not JSON.');
  }
  return parseAbi(value);
}

/** The Abi in already-parsed near-abi JSON (as cargo-near also writes to `target/near/<name>_abi.json`). */
export function parseAbi(value: unknown): Abi {
  if (!isRecord(value)) throw abiError('is not a JSON object.');
  const version = value['schema_version'];
  if (typeof version !== 'string') throw abiError('has no schema_version.');
  const m = /^(\d+)\.(\d+)\.\d+$/.exec(version);
  if (!m || !KNOWN_ABI_VERSIONS.includes(`${m[1]}.${m[2]}`)) {
    throw abiError(`uses schema version ${sanitizeText(version, 24)}; NEAR Lens reads versions ${KNOWN_ABI_VERSIONS.map((v) => `${v}.x`).join(' and ')}.`);
  }
  const body = value['body'];
  const fns = isRecord(body) ? body['functions'] : undefined;
  if (!Array.isArray(fns)) throw abiError('has no body.functions list.');
  const root = isRecord(body) && isRecord(body['root_schema']) ? body['root_schema'] : {};
  return { schemaVersion: version, metadata: toMetadata(value['metadata']), functions: fns.map(toFunction), rootSchema: root };
}

const str = (v: unknown, max = 200): string | undefined => (typeof v === 'string' ? sanitizeText(v, max) : undefined);

/** Only the keys whose value is defined (so that an absent field stays absent). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function toMetadata(v: unknown): AbiMetadata {
  const r = isRecord(v) ? v : {};
  const b = r['build'];
  const authors = Array.isArray(r['authors']) ? r['authors'].filter((a): a is string => typeof a === 'string').map((a) => sanitizeText(a, 100)) : [];
  return defined<AbiMetadata>({
    name: str(r['name'], 100),
    version: str(r['version'], 40),
    authors: authors.slice(0, 20),
    build: isRecord(b) ? defined({ compiler: str(b['compiler']), builder: str(b['builder']), image: str(b['image']) }) : undefined,
    wasmHash: str(r['wasm_hash'], 100),
  });
}

function toSerialization(v: unknown, where: string): SerializationType {
  if (v === 'json' || v === 'borsh') return v;
  throw abiError(`has an unknown serialization type in ${where}.`);
}

function toFunction(v: unknown, i: number): AbiFunction {
  if (!isRecord(v) || typeof v['name'] !== 'string' || v['name'] === '') throw abiError(`has a function without a name (entry ${i + 1}).`);
  const name = v['name'];
  const where = `function ${sanitizeText(name, 80)}`;
  const kind = v['kind'];
  if (kind !== 'view' && kind !== 'call') throw abiError(`has an unknown kind for ${where} (expected view or call).`);
  const modifiers = Array.isArray(v['modifiers']) ? v['modifiers'].filter((x): x is string => typeof x === 'string') : [];
  const fn: AbiFunction = { name, kind, modifiers };
  const doc = str(v['doc'], 500);
  if (doc) fn.doc = doc;
  const p = v['params'];
  if (isRecord(p)) {
    const args = Array.isArray(p['args']) ? p['args'] : [];
    fn.params = {
      serializationType: toSerialization(p['serialization_type'], where),
      args: args.map((a, j): AbiParam => {
        if (!isRecord(a) || typeof a['name'] !== 'string') throw abiError(`has a parameter without a name in ${where} (parameter ${j + 1}).`);
        return { name: a['name'], typeSchema: a['type_schema'] };
      }),
    };
  }
  const r = v['result'];
  if (isRecord(r)) fn.result = { serializationType: toSerialization(r['serialization_type'], `the result of ${where}`), typeSchema: r['type_schema'] };
  return fn;
}
