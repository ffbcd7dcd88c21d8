// A zstd frame read without decoding it (RFC 8878): the magic bytes, and what the first frame header promises, checked
// before fzstd (zstd.ts, loaded lazily) allocates anything. Pure: no `vscode`, no library.
import { NearLensError } from '../../base/errors';

/** The first bytes of a zstd frame (RFC 8878). */
export const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;
export const isZstd = (bytes: Uint8Array): boolean => ZSTD_MAGIC.every((b, i) => bytes[i] === b);

export const corrupt = (): NearLensError => new NearLensError('bad-shape', 'The compressed ABI is a corrupt zstd frame.');

/**
 * What the first frame header promises: its window size (the buffer a decoder allocates) and its content size when
 * declared. Read before decompressing so that a tiny frame cannot make the decoder allocate gigabytes.
 * (RFC 8878 §3.1.1.1: magic, frame header descriptor, [window descriptor], [dictionary id], [frame content size].)
 */
export function zstdFrameSizes(b: Uint8Array): { window: number; content?: number } {
  const { headerEnd: _end, ...sizes } = frameHeader(b);
  return sizes;
}

/** The first frame header's sizes, and where its blocks start. */
export function frameHeader(b: Uint8Array): { window: number; content?: number; headerEnd: number } {
  const fhd = b[4];
  if (!isZstd(b) || fhd === undefined) throw corrupt();
  const fcsFlag = fhd >> 6;
  const single = (fhd >> 5) & 1;
  if (fhd & 0x08) throw corrupt(); // reserved bit
  const dictBytes = [0, 1, 2, 4][fhd & 3] ?? 0;
  const fcsBytes = fcsFlag === 0 ? single : 1 << fcsFlag;
  let at = 5;
  let window = 0;
  if (!single) {
    const wd = b[at++];
    if (wd === undefined) throw corrupt();
    const base = 2 ** (10 + (wd >> 3));
    window = base + (base / 8) * (wd & 7);
  }
  at += dictBytes;
  if (at + fcsBytes > b.length) throw corrupt();
  let content: number | undefined;
  if (fcsBytes > 0) {
    content = 0;
    for (let i = 0; i < fcsBytes; i++) content += (b[at + i] ?? 0) * 2 ** (8 * i);
    if (fcsBytes === 2) content += 256;
  }
  const headerEnd = at + fcsBytes;
  return content === undefined ? { window, headerEnd } : { window: single ? content : window, content, headerEnd };
}

/**
 * Where the frame whose blocks start at `at` ends (RFC 8878 §3.1.1.2: 3-byte block headers, the last one flagged; an RLE
 * block carries one byte, a raw or compressed one its size; then the checksum when the frame has one).
 */
export function frameEnd(b: Uint8Array, at: number): number {
  for (;;) {
    if (at + 3 > b.length) throw corrupt();
    const h = (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
    const type = (h >> 1) & 3;
    if (type === 3) throw corrupt(); // reserved
    at += 3 + (type === 1 ? 1 : h >>> 3);
    if (h & 1) return at + ((b[4] ?? 0) & 0x04 ? 4 : 0);
  }
}
