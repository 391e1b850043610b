/**
 * The ids of the writes a client has answered (acknowledged, or found by a lookup), per client:
 * a write the exchange takes without a client id it refuses when used again (a savings
 * subscription, a withdrawal) is reconciled from the records by its fields, and a record of a
 * write this client already answered is that earlier call's, never a later one's.
 */
import { keepState } from './stream/stateMap.js'

/** How many answered ids a client remembers (the newest). */
export const answeredMax = 2000

/** The memory of the answered ids of each client object (kept as long as the client lives). */
export type AnsweredIds = {
  /** Remembers `id` (a non-empty string; anything else is ignored) as answered by `client`. */
  remember(client: object, id: unknown): void
  /** Whether `client` answered `id`. */
  has(client: object, id: string): boolean
}

/**
 * A new memory of answered ids, the newest {@link answeredMax} per client.
 *
 * @example
 * import { answeredIds } from '@tradeline/core/internal'
 * const answered = answeredIds()
 * const client = {}
 * answered.remember(client, '1001')
 * answered.has(client, '1001') // true
 */
export function answeredIds(max = answeredMax): AnsweredIds {
  const byClient = new WeakMap<object, Map<string, unknown>>()
  return {
    remember(client, id) {
      if (typeof id !== 'string' || id === '') return
      let ids = byClient.get(client)
      if (ids === undefined) {
        ids = new Map()
        byClient.set(client, ids)
      }
      keepState(ids, id, true, max)
    },
    has: (client, id) => byClient.get(client)?.has(id) === true,
  }
}
