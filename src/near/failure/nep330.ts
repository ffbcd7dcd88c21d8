// NEP-330 contract source metadata (`contract_source_metadata`) read for a failure: version, link, standards, and from
// cargo-near's build_info the contract's folder and the git revision it was built from. Pure: no `vscode`, no I/O;
// whoever deployed the contract wrote every field, so each is checked, made one line and clipped, and never throws.
import { parseSourceMetadata } from '../contract/contract';
import { isRecord } from '../../base/json';
import { sanitizeText } from '../../base/text';

export interface ContractSource {
  version?: string;
  /** As published (one line, clipped): shown, never opened without a click. */
  link?: string;
  /** build_info.contract_path: the contract's folder inside its repository ("contracts/game"). */
  contractPath?: string;
  /** The commit of build_info.source_code_snapshot (`git+https://…?rev=<sha>`), lower-case hex. */
  rev?: string;
  standards?: Array<{ standard: string; version: string }>;
}

const MAX_PATH = 200;
/** A commit id: an abbreviated or full SHA-1, or a SHA-256. Anything else is not used to name a revision. */
const REV = /^[0-9a-fA-F]{7,64}$/;

/** The metadata a contract gives, or undefined when the value is not an object or holds nothing usable. */
export function parseContractSourceMetadata(value: unknown): ContractSource | undefined {
  if (!isRecord(value)) return undefined;
  const out: ContractSource = {};
  try {
    const base = parseSourceMetadata(value);
    if (base.version) out.version = base.version;
    if (base.link) out.link = base.link;
    if (base.standards.length > 0) out.standards = base.standards;
  } catch {
    // Only a value that is not an object throws there, and that was refused above.
  }
  const build = value['build_info'];
  if (isRecord(build)) {
    const path = build['contract_path'];
    if (typeof path === 'string') {
      const p = sanitizeText(path, MAX_PATH);
      if (p && p !== '.' && p !== './') out.contractPath = p;
    }
    const rev = revOf(build['source_code_snapshot']);
    if (rev) out.rev = rev;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `git+https://github.com/org/repo?rev=4f1c2e9…` → "4f1c2e9…"; undefined when there is no hex `rev` parameter. */
export function revOf(snapshot: unknown): string | undefined {
  if (typeof snapshot !== 'string' || snapshot.length > 2000) return undefined;
  const q = snapshot.indexOf('?');
  if (q === -1) return undefined;
  for (const pair of snapshot
    .slice(q + 1)
    .split('#', 1)[0]
    ?.split('&') ?? []) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq) === 'rev' && REV.test(pair.slice(eq + 1))) return pair.slice(eq + 1).toLowerCase();
  }
  return undefined;
}
