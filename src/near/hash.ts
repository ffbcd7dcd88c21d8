// A transaction hash (or receipt id, block hash): base58 of 32 bytes, 43 or 44 characters. Why a text is not one, said
// before anything is sent. Pure: no `vscode`, no I/O.
import { SECRET_REFUSED } from '../base/errors';
import { BASE58_RE, base58Decode } from './base58';
import { sanitizeText } from '../base/text';

/** Why `text` is not a 32-byte base58 hash (undefined: it is one). A secret key or a signature is named as such. */
export function hashError(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return 'Enter a transaction hash (base58, 43–44 characters).';
  if (/^(ed25519|secp256k1):/i.test(t)) return /^ed25519:[1-9A-HJ-NP-Za-km-z]{80,90}$/.test(t) ? SECRET_REFUSED : 'That is a key, not a transaction hash.';
  if (!BASE58_RE.test(t)) {
    const bad = [...t].find((c) => !BASE58_RE.test(c)) ?? '';
    const why = /[0OIl]/.test(bad) ? `"${bad}" is not in base58 (it has no 0, O, I or l)` : `"${sanitizeText(bad, 4)}" is not a base58 character`;
    return `Not a transaction hash: ${why}.`;
  }
  const bytes = base58Decode(t);
  if (!bytes || bytes.length !== 32) {
    // 64 bytes in base58 is a secret key's or a signature's size: never sent anywhere.
    if (bytes?.length === 64) return SECRET_REFUSED;
    return `Not a transaction hash: it decodes to ${bytes?.length ?? 'too many'} bytes, not 32.`;
  }
  return undefined;
}
