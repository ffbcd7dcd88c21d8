// Writes to a Memento key one at a time, reads answering the last write until it is stored.
//
// VS Code's ExtensionMemento sets its in-memory copy on `update` and sends it to the window's storage later; the
// window echoes every change of the extension's global state back, and the Memento takes the echo as its whole new
// value. With two writes in flight, the echo of the first replaces the second in memory (and on disk, when it lands
// before the second is sent): a watched account's "alert said" record is lost that way and the alert said twice.
// One write at a time prevents that (the echo of a write arrives before its reply); the queue is per Memento object,
// so every engine of this extension host shares it.
import type * as vscode from 'vscode';

type MementoLike = Pick<vscode.Memento, 'get' | 'update'>;

interface Turn {
  /** The value to store, newer than what the Memento holds; undefined once stored. */
  pending: unknown;
  hasPending: boolean;
  /** The writes so far, one after the other. */
  chain: Promise<void>;
}

const turns = new WeakMap<MementoLike, Map<string, Turn>>();

function turnOf(m: MementoLike, key: string): Turn {
  let byKey = turns.get(m);
  if (!byKey) turns.set(m, (byKey = new Map()));
  let t = byKey.get(key);
  if (!t) byKey.set(key, (t = { pending: undefined, hasPending: false, chain: Promise.resolve() }));
  return t;
}

/** The key's value: the last write made here while it is not yet stored, else what the Memento holds. */
export function readInTurn<T>(m: MementoLike, key: string): T | undefined {
  const t = turns.get(m)?.get(key);
  return t?.hasPending ? (t.pending as T) : m.get<T>(key);
}

/**
 * Writes `value` after the writes before it are stored (several waiting writes store only the newest); resolves once
 * it is stored, rejects with the Memento's error.
 */
export function writeInTurn(m: MementoLike, key: string, value: unknown): Promise<void> {
  const t = turnOf(m, key);
  t.pending = value;
  t.hasPending = true;
  const run = t.chain.then(async () => {
    if (!t.hasPending) return; // a newer write stored it already
    const v = t.pending;
    try {
      await m.update(key, v);
    } finally {
      if (t.pending === v) {
        t.pending = undefined;
        t.hasPending = false;
      }
    }
  });
  t.chain = run.catch(() => undefined);
  return run;
}
