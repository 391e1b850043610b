import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { category, symbol } from './fields.js'

/**
 * POST /api/v3/trade/cancel-symbol-order: cancels all open orders of a category, or of one
 * symbol in it. The exchange documentation names "cancel all orders" only in its navigation; the path and
 * fields are the exchange's public ones (docs/architecture.md).
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.check(Unified.cancelSymbolOrder, { category: 'usdt-futures', symbol: 'BTCUSDT' }).output
 * // { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }
 */
export const cancelSymbolOrder = /* @__PURE__ */ Endpoint.define({
  id: 'unified.cancelSymbolOrder',
  method: 'POST',
  path: '/api/v3/trade/cancel-symbol-order',
  auth: true,
  schema: () => v.strictObject({ category, symbol: v.optional(symbol) }),
})

export declare namespace cancelSymbolOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof cancelSymbolOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof cancelSymbolOrder>
}
