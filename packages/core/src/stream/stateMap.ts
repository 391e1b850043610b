/**
 * The state of a state topic (positions), bounded. The exchange holds a few hundred positions
 * per account at most; a server that pushes endless distinct keys must not grow the stream's
 * memory without end. Past {@link maxStateKeys} keys the least recently updated one is dropped:
 * a later snapshot that no longer lists it reports nothing for it (it is not known closed).
 */
import type { PrivateTopic } from './privateTypes.js'

/** The most keys one state topic keeps. */
export const maxStateKeys = 10_000

/**
 * Sets `key` in `state` as its most recently updated entry; returns whether the least recently
 * updated key was dropped to stay within `cap`.
 */
export function keepState(
  state: Map<string, unknown>,
  key: string,
  record: unknown,
  cap: number = maxStateKeys,
): boolean {
  state.delete(key)
  state.set(key, record)
  if (state.size <= cap) return false
  const oldest = state.keys().next().value as string
  state.delete(oldest)
  return true
}

/**
 * What a snapshot of a state topic does to its `old` state: the records it closes (those whose
 * key it does not list) and the state to go on from. `unread` holds the keys of its records that
 * did not read (their key read from the raw record): their last state stands, neither closed nor
 * replaced. `unread` `undefined` (a record whose key did not read either: it may be any of
 * them): the snapshot closes nothing and the old state stands, its records replaced as they come.
 */
export function afterSnapshot(
  old: Map<string, unknown> | undefined,
  listed: ReadonlySet<string>,
  unread: ReadonlySet<string> | undefined,
): { closes: unknown[]; next: Map<string, unknown> } {
  if (unread === undefined) return { closes: [], next: old ?? new Map() }
  const closes: unknown[] = []
  const next = new Map<string, unknown>()
  for (const [key, record] of old ?? [])
    if (unread.has(key)) next.set(key, record)
    else if (!listed.has(key)) closes.push(record)
  return { closes, next }
}

/** The key of a state record that did not read, from its raw key fields; `undefined` when they do not read. */
export function rawKeyOf(
  topic: Extract<PrivateTopic<unknown>, { kind: 'state' }>,
  raw: unknown,
): string | undefined {
  try {
    const key = topic.rawKey?.(raw)
    return typeof key === 'string' ? key : undefined
  } catch {
    return undefined
  }
}
