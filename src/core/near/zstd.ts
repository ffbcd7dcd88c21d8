// Zstandard decompression with a size cap, the only module that imports the zstd library (fzstd, pure JS, ~7 KB
// minified), so that the extension can `require` it lazily, only when a contract's ABI is read. Pure: no `vscode`.
import { Decompress } from 'fzstd';
import { NearLensError } from '../errors';
import { isZstd } from './abi';

/** Decompresses one zstd input, refusing more than `maxBytes` of output. Throws a NearLensError. */
export type Decompressor = (bytes: Uint8Array, maxBytes: number) => Uint8Array;

const tooBig = (what: string, maxBytes: number): NearLensError =>
  new NearLensError('too-large', `The compressed ABI ${what} more than the ${maxBytes.toLocaleString('en-US')} bytes NEAR Lens unpacks.`);
const corrupt = (): NearLensError => new NearLensError('bad-shape', 'The compressed ABI is a corrupt zstd frame.');

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
function frameHeader(b: Uint8Array): { window: number; content?: number; headerEnd: number } {
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
function frameEnd(b: Uint8Array, at: number): number {
  for (;;) {
    if (at + 3 > b.length) throw corrupt();
    const h = (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
    const type = (h >> 1) & 3;
    if (type === 3) throw corrupt(); // reserved
    at += 3 + (type === 1 ? 1 : h >>> 3);
    if (h & 1) return at + ((b[4] ?? 0) & 0x04 ? 4 : 0);
  }
}

/** The default Decompressor: fzstd's streaming decoder, stopped as soon as the output passes `maxBytes`. */
export const zstdDecompress: Decompressor = (bytes, maxBytes) => {
  const sizes = frameHeader(bytes);
  if (sizes.content !== undefined && sizes.content > maxBytes) throw tooBig(`says it holds ${sizes.content.toLocaleString('en-US')} bytes,`, maxBytes);
  if (sizes.window > Math.max(maxBytes, 1 << 20)) throw tooBig(`asks for a ${sizes.window.toLocaleString('en-US')}-byte window,`, maxBytes);
  // One frame, as cargo-near writes it: a second one (its own window and size, unchecked above) is refused.
  if (frameEnd(bytes, sizes.headerEnd) < bytes.length)
    throw new NearLensError('too-large', 'The compressed ABI holds more than one zstd frame; NEAR Lens unpacks one.');
  const chunks: Uint8Array[] = [];
  let total = 0;
  const d = new Decompress((chunk) => {
    total += chunk.length;
    if (total > maxBytes) throw tooBig('unpacks to', maxBytes);
    chunks.push(chunk.slice()); // the decoder reuses its window buffer
  });
  try {
    d.push(bytes, true);
  } catch (e) {
    if (NearLensError.is(e)) throw e;
    throw corrupt();
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};
