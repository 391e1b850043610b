/**
 * The classic stream's filter of the positions and account pushes: the exchange pushes every
 * position (and coin) on each change, so a reader sees a record again only when it changed. What
 * it remembers is bounded like core's state: a key is forgotten once its closed record passed,
 * and past `cap` keys (core's `maxStateKeys`) the least recently changed one is (a server that
 * pushes endless distinct positions grew it by 1.2 KB a key, 233 MiB at 200,000).
 */
import { keepState, maxStateKeys } from '@tradeline/core/internal'

/** A filter that passes a record only when it differs from the last one of its key. */
export function changedOnly<R>(
  key: (record: R) => string,
  isClosed: (record: R) => boolean,
  cap: number = maxStateKeys,
): { (record: R): boolean; readonly size: number } {
  const last = new Map<string, string>()
  const keep = (record: R) => {
    const k = key(record)
    const text = JSON.stringify(record)
    if (last.get(k) === text) return false
    if (isClosed(record)) last.delete(k)
    else keepState(last, k, text, cap)
    return true
  }
  return Object.defineProperty(keep, 'size', { get: () => last.size }) as typeof keep & {
    readonly size: number
  }
}
