// A value made on first use: what activate() composes is built when a feature first needs it, not at activation.

/** `make` runs on the first call, once; a call after a throw runs it again. */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
