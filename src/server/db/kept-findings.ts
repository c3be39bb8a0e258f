import type { Tx } from './client';

/**
 * What a costly read found, kept in this app instance per database handle and key, with the version it was
 * found under (a business's client search version, migration 0027; its lead search version, 0031). A caller
 * uses an entry only when the version it reads with its page is still the same, so what it answers is exact;
 * nothing is written on a read and instances share nothing. A transaction's handle keeps its own entries,
 * which go with it. Past `max` entries the oldest goes.
 */
export function keptFindings<T>(max: number) {
  const byHandle = new WeakMap<object, Map<string, T>>();
  const entriesOf = (tx: Tx) => {
    let entries = byHandle.get(tx as object);
    if (!entries) byHandle.set(tx as object, (entries = new Map()));
    return entries;
  };
  return {
    get: (tx: Tx, key: string): T | undefined => entriesOf(tx).get(key),
    keep(tx: Tx, key: string, found: T): void {
      const entries = entriesOf(tx);
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(key, found);
    },
  };
}
