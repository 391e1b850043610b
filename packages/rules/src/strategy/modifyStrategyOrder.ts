import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { create, describe } from '../Issue.js'
import { decimal, positiveDecimal } from '../internal/fields.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { forbidden } from './common.js'
import { orderType, triggerBy } from './fields.js'

/**
 * The fields a modification may change, as on the public exchange: the quantity, a tpsl order's
 * take-profit and stop-loss, and a trigger order's trigger (its page lists `triggerBy`,
 * `triggerPrice`, `triggerOrderType` and `triggerOrderPrice`).
 */
export const modifiableFields = [
  'qty',
  'tpTriggerBy',
  'slTriggerBy',
  'takeProfit',
  'stopLoss',
  'tpOrderType',
  'slOrderType',
  'tpLimitPrice',
  'slLimitPrice',
  'triggerBy',
  'triggerPrice',
  'triggerOrderType',
  'triggerOrderPrice',
] as const

const schema = () =>
  v.strictObject({
    orderId: v.optional(orderId),
    clientOid: v.optional(clientOidReference),
    qty: v.optional(positiveDecimal),
    tpTriggerBy: v.optional(triggerBy),
    slTriggerBy: v.optional(triggerBy),
    takeProfit: v.optional(decimal),
    stopLoss: v.optional(decimal),
    tpOrderType: v.optional(orderType),
    slOrderType: v.optional(orderType),
    tpLimitPrice: v.optional(positiveDecimal),
    slLimitPrice: v.optional(positiveDecimal),
    triggerBy: v.optional(triggerBy),
    triggerPrice: v.optional(positiveDecimal),
    triggerOrderType: v.optional(orderType),
    triggerOrderPrice: v.optional(positiveDecimal),
  })

type Rule = Endpoint.Rule<v.InferOutput<ReturnType<typeof schema>>, {}>

/** A modification that changes nothing is refused before it is sent. */
const somethingToChange: Rule = (draft) => {
  if (modifiableFields.some((key) => draft[key] !== undefined)) return []
  return [
    create({
      type: 'one_of',
      path: ['qty'],
      expected: `one of ${modifiableFields.join(', ')}`,
      received: describe(undefined),
      message: `qty: one of ${modifiableFields.join(', ')} is required`,
    }),
  ]
}

/** A limit price only goes with a limit leg; an omitted order type keeps the existing one. */
const limitPrices: Rule = (draft) => [
  ...(draft.tpOrderType === 'market' && draft.tpLimitPrice !== undefined
    ? [forbidden(['tpLimitPrice'], draft.tpLimitPrice, 'only when tpOrderType=limit')]
    : []),
  ...(draft.slOrderType === 'market' && draft.slLimitPrice !== undefined
    ? [forbidden(['slLimitPrice'], draft.slLimitPrice, 'only when slOrderType=limit')]
    : []),
  ...(draft.triggerOrderType === 'market' && draft.triggerOrderPrice !== undefined
    ? [
        forbidden(
          ['triggerOrderPrice'],
          draft.triggerOrderPrice,
          'only when triggerOrderType=limit',
        ),
      ]
    : []),
]

/**
 * POST /api/v3/trade/modify-strategy-order (a page of its own; fields as on
 * the public exchange): changes the quantity, the take-profit/stop-loss or the trigger of a
 * strategy order found by `orderId` or `clientOid`.
 *
 * @example
 * import { Endpoint, Strategy } from '@tradeline/rules'
 * Endpoint.check(Strategy.modifyStrategyOrder, { orderId: '1', stopLoss: '57500' }).success // true
 */
export const modifyStrategyOrder = /* @__PURE__ */ Endpoint.define({
  id: 'strategy.modifyStrategyOrder',
  method: 'POST',
  path: '/api/v3/trade/modify-strategy-order',
  auth: true,
  schema,
  rules: [
    (draft) => oneOfRequired(draft, ['orderId', 'clientOid']),
    somethingToChange,
    limitPrices,
  ],
})

export declare namespace modifyStrategyOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof modifyStrategyOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof modifyStrategyOrder>
}
