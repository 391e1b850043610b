import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf } from '../internal/fields.js'
import * as Limits from '../Limits.js'
import {
  decimalString,
  isoDate,
  looseInteger,
  maxCharacters,
  positiveDecimalString,
  symbol,
} from './fields.js'
import {
  isTrailing,
  type OrderType,
  orderTypeDependentFields,
  orderTypeFields,
  orderTypes,
  outsideRthValues,
  sides,
  timesInForce,
} from './order.js'
import { type Finding, forbidden, missing, type PresenceRule, presence } from './presence.js'
import { isOptionSymbol, isUsSymbol } from './symbol.js'

const fields = v.strictObject({
  symbol,
  orderType: oneOf(orderTypes),
  side: oneOf(sides),
  submittedQuantity: positiveDecimalString,
  timeInForce: oneOf(timesInForce),
  submittedPrice: v.optional(positiveDecimalString),
  triggerPrice: v.optional(positiveDecimalString),
  limitOffset: v.optional(decimalString),
  trailingAmount: v.optional(positiveDecimalString),
  trailingPercent: v.optional(positiveDecimalString),
  expireDate: v.optional(isoDate),
  outsideRth: v.optional(oneOf(outsideRthValues)),
  limitDepthLevel: v.optional(looseInteger(Limits.limitDepthLevel)),
  triggerCount: v.optional(looseInteger(Limits.triggerCount)),
  monitorPrice: v.optional(positiveDecimalString),
  remark: v.optional(maxCharacters(Limits.securitiesRemarkLength)),
})

function orderTypeOf(valid: Readonly<Record<string, unknown>>): OrderType | undefined {
  const value = valid.orderType
  return orderTypes.find((type) => type === value)
}

/** Each order type requires its fields and forbids the dependent fields it does not use. */
const byOrderType: PresenceRule = ({ valid, given }) => {
  const orderType = orderTypeOf(valid)
  if (orderType === undefined) return []
  const { required, optional } = orderTypeFields[orderType]
  const when = `when orderType is ${orderType}`
  const found: Finding[] = []
  for (const key of orderTypeDependentFields) {
    const isRequired = (required as readonly string[]).includes(key)
    const isOptional = (optional as readonly string[]).includes(key)
    if (isRequired && !given(key)) found.push(missing(key, when))
    if (!isRequired && !isOptional && given(key)) found.push(forbidden(key, when))
  }
  return found
}

/** Trailing stops: at limitDepthLevel 0 (also when absent) limitOffset applies, else not. */
const limitOffsetByDepth: PresenceRule = ({ valid, given, failed }) => {
  const orderType = orderTypeOf(valid)
  if (orderType === undefined || !isTrailing(orderType) || failed('limitDepthLevel')) return []
  const level = valid.limitDepthLevel ?? 0
  if (level === 0 && !given('limitOffset'))
    return [missing('limitOffset', `when orderType is ${orderType} and limitDepthLevel is 0`)]
  if (level !== 0 && given('limitOffset'))
    return [forbidden('limitOffset', 'when limitDepthLevel is not 0')]
  return []
}

/** expireDate is sent exactly when timeInForce is GoodTilDate. */
const expireDateByTimeInForce: PresenceRule = ({ valid, given }) => {
  if (valid.timeInForce === undefined) return []
  const goodTilDate = valid.timeInForce === 'GoodTilDate'
  if (goodTilDate && !given('expireDate'))
    return [missing('expireDate', 'when timeInForce is GoodTilDate')]
  if (!goodTilDate && given('expireDate'))
    return [forbidden('expireDate', 'unless timeInForce is GoodTilDate')]
  return []
}

/** outsideRth is required for US stocks, optional for US options, forbidden elsewhere. */
const outsideRthBySymbol: PresenceRule = ({ valid, given }) => {
  const value = valid.symbol
  if (typeof value !== 'string') return []
  if (!isUsSymbol(value)) {
    return given('outsideRth')
      ? [forbidden('outsideRth', 'unless the symbol is a US stock (.US)')]
      : []
  }
  if (!isOptionSymbol(value) && !given('outsideRth'))
    return [missing('outsideRth', 'for a US stock (.US symbol)')]
  return []
}

/**
 * POST /api/v3/stockplus/trade/place-order: places a stock or option order. Prices and
 * quantities are decimal strings (a `number` is refused, naming the field) and are sent
 * normalised; `clientOid` is not a request field.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.placeOrder, { symbol: 'AAPL.US', orderType: 'LO', side: 'Buy', submittedQuantity: '10', submittedPrice: '150.50', timeInForce: 'Day', outsideRth: 'RTHOnly' }).output
 * // { symbol: 'AAPL.US', orderType: 'LO', side: 'Buy', submittedQuantity: '10', timeInForce: 'Day', submittedPrice: '150.5', outsideRth: 'RTHOnly' }
 */
export const placeOrder = /* @__PURE__ */ Endpoint.define({
  id: 'securities.placeOrder',
  method: 'POST',
  path: '/api/v3/stockplus/trade/place-order',
  auth: true,
  schema: () =>
    v.pipe(
      fields,
      presence<v.InferOutput<typeof fields>>(
        byOrderType,
        limitOffsetByDepth,
        expireDateByTimeInForce,
        outsideRthBySymbol,
      ),
    ),
})

export declare namespace placeOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof placeOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof placeOrder>
}
