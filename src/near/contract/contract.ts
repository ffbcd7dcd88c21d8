// A deployed contract as NEAR Lens shows it: its methods (from its ABI when it has one, else from its code's exports),
// its NEP-330 source metadata, a one-line summary for the hover, and readable sentences for failed view calls.
// Pure: no `vscode`, no I/O. The pieces: wasm.ts (exports), abi.ts (+ zstd.ts), args.ts, values.ts.
import { badShape } from '../../base/errors';
import { isRecord } from '../../base/json';
import { sanitizeText } from '../../base/text';
import type { Abi } from './abi';
import { firstOfEach } from '../account';
import { compareNames } from './wasm';

export type MethodKind = 'view' | 'call' | 'unknown';

export interface ContractMethod {
  name: string;
  kind: MethodKind;
  /** From the ABI only: the parameters and their schemas (untrusted; see contractArgs.argFields). */
  params?: Array<{ name: string; schema?: unknown }>;
}

export interface SourceMetadata {
  version?: string;
  /** As published (clipped, one line). */
  link?: string;
  /** `link` when it is an http(s) URL, safe to open. */
  url?: string;
  standards: Array<{ standard: string; version: string }>;
}

export interface ContractInterface {
  codeHash: string;
  methods: ContractMethod[];
  abi?: Abi;
  source?: SourceMetadata;
}

const KIND_ORDER: Readonly<Record<MethodKind, number>> = { view: 0, call: 1, unknown: 2 };

/**
 * The methods of a contract: from its ABI when present (views first, then calls, each sorted by name), else from
 * its code's exported functions (kind 'unknown': the code does not say which ones only read).
 */
export function contractInterface(o: { codeHash: string; exports?: readonly string[]; abi?: Abi; source?: SourceMetadata }): ContractInterface {
  // An ABI that names a function twice keeps its first (a wasm export name is unique; the tree's ids are by name).
  const methods: ContractMethod[] = o.abi
    ? firstOfEach(o.abi.functions, (f) => f.name).map((f) => {
        const m: ContractMethod = { name: f.name, kind: f.kind };
        if (f.params) m.params = f.params.args.map((a) => (a.typeSchema === undefined ? { name: a.name } : { name: a.name, schema: a.typeSchema }));
        return m;
      })
    : [...new Set(o.exports ?? [])].map((name) => ({ name, kind: 'unknown' as const }));
  methods.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compareNames(a.name, b.name));
  const out: ContractInterface = { codeHash: o.codeHash, methods };
  if (o.abi) out.abi = o.abi;
  if (o.source) out.source = o.source;
  return out;
}

/** The view method of NEP-330. */
export const SOURCE_METADATA_METHOD = 'contract_source_metadata';
const MAX_STANDARDS = 32;

/**
 * NEP-330's `contract_source_metadata` result (`{version?, link?, standards?: [{standard, version}], build_info?}`),
 * untrusted: only strings are kept, each made one line and clipped; entries of another type are dropped.
 * Throws a bad-shape NearLensError when it is not a JSON object.
 */
export function parseSourceMetadata(json: unknown): SourceMetadata {
  if (!isRecord(json)) throw badShape('The contract source metadata (NEP-330) is not a JSON object.');
  const out: SourceMetadata = { standards: [] };
  const version = json['version'];
  if (typeof version === 'string' && version.trim()) out.version = sanitizeText(version, 60);
  const link = json['link'];
  if (typeof link === 'string' && link.trim()) {
    out.link = sanitizeText(link, 300);
    const url = webUrl(link.trim());
    if (url) out.url = url;
  }
  const standards = Array.isArray(json['standards']) ? json['standards'] : [];
  for (const s of standards.slice(0, MAX_STANDARDS)) {
    if (!isRecord(s) || typeof s['standard'] !== 'string' || !s['standard'].trim()) continue;
    const v = s['version'];
    out.standards.push({ standard: sanitizeText(s['standard'], 40), version: typeof v === 'string' ? sanitizeText(v, 20) : '' });
  }
  return out;
}

