import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { clientOid } from '../internal/identity.js'
import { marginCoin, productType, side, size, symbol, tradeSide } from './fields.js'
import { elitePairRule, instrumentRules, modeRules, type OrderContext } from './orderChecks.js'

/**
 * POST /api/v2/mix/order/click-backhand: reverses a position (in hedge mode `buy` reverses
 * long into short, `sell` short into long). With the position mode in the context it requires
 * `tradeSide` in hedge mode and forbids it in one-way mode ("do not send"); with the
 * instrument it checks the size step and minimum.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(
 *   ClassicFutures.clickBackhand,
 *   { symbol: 'BTCUSDT', marginCoin: 'USDT', productType: 'USDT-FUTURES', side: 'buy', tradeSide: 'open' },
 *   { positionMode: 'one_way' },
 * ).issues?.[0]?.type
 * // 'forbidden'
 */
export const clickBackhand = /* @__PURE__ */ Endpoint.define({
  id: 'classic.clickBackhand',
  method: 'POST',
  path: '/api/v2/mix/order/click-backhand',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
      marginCoin,
      productType,
      side,
      size: v.optional(size),
      tradeSide: v.optional(tradeSide),
      clientOid: v.optional(clientOid),
    }),
  rules: [
    (draft, context: clickBackhand.Context) => modeRules(draft, context.positionMode),
    (draft, context: clickBackhand.Context) =>
      instrumentRules({ size: draft.size }, context.instrument),
    (draft, context: clickBackhand.Context) =>
      elitePairRule(draft.symbol, context.eliteTraderPairs),
  ],
})

export declare namespace clickBackhand {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof clickBackhand>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof clickBackhand>
  /** What the caller knows: instrument, position mode, elite-trader pairs. */
  type Context = OrderContext
}
