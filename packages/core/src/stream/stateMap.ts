/**
 * The state of a state topic (positions), bounded. The exchange holds a few hundred positions
 * per account at most; a server that pushes endless distinct keys must not grow the stream's
 * memory without end. Past {@link maxStateKeys} keys the least recently updated one is dropped:
 * a later snapshot that no longer lists it reports nothing for it (it is not known closed).
 */

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
