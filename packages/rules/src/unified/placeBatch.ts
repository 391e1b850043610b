import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf, positiveDecimal } from '../internal/fields.js'
import { clientOid } from '../internal/identity.js'
import { once } from '../internal/once.js'
import type * as PositionMode from '../PositionMode.js'
import type { Instrument } from '../TickSize.js'
import { batchRule, batchSchema, sameValueIssues } from './batch.js'
import { category, symbol } from './fields.js'
import {
  categoryRule,
  holdingLimitRule,
  instrumentRule,
  type OpenOrders,
  orderTypeRule,
  positionModeRule,
  rpiRule,
  tpslFields,
} from './placeOrder.rules.js'
import { orderTypes, posSides, sides, stpModes, timeInForces, yesNo } from './values.js'

/** One order of place-batch: exactly the fields of the exchange documentation's place-batch table. */
const item = /* @__PURE__ */ once(() =>
  v.strictObject({
    category,
    symbol,
    qty: positiveDecimal,
    side: oneOf(sides),
    orderType: oneOf(orderTypes),
    price: v.optional(positiveDecimal),
    timeInForce: v.optional(oneOf(timeInForces)),
    posSide: v.optional(oneOf(posSides)),
    clientOid: v.optional(clientOid),
    stpMode: v.optional(oneOf(stpModes)),
    pxAmendType: v.optional(oneOf(yesNo)),
  }),
)

/** Place-order fields that batch placement does not support, with the exchange documentation's reason. */
const unsupported: Readonly<Record<string, string>> = {
  reduceOnly: 'reduce-only orders are not supported in batch',
  marginMode: 'isolated margin in batch is announced but unsupported',
  ...Object.fromEntries(
    tpslFields.map((field) => [
      field,
      'take-profit/stop-loss in batch is announced but unsupported',
    ]),
  ),
}

const schema = () => batchSchema(item())

function instrumentOf(
  instruments: placeBatch.Context['instruments'],
  symbol: string | undefined,
): Instrument | undefined {
  if (instruments === undefined || symbol === undefined || !Object.hasOwn(instruments, symbol))
    return undefined
  return instruments[symbol]
}

/**
 * POST /api/v3/trade/place-batch: places 1 to 20 orders of one category. The body is a
 * top-level JSON array (docs/architecture.md); each order is checked like place-order, with the minimum
 * taken against `minTradeUSDT`, and issues name the order's index.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * const orders = [
 *   { category: 'SPOT', symbol: 'BTCUSDT', qty: '1', side: 'buy', orderType: 'market' },
 *   { category: 'MARGIN', symbol: 'ETHUSDT', qty: '1', side: 'buy', orderType: 'market' },
 * ]
 * Endpoint.check(Unified.placeBatch, orders).issues?.[0]?.path // [1, 'category']
 */
export const placeBatch = Endpoint.define<ReturnType<typeof schema>, placeBatch.Context>({
  id: 'unified.placeBatch',
  method: 'POST',
  path: '/api/v3/trade/place-batch',
  auth: true,
  schema,
  rules: [
    batchRule<ReturnType<typeof item>, placeBatch.Context>({
      item,
      unsupported,
      each: (order, context) => [
        ...orderTypeRule(order),
        ...categoryRule(order),
        ...positionModeRule(order, context.positionMode),
        ...instrumentRule(order, instrumentOf(context.instruments, order.symbol), [], {
          minimum: 'minTradeUSDT',
        }),
        ...rpiRule(order, context.rpiPermission),
      ],
      across: (orders, context) => [
        ...sameValueIssues(orders, 'category', 'identical for all orders of the batch'),
        ...holdingLimitRule(
          orders.find((order) => order?.category !== undefined)?.category,
          context.openOrders,
          orders.length,
        ),
      ],
    }),
  ],
})

export declare namespace placeBatch {
  /** The request as a caller writes it: the list of orders. */
  type Parameters = Endpoint.InputOf<typeof placeBatch>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof placeBatch>
  /** One order of the batch as a caller writes it. */
  type Item = v.InferInput<ReturnType<typeof item>>
  /** What the caller knows beyond the request; a rule that needs an absent part is skipped. */
  type Context = {
    /** Instruments by symbol, for the tick, lot and `minTradeUSDT` checks of each order. */
    readonly instruments?: Readonly<Record<string, Instrument>> | undefined
    /** The account's position mode of the futures line (rule 4). */
    readonly positionMode?: PositionMode.Mode | undefined
    /** Whether the account holds the RPI market-maker permission (`timeInForce` `rpi`). */
    readonly rpiPermission?: boolean | undefined
    /** Open orders now, for the holding limits (rule 6). */
    readonly openOrders?: OpenOrders | undefined
  }
}
