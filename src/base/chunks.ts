// Splitting a list into runs of a bounded length (requests that take at most so many items). Pure: no `vscode`, no I/O.

/** `items` in order, cut into runs of at most `size` (the last may be shorter); none for an empty list. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += step) out.push(items.slice(i, i + step));
  return out;
}
