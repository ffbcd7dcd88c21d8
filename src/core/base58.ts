// Base58 (Bitcoin alphabet, as NEAR keys use it) for keys of a few dozen bytes. Pure: no `vscode`, no I/O.
// Same results as @scure/base's base58 (a unit test checks them against each other): one leading '1' per leading
// zero byte; input over 4096 characters is refused, like there (decoding is quadratic).

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 58; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/** The bytes of a base58 string, or undefined when it has a character outside the alphabet (or is too long). */
export function base58Decode(text: string): Uint8Array | undefined {
  const n = text.length;
  if (n > 4096) return undefined;
  let zeros = 0;
  while (text.charCodeAt(zeros) === 49 /* 1 */) zeros++;
  // 16-bit limbs, little-endian, fed five digits at a time: 58^5 × 2^16 stays exact in a double.
  const limbs = new Uint16Array(Math.ceil((n * 6) / 16) + 1);
  let used = 0;
  for (let i = 0; i < n; ) {
    let carry = 0;
    let factor = 1;
    for (const end = Math.min(n, i + 5); i < end; i++) {
      const d = DIGIT[text.charCodeAt(i)] ?? -1;
      if (d < 0) return undefined;
      carry = carry * 58 + d;
      factor *= 58;
    }
    for (let k = 0; k < used; k++) {
      carry += (limbs[k] as number) * factor;
      limbs[k] = carry; // & 0xffff
      carry = Math.floor(carry / 65536);
    }
    for (; carry > 0; carry = Math.floor(carry / 65536)) limbs[used++] = carry;
  }
  const size = used === 0 ? 0 : used * 2 - ((limbs[used - 1] as number) < 256 ? 1 : 0);
  const out = new Uint8Array(zeros + size);
  for (let k = 0, j = out.length - 1; k < used; k++) {
    out[j--] = limbs[k] as number; // low byte
    if (j >= zeros) out[j--] = (limbs[k] as number) >> 8;
  }
  return out;
}

export function base58Encode(bytes: Uint8Array): string {
  const digits: number[] = []; // little-endian
  for (const b of bytes) {
    let carry = b;
    for (let k = 0; k < digits.length; k++) {
      carry += (digits[k] as number) * 256;
      digits[k] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    for (; carry > 0; carry = Math.floor(carry / 58)) digits.push(carry % 58);
  }
  let out = '';
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) out += '1';
  for (let k = digits.length - 1; k >= 0; k--) out += ALPHABET[digits[k] as number];
  return out;
}
