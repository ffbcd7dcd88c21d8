// A map bounded by its number of entries, least recently used out first: the client cache's LRU and time travel's
// session caches. Pure: no `vscode`, no I/O.

/**
 * A map that keeps at most `max` entries, forgetting the least recently used one first. Entries never expire here (a
 * cache with a time to live keeps the time in its values); the bound only keeps a long session's memory in check.
 */
export class BoundedMap<K, V> {
  readonly #max: number;
  readonly #map = new Map<K, V>();

  constructor(max: number) {
    this.#max = Math.max(1, Math.floor(max));
  }

  get size(): number {
    return this.#map.size;
  }

  get(key: K): V | undefined {
    const v = this.#map.get(key);
    if (v !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, v);
    }
    return v;
  }

  /** The value without counting it as a use. */
  peek(key: K): V | undefined {
    return this.#map.get(key);
  }

  delete(key: K): boolean {
    return this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }

  keys(): IterableIterator<K> {
    return this.#map.keys();
  }

  /** Stores `value`; returns the key forgotten to make room, if any. */
  set(key: K, value: V): K | undefined {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size <= this.#max) return undefined;
    const oldest = this.#map.keys().next().value as K;
    this.#map.delete(oldest);
    return oldest;
  }
}
