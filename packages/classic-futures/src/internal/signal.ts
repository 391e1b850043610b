/** The signal of one call: the call's and the client's together (core's `combineSignals`). */
import { combineSignals } from '@tradeline/core'
import type { ClientBase } from './client.js'

/**
 * The signal of one call: the call's and the client's together.
 * @deprecated internal: use core's `combineSignals(client.config?.signal, own)`
 */
export function signalOf(
  client: ClientBase,
  own: AbortSignal | undefined,
): AbortSignal | undefined {
  return combineSignals(client.config?.signal, own)
}
