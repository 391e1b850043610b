/** The hint a classic position-mode refusal (40774) carries: the account's mode and what it needs. */
import { ApiError } from '@tradeline/core'
import type { PositionMode } from '@tradeline/rules/shared'
import { type ClientBase, positionModeOf, productTypeOf } from './client.js'

/** The code with which the exchange refuses an order that does not fit the position mode. */
export const positionModeMismatchCode = '40774'

/** The sentence of a hint for `mode` (or an unknown mode). */
export function modeHint(productType: string, mode: PositionMode.Mode | undefined): string {
  const needs =
    'hedge mode needs tradeSide ("open" or "close") on place-order and click-backhand and takes no reduceOnly; one-way mode takes no tradeSide (the client refuses it) and closes with reduceOnly "YES"'
  if (mode === undefined) return `The order does not fit the account's position mode: ${needs}.`
  const name = mode === 'hedge' ? 'hedge_mode' : 'one_way_mode'
  const what =
    mode === 'hedge'
      ? 'send tradeSide "open" or "close" (and no reduceOnly)'
      : 'send no tradeSide (use reduceOnly "YES" to close)'
  return `The account's position mode for ${productType} is ${name}: ${what}. In short, ${needs}.`
}

/**
 * `error` with a hint when it is the exchange's 40774: the mode the client knew was stale, so a
 * mode read from the account is forgotten and read again to name the account's mode now.
 * Anything else is returned as it is.
 */
export async function withModeHint(
  client: ClientBase,
  error: unknown,
  order: { productType?: unknown; symbol?: unknown; marginCoin?: unknown },
): Promise<unknown> {
  if (!ApiError.isInstance(error) || error.code !== positionModeMismatchCode) return error
  const productType = productTypeOf(order.productType) ?? ''
  if (client.config?.positionMode === undefined) client.accountModes?.clear(productType)
  const mode = await positionModeOf(client, productType, order).catch(() => undefined)
  return new ApiError({
    code: error.code,
    msg: error.msg,
    status: error.status,
    requestTime: error.requestTime,
    endpoint: error.endpoint,
    method: error.method,
    path: error.path,
    retrySafe: error.retrySafe,
    hint: modeHint(productType, mode),
    cause: error,
  })
}
