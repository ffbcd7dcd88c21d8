// Zstandard decompression with a size cap, the only module that imports the zstd library (fzstd, pure JS, ~7 KB
// minified), so that the extension can `require` it lazily, only when a contract's ABI is read. Pure: no `vscode`.
import { Decompress } from 'fzstd';
import { NearLensError } from '../../base/errors';
import { corrupt, frameEnd, frameHeader } from './zstdFrame';

/** Decompresses one zstd input, refusing more than `maxBytes` of output. Throws a NearLensError. */
export type Decompressor = (bytes: Uint8Array, maxBytes: number) => Uint8Array;

const tooBig = (what: string, maxBytes: number): NearLensError =>
  new NearLensError('too-large', `The compressed ABI ${what} more than the ${maxBytes.toLocaleString('en-US')} bytes NEAR Lens unpacks.`);

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
