import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue } from '../Issue.js'
import { expects } from '../internal/valibot.js'
import { classicBatchSize } from '../Limits.js'
import { marginCoin, marginMode, orderEntries, productType, symbol } from './fields.js'
import { elitePairRule, type OrderContext, orderRules } from './orderChecks.js'

const item = v.strictObject(orderEntries)
type Item = v.InferOutput<typeof item>

/**
 * POST /api/v2/mix/order/batch-place-order: places 1 to 50 classic orders of one symbol. Each
 * item has the fields of place-order and gets the same mode, price and instrument checks (its
 * preset prices on the price step, a limit order's value at least `minTradeUSDT` of the batch's
 * product type), reported at `['orderList', index, field]`.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.batchPlaceOrder, {
 *   symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', marginMode: 'crossed',
 *   orderList: [{ size: '0.01', side: 'buy', orderType: 'limit' }],
 * }).issues?.[0]?.path
 * // ['orderList', 0, 'price']
 */
export const batchPlaceOrder = /* @__PURE__ */ Endpoint.define({
  id: 'classic.batchPlaceOrder',
  method: 'POST',
  path: '/api/v2/mix/order/batch-place-order',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
      productType,
      marginCoin,
      marginMode,
      orderList: v.pipe(
        v.array(item),
        expects(v.minLength<Item[], 1>(1), 'at least 1 order'),
        expects(
          v.maxLength<Item[], typeof classicBatchSize>(classicBatchSize),
          `at most ${classicBatchSize} orders`,
        ),
      ),
    }),
  rules: [
    (draft, context: batchPlaceOrder.Context) =>
      (draft.orderList ?? []).flatMap((order, index) =>
        // Each item's value is held to the minimum of the batch's product type.
        orderRules({ ...order, productType: draft.productType }, context, ['orderList', index]),
      ),
    (draft) => uniqueClientOids(draft.orderList ?? []),
    (draft, context: batchPlaceOrder.Context) =>
      elitePairRule(draft.symbol, context.eliteTraderPairs),
  ],
})

/** A clientOid names one order, so two items with the same one cannot both be placed. */
function uniqueClientOids(orders: readonly { clientOid?: string | undefined }[]): Issue[] {
  const seen = new Set<string>()
  const issues: Issue[] = []
  orders.forEach((order, index) => {
    if (order.clientOid === undefined) return
    if (seen.has(order.clientOid))
      issues.push(
        create({
          type: 'duplicate',
          path: ['orderList', index, 'clientOid'],
          expected: 'a clientOid not used by another order of the batch',
          received: describe(order.clientOid),
        }),
      )
    seen.add(order.clientOid)
  })
  return issues
}

export declare namespace batchPlaceOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof batchPlaceOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof batchPlaceOrder>
  /** What the caller knows: instrument, position mode, elite-trader pairs. */
  type Context = OrderContext
}
