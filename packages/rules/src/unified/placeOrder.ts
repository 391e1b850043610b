import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf, positiveDecimal } from '../internal/fields.js'
import { clientOid } from '../internal/identity.js'
import type * as PositionMode from '../PositionMode.js'
import type { Instrument } from '../TickSize.js'
import { category, symbol } from './fields.js'
import {
  categoryRule,
  holdingLimitRule,
  instrumentRule,
  type OpenOrders,
  orderTypeRule,
  positionModeRule,
  productLineRule,
  rpiRule,
  tpslRule,
} from './placeOrder.rules.js'
import {
  marginModes,
  orderTypes,
  posSides,
  rTokenTimeInForces,
  sides,
  stpModes,
  timeInForces,
  triggerBys,
  venues,
  yesNo,
} from './values.js'

const schema = () =>
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
    reduceOnly: v.optional(oneOf(yesNo)),
    stpMode: v.optional(oneOf(stpModes)),
    tpTriggerBy: v.optional(oneOf(triggerBys)),
    slTriggerBy: v.optional(oneOf(triggerBys)),
    takeProfit: v.optional(positiveDecimal),
    stopLoss: v.optional(positiveDecimal),
    tpOrderType: v.optional(oneOf(orderTypes)),
    slOrderType: v.optional(oneOf(orderTypes)),
    tpLimitPrice: v.optional(positiveDecimal),
    slLimitPrice: v.optional(positiveDecimal),
    marginMode: v.optional(oneOf(marginModes)),
    autoBorrow: v.optional(oneOf(yesNo)),
    pxAmendType: v.optional(oneOf(yesNo)),
    venue: v.optional(oneOf(venues)),
    rTokenTimeInForce: v.optional(oneOf(rTokenTimeInForces)),
  })

/**
 * POST /api/v3/trade/place-order: places one order on spot, margin or futures, rToken pairs
 * included. With a context it also checks the instrument's steps and minimums, the position
 * mode, the RPI permission and the holding limits.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * const order = { category: 'usdt-futures', symbol: 'BTCUSDT', qty: '0.01', side: 'buy', orderType: 'limit', price: '100.3' }
 * const instrument = { symbol: 'BTCUSDT', priceMultiplier: '0.5' }
 * Endpoint.check(Unified.placeOrder, order, { instrument }).issues?.[0]?.type // 'tick'
 */
export const placeOrder = Endpoint.define<ReturnType<typeof schema>, placeOrder.Context>({
  id: 'unified.placeOrder',
  method: 'POST',
  path: '/api/v3/trade/place-order',
  auth: true,
  schema,
  rules: [
    (draft) => orderTypeRule(draft),
    (draft) => categoryRule(draft),
    (draft, context) => positionModeRule(draft, context.positionMode),
    (draft, context) => instrumentRule(draft, context.instrument),
    (draft) => tpslRule(draft),
    (draft) => productLineRule(draft),
    (draft, context) => rpiRule(draft, context.rpiPermission),
    (draft, context) => holdingLimitRule(draft.category, context.openOrders),
  ],
})

export declare namespace placeOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof placeOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof placeOrder>
  /** What the caller knows beyond the request; every rule that needs an absent part is skipped. */
  type Context = {
    /** The instrument of `symbol`, for the tick, lot and minimum checks (rules 1 and 2). */
    readonly instrument?: Instrument | undefined
    /** The account's position mode of the futures line (rule 4). */
    readonly positionMode?: PositionMode.Mode | undefined
    /** Whether the account holds the RPI market-maker permission (`timeInForce` `rpi`). */
    readonly rpiPermission?: boolean | undefined
    /** Open orders now, for the holding limits (rule 6). */
    readonly openOrders?: OpenOrders | undefined
  }
}
