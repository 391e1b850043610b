import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue } from '../Issue.js'
import { clientOid, clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { checkPrice, type Instrument } from '../TickSize.js'
import { changedDecimal, presetPrice, productType, symbol } from './fields.js'
import { sizeRules } from './orderChecks.js'
import type { OrderType } from './values.js'

/**
 * POST /api/v2/mix/order/modify-order: changes size, price or preset take-profit/stop-loss of a
 * pending limit order. Size and price travel together; take-profit/stop-loss travel without
 * them, because with both they have no effect.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.modifyOrder, {
 *   symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderId: '1', newClientOid: 'm-1', newSize: '0.02',
 * }).issues?.[0]?.path
 * // ['newPrice']
 */
export const modifyOrder = /* @__PURE__ */ Endpoint.define({
  id: 'classic.modifyOrder',
  method: 'POST',
  path: '/api/v2/mix/order/modify-order',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
      productType,
      newClientOid: clientOid,
      orderId: v.optional(orderId),
      clientOid: v.optional(clientOidReference),
      newSize: v.optional(changedDecimal),
      newPrice: v.optional(changedDecimal),
      newPresetStopSurplusPrice: v.optional(presetPrice),
      newPresetStopLossPrice: v.optional(presetPrice),
    }),
  rules: [
    (draft) => oneOfRequired(draft, ['orderId', 'clientOid']),
    (draft, context: modifyOrder.Context) => marketPrice(draft.newPrice, context.orderType),
    (draft, context: modifyOrder.Context) => sizeWithPrice(draft, context.orderType),
    (draft) => presetsWithoutSizeOrPrice(draft),
    (draft, context: modifyOrder.Context) =>
      instrumentRules(draft, context.instrument, context.orderType),
  ],
})

type Changes = {
  readonly newSize?: string | undefined
  readonly newPrice?: string | undefined
  readonly newPresetStopSurplusPrice?: string | undefined
  readonly newPresetStopLossPrice?: string | undefined
}

/** A value that changes something: present and not `""` ("unchanged" / "keeps the original"). */
function sent(value: string | undefined): value is string {
  return value !== undefined && value !== ''
}

/** "newPrice ... must not be set for market-type order". */
function marketPrice(newPrice: string | undefined, orderType: OrderType | undefined): Issue[] {
  if (orderType !== 'market' || !sent(newPrice)) return []
  return [
    create({
      type: 'forbidden',
      path: ['newPrice'],
      expected: 'no newPrice for a market-type order',
      received: describe(newPrice),
    }),
  ]
}

/**
 * "pass both size and price": a change of one needs the other, except on a market-type order,
 * whose price must not be set.
 */
function sizeWithPrice(changes: Changes, orderType: OrderType | undefined): Issue[] {
  if (orderType === 'market') return []
  const size = sent(changes.newSize)
  const price = sent(changes.newPrice)
  if (size === price) return []
  const [missing, given] = size ? ['newPrice', 'newSize'] : ['newSize', 'newPrice']
  return [
    create({
      type: 'missing',
      path: [missing],
      expected: `a value (changing ${given} cancels and re-creates the order: pass both size and price)`,
      received: describe(undefined),
    }),
  ]
}

/**
 * "If size, price and take-profit/stop-loss are all sent, the take-profit/stop-loss has no
 * effect": a preset that would be silently dropped is forbidden next to a size or price change.
 */
function presetsWithoutSizeOrPrice(changes: Changes): Issue[] {
  if (!sent(changes.newSize) && !sent(changes.newPrice)) return []
  const issues: Issue[] = []
  for (const key of ['newPresetStopSurplusPrice', 'newPresetStopLossPrice'] as const) {
    const value = changes[key]
    if (sent(value))
      issues.push(
        create({
          type: 'forbidden',
          path: [key],
          expected:
            'no take-profit/stop-loss next to a size or price change (it would have no effect)',
          received: describe(value),
        }),
      )
  }
  return issues
}

/**
 * "newSize ... must meet minimum order quantity", the steps of the instrument (of the new price
 * and of a new take-profit/stop-loss price: `0`, which deletes it, is no price) and the minimum
 * value of the new limit order (`minTradeUSDT`, as place-order: USDT-FUTURES and USDC-FUTURES).
 */
function instrumentRules(
  changes: Changes & { readonly productType?: string | undefined },
  instrument: Instrument | undefined,
  orderType: OrderType | undefined,
): Issue[] {
  if (instrument === undefined) return []
  const issues: Issue[] = []
  if (sent(changes.newSize)) {
    // The order re-created: a limit order's value is the new size at the new price.
    const replaced = {
      productType: changes.productType,
      orderType: orderType ?? 'limit',
      size: changes.newSize,
      price: sent(changes.newPrice) ? changes.newPrice : undefined,
    }
    issues.push(...sizeRules(replaced, instrument, ['newSize']))
  }
  if (sent(changes.newPrice)) issues.push(...checkPrice(changes.newPrice, instrument, ['newPrice']))
  for (const key of ['newPresetStopSurplusPrice', 'newPresetStopLossPrice'] as const) {
    const value = changes[key]
    if (sent(value) && /[1-9]/.test(value)) issues.push(...checkPrice(value, instrument, [key]))
  }
  return issues
}

export declare namespace modifyOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof modifyOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof modifyOrder>
  /** What the caller knows: the instrument and the type of the order being modified. */
  type Context = {
    /** The instrument of `symbol`, for the size minimum and the price and size steps. */
    readonly instrument?: Instrument | undefined
    /** The type of the order being modified. */
    readonly orderType?: OrderType | undefined
  }
}
