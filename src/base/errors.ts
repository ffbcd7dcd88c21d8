// Typed errors of NEAR Lens with a one-sentence, already-redacted message for people. Pure: no `vscode`, no I/O.

/** What went wrong, for code that decides how to show or recover (retry, fallback, "no such account"). */
export type ErrorKind =
  | 'invalid-input' // bad id/key/params typed by the user or found in a file; nothing was sent
  | 'sensitive' // a secret key / signature; nothing was sent
  | 'bad-request'
  | 'unauthorized'
  | 'payment-required'
  | 'forbidden'
  | 'origin-not-allowed'
  | 'not-found'
  | 'unprocessable'
  | 'rate-limited'
  | 'server'
  | 'timeout'
  | 'network'
  | 'not-json'
  | 'bad-shape'
  | 'too-large'
  | 'rpc'
  | 'contract'
  | 'aborted'
  | 'refused-method';

export interface ErrorExtra {
  status?: number;
  retryAfterMs?: number;
  rpcName?: string;
  rpcCause?: string;
}

export class NearLensError extends Error {
  readonly kind: ErrorKind;
  // `declare`: no class field is emitted, so an unset one is absent (`'status' in e` and deepEqual stay meaningful).
  declare readonly status?: number;
  declare readonly retryAfterMs?: number;
  declare readonly rpcName?: string; // HANDLER_ERROR / REQUEST_VALIDATION_ERROR / INTERNAL_ERROR
  declare readonly rpcCause?: string; // e.g. UNKNOWN_BLOCK, GARBAGE_COLLECTED_BLOCK

  constructor(kind: ErrorKind, message: string, extra?: ErrorExtra) {
    super(message);
    this.name = 'NearLensError';
    this.kind = kind;
    // Only set what is known (an error passed as `extra` also brings its kind, the same as here).
    for (const [k, v] of Object.entries(extra ?? {})) if (v !== undefined) Object.assign(this, { [k]: v });
  }

  /** Duck-typed too: a second copy of this module (bundle + tests) must still be recognised. */
  static is(e: unknown): e is NearLensError {
    const x = e as Partial<Record<'name' | 'kind' | 'message', unknown>> | null | undefined;
    return e instanceof NearLensError || (x?.name === 'NearLensError' && typeof x.kind === 'string' && typeof x.message === 'string');
  }
}

/** Said wherever a secret key (or a signature) is refused: it is never sent, logged or echoed. */
export const SECRET_REFUSED = 'That looks like a secret key or a signature; NEAR Lens never sends it anywhere.';

/** The caller cancelled (a closed hover, a cancelled progress). */
export const aborted = (): NearLensError => new NearLensError('aborted', 'The request was cancelled.');
/** Something typed or found that cannot be used; nothing was sent. */
export const invalidInput = (message: string): NearLensError => new NearLensError('invalid-input', message);
/** An answer that is not what the service should send. */
export const badShape = (message: string): NearLensError => new NearLensError('bad-shape', message);

/** A message for any thrown value; non-NearLens errors get a generic sentence (their text may hold secrets). */
export function errorMessage(e: unknown): string {
  return NearLensError.is(e) ? e.message : 'Something went wrong in NEAR Lens.';
}
