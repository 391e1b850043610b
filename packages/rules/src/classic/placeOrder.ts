import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { marginCoin, marginMode, orderEntries, presetPrice, productType, symbol } from './fields.js'
import { elitePairRule, type OrderContext, orderRules } from './orderChecks.js'

/**
 * POST /api/v2/mix/order/place-order: places one classic-account futures order. With the
 * position mode in the context it checks `tradeSide`/`reduceOnly` (classic order rule 1), with the
 * instrument the price step of the price and of every preset take-profit/stop-loss price, the
 * size step and minimum and a limit order's minimum value (`minTradeUSDT`, USDT-FUTURES and
 * USDC-FUTURES), with the elite-trader pairs the symbol (rule 5).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(
 *   ClassicFutures.placeOrder,
 *   { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginMode: 'crossed', marginCoin: 'USDT', size: '0.01', side: 'buy', orderType: 'market' },
 *   { positionMode: 'hedge' },
 * ).issues?.[0]?.path
 * // ['tradeSide']
 */
export const placeOrder = /* @__PURE__ */ Endpoint.define({
  id: 'classic.placeOrder',
  method: 'POST',
  path: '/api/v2/mix/order/place-order',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
      productType,
      marginMode,
      marginCoin,
      ...orderEntries,
      presetStopSurplusExecutePrice: v.optional(presetPrice),
      presetStopLossExecutePrice: v.optional(presetPrice),
    }),
  rules: [
    (draft, context: placeOrder.Context) => orderRules(draft, context),
    (draft, context: placeOrder.Context) => elitePairRule(draft.symbol, context.eliteTraderPairs),
  ],
})

export declare namespace placeOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof placeOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof placeOrder>
  /** What the caller knows: instrument, position mode, elite-trader pairs. */
  type Context = OrderContext
}