/** An http(s) URL without credentials, or undefined. */
function webUrl(text: string): string | undefined {
  if (text.length > 2000 || /\s/.test(text)) return undefined;
  try {
    const u = new URL(text);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** "nep141" / "NEP-141" / "nep-141" → "NEP-141"; anything else as given. */
export function standardName(standard: string): string {
  const m = /^nep-?(\d+)$/i.exec(standard.trim());
  return m ? `NEP-${Number(m[1])}` : standard;
}

/**
 * The parts of the hover's contract line: "Contract", "N methods", the standards ("NEP-141, NEP-148") and "source"
 * when the source metadata has a link (`link`: its URL when it is a web one). Plain text: the caller escapes.
 */
export function contractSummary(c: ContractInterface): { parts: string[]; link?: string } {
  const n = c.methods.length;
  const parts = ['Contract', `${n} method${n === 1 ? '' : 's'}`];
  const names = [...new Set((c.source?.standards ?? []).map((s) => standardName(s.standard)))];
  if (names.length) parts.push(names.join(', '));
  if (c.source?.link) parts.push('source');
  return c.source?.url ? { parts, link: c.source.url } : { parts };
}

/** "Contract · 12 methods · NEP-141, NEP-148 · source" (plain; the caller escapes). */
export const contractHoverLine = (c: ContractInterface): string => contractSummary(c).parts.join(' · ');

const WASM_TRAPS: Readonly<Record<string, string>> = {
  Unreachable: 'it reached an unreachable instruction, usually a Rust panic or abort',
  IncorrectCallIndirectSignature: 'an indirect call had the wrong signature',
  MemoryOutOfBounds: 'it accessed memory out of bounds',
  CallIndirectOOB: 'an indirect call was out of bounds',
  IllegalArithmetic: 'of an illegal arithmetic operation (such as a division by zero or an overflow)',
  MisalignedAtomicAccess: 'of a misaligned atomic access',
  IndirectCallToNull: 'an indirect call went to a null entry',
  StackOverflow: 'its stack overflowed',
  GenericTrap: 'of a WebAssembly trap',
};

/** The panic message inside `GuestPanic { panic_msg: "…" }` or after "Smart contract panicked: ". */
function panicMessage(err: string): string | undefined {
  const guest = /GuestPanic\s*\{\s*panic_msg:\s*"((?:[^"\\]|\\.)*)"/.exec(err);
  if (guest) return (guest[1] ?? '').replace(/\\(["\\])/g, '$1').replace(/\\n/g, ' ');
  return /Smart contract panicked:\s*([\s\S]*)$/.exec(err)?.[1];
}

/**
 * A sentence for `result.error` of a failed call_function (which arrives as a success, HTTP 200): no such method, no
 * contract, a state-changing host function in a view, a panic (with its message), a wasm trap, out of gas. The
 * contract id, method name and all text from the node are untrusted: made one line and clipped.
 */
export function callFunctionErrorMessage(contractId: string, method: string, errorText: string): string {
  const c = sanitizeText(contractId, 100);
  const m = sanitizeText(method, 100);
  // "get_x on guest-book.testnet": a method written after the id ("guest-book.testnet.get_x") reads as an account id.
  const call = `${m} on ${c}`;
  const err = String(errorText ?? '');
  if (/MethodNotFound/.test(err)) return `The contract ${c} has no method "${m}".`;
  if (/MethodEmptyName/.test(err)) return `No method name was given for the contract ${c}.`;
  if (/MethodInvalidSignature/.test(err)) return `The method "${m}" of ${c} cannot be called: its signature takes arguments or returns values directly.`;
  if (/CodeDoesNotExist/.test(err)) return `No contract is deployed on ${c}.`;
  const prohibited = /ProhibitedInView\s*\{\s*method_name:\s*"([^"]*)"/.exec(err);
  if (prohibited) {
    const host = sanitizeText(prohibited[1] ?? '', 60);
    return `${call} cannot run as a view call: it uses ${host}, which only a transaction may, so it is a change (call) method.`;
  }
  const panic = panicMessage(err);
  if (panic !== undefined) {
    const msg = sanitizeText(panic, 200);
    const hint = /deserializ|Failed to deserialize input|missing field|invalid type/i.test(panic)
      ? ' The arguments may not match what the method expects.'
      : '';
    return `${call} panicked: ${msg || '(no message)'}.${hint}`.replace(/\.\.( |$)/, '.$1');
  }
  const trap = /WasmTrap\(\s*(\w+)\s*\)/.exec(err);
  if (trap) {
    const name = trap[1] ?? 'GenericTrap';
    return `${call} stopped with a WebAssembly trap (${sanitizeText(name, 40)}) because ${WASM_TRAPS[name] ?? 'of a WebAssembly trap'}.`;
  }
  if (/GasLimitExceeded|GasExceeded|Exceeded the prepaid gas|Exceeded the maximum amount of gas/.test(err)) {
    return `${call} ran out of the gas a view call may use.`;
  }
  if (/CompilationError|PrepareError/.test(err)) return `The contract code on ${c} could not be compiled to run ${m}: ${sanitizeText(stripPrefix(err), 160)}.`;
  return `The call of ${call} failed: ${sanitizeText(stripPrefix(err), 200) || 'no reason given'}.`;
}

const stripPrefix = (err: string): string => err.replace(/^\s*wasm execution failed with error:\s*/i, '');
